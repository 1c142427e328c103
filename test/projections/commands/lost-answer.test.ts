// 000 §4 Submission, a lost answer: an online-required sale the server stored while its answer never
// arrived. The next retry or edit asks the server first and the device adopts the server's copy
// (trx.adoptedFromServer); the projections follow from that event and rebuild to the same state.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PosTransaction } from '../../../src/domain';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import type { SendResult, ServerCopy } from '../../../src/projections/commands';
import { listCompleted, listOutbox, listPending } from '../../../src/projections/selectors';
import { snapshot } from '../helpers';
import { CASH, config, type Harness, harness, item, ok, startSale } from './fixtures';

const LOST = 'Connection failed, please try again';

/** An online-required sale (check_stock_availability_on_trx = 1) of 100,000 paid in cash. */
async function onlineSale(h: Harness): Promise<string> {
  const id = await startSale(h, 2);
  ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 120000 }));
  return id;
}

/**
 * A server keyed by local_trx_id that keeps the FIRST version it receives: a repeat with other
 * totals is refused with repeatDiffers. `loseNext` drops the answer of a post it did store.
 */
function fakeServer() {
  const held = new Map<string, PosTransaction>();
  const posts: PosTransaction[] = [];
  let loseNext = false;
  const copyOf = (trx: PosTransaction): ServerCopy => ({
    trx: { ...trx, trx_id: 'KMG-20261122-0001', is_synced: true },
    acceptance: {
      pos_sales_trx_head_id: 901,
      trx_id: 'KMG-20261122-0001',
      deposit_balance: null,
      created_at: '2026-11-22 03:00:05',
      sync_time: '2026-11-22 03:00:05',
    },
  });
  const send = async (trx: PosTransaction): Promise<SendResult> => {
    posts.push(trx);
    const first = held.get(trx.local_trx_id);
    if (first && first.drv_grand_total !== trx.drv_grand_total)
      return { ok: false, message: POS_MESSAGES.repeatDiffers, outcome: 'differs' };
    if (!first) held.set(trx.local_trx_id, trx);
    if (loseNext) {
      loseNext = false;
      return { ok: false, message: LOST, outcome: 'unknown' };
    }
    return { ok: true, acceptance: copyOf(held.get(trx.local_trx_id) ?? trx).acceptance };
  };
  const lookups: string[] = [];
  const lookup = async (local_trx_id: string) => {
    lookups.push(local_trx_id);
    const trx = held.get(local_trx_id);
    return trx ? copyOf(trx) : null;
  };
  return {
    held,
    posts,
    lookups,
    send,
    lookup,
    loseNextAnswer: () => {
      loseNext = true;
    },
  };
}

/** Every read model, then the same after a rebuild from the log: they must be equal. */
async function expectRebuildEqual(h: Harness) {
  const incremental = await snapshot(h.store);
  await h.store.rebuild();
  expect(await snapshot(h.store)).toEqual(incremental);
}

