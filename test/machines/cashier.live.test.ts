// The cashier and sync statecharts wired by live-pos.ts on a real store (fake-indexeddb) and the real
// command layer; only the HTTP layer is a stand-in (an idempotent fake of cashier/pos-trx and void).
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, waitFor } from 'xstate';
import { createApiClient } from '../../src/api/http';
import type { AuthorizationRequest, Notice } from '../../src/machines/cashier';
import { createLivePos } from '../../src/machines/live-pos';
import { createSubmissionSend } from '../../src/machines/submission-send';
import { createSyncService } from '../../src/machines/sync-service';
import { listOutbox } from '../../src/projections/selectors';
import { CASH, config, type Harness, harness, item, ok } from '../projections/commands/fixtures';

const stores: Harness[] = [];
afterEach(async () => {
  for (const h of stores.splice(0)) {
    h.store.close();
    await Dexie.delete(h.store.db.name);
  }
});

interface Posted {
  url: string;
  body: {
    is_offline?: number;
    local_sync_time?: string;
    trxs?: { local_trx_id: string }[];
    password?: string;
  };
}

/** cashier/pos-trx keyed by local_trx_id (a repeat gets the first answer) and the void call. */
function fakeServer() {
  const sales = new Map<string, Record<string, unknown>>();
  /** The first version of each sale the server stored (GET cashier/pos-trx/{id} answers it). */
  const firstVersions = new Map<string, Record<string, unknown>>();
  const archive = new Map<string, { local_trx_id: string }>();
  const posted: Posted[] = [];
  const mode = { down: false, loseNextAnswer: false };
  let head = 500;
  const json = (data: unknown, status = 200) =>
    new Response(JSON.stringify(status === 200 ? { status: 'success', data } : data), { status });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (mode.down) throw new TypeError('Failed to fetch');
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    posted.push({ url, body });
    if (url === '/cashier/pos-trx') {
      const answers = (body.trxs as { local_trx_id: string }[]).map((trx) => {
        let answer = sales.get(trx.local_trx_id);
        if (!answer) {
          head += 1;
          answer = {
            status: 'success',
            local_trx_id: trx.local_trx_id,
            pos_sales_trx_head_id: head,
            trx_id: `KMG-20261122-${head}`,
            deposit_balance: null,
            top_up_deposit_rewards: null,
            user_code: null,
            created_at: '2026-11-22 03:00:05',
            sync_time: '2026-11-22 03:00:05',
          };
          sales.set(trx.local_trx_id, answer);
          firstVersions.set(trx.local_trx_id, trx);
        }
        return answer;
      });
      if (mode.loseNextAnswer) {
        mode.loseNextAnswer = false;
        throw new TypeError('connection reset');
      }
      return json(answers);
    }
    if (url === '/cashier/pos-sales-trx-archive' && init?.method === 'POST') {
      const saved = body.trx as unknown as { local_trx_id: string };
      archive.set(saved.local_trx_id, saved);
      return json({ local_trx_id: saved.local_trx_id, saved_at: '2026-11-22 03:05:00' });
    }
    const download = /^\/cashier\/pos-sales-trx-archive\/(.+)$/.exec(url);
    if (download) {
      const saved = archive.get(decodeURIComponent(download[1]));
      if (!saved)
        return json({ status: 'error', error: { message: 'Transaksi tersimpan tidak ditemukan.' } }, 400);
      archive.delete(saved.local_trx_id);
      return json({ trx: saved });
    }
    const stored = /^\/cashier\/pos-trx\/([^/]+)$/.exec(url);
    if (stored && stored[1] !== 'void') {
      const id = decodeURIComponent(stored[1]);
      const first = firstVersions.get(id);
      const answer = sales.get(id);
      if (!first || !answer)
        return json({ status: 'error', error: { message: 'Transaksi tidak ditemukan.' } }, 400);
      return json({
        ...first,
        ...answer,
        trx_status_id: 3,
        is_synced: true,
        void_reason: null,
        receipt_token: 'token',
        trx_edits: [],
      });
    }
    const voided = /^\/cashier\/pos-trx\/void\/(\d+)$/.exec(url);
    if (voided) {
      if (body.password !== 'rahasia')
        return json({ status: 'error', error: { message: 'Password salah.' } }, 400);
      const sale = [...sales.values()].find((s) => s.pos_sales_trx_head_id === Number(voided[1]));
      return json({
        pos_sales_trx_head_id: Number(voided[1]),
        local_trx_id: sale?.local_trx_id,
        trx_id: sale?.trx_id,
        trx_status_id: 4,
        void_reason: body.reason,
        voided_at: '2026-11-22 03:10:00',
      });
    }
    return json({ status: 'error', error: { message: 'Not found' } }, 404);
  }) as typeof fetch;
  return { fetchImpl, sales, posted, mode, archive };
}

