import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError, CONNECTION_FAILED_MESSAGE } from '../../src/api/http';
import type { PosTrxAnswer, PosTrxBatchAnswer } from '../../src/api/pos';
import { POS_MESSAGES } from '../../src/domain/texts/server';
import { SYNC_MESSAGES as M } from '../../src/domain/texts/sync';
import type { Notice } from '../../src/machines/cashier';
import { type SyncEvent, syncMachine } from '../../src/machines/sync';
import {
  type OutboxPort,
  reconcileUnconfirmed,
  SyncError,
  type SyncNotice,
  type SyncReport,
  type SyncTrx,
  singleFlight,
  syncAll,
  syncOutbox,
} from '../../src/machines/sync-outbox';
import type { ServerCopy } from '../../src/projections/commands';
import { advance, badRequest, settle } from './cashier-harness';

const sale = (id: string): SyncTrx => ({
  local_trx_id: id,
  is_synced: false,
  trx_type: 'NORMAL',
  trx_status_id: 3,
});

/**
 * An in-memory device (rows + a lock queue) and an idempotent server keyed by local_trx_id: a repeat
 * gets the FIRST answer. `lose` drops the answer of a post the server did store.
 */
function world(ids: string[]) {
  const rows = new Map(ids.map((id) => [id, sale(id)]));
  const stored = new Map<string, PosTrxAnswer>();
  const accepted: { id: string; head: unknown }[] = [];
  const failures: { id: string; message: string }[] = [];
  const adopted: { id: string; head: unknown }[] = [];
  const posts: { id: string; local_sync_time: string }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let nextHead = 100;
  const behaviour: {
    online: boolean;
    lose: Set<string>;
    reject: Map<string, Error>;
    refuse: Set<string>;
    /** ms before the server answers this sale (answers then come back out of order) */
    delay: Map<string, number>;
    /** called while the post is in flight (the writer lock must be free then, pipelined) */
    during?: (id: string) => Promise<void>;
  } = {
    online: true,
    lose: new Set(),
    reject: new Map(),
    refuse: new Set(),
    delay: new Map(),
  };
  let lock: Promise<unknown> = Promise.resolve();
  const port: OutboxPort = {
    isOnline: () => behaviour.online,
    listOutbox: async () => [...rows.values()].filter((r) => !r.is_synced),
    now: () => '2026-11-22 10:00:00',
    exclusive: (work) => {
      const run = lock.then(() =>
        work({
          read: async (id) => rows.get(id),
          accept: async (trx, answer) => {
            accepted.push({ id: trx.local_trx_id, head: answer.pos_sales_trx_head_id });
            rows.set(trx.local_trx_id, { ...trx, is_synced: true });
          },
          fail: async (trx, message) => {
            failures.push({ id: trx.local_trx_id, message });
          },
          adopt: async (trx, copy) => {
            adopted.push({ id: trx.local_trx_id, head: copy.acceptance.pos_sales_trx_head_id });
            rows.set(trx.local_trx_id, { ...trx, is_synced: true });
          },
        }),
      );
      lock = run.catch(() => undefined);
      return run;
    },
    post: async (trx, local_sync_time) => {
      const id = trx.local_trx_id;
      posts.push({ id, local_sync_time });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await Promise.resolve();
      const ms = behaviour.delay.get(id);
      if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
      if (behaviour.during) await behaviour.during(id);
      inFlight--;
      const error = behaviour.reject.get(id);
      if (error) throw error;
      if (behaviour.refuse.has(id)) return { status: 'error' };
      let answer = stored.get(id);
      if (!answer) {
        answer = {
          status: 'success',
          local_trx_id: id,
          pos_sales_trx_head_id: nextHead++,
          trx_id: `T-${id}`,
        };
        stored.set(id, answer);
      }
      if (behaviour.lose.has(id)) {
        behaviour.lose.delete(id);
        throw new ApiError({
          kind: 'timeout',
          status: 0,
          statusText: 'timeout',
          message: CONNECTION_FAILED_MESSAGE,
        });
      }
      return answer;
    },
  };
  return {
    port,
    rows,
    stored,
    accepted,
    adopted,
    failures,
    posts,
    behaviour,
    maxInFlight: () => maxInFlight,
  };
}

