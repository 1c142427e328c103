// Sign-out (000 §4) on the real sync: the outbox is sent first, then the sign-out carries the
// pending transactions (status 2 with lines) and the deleted ones, from the read models.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import { makeEvent } from '../../src/events';
import { createLiveSession } from '../../src/machines/live';
import type { Notice } from '../../src/machines/session';
import type { Store } from '../../src/projections';
import { createCashierCommands } from '../../src/projections/commands';
import { CASH, config, item, ok } from '../projections/commands/fixtures';
import { freshStore } from '../projections/helpers';
import { userFixture } from './session-harness';

interface Seen {
  url: string;
  body: Record<string, unknown>;
}

function server(options: { refuseSync?: boolean; held?: Map<string, Record<string, unknown>> } = {}) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    seen.push({ url, body });
    const ok = (data: unknown) => new Response(JSON.stringify({ status: 'success', data }), { status: 200 });
    const stored = url.startsWith('/cashier/pos-trx/') ? options.held?.get(url.slice(17)) : undefined;
    if (stored) return ok(stored);
    if (url === '/cashier/pos-trx') {
      if (options.refuseSync)
        return new Response(
          JSON.stringify({
            status: 'error',
            error: { message: 'Total transaksi tidak sesuai (drv_grand_total).' },
          }),
          { status: 400 },
        );
      const trxs = body.trxs as { local_trx_id: string }[];
      return ok(
        trxs.map((t, i) => ({
          status: 'success',
          local_trx_id: t.local_trx_id,
          pos_sales_trx_head_id: 70 + i,
          trx_id: `T-${i}`,
        })),
      );
    }
    if (url.startsWith('/cashier/pos/auth/sign-out'))
      return ok({ settlement: 1, deleted_trx_count: 1, pending_trx_count: 1 });
    if (url === '/cashier/audit/events')
      return ok({ stored: (body.events as unknown[]).length, duplicates: 0, flagged: 0 });
    return ok({});
  }) as typeof fetch;
  return { seen, fetchImpl };
}

/** A signed-in device with one sale completed offline, one pending sale and one deleted sale. */
async function device(): Promise<{ store: Store; completed: string; pending: string; deleted: string }> {
  const store = freshStore();
  await store.commit([makeEvent('session.signedIn', { user: userFixture({ outlet_id: 1 }) }, { actor: 1 })]);
  await store.commit([
    makeEvent('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Demo' }, { actor: 1 }),
  ]);
  let n = 0;
  const commands = createCashierCommands({
    store,
    getConfig: () => config(),
    actor: () => 1,
    newId: () => `id-${++n}-000000`,
  });
  const sale = async () => {
    const { local_trx_id } = ok(await commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }));
    ok(await commands.addItem({ local_trx_id, item: item([50000]), pos_item_variant_id: 1, qty: 1 }));
    return local_trx_id;
  };
  const completed = await sale();
  ok(
    await commands.addPayment({
      local_trx_id: completed,
      payment_type: 'NORMAL',
      method: CASH,
      amount: 60000,
    }),
  );
  ok(await commands.submit({ local_trx_id: completed }));
  const pending = await sale();
  const deleted = await sale();
  ok(await commands.deleteTransaction({ local_trx_id: deleted }));
  return { store, completed, pending, deleted };
}

async function signOut(store: Store, fetchImpl: typeof fetch) {
  const notices: Notice[] = [];
  const live = createLiveSession({ store, baseUrl: '', fetchImpl, confirm: async () => true });
  const actor = createActor(live.machine.provide({ actions: { notify: (_, n) => notices.push(n) } })).start();
  const until = (p: (s: ReturnType<typeof actor.getSnapshot>) => boolean) =>
    waitFor(actor as AnyActorRef, p, { timeout: 5000 });
  await until((s) => s.matches({ signedIn: 'ready' }));
  actor.send({ type: 'session.signOut' });
  return { actor, notices, until };
}

/** The server's stored copy of a posted sale, as GET cashier/pos-trx/{local_trx_id} answers it. */
const storedCopy = (trx: Record<string, unknown>) => ({
  ...trx,
  trx_status_id: 3,
  pos_sales_trx_head_id: 88,
  trx_id: 'KMG-20261122-0008',
  created_at: '2026-11-22 10:00:00',
  sync_time: '2026-11-22 10:00:00',
  is_synced: true,
  void_reason: null,
  receipt_token: 'tok',
  trx_edits: [],
});