function setUp(options: { onlineRequired?: boolean } = {}) {
  const h = harness(config({ check_stock_availability_on_trx: options.onlineRequired ? 1 : 0 }));
  stores.push(h);
  const server = fakeServer();
  const client = createApiClient({
    baseUrl: '',
    fetchImpl: server.fetchImpl,
    getAuth: () => ({ client_key: 'ck', login_token: 'lt' }),
  });
  const sync = createSyncService({ store: h.store, client, isOnline: () => true, actor: () => 7 });
  const live = createLivePos({ store: h.store, client, getConfig: h.getConfig, commands: h.commands, sync });
  const notices: Notice[] = [];
  const authorizations = [
    { password: 'salah', reason: 'Dobel input' },
    { password: 'rahasia', reason: 'Dobel input' },
  ];
  /** Why the password dialog was asked again (shown in the dialog). */
  const asked: string[] = [];
  const machine = live.cashierMachine.provide({
    actors: {
      confirm: fromPromise(async () => true),
      authorize: fromPromise(async ({ input }: { input: AuthorizationRequest }) => {
        if (input.message) asked.push(input.message);
        return authorizations.shift() ?? null;
      }),
    },
    actions: {
      notify: (_, n) => {
        notices.push(n);
      },
    },
  });
  const actor = createActor(machine, {
    input: { displayMode: 'DESKTOP', config: { ...h.getConfig(), is_void_allowed: 1 } },
  }).start();
  const until = (predicate: (s: ReturnType<typeof actor.getSnapshot>) => boolean) =>
    waitFor(actor as AnyActorRef, predicate, { timeout: 5000 });
  return { h, server, live, actor, notices, asked, until };
}

/** Step 1 → a Take Away sale of 100,000 (+11% tax) paid 120,000 in cash, at step 3. */
async function saleAtPayment(t: ReturnType<typeof setUp>) {
  t.actor.send({ type: 'trx.new', trx_type: 'NORMAL', pos_salesType_id: 2 });
  await t.until((s) => s.matches('step2'));
  const id = t.actor.getSnapshot().context.local_trx_id ?? '';
  ok(await t.h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
  t.actor.send({ type: 'step.continue' });
  await t.until((s) => s.matches('step3'));
  ok(
    await t.h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 120000 }),
  );
  return id;
}