describe('syncOutbox (000 §4 Synchronisation)', () => {
  it('posts the outbox one at a time with local_sync_time, and records each acceptance', async () => {
    const w = world(['a-00000aaaaaa', 'b-00000bbbbbb', 'c-00000cccccc']);
    const notices: SyncNotice[] = [];
    const report = await syncOutbox(w.port, (n) => notices.push(n));
    expect(w.posts.map((p) => p.id)).toEqual(['a-00000aaaaaa', 'b-00000bbbbbb', 'c-00000cccccc']);
    expect(w.posts.every((p) => p.local_sync_time === '2026-11-22 10:00:00')).toBe(true);
    expect(w.maxInFlight()).toBe(1);
    expect(report).toMatchObject({
      total: 3,
      synced: ['a-00000aaaaaa', 'b-00000bbbbbb', 'c-00000cccccc'],
      failed: [],
    });
    expect(
      notices
        .filter((n) => n.type === 'sync.progress')
        .map((n) => n.type === 'sync.progress' && M.progress(n.index, n.total)),
    ).toEqual([
      'Syncing 1 of 3 transaction(s)..',
      'Syncing 2 of 3 transaction(s)..',
      'Syncing 3 of 3 transaction(s)..',
    ]);
    // Nothing left: a second pass posts nothing.
    await syncOutbox(w.port);
    expect(w.posts).toHaveLength(3);
  });

  it('a sale the server stored but whose answer was lost is posted again; the repeat answer is accepted once', async () => {
    const w = world(['lost-0000aaaa', 'next-0000bbbb']);
    w.behaviour.lose.add('lost-0000aaaa');
    const first = await syncOutbox(w.port);
    // The time-out stops the pass (no network): the next sale waits for the next pass.
    expect(first.failed.map((f) => f.local_trx_id)).toEqual(['lost-0000aaaa', 'next-0000bbbb']);
    expect(w.posts.map((p) => p.id)).toEqual(['lost-0000aaaa']);
    expect(w.stored.size).toBe(1);
    expect(first.offline).toBe(true);
    const second = await syncOutbox(w.port);
    expect(second.offline).toBeUndefined();
    expect(second.synced).toEqual(['lost-0000aaaa', 'next-0000bbbb']);
    const repeats = w.accepted.filter((a) => a.id === 'lost-0000aaaa');
    expect(repeats).toEqual([
      { id: 'lost-0000aaaa', head: w.stored.get('lost-0000aaaa')?.pos_sales_trx_head_id },
    ]);
    await syncOutbox(w.port);
    expect(w.accepted).toHaveLength(2);
  });

  it('the failure notice says whether the post got no response', async () => {
    const w = world(['gone-0000aaaa']);
    w.behaviour.lose.add('gone-0000aaaa');
    const notices: SyncNotice[] = [];
    await syncOutbox(w.port, (n) => notices.push(n));
    expect(notices.find((n) => n.type === 'sync.itemFailed')).toMatchObject({ network: true });
    // No response is as good as offline: "Tidak ada koneksi internet! …" for those who need it all sent.
    w.behaviour.lose.add('gone-0000aaaa');
    w.stored.clear();
    w.rows.set('gone-0000aaaa', sale('gone-0000aaaa'));
    await expect(syncAll(w.port)).rejects.toThrow(M.offline);
  });

  it('two passes at once (two tabs, one lock) post each sale once: the second re-reads it synced', async () => {
    const w = world(['x-0000000001', 'y-0000000002']);
    const [a, b] = await Promise.all([syncOutbox(w.port), syncOutbox(w.port)]);
    expect(w.posts.map((p) => p.id)).toEqual(['x-0000000001', 'y-0000000002']);
    expect([...a.synced, ...b.synced].sort()).toEqual(['x-0000000001', 'y-0000000002']);
    expect([...a.skipped, ...b.skipped].sort()).toEqual(['x-0000000001', 'y-0000000002']);
  });

  it('a refused sale is recorded as failed and the pass goes on', async () => {
    const w = world(['bad-00000001', 'good-0000002']);
    w.behaviour.reject.set(
      'bad-00000001',
      new ApiError({
        kind: 'http',
        status: 400,
        statusText: 'Bad Request',
        message: 'Total transaksi tidak sesuai (drv_grand_total).',
      }),
    );
    const report = await syncOutbox(w.port);
    expect(report.failed).toEqual([
      { local_trx_id: 'bad-00000001', message: 'Total transaksi tidak sesuai (drv_grand_total).' },
    ]);
    expect(report.synced).toEqual(['good-0000002']);
    expect(w.failures).toEqual([
      { id: 'bad-00000001', message: 'Total transaksi tidak sesuai (drv_grand_total).' },
    ]);
    await expect(syncAll(w.port)).rejects.toThrow('Sync gagal');
  });

  it('repeatDiffers: the server holds another version, so the device adopts the server copy (synced)', async () => {
    const w = world(['edit-0000001', 'gone-0000002']);
    for (const id of ['edit-0000001', 'gone-0000002'])
      w.behaviour.reject.set(id, badRequest(POS_MESSAGES.repeatDiffers));
    const copy = { trx: { local_trx_id: 'edit-0000001' }, acceptance: { pos_sales_trx_head_id: 77 } };
    const asked: string[] = [];
    w.port.lookup = async (id) => {
      asked.push(id);
      return id === 'edit-0000001' ? (copy as unknown as ServerCopy) : null;
    };
    const report = await syncOutbox(w.port);
    expect(asked).toEqual(['edit-0000001', 'gone-0000002']);
    expect(report.synced).toEqual(['edit-0000001']);
    expect(w.adopted).toEqual([{ id: 'edit-0000001', head: 77 }]);
    // Not held after all: an ordinary failure with the server's message.
    expect(report.failed).toEqual([{ local_trx_id: 'gone-0000002', message: POS_MESSAGES.repeatDiffers }]);
    expect(w.rows.get('edit-0000001')?.is_synced).toBe(true);
  });

  it('reconcileUnconfirmed: a lost-answer pending sale the server holds adopts its copy; others stay', async () => {
    const w = world([]);
    const pending = (id: string, unconfirmed = true): SyncTrx => ({
      local_trx_id: id,
      is_synced: false,
      trx_type: 'NORMAL',
      trx_status_id: 2,
      ...(unconfirmed ? { submission_unconfirmed_at: '2026-11-22T03:00:00.000Z' } : {}),
    });
    for (const id of ['held-0000001', 'free-0000002', 'flaky-000003']) w.rows.set(id, pending(id));
    const copy = (id: string) =>
      ({ trx: { local_trx_id: id }, acceptance: { pos_sales_trx_head_id: 5 } }) as unknown as ServerCopy;
    w.port.listUnconfirmed = async () => [...w.rows.values()].filter((r) => r.trx_status_id === 2);
    w.port.lookup = async (id) => {
      if (id === 'flaky-000003') throw new Error('Connection failed, please try again');
      return id === 'held-0000001' ? copy(id) : null;
    };
    expect(await reconcileUnconfirmed(w.port)).toEqual(['held-0000001']);
    expect(w.adopted).toEqual([{ id: 'held-0000001', head: 5 }]);
    // Offline: nobody is asked.
    w.behaviour.online = false;
    w.rows.set('held-0000004', pending('held-0000004'));
    expect(await reconcileUnconfirmed(w.port)).toEqual([]);
    // Settled meanwhile (no longer marked): not adopted even though the server holds it.
    w.behaviour.online = true;
    w.rows.set('held-0000001', pending('held-0000001', false));
    expect(await reconcileUnconfirmed(w.port)).toEqual([]);
    expect(w.adopted).toHaveLength(1);
  });

  it("an answer that is not 'success' is a failure", async () => {
    const w = world(['no-000000001']);
    w.behaviour.refuse.add('no-000000001');
    const report = await syncOutbox(w.port);
    expect(report.failed).toEqual([
      { local_trx_id: 'no-000000001', message: 'Transaksi gagal, mohon coba kembali.' },
    ]);
    expect(w.rows.get('no-000000001')?.is_synced).toBe(false);
  });

  it('offline: "Tidak ada koneksi internet! …" and nothing posted; a 303 goes through', async () => {
    const w = world(['o-000000001']);
    w.behaviour.online = false;
    await expect(syncOutbox(w.port)).rejects.toEqual(
      new SyncError('Tidak ada koneksi internet! Silakan cek dan coba kembali'),
    );
    expect(w.posts).toEqual([]);
    w.behaviour.online = true;
    const forced = new ApiError({
      kind: 'forcedSignOut',
      status: 303,
      statusText: 'See Other',
      message: 'Sesi',
    });
    w.behaviour.reject.set('o-000000001', forced);
    await expect(syncOutbox(w.port)).rejects.toBe(forced);
  });

  it('messages use the short id (last 6 characters, upper-cased)', () => {
    expect(M.synced('trx-0001-abcdef')).toBe('Successfully synced transaction #ABCDEF');
    expect(M.failed('trx-0001-abcdef')).toBe('Error syncing transaction #ABCDEF');
  });
});

