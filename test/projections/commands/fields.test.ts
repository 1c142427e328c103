import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { makeEvent } from '../../../src/events';
import { posTrx } from '../helpers';
import { CASH, config, harness, item, ok, startSale } from './fixtures';

describe('startTransaction / openTransaction / checkout', () => {
  it('starts a pending transaction with the initial values of 000 §3', async () => {
    const h = harness();
    const { local_trx_id } = ok(
      await h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2, tags: [4] }),
    );
    const trx = await h.store.getTransaction(local_trx_id);
    expect(trx).toMatchObject({
      local_trx_id,
      trx_status_id: 2,
      trx_type: 'NORMAL',
      trx_name: 'Take Away',
      pos_salesType_id: 2,
      tags: [4],
      trx_local_start_time: '2026-11-22 03:00:00',
      pos_sales_trx_head_id: null,
      is_synced: false,
      is_synced_key: 0,
      customer: null,
      redeem: null,
      details: [],
      payments: [],
      discounts: [],
      drv_grand_total: 0,
      states: { globalDiscountType: 'promo', globalDiscountPercent: 0, globalDiscountItemId: null },
    });
    const top = ok(await h.commands.startTransaction({ trx_type: 'TOP_UP_DEPOSIT' }));
    expect((await h.store.getTransaction(top.local_trx_id))?.trx_name).toBe('Top Up Deposit');
  });

  it('opens pending and appointment transactions only; checkout turns 1 into 2', async () => {
    const h = harness();
    const id = await startSale(h);
    expect(ok(await h.commands.openTransaction(id)).trx.local_trx_id).toBe(id);
    await h.store.commit([
      makeEvent(
        'appointment.trxLoaded',
        { local_appointment_id: 'apt-1', start_time: '2026-11-22 10:00:00', pos_trx: posTrx('apt-trx') },
        { actor: 'device' },
      ),
    ]);
    expect(ok(await h.commands.openTransaction('apt-trx')).trx.trx_status_id).toBe(1);
    expect(await h.commands.checkoutAppointment(id)).toMatchObject({ ok: false });
    ok(await h.commands.checkoutAppointment('apt-trx'));
    expect((await h.store.getTransaction('apt-trx'))?.trx_status_id).toBe(2);
    expect(await h.commands.openTransaction('missing')).toEqual({
      ok: false,
      message: 'Transaksi tidak ditemukan',
    });
  });
});

