// Ruling 27: the transaction a cashier leaves empty is discarded through an event (trx.discarded; the log is
// append-only): gone from the pending list and from the device, never sent as a deleted transaction, the
// audit replay ends it; anything with work in it stays.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deletedTrxs, listPending } from '../../../src/projections/selectors';
import { reduceTransaction, TrxConflictError } from '../../../src/projections/transactions';
import { replay } from '../../../src/ui/features/audit/replay';
import { snapshot } from '../helpers';
import { harness, item, ok, startSale } from './fixtures';

describe('discarding an empty transaction (ruling 27)', () => {
  it("a tap on 'Walk In' left behind: not listed, discarded by an event, never a deleted transaction", async () => {
    const h = harness();
    const id = await startSale(h, 1);
    // an empty transaction is not listed among the pending ones even before it is discarded
    expect(await listPending(h.store.db)).toEqual([]);
    expect(ok(await h.commands.discardIfEmpty(id))).toMatchObject({ discarded: true });
    expect(await h.store.getTransaction(id)).toBeUndefined();
    expect(await deletedTrxs(h.store.db)).toEqual([]);
    const events = await h.store.db.events.where('trxId').equals(id).toArray();
    expect(events.map((e) => e.type)).toEqual(['trx.started', 'trx.discarded']);
    // the auditor's replay starts it and ends it, with no error
    const steps = replay(events.map((e) => ({ ...e, payload: e.payload as never, flags: [] })) as never);
    expect(steps.map((s) => [s.label, s.error])).toEqual([
      ['Transaksi dimulai', null],
      ['Transaksi kosong dibuang', null],
    ]);
    expect(steps[1].state).toBeUndefined();
    // a rebuild from the log gives the same read models
    const before = await snapshot(h.store);
    await h.store.rebuild();
    expect(await snapshot(h.store)).toEqual(before);
  });

  it('a transaction with a line, a payment, a customer, notes or a removed line is kept and listed', async () => {
    const h = harness();
    const withLine = await startSale(h);
    ok(
      await h.commands.addItem({
        local_trx_id: withLine,
        item: item([50000]),
        pos_item_variant_id: 1,
        qty: 1,
      }),
    );
    const withNotes = await startSale(h);
    ok(await h.commands.setNotes({ local_trx_id: withNotes, trx_notes: 'datang jam 3' }));
    const withCustomer = await startSale(h);
    ok(
      await h.commands.setCustomer({
        local_trx_id: withCustomer,
        customer: { user_code: 'C-1', user_name: 'Rina' } as never,
      }),
    );
    const emptied = await startSale(h);
    ok(
      await h.commands.addItem({
        local_trx_id: emptied,
        item: item([50000]),
        pos_item_variant_id: 1,
        qty: 1,
      }),
    );
    const [lineId] = (await h.store.getTransaction(emptied))?.details.map((l) => l.local_trx_detail_id) ?? [];
    ok(await h.commands.removeLine({ local_trx_id: emptied, local_trx_detail_id: lineId }));
    const kept = [withLine, withNotes, withCustomer, emptied];
    for (const id of kept)
      expect(ok(await h.commands.discardIfEmpty(id))).toMatchObject({ discarded: false });
    expect((await listPending(h.store.db)).map((t) => t.local_trx_id).sort()).toEqual([...kept].sort());
  });

  it('a missing or completed transaction records nothing', async () => {
    const h = harness();
    const before = await h.store.db.events.count();
    expect(ok(await h.commands.discardIfEmpty('nope'))).toMatchObject({ discarded: false });
    expect(await h.store.db.events.count()).toBe(before);
  });

  it('the reducer refuses to discard a transaction with work in it (a second tab added a line)', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([50000]), pos_item_variant_id: 1, qty: 1 }));
    const row = await h.store.getTransaction(id);
    expect(() =>
      reduceTransaction(row, {
        seq: 99,
        type: 'trx.discarded',
        trxId: id,
        payload: {},
      } as never),
    ).toThrow(TrxConflictError);
  });
});