describe('syncOutbox pipelined (issue 28: several posts in flight, one sale per request)', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `p-${String(i).padStart(10, '0')}`);

  it('keeps up to inFlight posts going; answers that come back out of order are recorded in outbox order', async () => {
    const all = ids(6);
    const w = world(all);
    // the first sale's answer is the slowest: the others arrive before it
    w.behaviour.delay.set(all[0], 30);
    w.behaviour.delay.set(all[1], 10);
    const notices: SyncNotice[] = [];
    const report = await syncOutbox(w.port, (n) => notices.push(n), { inFlight: 4 });
    expect(w.maxInFlight()).toBeGreaterThan(1);
    expect(w.maxInFlight()).toBeLessThanOrEqual(4);
    expect(report.synced).toEqual(all);
    expect(w.accepted.map((a) => a.id)).toEqual(all);
    expect(
      notices.filter((n) => n.type === 'sync.itemSynced').map((n) => 'local_trx_id' in n && n.local_trx_id),
    ).toEqual(all);
    expect(w.posts).toHaveLength(6);
  });

  it('the writer lock is free while a post is in flight (the cashier never waits on the network)', async () => {
    const w = world(ids(2));
    const committed: string[] = [];
    w.behaviour.during = async (id) => {
      // a cashier's commit while the post is out: it must get the lock now, not after the answer
      await w.port.exclusive(async () => {
        committed.push(id);
      });
    };
    const report = await syncOutbox(w.port, undefined, { inFlight: 4 });
    expect(report.synced).toHaveLength(2);
    expect(committed).toHaveLength(2);
  });

  it('two pipelined passes at once (two tabs): the server stores each sale once and the device records each once', async () => {
    const all = ids(8);
    const w = world(all);
    const [a, b] = await Promise.all([
      syncOutbox(w.port, undefined, { inFlight: 4 }),
      syncOutbox(w.port, undefined, { inFlight: 3 }),
    ]);
    expect(w.stored.size).toBe(8);
    expect(w.accepted.map((x) => x.id).sort()).toEqual(all);
    expect([...a.synced, ...b.synced].sort()).toEqual(all);
    for (const x of w.accepted) expect(x.head).toBe(w.stored.get(x.id)?.pos_sales_trx_head_id);
  });

  it('a lost answer stops the pass; the posts already in flight are left unrecorded and their repeats accepted once', async () => {
    const all = ids(5);
    const w = world(all);
    w.behaviour.lose.add(all[1]);
    const first = await syncOutbox(w.port, undefined, { inFlight: 4 });
    expect(first.offline).toBe(true);
    expect(first.synced).toEqual([all[0]]);
    expect(first.failed.map((f) => f.local_trx_id)).toEqual(all.slice(1));
    const second = await syncOutbox(w.port, undefined, { inFlight: 4 });
    expect(second.synced).toEqual(all.slice(1));
    expect(w.accepted.map((x) => x.id)).toEqual(all);
    expect(w.stored.size).toBe(5);
    for (const x of w.accepted) expect(x.head).toBe(w.stored.get(x.id)?.pos_sales_trx_head_id);
  });

  it('a sale changed while its post was out is not recorded with that answer: the next pass settles it', async () => {
    const [one] = ids(1);
    const w = world([one]);
    w.behaviour.during = async () => {
      w.rows.set(one, { ...sale(one), notes: 'edited' });
    };
    const report = await syncOutbox(w.port, undefined, { inFlight: 4 });
    expect(report.skipped).toEqual([one]);
    expect(w.accepted).toEqual([]);
    w.behaviour.during = undefined;
    expect((await syncOutbox(w.port, undefined, { inFlight: 4 })).synced).toEqual([one]);
  });

  it('refusals, adoption and a 303 behave as in the one-at-a-time pass', async () => {
    const w = world(['bad-00000001', 'edit-0000002', 'good-0000003']);
    w.behaviour.reject.set('bad-00000001', badRequest('Total transaksi tidak sesuai (drv_grand_total).'));
    w.behaviour.reject.set('edit-0000002', badRequest(POS_MESSAGES.repeatDiffers));
    w.port.lookup = async () =>
      ({
        trx: { local_trx_id: 'edit-0000002' },
        acceptance: { pos_sales_trx_head_id: 9 },
      }) as unknown as ServerCopy;
    const report = await syncOutbox(w.port, undefined, { inFlight: 4 });
    expect(report.failed).toEqual([
      { local_trx_id: 'bad-00000001', message: 'Total transaksi tidak sesuai (drv_grand_total).' },
    ]);
    expect(report.synced).toEqual(['edit-0000002', 'good-0000003']);
    expect(w.adopted).toEqual([{ id: 'edit-0000002', head: 9 }]);
    const forced = new ApiError({
      kind: 'forcedSignOut',
      status: 303,
      statusText: 'See Other',
      message: 'Sesi',
    });
    w.rows.set('bad-00000001', sale('bad-00000001'));
    w.behaviour.reject.set('bad-00000001', forced);
    await expect(syncOutbox(w.port, undefined, { inFlight: 4 })).rejects.toBe(forced);
  });
});

