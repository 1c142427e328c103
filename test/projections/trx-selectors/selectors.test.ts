import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeEvent, type TransactionRecord } from '../../../src/events';
import { toTransactionRecord } from '../../../src/projections';
import {
  deletedTrxs,
  listCompleted,
  listOutbox,
  listPending,
  matchesKeyword,
  nextLocalOrderNo,
  occupiedAreaIds,
  pendingTrxsForSignOut,
  readOccupiedAreaIds,
  readWorkerStatusInputs,
  voidMark,
  workerStatuses,
} from '../../../src/projections/selectors';
import { CASH, harness, item, ok } from '../commands/fixtures';
import { posTrx } from '../helpers';

const rec = (id: string, extra: Parameters<typeof posTrx>[1] = {}): TransactionRecord =>
  toTransactionRecord(posTrx(id, extra));

describe('keyword search (000 §2 lists)', () => {
  const trx = rec('aaaa-bbbb-c1d2e3', {
    trx_name: 'Dine In',
    trx_label: 'Meja 7',
    customer: { user_code: 'U', user_name: 'Siti Aminah', user_phone: '0812555' },
  });
  it.each([
    ['', true],
    ['  ', true],
    ['c1d2e3', true],
    ['C1D2E3', true],
    ['siti', true],
    ['0812', true],
    ['meja 7', true],
    ['dine', true],
    ['2026-11-22', true],
    ['budi', false],
  ])('%j → %s', (keyword, expected) => {
    expect(matchesKeyword(trx, keyword)).toBe(expected);
  });
  it("a guest matches 'GUEST'", () => {
    expect(matchesKeyword(rec('x'), 'guest')).toBe(true);
  });
  it('[VOID] marks only status 4', () => {
    expect(voidMark({ trx_status_id: 4 })).toBe('[VOID]');
    expect(voidMark({ trx_status_id: 3 })).toBe('');
  });
});