describe('sign-out on the real sync and read models', () => {
  it('a pending sale whose submit answer was lost is settled with the server copy, not sent as pending', async () => {
    const d = await device();
    // An online-required sale the server stored while its answer was lost.
    let n = 0;
    const commands = createCashierCommands({
      store: d.store,
      getConfig: () => config({ check_stock_availability_on_trx: 1 }),
      actor: () => 1,
      newId: () => `lost-${++n}-000000`,
    });
    const { local_trx_id: lost } = ok(
      await commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }),
    );
    ok(await commands.addItem({ local_trx_id: lost, item: item([50000]), pos_item_variant_id: 1, qty: 1 }));
    ok(
      await commands.addPayment({ local_trx_id: lost, payment_type: 'NORMAL', method: CASH, amount: 60000 }),
    );
    const held = new Map<string, Record<string, unknown>>();
    const failed = await commands.submit({
      local_trx_id: lost,
      send: async (trx) => {
        held.set(trx.local_trx_id, storedCopy(trx));
        return { ok: false, message: 'Connection failed, please try again', outcome: 'unknown' };
      },
    });
    expect(failed.ok).toBe(false);

    const s = server({ held });
    const run = await signOut(d.store, s.fetchImpl);
    await run.until((snap) => snap.matches({ signingOut: 'redirecting' }));
    expect(s.seen.map((x) => x.url)).toEqual([
      `/cashier/pos-trx/${lost}`,
      // this fake server has no batch call (404): the sync goes on one sale per request
      '/cashier/pos-trx-batch',
      '/cashier/pos-trx',
      // issue 15: the device's log goes to the server before the sign-out clears it
      '/cashier/audit/events',
      '/cashier/pos/auth/sign-out',
    ]);
    const body = s.seen[4].body as { pendingTrxs: Record<string, unknown>[] };
    // Adopted (completed and synced), so no longer pending: only the other pending sale is sent.
    expect(body.pendingTrxs.map((t) => t.local_trx_id)).toEqual([d.pending]);
    run.actor.stop();
  });

  it('syncs the outbox first, then sends pendingTrxs and deletedTrxs', async () => {
    const d = await device();
    const s = server();
    const run = await signOut(d.store, s.fetchImpl);
    await run.until((snap) => snap.matches({ signingOut: 'redirecting' }));
    const urls = s.seen.map((x) => x.url);
    expect(urls).toEqual([
      '/cashier/pos-trx-batch',
      '/cashier/pos-trx',
      '/cashier/audit/events',
      '/cashier/pos/auth/sign-out',
    ]);
    expect(s.seen[1].body).toMatchObject({ is_offline: 1, trxs: [{ local_trx_id: d.completed }] });
    // the whole log, in order, each event linked to the one before
    const uploaded = s.seen[2].body.events as { chain: { n: number } }[];
    expect(uploaded.map((e) => e.chain.n)).toEqual(uploaded.map((_, i) => i + 1));
    expect(await d.store.db.auditBacklog.count()).toBe(0);
    const body = s.seen[3].body as {
      pendingTrxs: Record<string, unknown>[];
      deletedTrxs: Record<string, unknown>[];
    };
    expect(body.pendingTrxs.map((t) => t.local_trx_id)).toEqual([d.pending]);
    expect(body.pendingTrxs[0]).not.toHaveProperty('is_synced_key');
    expect(body.deletedTrxs.map((t) => t.local_trx_id)).toEqual([d.deleted]);
    expect(body.deletedTrxs[0]).not.toHaveProperty('deleted_seq');
    expect(body.deletedTrxs[0]).toMatchObject({ deleted_details: [{ actionType: 'DELETE_TRX' }] });
    run.actor.stop();
  });

  it("a sale the server refuses keeps the cashier signed in: 'Sync gagal', nothing cleared", async () => {
    const d = await device();
    const s = server({ refuseSync: true });
    const run = await signOut(d.store, s.fetchImpl);
    await run.until((snap) => snap.matches({ signedIn: 'ready' }) && run.notices.length > 0);
    expect(run.notices.map((n) => n.message)).toEqual(['Sync gagal']);
    expect(s.seen.map((x) => x.url)).toEqual(['/cashier/pos-trx-batch', '/cashier/pos-trx']);
    expect(await d.store.db.transactions.get(d.completed)).toMatchObject({
      trx_status_id: 3,
      is_synced: false,
    });
    run.actor.stop();
  });
});