/** The world's server with the batch call (issue 28): each sale as the one-sale post, refusals per sale. */
function batched(w: ReturnType<typeof world>, opts: { unsupported?: boolean; refuseWhole?: boolean } = {}) {
  const batches: string[][] = [];
  const turns: { group: boolean }[] = [];
  const exclusive = w.port.exclusive;
  w.port.exclusive = (work, options) => {
    turns.push({ group: options?.group === true });
    return exclusive(work, options);
  };
  w.port.postBatch = async (trxs, local_sync_time) => {
    batches.push(trxs.map((t) => t.local_trx_id));
    if (opts.unsupported) return null;
    if (opts.refuseWhole) throw badRequest('Data tidak valid.');
    const answers: PosTrxBatchAnswer[] = [];
    for (const trx of trxs) {
      try {
        answers.push(await w.port.post(trx, local_sync_time));
      } catch (e) {
        if (!(e instanceof ApiError) || e.kind !== 'http') throw e;
        answers.push({
          status: 'refused',
          local_trx_id: trx.local_trx_id,
          http_status: e.status,
          message: e.message,
        });
      }
    }
    return answers;
  };
  return { batches, turns };
}

describe('syncOutbox batched (issue 28: cashier/pos-trx-batch)', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `b-${String(i).padStart(10, '0')}`);

  it('posts the outbox in batches, each read in one lock turn and its answers recorded in one (grouped), in outbox order', async () => {
    const all = ids(7);
    const w = world(all);
    const { batches, turns } = batched(w);
    const notices: SyncNotice[] = [];
    const report = await syncOutbox(w.port, (n) => notices.push(n), { batch: 3 });
    expect(batches).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);
    expect(report.synced).toEqual(all);
    expect(w.accepted.map((a) => a.id)).toEqual(all);
    // per batch one read turn and one grouped turn recording its answers
    expect(turns).toHaveLength(6);
    expect(turns.filter((t) => t.group)).toHaveLength(3);
    expect(notices.filter((n) => n.type === 'sync.progress').map((n) => 'index' in n && n.index)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    // nothing left: the next pass posts nothing
    expect((await syncOutbox(w.port, undefined, { batch: 3 })).total).toBe(0);
    expect(batches).toHaveLength(3);
  });

  it("the pass's 'Syncing 1 of n' is told while the first batch is still on its way (000 §4's progress)", async () => {
    const all = ids(2);
    const w = world(all);
    batched(w);
    const post = w.port.postBatch;
    const told: number[] = [];
    const notices: SyncNotice[] = [];
    w.port.postBatch = async (trxs, at) => {
      // what the screen has been told when the request leaves
      told.push(
        ...notices.filter((n) => n.type === 'sync.progress').map((n) => ('index' in n ? n.index : 0)),
      );
      return post?.(trxs, at) ?? null;
    };
    await syncOutbox(w.port, (n) => notices.push(n), { batch: 5, inFlight: 1 });
    expect(told).toEqual([1]);
    expect(notices.filter((n) => n.type === 'sync.progress').map((n) => 'index' in n && n.index)).toEqual([
      1, 2,
    ]);
  });

  it('a refused sale gets its own failure, a repeatDiffers its adoption; the others of the batch are synced', async () => {
    const w = world(['bad-00000001', 'edit-0000002', 'good-0000003']);
    batched(w);
    w.behaviour.reject.set('bad-00000001', badRequest('Total transaksi tidak sesuai (drv_grand_total).'));
    w.behaviour.reject.set('edit-0000002', badRequest(POS_MESSAGES.repeatDiffers));
    w.port.lookup = async () =>
      ({
        trx: { local_trx_id: 'edit-0000002' },
        acceptance: { pos_sales_trx_head_id: 9 },
      }) as unknown as ServerCopy;
    const report = await syncOutbox(w.port, undefined, { batch: 10 });
    expect(report.failed).toEqual([
      { local_trx_id: 'bad-00000001', message: 'Total transaksi tidak sesuai (drv_grand_total).' },
    ]);
    expect(w.failures).toEqual([
      { id: 'bad-00000001', message: 'Total transaksi tidak sesuai (drv_grand_total).' },
    ]);
    expect(report.synced).toEqual(['edit-0000002', 'good-0000003']);
    expect(w.adopted).toEqual([{ id: 'edit-0000002', head: 9 }]);
  });

  it('an older server (404): the pass goes on one sale per request', async () => {
    const all = ids(5);
    const w = world(all);
    const { batches } = batched(w, { unsupported: true });
    const report = await syncOutbox(w.port, undefined, { batch: 2, inFlight: 2 });
    expect(report.synced).toEqual(all);
    expect(w.posts.map((p) => p.id)).toEqual(all);
    expect(batches.length).toBeGreaterThan(0);
  });

  it('a whole batch refused (a body the server bounds refuse): its sales go one per request, each answered alone', async () => {
    const all = ids(4);
    const w = world(all);
    const { batches } = batched(w, { refuseWhole: true });
    w.behaviour.reject.set(all[1], badRequest('Data tidak valid.'));
    const report = await syncOutbox(w.port, undefined, { batch: 4 });
    expect(batches).toHaveLength(1);
    expect(report.synced).toEqual([all[0], all[2], all[3]]);
    expect(report.failed.map((f) => f.local_trx_id)).toEqual([all[1]]);
  });

  it('a lost answer stops the pass; the next pass is answered from storage and records each sale once', async () => {
    const all = ids(6);
    const w = world(all);
    batched(w);
    w.behaviour.lose.add(all[4]);
    const first = await syncOutbox(w.port, undefined, { batch: 3 });
    expect(first.offline).toBe(true);
    expect(first.synced).toEqual(all.slice(0, 3));
    const second = await syncOutbox(w.port, undefined, { batch: 3 });
    expect(second.synced).toEqual(all.slice(3));
    expect(w.accepted.map((x) => x.id)).toEqual(all);
    expect(w.stored.size).toBe(6);
    for (const x of w.accepted) expect(x.head).toBe(w.stored.get(x.id)?.pos_sales_trx_head_id);
  });

  it('two batched passes at once (two tabs) record each sale once; a 303 goes through', async () => {
    const all = ids(9);
    const w = world(all);
    batched(w);
    const [a, b] = await Promise.all([
      syncOutbox(w.port, undefined, { batch: 4 }),
      syncOutbox(w.port, undefined, { batch: 2 }),
    ]);
    expect(w.accepted.map((x) => x.id).sort()).toEqual(all);
    expect([...a.synced, ...b.synced].sort()).toEqual(all);
    const forced = new ApiError({
      kind: 'forcedSignOut',
      status: 303,
      statusText: 'See Other',
      message: 'Sesi',
    });
    w.rows.set('z-1', sale('z-1'));
    w.behaviour.reject.set('z-1', forced);
    await expect(syncOutbox(w.port, undefined, { batch: 4 })).rejects.toBe(forced);
  });
});

