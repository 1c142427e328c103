// Submission timing (000 §4 "Submission", 003 §8–9) end to end: the cashier statechart wired by
// live-pos.ts on the real store (fake-indexeddb) and command layer, the real HTTP client and its
// time-outs, and a fake server whose answers come when the test says (fake setTimeout; IndexedDB keeps
// its real setImmediate). Counted: the posts; checked: what the sale became and what the cashier saw.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import { createApiClient } from '../../src/api/http';
import type { Notice } from '../../src/machines/cashier';
import { createLivePos } from '../../src/machines/live-pos';
import { createSyncService } from '../../src/machines/sync-service';
import { listOutbox } from '../../src/projections/selectors';
import { CASH, config, type Harness, harness, item, ok } from '../projections/commands/fixtures';

const stores: Harness[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const h of stores.splice(0)) {
    h.store.close();
    await Dexie.delete(h.store.db.name);
  }
});

const OFFLINE_TEXT = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.';
const ONLINE_TEXT = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.';
const BAD_NETWORK = 'Transaksi gagal karena jariangan internet buruk, mohon coba kembali beberapa saat lagi.';

/**
 * cashier/pos-trx answering each post after the next of `delays` (ms; 'down' = no network). An
 * aborted request (the client's time-out) never gets its answer, like fetch.
 */
function slowServer(delays: (number | 'down')[]) {
  const posts: { is_offline: number; at: number }[] = [];
  let clock = 0;
  let head = 500;
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/cashier/pos-trx') return Promise.reject(new TypeError(`unexpected ${input}`));
    const body = JSON.parse(String(init?.body));
    posts.push({ is_offline: body.is_offline, at: clock });
    const delay = delays.shift() ?? 0;
    if (delay === 'down') return Promise.reject(new TypeError('Failed to fetch'));
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => {
        head += 1;
        const answer = {
          status: 'success',
          local_trx_id: body.trxs[0].local_trx_id,
          pos_sales_trx_head_id: head,
          trx_id: `KMG-20261122-${head}`,
          deposit_balance: null,
          top_up_deposit_rewards: null,
          created_at: '2026-11-22 03:00:05',
          sync_time: '2026-11-22 03:00:05',
        };
        resolve(new Response(JSON.stringify({ status: 'success', data: [answer] }), { status: 200 }));
      }, delay);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  }) as typeof fetch;
  return { fetchImpl, posts, setClock: (ms: number) => (clock = ms) };
}

async function setUp(delays: (number | 'down')[], options: { onlineRequired: boolean }) {
  // check_stock_availability_on_trx = 1 makes every sale online-required (000 §4).
  const h = harness(config({ check_stock_availability_on_trx: options.onlineRequired ? 1 : 0 }));
  stores.push(h);
  const server = slowServer(delays);
  const client = createApiClient({
    baseUrl: '',
    fetchImpl: server.fetchImpl,
    getAuth: () => ({ client_key: 'ck', login_token: 'lt' }),
  });
  const sync = createSyncService({ store: h.store, client, isOnline: () => true, actor: () => 7 });
  const live = createLivePos({ store: h.store, client, getConfig: h.getConfig, commands: h.commands, sync });
  const notices: Notice[] = [];
  const machine = live.cashierMachine.provide({
    actions: {
      notify: (_, n) => {
        notices.push(n);
      },
    },
  });
  const actor = createActor(machine, { input: { displayMode: 'DESKTOP', config: h.getConfig() } }).start();
  const until = (predicate: (s: ReturnType<typeof actor.getSnapshot>) => boolean) =>
    waitFor(actor as AnyActorRef, predicate, { timeout: 5000 });

  // Step 1 → a sale of 100,000 (+11% tax) paid 120,000 in cash, at step 3 (real timers so far).
  actor.send({ type: 'trx.new', trx_type: 'NORMAL', pos_salesType_id: 2 });
  await until((s) => s.matches('step2'));
  const id = actor.getSnapshot().context.local_trx_id ?? '';
  ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
  actor.send({ type: 'step.continue' });
  await until((s) => s.matches('step3'));
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 120000 }));

  // From here the clock is the test's: only setTimeout is faked (IndexedDB runs on setImmediate).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let elapsed = 0;
  const realTurns = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  /** Moves the fake clock by `ms` in small steps, letting the store's work run between them. */
  const advance = async (ms: number) => {
    for (let done = 0; done < ms; done += 100) {
      elapsed += Math.min(100, ms - done);
      server.setClock(elapsed);
      await vi.advanceTimersByTimeAsync(Math.min(100, ms - done));
      await realTurns();
    }
  };
  const submit = async () => {
    actor.send({ type: 'submit' });
    await realTurns();
  };
  const state = () => actor.getSnapshot();
  const row = () => h.store.db.transactions.get(id);
  return { h, server, actor, notices, id, advance, submit, state, row };
}