describe('a lost answer of an online-required submit (000 §4 Submission)', () => {
  it('marks the pending sale unconfirmed, keeping it editable; a 400 refusal marks nothing', async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await onlineSale(h);
    const refused = await h.commands.submit({
      local_trx_id: id,
      send: async () => ({ ok: false, message: 'Kode Receh salah.' }),
    });
    expect(refused).toEqual({ ok: false, message: 'Kode Receh salah.' });
    expect(await h.store.getTransaction(id)).not.toHaveProperty('submission_unconfirmed_at');

    const server = fakeServer();
    server.loseNextAnswer();
    const lost = await h.commands.submit({ local_trx_id: id, send: server.send, lookup: server.lookup });
    expect(lost).toEqual({ ok: false, message: LOST });
    // Not yet unconfirmed when it was first sent: no lookup before the first post.
    expect(server.lookups).toEqual([]);
    const row = await h.store.getTransaction(id);
    expect(row).toMatchObject({ trx_status_id: 2, is_synced: false, sync_error: LOST });
    expect(typeof row?.submission_unconfirmed_at).toBe('string');
    expect((await listPending(h.store.db)).map((t) => t.local_trx_id)).toEqual([id]);
    expect(await listOutbox(h.store.db)).toEqual([]);
    await expectRebuildEqual(h);
  });

  it('the retry asks the server first and adopts its copy without posting again', async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await onlineSale(h);
    const server = fakeServer();
    server.loseNextAnswer();
    await h.commands.submit({ local_trx_id: id, send: server.send, lookup: server.lookup });
    expect(server.posts).toHaveLength(1);

    const retry = ok(await h.commands.submit({ local_trx_id: id, send: server.send, lookup: server.lookup }));
    expect(server.lookups).toEqual([id]);
    expect(server.posts).toHaveLength(1);
    expect(retry).toMatchObject({ adopted: true, synced: true, onlineRequired: true });
    const row = await h.store.getTransaction(id);
    expect(row).toMatchObject({
      trx_status_id: 3,
      is_synced: true,
      is_synced_key: 1,
      pos_sales_trx_head_id: 901,
      trx_id: 'KMG-20261122-0001',
      created_at: '2026-11-22 03:00:05',
      sync_time: '2026-11-22 03:00:05',
    });
    expect(row).not.toHaveProperty('submission_unconfirmed_at');
    expect((await listCompleted(h.store.db)).map((t) => t.local_trx_id)).toEqual([id]);
    expect(await listPending(h.store.db)).toEqual([]);
    expect(await listOutbox(h.store.db)).toEqual([]);
    // Completed once: a further submit is refused, nothing more is posted.
    expect((await h.commands.submit({ local_trx_id: id, send: server.send })).ok).toBe(false);
    expect(server.posts).toHaveLength(1);
    await expectRebuildEqual(h);
  });

  it("edited after the lost answer: repeatDiffers adopts the server's lines and totals, not the edit", async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await onlineSale(h);
    const server = fakeServer();
    server.loseNextAnswer();
    await h.commands.submit({ local_trx_id: id, send: server.send, lookup: server.lookup });
    const first = server.held.get(id);

    // The server could not be asked before the edit (offline): the cashier changes the sale.
    const offline = async () => {
      throw new Error(LOST);
    };
    expect(await h.commands.reconcileSubmission({ local_trx_id: id, lookup: offline })).toEqual({
      ok: true,
      adopted: false,
    });
    ok(await h.commands.addItem({ local_trx_id: id, item: item([50000]), pos_item_variant_id: 1, qty: 2 }));
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 300000 }),
    );
    const edited = await h.store.getTransaction(id);
    expect(edited?.drv_grand_total).not.toBe(first?.drv_grand_total);

    // The retry's lookup fails too, so the changed sale is posted: the server answers repeatDiffers.
    let lookups = 0;
    const flaky = async (local_trx_id: string) => (++lookups === 1 ? offline() : server.lookup(local_trx_id));
    const r = ok(await h.commands.submit({ local_trx_id: id, send: server.send, lookup: flaky }));
    expect(r.adopted).toBe(true);
    expect(server.posts).toHaveLength(2);
    const row = await h.store.getTransaction(id);
    expect(row?.drv_grand_total).toBe(first?.drv_grand_total);
    expect(row?.details).toHaveLength(1);
    expect(row?.payments).toEqual(first?.payments);
    expect(row).toMatchObject({ trx_status_id: 3, is_synced: true, pos_sales_trx_head_id: 901 });
    expect(server.held.size).toBe(1);
    await expectRebuildEqual(h);
  });

  it('reconcileSubmission: only an unconfirmed pending sale asks; not held → it stays pending', async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await onlineSale(h);
    const server = fakeServer();
    expect(await h.commands.reconcileSubmission({ local_trx_id: id, lookup: server.lookup })).toEqual({
      ok: true,
      adopted: false,
    });
    expect(server.lookups).toEqual([]);

    // The lost post never reached the server (dropped on the way): unconfirmed, not held.
    await h.commands.submit({
      local_trx_id: id,
      send: async () => ({ ok: false, message: LOST, outcome: 'unknown' }),
    });
    expect(await h.commands.reconcileSubmission({ local_trx_id: id, lookup: server.lookup })).toEqual({
      ok: true,
      adopted: false,
    });
    expect(server.lookups).toEqual([id]);
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 2 });

    // The retry finds nothing held either, so it posts as normal and completes.
    const r = ok(await h.commands.submit({ local_trx_id: id, send: server.send, lookup: server.lookup }));
    expect(r).toMatchObject({ synced: true });
    expect(r.adopted).toBeUndefined();
    // The mark ends with the submit: neither posted nor kept.
    expect(server.posts.at(-1)).not.toHaveProperty('submission_unconfirmed_at');
    const row = await h.store.getTransaction(id);
    expect(row).toMatchObject({ trx_status_id: 3, pos_sales_trx_head_id: 901 });
    expect(row).not.toHaveProperty('submission_unconfirmed_at');
    await expectRebuildEqual(h);
  });

  it('held: reconcileSubmission adopts the copy before the cashier edits', async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await onlineSale(h);
    const server = fakeServer();
    server.loseNextAnswer();
    await h.commands.submit({ local_trx_id: id, send: server.send, lookup: server.lookup });
    expect(await h.commands.reconcileSubmission({ local_trx_id: id, lookup: server.lookup })).toEqual({
      ok: true,
      adopted: true,
    });
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 3, is_synced: true });
    // The sale is completed: it can no longer be edited.
    const edit = await h.commands.addItem({
      local_trx_id: id,
      item: item([50000]),
      pos_item_variant_id: 1,
      qty: 1,
    });
    expect(edit.ok).toBe(false);
    const events = (await h.store.listEvents()).filter((e) => e.trxId === id).map((e) => e.type);
    expect(events.filter((t) => t === 'trx.adoptedFromServer')).toHaveLength(1);
    expect(events).not.toContain('trx.submitted');
    await expectRebuildEqual(h);
  });
});