describe('singleFlight', () => {
  it('a call during a pass waits for it and runs once more; more calls join that one', async () => {
    let runs = 0;
    const releases: (() => void)[] = [];
    const run = singleFlight(
      () =>
        new Promise<number>((resolve) => {
          const n = ++runs;
          releases.push(() => resolve(n));
        }),
    );
    const a = run();
    const b = run();
    const c = run();
    await settle();
    expect(runs).toBe(1);
    releases[0]();
    expect(await a).toBe(1);
    await settle();
    expect(runs).toBe(2);
    releases[1]();
    expect(await b).toBe(2);
    expect(await c).toBe(2);
    const d = run();
    await settle();
    expect(runs).toBe(3);
    releases[2]();
    expect(await d).toBe(3);
  });
});

describe('sync statechart (every 300 s, on demand, messages)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(run: () => Promise<SyncReport>) {
    const notices: Notice[] = [];
    let emit: (n: SyncEvent) => void = () => {};
    const calls = { run: 0 };
    const machine = syncMachine.provide({
      actors: {
        runSync: fromPromise(() => {
          calls.run++;
          return run();
        }),
        watchSync: fromCallback<SyncEvent>(({ sendBack }) => {
          emit = sendBack;
          return () => {};
        }),
      },
      actions: {
        notify: (_, n) => {
          notices.push(n);
        },
      },
    });
    const actor = createActor(machine).start();
    return {
      actor,
      notices,
      calls,
      emit: (n: SyncEvent) => emit(n),
      messages: () => notices.map((n) => n.message),
    };
  }
  const report = (over: Partial<SyncReport> = {}): SyncReport => ({
    total: 0,
    synced: [],
    skipped: [],
    failed: [],
    ...over,
  });

  it('runs every 300 s, and at once on sync.now', async () => {
    const s = start(async () => report());
    await advance(299_999);
    expect(s.calls.run).toBe(0);
    await advance(1);
    expect(s.calls.run).toBe(1);
    s.actor.send({ type: 'sync.now' });
    await settle();
    expect(s.calls.run).toBe(2);
    await advance(300_000);
    expect(s.calls.run).toBe(3);
  });

  it('runs a quiet pass when the network comes back (sync.online), none while one runs', async () => {
    let finish: (r: SyncReport) => void = () => {};
    const s = start(() => new Promise<SyncReport>((resolve) => (finish = resolve)));
    s.actor.send({ type: 'sync.online' });
    await settle();
    expect(s.calls.run).toBe(1);
    expect(s.actor.getSnapshot().context.onDemand).toBe(false);
    s.actor.send({ type: 'sync.online' });
    await settle();
    expect(s.calls.run).toBe(1);
    finish(report());
    await settle();
    expect(s.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('shows progress, each result and the overall message of any pass', async () => {
    const s = start(async () => report());
    s.emit({ type: 'sync.started', total: 2 });
    s.emit({ type: 'sync.progress', index: 1, total: 2, local_trx_id: 'trx-0001-abcdef' });
    expect(s.actor.getSnapshot().context.progress).toEqual({ index: 1, total: 2 });
    s.emit({ type: 'sync.itemSynced', local_trx_id: 'trx-0001-abcdef' });
    s.emit({ type: 'sync.progress', index: 2, total: 2, local_trx_id: 'trx-0002-123456' });
    s.emit({ type: 'sync.itemFailed', local_trx_id: 'trx-0002-123456', message: 'x' });
    s.emit({
      type: 'sync.finished',
      report: report({
        total: 2,
        synced: ['trx-0001-abcdef'],
        failed: [{ local_trx_id: 'trx-0002-123456', message: 'x' }],
      }),
    });
    expect(s.messages()).toEqual([
      'Syncing 1 of 2 transaction(s)..',
      'Successfully synced transaction #ABCDEF',
      'Syncing 2 of 2 transaction(s)..',
      'Error syncing transaction #123456',
      'Sync gagal',
    ]);
    expect(s.actor.getSnapshot().context).toMatchObject({ progress: null, lastError: 'Sync gagal' });
    s.emit({ type: 'sync.finished', report: report({ total: 1, synced: ['a'] }) });
    expect(s.messages().at(-1)).toBe('All transactions has been synced');
  });

  it('an automatic pass with nothing to send says nothing; an asked-for one says all synced', async () => {
    const s = start(async () => report());
    s.emit({ type: 'sync.finished', report: report() });
    expect(s.messages()).toEqual([]);
    s.actor.send({ type: 'sync.now' });
    s.emit({ type: 'sync.finished', report: report() });
    expect(s.messages()).toEqual(['All transactions has been synced']);
  });

  it('a pass that got no response: quiet when automatic; asked for, the offline message, not "Sync gagal"', async () => {
    const s = start(async () => report());
    const stopped = report({
      total: 2,
      failed: [
        { local_trx_id: 'trx-0001-abcdef', message: 'Connection failed, please try again' },
        { local_trx_id: 'trx-0002-123456', message: 'Connection failed, please try again' },
      ],
      offline: true,
    });
    const failed = { local_trx_id: 'trx-0001-abcdef', message: 'x', network: true };
    s.emit({ type: 'sync.itemFailed', ...failed });
    s.emit({ type: 'sync.finished', report: stopped });
    expect(s.messages()).toEqual([]);
    expect(s.actor.getSnapshot().context.lastError).toBe(M.offline);
    s.actor.send({ type: 'sync.now' });
    s.emit({ type: 'sync.itemFailed', ...failed });
    s.emit({ type: 'sync.finished', report: stopped });
    expect(s.messages()).toEqual(['Error syncing transaction #ABCDEF', M.offline]);
  });

  it('offline: shown when asked for, quiet when automatic', async () => {
    const s = start(() => Promise.reject(new SyncError(M.offline)));
    await advance(300_000);
    expect(s.messages()).toEqual([]);
    expect(s.actor.getSnapshot().context.lastError).toBe(M.offline);
    s.actor.send({ type: 'sync.now' });
    await settle();
    expect(s.messages()).toEqual(['Tidak ada koneksi internet! Silakan cek dan coba kembali']);
    expect(s.actor.getSnapshot().value).toBe('idle');
  });
});