describe('lists over the read model', () => {
  async function shop() {
    const h = harness();
    const sale = async (label: string, submit: boolean, area?: number) => {
      h.tick(60_000);
      const { local_trx_id } = ok(
        await h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 }),
      );
      ok(await h.commands.setLabel({ local_trx_id, trx_label: label }));
      ok(
        await h.commands.addItem({
          local_trx_id,
          item: item([10000]),
          pos_item_variant_id: 1,
          qty: 1,
          service_area: area ? { pos_area_id: area, area_name: `R${area}` } : null,
        }),
      );
      if (submit) {
        ok(
          await h.commands.addPayment({ local_trx_id, payment_type: 'NORMAL', method: CASH, amount: 20000 }),
        );
        ok(await h.commands.submit({ local_trx_id }));
      }
      return local_trx_id;
    };
    const p1 = await sale('satu', false, 1);
    const c1 = await sale('dua', true, 2);
    const p2 = await sale('tiga', false);
    const c2 = await sale('empat', true);
    const empty = ok(await h.commands.startTransaction({ trx_type: 'NORMAL' })).local_trx_id;
    return { h, p1, p2, c1, c2, empty };
  }

  it('pending: status 2 but not empty (ruling 27), newest first, searchable; completed: 3 and 4 newest first', async () => {
    const { h, p1, p2, c1, c2, empty } = await shop();
    const db = h.store.db;
    expect((await listPending(db)).map((t) => t.local_trx_id)).toEqual([p2, p1]);
    expect((await h.store.getTransaction(empty))?.trx_status_id).toBe(2);
    expect((await listPending(db, { keyword: 'TIGA' })).map((t) => t.local_trx_id)).toEqual([p2]);
    expect(await listPending(db, { keyword: 'nothing' })).toEqual([]);
    ok(await h.commands.voidRecorded({ local_trx_id: c1, reason: 'x' }));
    const completed = await listCompleted(db);
    expect(completed.map((t) => [t.local_trx_id, voidMark(t)])).toEqual([
      [c2, ''],
      [c1, '[VOID]'],
    ]);
    expect((await listCompleted(db, { keyword: 'dua' })).map((t) => t.local_trx_id)).toEqual([c1]);
  });

  it('outbox: completed, unsynced, NORMAL only, oldest first', async () => {
    const { h, c1, c2 } = await shop();
    expect((await listOutbox(h.store.db)).map((t) => t.local_trx_id)).toEqual([c1, c2]);
    ok(await h.commands.recordServerAcceptance({ local_trx_id: c1, pos_sales_trx_head_id: 9 }));
    expect((await listOutbox(h.store.db)).map((t) => t.local_trx_id)).toEqual([c2]);
    await h.store.commit([
      makeEvent(
        'trx.downloaded',
        { trx: posTrx('coupon-sale', { trx_type: 'COUPON_SALES', trx_status_id: 3 }) },
        { actor: 7, trxId: 'coupon-sale' },
      ),
    ]);
    expect((await listOutbox(h.store.db)).map((t) => t.local_trx_id)).toEqual([c2]);
  });

  it('order_no is one more than the largest local one', async () => {
    const { h } = await shop();
    expect(await nextLocalOrderNo(h.store.db)).toBe(3);
    expect(await nextLocalOrderNo(harness().store.db)).toBe(1);
  });

  it('sign-out: pending with details or deleted details; deleted transactions in order', async () => {
    const { h, p1, p2, empty } = await shop();
    const withRemoval = ok(await h.commands.startTransaction({ trx_type: 'NORMAL' })).local_trx_id;
    const { local_trx_detail_id } = ok(
      await h.commands.addItem({ local_trx_id: withRemoval, item: item(), pos_item_variant_id: 1, qty: 1 }),
    );
    ok(await h.commands.removeLine({ local_trx_id: withRemoval, local_trx_detail_id }));
    expect((await pendingTrxsForSignOut(h.store.db)).map((t) => t.local_trx_id).sort()).toEqual(
      [p1, p2, withRemoval].sort(),
    );
    ok(await h.commands.deleteTransaction({ local_trx_id: p2 }));
    ok(await h.commands.deleteTransaction({ local_trx_id: empty }));
    expect((await deletedTrxs(h.store.db)).map((t) => t.local_trx_id)).toEqual([p2, empty]);
  });

  it('occupied areas: lines, package details and the transaction of other open transactions', async () => {
    const { h, p1 } = await shop();
    expect([...(await readOccupiedAreaIds(h.store.db))]).toEqual([1]);
    expect([...(await readOccupiedAreaIds(h.store.db, p1))]).toEqual([]);
    const open = [
      rec('t1', { service_area: { pos_area_id: 5, area_name: 'A' } }),
      rec('t2', {
        details: [
          {
            local_trx_detail_id: 'l',
            pos_item_id: 1,
            pos_item_variant_id: 1,
            qty: 1,
            itemMeta: { pos_item_id: 1, item_name: 'Paket' },
            pos_item_package_details: [{ item_name: 'Pijat', qty: 1, service_area: { pos_area_id: 6 } }],
          },
        ],
      }),
      rec('t3', { trx_status_id: 3, service_area: { pos_area_id: 7, area_name: 'C' } }),
    ];
    expect([...occupiedAreaIds(open)].sort()).toEqual([5, 6]);
  });

  it("worker status: 'Working' on an open line, 'Booked' for a later appointment, else available", async () => {
    const h = harness();
    const { local_trx_id } = ok(await h.commands.startTransaction({ trx_type: 'NORMAL' }));
    ok(
      await h.commands.addItem({
        local_trx_id,
        item: item(),
        pos_item_variant_id: 1,
        qty: 1,
        commission_worker: { business_commission_worker_id: 1, firstname: 'A' },
      }),
    );
    const inputs = await readWorkerStatusInputs(h.store.db, [
      { business_commission_worker_id: 2, start_time: '2026-11-22 15:30:00' },
    ]);
    const statuses = workerStatuses([1, 2, 3], inputs, '2026-11-22 09:00:00');
    expect(statuses.get(1)).toEqual({ kind: 'working' });
    expect(statuses.get(2)).toEqual({ kind: 'booked', time: '15:30' });
    expect(statuses.get(3)).toEqual({ kind: 'available' });
  });
});