describe('live cashier on the event store (fake HTTP only)', () => {
  it('a sale with the server down completes offline, then the sync sends it once', async () => {
    const t = setUp();
    const id = await saleAtPayment(t);
    t.server.mode.down = true;
    t.actor.send({ type: 'submit' });
    await t.until((s) => s.matches('step4'));
    expect(t.actor.getSnapshot().context.submission).toMatchObject({
      mode: 'offline',
      message: 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.',
    });
    expect((await listOutbox(t.h.store.db)).map((r) => r.local_trx_id)).toEqual([id]);

    t.server.mode.down = false;
    const report = await t.live.runSync();
    expect(report.synced).toEqual([id]);
    const syncPost = t.server.posted.find((p) => p.body.is_offline === 1);
    expect(syncPost?.body).toMatchObject({
      is_offline: 1,
      local_sync_time: expect.any(String),
      trxs: [{ local_trx_id: id }],
    });
    expect(syncPost?.body.trxs?.[0]).not.toHaveProperty('is_synced_key');
    const row = await t.h.store.db.transactions.get(id);
    expect(row).toMatchObject({
      trx_status_id: 3,
      is_synced: true,
      pos_sales_trx_head_id: 501,
      drv_grand_total: 111000,
    });
    expect(await listOutbox(t.h.store.db)).toEqual([]);
    await t.live.runSync();
    expect(t.server.posted.filter((p) => p.url === '/cashier/pos-trx')).toHaveLength(1);
  });

  it('an answer lost on the way back: re-posted by the next pass, the repeat answer recorded once', async () => {
    const t = setUp();
    const id = await saleAtPayment(t);
    t.server.mode.down = true;
    t.actor.send({ type: 'submit' });
    await t.until((s) => s.matches('step4'));
    t.server.mode.down = false;
    t.server.mode.loseNextAnswer = true;
    const first = await t.live.runSync();
    expect(first.failed.map((f) => f.local_trx_id)).toEqual([id]);
    expect(t.server.sales.size).toBe(1);
    const second = await t.live.runSync();
    expect(second.synced).toEqual([id]);
    const events = await t.h.store.listEvents();
    expect(events.filter((e) => e.type === 'trx.serverAccepted')).toHaveLength(1);
    // One failure at submit (server down), one for the lost answer.
    expect(events.filter((e) => e.type === 'trx.syncFailed')).toHaveLength(2);
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({
      is_synced: true,
      pos_sales_trx_head_id: t.server.sales.get(id)?.pos_sales_trx_head_id,
    });
  });

  it('online submit records the acceptance; void needs the right password and sets status 4', async () => {
    const t = setUp();
    const id = await saleAtPayment(t);
    t.actor.send({ type: 'submit' });
    await t.until((s) => s.matches('step4'));
    expect(t.actor.getSnapshot().context.submission.mode).toBe('online');
    expect(t.server.posted[0].body).toMatchObject({
      is_offline: 0,
      trxs: [{ local_trx_id: id, trx_status_id: 3, order_no: 1 }],
    });
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({
      is_synced: true,
      pos_sales_trx_head_id: 501,
    });

    t.actor.send({ type: 'done' });
    t.actor.send({ type: 'trx.void', local_trx_id: id, trx_status_id: 3 });
    await t.until(
      (s) => t.notices.some((n) => n.message === 'Transaksi berhasil divoid') && s.matches({ step1: 'idle' }),
    );
    const voids = t.server.posted.filter((p) => p.url === '/cashier/pos-trx/void/501');
    expect(voids.map((v) => v.body)).toEqual([
      { password: 'salah', reason: 'Dobel input' },
      { password: 'rahasia', reason: 'Dobel input' },
    ]);
    expect(t.asked).toEqual(['Password salah.']);
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({ trx_status_id: 4 });
  });

  it('archive sends the sale and removes it here; download brings it back; delete logs it', async () => {
    const t = setUp();
    t.actor.send({ type: 'trx.new', trx_type: 'NORMAL', pos_salesType_id: 2 });
    await t.until((s) => s.matches('step2'));
    const id = t.actor.getSnapshot().context.local_trx_id ?? '';
    ok(await t.h.commands.addItem({ local_trx_id: id, item: item([75000]), pos_item_variant_id: 1, qty: 2 }));

    t.actor.send({ type: 'trx.archive' });
    await t.until((s) => s.matches({ step1: 'idle' }));
    expect(t.notices.map((n) => n.message)).toContain('Transaksi telah berhasil disimpan.');
    expect(t.server.archive.get(id)).toMatchObject({ local_trx_id: id, details: [{ qty: 2 }] });
    expect(t.server.archive.get(id)).not.toHaveProperty('is_synced_key');
    expect(await t.h.store.db.transactions.get(id)).toBeUndefined();

    t.actor.send({ type: 'trx.download', local_trx_id: id });
    await t.until(() => t.notices.some((n) => n.message === 'Transaksi telah berhasil didownload.'));
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({
      trx_status_id: 2,
      details: [{ qty: 2 }],
    });
    expect(t.server.archive.size).toBe(0);

    t.actor.send({ type: 'trx.delete', local_trx_id: id });
    await t.until(() => t.notices.some((n) => n.message === 'Transaksi telah berhasil dihapus.'));
    expect(await t.h.store.db.transactions.get(id)).toBeUndefined();
    expect((await t.h.store.db.deletedTrxs.toArray()).map((d) => d.local_trx_id)).toEqual([id]);
  });

  it("online-required, answer lost: 'Kembali' asks GET cashier/pos-trx/{id} and adopts the server copy", async () => {
    const t = setUp({ onlineRequired: true });
    const id = await saleAtPayment(t);
    t.server.mode.loseNextAnswer = true;
    t.actor.send({ type: 'submit' });
    await t.until((s) => s.matches({ step3: 'paying' }) && s.context.submission.status === 'failed');
    expect(t.server.sales.size).toBe(1);
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({ trx_status_id: 2 });

    t.actor.send({ type: 'step.back' });
    await t.until((s) => s.matches('step4'));
    expect(t.actor.getSnapshot().context.submission).toMatchObject({
      mode: 'online',
      message: 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.',
    });
    expect(t.server.posted.map((p) => p.url)).toEqual(['/cashier/pos-trx', `/cashier/pos-trx/${id}`]);
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({
      trx_status_id: 3,
      is_synced: true,
      pos_sales_trx_head_id: 501,
      trx_id: 'KMG-20261122-501',
      drv_grand_total: 111000,
    });
    expect(await listOutbox(t.h.store.db)).toEqual([]);
  });

  it('saving or deleting a sale whose answer was lost: held by the server, it is adopted instead', async () => {
    const t = setUp({ onlineRequired: true });
    const id = await saleAtPayment(t);
    t.server.mode.loseNextAnswer = true;
    t.actor.send({ type: 'submit' });
    await t.until((s) => s.context.submission.status === 'failed');
    // On step 3 the machine asks first and shows the online success.
    t.actor.send({ type: 'trx.archive' });
    await t.until((s) => s.matches('step4'));
    expect(t.server.archive.size).toBe(0);
    expect(await t.h.store.db.transactions.get(id)).toMatchObject({ trx_status_id: 3, is_synced: true });

    // From the list (step 1) the save itself asks, and refuses with the ruling's text.
    t.actor.send({ type: 'done' });
    const other = ok(await t.h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }));
    const id2 = other.local_trx_id;
    ok(
      await t.h.commands.addItem({ local_trx_id: id2, item: item([100000]), pos_item_variant_id: 1, qty: 1 }),
    );
    ok(
      await t.h.commands.addPayment({
        local_trx_id: id2,
        payment_type: 'NORMAL',
        method: CASH,
        amount: 120000,
      }),
    );
    t.server.mode.loseNextAnswer = true;
    const send = createSubmissionSend({
      post: (trx, o) => t.live.api.pos.submit(trx, o),
    });
    expect((await t.h.commands.submit({ local_trx_id: id2, send })).ok).toBe(false);
    t.actor.send({ type: 'trx.archive', local_trx_id: id2 });
    await t.until(() =>
      t.notices.some((n) => n.message === 'Transaksi sudah selesai dan tidak dapat diubah.'),
    );
    expect(t.server.archive.size).toBe(0);
    expect(await t.h.store.db.transactions.get(id2)).toMatchObject({ trx_status_id: 3, is_synced: true });
  });

  it('the sync statechart shows the progress of a pass another feature started', async () => {
    const t = setUp();
    const id = await saleAtPayment(t);
    t.server.mode.down = true;
    t.actor.send({ type: 'submit' });
    await t.until((s) => s.matches('step4'));
    t.server.mode.down = false;
    const shown: string[] = [];
    const sync = createActor(
      t.live.syncMachine.provide({ actions: { notify: (_, n) => void shown.push(n.message) } }),
    ).start();
    await t.live.runSync();
    const short = id.slice(-6).toUpperCase();
    expect(shown).toEqual([
      'Syncing 1 of 1 transaction(s)..',
      `Successfully synced transaction #${short}`,
      'All transactions has been synced',
    ]);
    sync.stop();
  });
});