describe('editAppointmentSale (issue 26: an appointment edit updates its linked sale)', () => {
  it('moves the status-1 sale to the new sales type (name, lines, charges) and tags; a status-2 sale is refused', async () => {
    const h = harness();
    const apt = ok(
      await h.commands.startTransaction({
        trx_type: 'NORMAL',
        pos_salesType_id: 1,
        tags: [],
        appointment: { local_trx_id: 'apt-trx', local_appointment_id: 'apt-1' },
      }),
    ).local_trx_id;
    ok(await h.commands.addItem({ local_trx_id: apt, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
    const before = await h.store.getTransaction(apt);
    expect(before).toMatchObject({ trx_status_id: 1, trx_name: 'Dine In', drv_total_service_charge: 10000 });
    ok(await h.commands.editAppointmentSale({ local_trx_id: apt, pos_salesType_id: 2, tags: [4] }));
    const after = await h.store.getTransaction(apt);
    expect(after).toMatchObject({
      trx_status_id: 1,
      pos_salesType_id: 2,
      trx_name: 'Take Away',
      tags: [4],
      drv_total_service_charge: 0,
      // 100000 + 11% tax, no service charge any more
      drv_grand_total: 111000,
    });
    expect(after?.details[0]?.pos_sales_type?.pos_salesType_id).toBe(2);
    // it is an event on the log, like every change of a sale
    const types = (await h.store.db.events.where('trxId').equals(apt).toArray()).map((e) => e.type);
    expect(types).toContain('trx.appointmentEdited');

    const sale = await startSale(h);
    expect(
      await h.commands.editAppointmentSale({ local_trx_id: sale, pos_salesType_id: 2, tags: [] }),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe('transaction fields', () => {
  it('sets label, document date, tags, notes, service area and the Kode Receh', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.setLabel({ local_trx_id: id, trx_label: 'Meja 4' }));
    ok(await h.commands.setDocumentDate({ local_trx_id: id, document_date: '2026-11-21 18:00' }));
    ok(await h.commands.setTags({ local_trx_id: id, tags: [1, 2] }));
    ok(await h.commands.setNotes({ local_trx_id: id, trx_notes: 'alergi' }));
    ok(
      await h.commands.setServiceArea({
        local_trx_id: id,
        service_area: { pos_area_id: 3, area_name: 'VIP' },
      }),
    );
    ok(await h.commands.setRecehCode({ local_trx_id: id, receh_code: '1234' }));
    expect(await h.store.getTransaction(id)).toMatchObject({
      trx_label: 'Meja 4',
      document_date: '2026-11-21 18:00',
      tags: [1, 2],
      trx_notes: 'alergi',
      service_area: { pos_area_id: 3 },
      receh_code: '1234',
    });
  });

  it("a customer's member discount prices the sale; removeMemberDiscount and clearCustomer drop it", async () => {
    const h = harness(config({ tax: null }));
    const id = await startSale(h, 2);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
    const customer = { user_code: 'U1', user_name: 'Ani', discount_level: { reward_value: 10 } };
    ok(await h.commands.setCustomer({ local_trx_id: id, customer }));
    expect(await h.store.getTransaction(id)).toMatchObject({
      customer: { user_code: 'U1' },
      drv_grand_total: 90000,
    });
    ok(await h.commands.removeMemberDiscount(id));
    expect(await h.store.getTransaction(id)).toMatchObject({
      customer: { user_code: 'U1', discount_level: null },
      drv_grand_total: 100000,
    });
    ok(await h.commands.setCustomer({ local_trx_id: id, customer }));
    ok(await h.commands.clearCustomer(id));
    expect(await h.store.getTransaction(id)).toMatchObject({ customer: null, drv_grand_total: 100000 });
  });
});

describe('global discount', () => {
  it.each([
    [{ type: 'promo' as const, promo: null }, SALE_MESSAGES.promoRequired],
    [{ type: 'percentage' as const, percent: '' }, SALE_MESSAGES.discountPercentRequired],
    [{ type: 'percentage' as const, percent: 101 }, SALE_MESSAGES.discountPercentRequired],
    [{ type: 'value' as const, nominal: 0 }, SALE_MESSAGES.discountNominalRequired],
  ])('refuses %o', async (input, message) => {
    const h = harness();
    const id = await startSale(h);
    expect(await h.commands.applyGlobalDiscount({ local_trx_id: id, ...input })).toEqual({
      ok: false,
      message,
    });
  });

  it('applies one at a time, keeps the dialog state, clears payments, and removes', async () => {
    const h = harness(config({ tax: null }));
    const id = await startSale(h, 2);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([200000]), pos_item_variant_id: 1, qty: 1 }));
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 10000 }),
    );
    ok(await h.commands.applyGlobalDiscount({ local_trx_id: id, type: 'percentage', percent: 10 }));
    let trx = await h.store.getTransaction(id);
    expect(trx?.payments).toEqual([]);
    expect(trx?.drv_grand_total).toBe(180000);
    expect(trx?.states).toMatchObject({ globalDiscountType: 'percentage', globalDiscountPercent: 10 });
    ok(
      await h.commands.applyGlobalDiscount({
        local_trx_id: id,
        type: 'value',
        nominal: 50000,
        nominalText: '50,000',
      }),
    );
    trx = await h.store.getTransaction(id);
    expect(trx?.discounts).toHaveLength(1);
    expect(trx?.drv_grand_total).toBe(150000);
    expect(trx?.states).toMatchObject({
      globalDiscountType: 'value',
      globalDiscountPercent: 0,
      globalDiscountNominal: 50000,
      globalDiscountNominalText: '50,000',
    });
    const promo = {
      pos_item_discount_id: 12,
      discount_name: 'Hemat',
      discount_type: 'basic' as const,
      deduction_type: 'percentage' as const,
      deduction_value: 25,
      max_deduction_value: 30000,
    };
    ok(await h.commands.applyGlobalDiscount({ local_trx_id: id, type: 'promo', promo }));
    trx = await h.store.getTransaction(id);
    expect(trx?.discounts.map((d) => d.pos_item_discount_id)).toEqual([12]);
    expect(trx?.drv_grand_total).toBe(170000);
    expect(trx?.states).toMatchObject({ globalDiscountType: 'promo', globalDiscountItemId: 12 });
    ok(await h.commands.removeGlobalDiscount(id));
    trx = await h.store.getTransaction(id);
    expect(trx?.discounts).toEqual([]);
    expect(trx?.drv_grand_total).toBe(200000);
  });
});

describe('stock-out, reset, printing', () => {
  it('records the stock-out lists, also on a completed sale', async () => {
    const h = harness();
    const id = await startSale(h);
    const row = { item_name: 'Shampo', variant_name: '100ml', qty: 1, unit_name: 'btl' };
    ok(await h.commands.recordStockOut({ local_trx_id: id, consumptions: [row] }));
    expect(await h.store.getTransaction(id)).toMatchObject({
      sales: [],
      consumptions: [row],
      ingredients: [],
    });
  });

  it('reset keeps the local id and start time (and the kind)', async () => {
    const h = harness();
    const id = await startSale(h);
    h.tick(60_000);
    ok(await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 1 }));
    ok(await h.commands.setLabel({ local_trx_id: id, trx_label: 'x' }));
    ok(await h.commands.resetTransaction(id));
    const trx = await h.store.getTransaction(id);
    expect(trx?.trx_label ?? null).toBeNull();
    expect(trx).toMatchObject({
      local_trx_id: id,
      trx_local_start_time: '2026-11-22 03:00:00',
      trx_type: 'NORMAL',
      pos_salesType_id: 1,
      details: [],
      drv_grand_total: 0,
    });
  });

  it('printing stamps last_printed_at on every line', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 1 }));
    ok(await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 1 }));
    h.tick(5000);
    ok(await h.commands.markPrinted(id));
    const trx = await h.store.getTransaction(id);
    expect(trx?.details.map((l) => l.last_printed_at)).toEqual([
      '2026-11-22 03:00:05',
      '2026-11-22 03:00:05',
    ]);
  });
});