describe('optional-online submit: 3 s, then offline as completed (000 §4, 003 §9)', () => {
  it('an answer after 3.5 s is too late: one post, stored completed and unsynced, the offline text', async () => {
    const t = await setUp([3500], { onlineRequired: false });
    await t.submit();
    await t.advance(2900);
    expect(t.state().matches('step4')).toBe(false);
    await t.advance(200);
    expect(t.state().matches('step4')).toBe(true);
    expect(t.state().context.submission).toMatchObject({ mode: 'offline', message: OFFLINE_TEXT });
    expect(t.server.posts).toEqual([{ is_offline: 0, at: 0 }]);
    expect(await t.row()).toMatchObject({ trx_status_id: 3, is_synced: false, drv_grand_total: 111000 });
    expect((await listOutbox(t.h.store.db)).map((r) => r.local_trx_id)).toEqual([t.id]);
    // The late answer never lands, and nothing is posted again by the submit.
    await t.advance(2000);
    expect(t.server.posts).toHaveLength(1);
    expect(await t.row()).toMatchObject({ is_synced: false, pos_sales_trx_head_id: null });
  });

  it('an answer within 3 s completes it online and synced', async () => {
    const t = await setUp([2900], { onlineRequired: false });
    await t.submit();
    await t.advance(3000);
    expect(t.state().context.submission).toMatchObject({ mode: 'online', message: ONLINE_TEXT });
    expect(t.server.posts).toHaveLength(1);
    expect(await t.row()).toMatchObject({ trx_status_id: 3, is_synced: true, pos_sales_trx_head_id: 501 });
    expect(await listOutbox(t.h.store.db)).toEqual([]);
  });

  it('no network: completed offline at once, one post', async () => {
    const t = await setUp(['down'], { onlineRequired: false });
    await t.submit();
    await t.advance(100);
    expect(t.state().context.submission).toMatchObject({ mode: 'offline', message: OFFLINE_TEXT });
    expect(t.server.posts).toHaveLength(1);
    expect(await t.row()).toMatchObject({ trx_status_id: 3, is_synced: false });
  });
});

describe('online-required submit: retried after a time-out, 2 retries (000 §4, 003 §8–9)', () => {
  it("three time-outs (30 s each): three posts, then 'Transaksi gagal karena jariangan internet buruk, …'", async () => {
    const t = await setUp([31_000, 31_000, 31_000], { onlineRequired: true });
    await t.submit();
    await t.advance(29_900);
    expect(t.server.posts).toHaveLength(1);
    await t.advance(30_200);
    expect(t.server.posts.map((p) => p.at)).toEqual([0, 30_000, 60_000]);
    await t.advance(30_000);
    expect(t.server.posts).toHaveLength(3);
    expect(t.state().matches({ step3: 'paying' })).toBe(true);
    expect(t.state().context.submission).toMatchObject({ status: 'failed', message: BAD_NETWORK });
    expect(t.notices.map((n) => n.message)).toContain(BAD_NETWORK);
    // Not completed here: still pending, out of the outbox, marked for the server check.
    expect(await t.row()).toMatchObject({ trx_status_id: 2, is_synced: false });
    expect((await t.row())?.submission_unconfirmed_at).toEqual(expect.any(String));
    expect(await listOutbox(t.h.store.db)).toEqual([]);
  });

  it('two time-outs, then an answer: three posts and an online success', async () => {
    const t = await setUp([31_000, 31_000, 1000], { onlineRequired: true });
    await t.submit();
    await t.advance(61_500);
    expect(t.server.posts).toHaveLength(3);
    expect(t.state().context.submission).toMatchObject({ mode: 'online', message: ONLINE_TEXT });
    expect(await t.row()).toMatchObject({ trx_status_id: 3, is_synced: true });
  });

  it('no network is not retried: one post, "Connection failed, please try again"', async () => {
    const t = await setUp(['down'], { onlineRequired: true });
    await t.submit();
    await t.advance(100);
    expect(t.server.posts).toHaveLength(1);
    expect(t.state().context.submission).toMatchObject({
      status: 'failed',
      message: 'Connection failed, please try again',
    });
    expect(await t.row()).toMatchObject({ trx_status_id: 2 });
  });
});
