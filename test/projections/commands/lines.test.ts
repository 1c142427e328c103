import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { posTransactionSchema, priceTransaction, totalsToTransactionFields } from '../../../src/domain';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { CASH, config, harness, item, ok, startSale } from './fixtures';

const auth = (reason = 'salah input', password = 'rahasia') => ({
  password,
  reason,
  verified: true as const,
});

describe('addItem', () => {
  it('adds a line priced by src/domain and stamps the event with the trxId', async () => {
    const h = harness();
    const id = await startSale(h);
    const it1 = item([50000]);
    const r = ok(await h.commands.addItem({ local_trx_id: id, item: it1, pos_item_variant_id: 1, qty: 2 }));
    expect(r.merged).toBe(false);
    const trx = await h.store.getTransaction(id);
    expect(trx?.details).toHaveLength(1);
    expect(trx?.details[0]).toMatchObject({ qty: 2, pos_item_id: it1.pos_item_id, last_printed_at: null });
    // Sales type 1 carries a 10% service charge; tax 11%: (100000 + 10000) × 1.11.
    expect(trx?.drv_grand_total).toBe(122100);
    expect(totalsToTransactionFields(priceTransaction(trx!, h.getConfig()))).toMatchObject({
      drv_grand_total: trx?.drv_grand_total,
      drv_subtotal: trx?.drv_subtotal,
      drv_tax: trx?.drv_tax,
    });
    const events = await h.store.listEvents();
    expect(events.map((e) => [e.type, e.trxId])).toEqual([
      ['trx.started', id],
      ['trx.lineAdded', id],
    ]);
  });

  it('merges the same item and variant into one line; another variant or a package is a new line', async () => {
    const h = harness();
    const id = await startSale(h);
    const two = item([10000, 15000]);
    const pkg = item([90000], { is_package: 1 });
    const first = ok(
      await h.commands.addItem({ local_trx_id: id, item: two, pos_item_variant_id: 1, qty: 1 }),
    );
    const again = ok(
      await h.commands.addItem({ local_trx_id: id, item: two, pos_item_variant_id: 1, qty: 2 }),
    );
    expect(again).toMatchObject({ merged: true, local_trx_detail_id: first.local_trx_detail_id });
    ok(await h.commands.addItem({ local_trx_id: id, item: two, pos_item_variant_id: 2, qty: 1 }));
    ok(await h.commands.addItem({ local_trx_id: id, item: pkg, pos_item_variant_id: 1, qty: 1 }));
    ok(await h.commands.addItem({ local_trx_id: id, item: pkg, pos_item_variant_id: 1, qty: 1 }));
    const trx = await h.store.getTransaction(id);
    expect(trx?.details.map((l) => l.qty)).toEqual([3, 1, 1, 1]);
  });

  it('a line added through a coupon or redeem keeps its marker and never merges with a catalogue line', async () => {
    const h = harness();
    const id = await startSale(h);
    const one = item([10000]);
    const pos_item_id = Number(one.pos_item_id);
    const catalogue = ok(
      await h.commands.addItem({ local_trx_id: id, item: one, pos_item_variant_id: 1, qty: 1 }),
    );
    const viaCoupon = ok(
      await h.commands.addItem({
        local_trx_id: id,
        item: one,
        pos_item_variant_id: 1,
        qty: 1,
        coupon: { pos_item_id },
      }),
    );
    expect(viaCoupon.merged).toBe(false);
    const viaRedeem = ok(
      await h.commands.addItem({
        local_trx_id: id,
        item: one,
        pos_item_variant_id: 1,
        qty: 1,
        redeem: { pos_item_id },
      }),
    );
    expect(viaRedeem.merged).toBe(false);
    const again = ok(
      await h.commands.addItem({ local_trx_id: id, item: one, pos_item_variant_id: 1, qty: 2 }),
    );
    expect(again).toMatchObject({ merged: true, local_trx_detail_id: catalogue.local_trx_detail_id });
    const trx = await h.store.getTransaction(id);
    expect(trx?.details.map((l) => [l.qty, l.coupon ?? null, l.redeem ?? null])).toEqual([
      [3, null, null],
      [1, { pos_item_id }, null],
      [1, null, { pos_item_id }],
    ]);
  });

  it('keeps the item modal fields on the line', async () => {
    const h = harness();
    const id = await startSale(h);
    const worker = { business_commission_worker_id: 5, firstname: 'Sari' };
    ok(
      await h.commands.addItem({
        local_trx_id: id,
        item: item([20000]),
        pos_item_variant_id: 1,
        qty: 1,
        notes: 'pelan',
        secret_notes: 'VIP',
        tags: [3],
        commission_worker: worker,
        service_area: { pos_area_id: 9, area_name: 'Ruang 1' },
        custom_discount_type: 'percentage',
        custom_discount_value: 10,
      }),
    );
    const line = (await h.store.getTransaction(id))?.details[0];
    expect(line).toMatchObject({
      notes: 'pelan',
      secret_notes: 'VIP',
      tags: [3],
      commission_worker: worker,
      business_commission_worker_id: 5,
      service_area: { pos_area_id: 9 },
      custom_discount_type: 'percentage',
      custom_discount_value: 10,
      pos_sales_type: { pos_salesType_id: 1 },
    });
  });

  it.each([
    ['qty 0', { qty: 0 }, SALE_MESSAGES.qtyMinimumOne],
    ['no variant chosen', { pos_item_variant_id: 99 }, SALE_MESSAGES.variantRequired],
    [
      'percentage above max_custom_discount',
      { custom_discount_type: 'percentage' as const, custom_discount_value: 30 },
      SALE_MESSAGES.itemDiscountMax(20),
    ],
    [
      'nominal above the price',
      { custom_discount_type: 'nominal' as const, custom_discount_value: 60000 },
      SALE_MESSAGES.discountAboveItemPrice,
    ],
  ])('refuses %s with the spec message', async (_name, patch, message) => {
    const h = harness();
    const id = await startSale(h);
    const r = await h.commands.addItem({
      local_trx_id: id,
      item: item([50000, 60000], { max_custom_discount: 20 }),
      pos_item_variant_id: 1,
      qty: 1,
      ...patch,
    });
    expect(r).toEqual({ ok: false, message });
    expect((await h.store.getTransaction(id))?.details).toEqual([]);
  });

  it('refuses a promo below its minimum qty', async () => {
    const h = harness();
    const id = await startSale(h);
    const promo = {
      pos_item_discount_id: 4,
      discount_type: 'req-item' as const,
      deduction_type: 'percentage' as const,
      deduction_value: 10,
      req_item_min_qty: 3,
    };
    const r = await h.commands.addItem({
      local_trx_id: id,
      item: item(),
      pos_item_variant_id: 1,
      qty: 2,
      pos_item_discounts: [promo],
    });
    expect(r).toEqual({ ok: false, message: SALE_MESSAGES.qtyBelowPromoMinimum(3) });
  });

  it('refuses an unknown transaction', async () => {
    const h = harness();
    const r = await h.commands.addItem({
      local_trx_id: 'nope',
      item: item(),
      pos_item_variant_id: 1,
      qty: 1,
    });
    expect(r).toEqual({ ok: false, message: 'Transaksi tidak ditemukan' });
  });
});

describe('editing lines (000 §4)', () => {
  async function saleWithPaidLine(pin: 0 | 1) {
    const h = harness(config({ pos_cashier_delete_by_pin: pin }));
    const id = await startSale(h, 2);
    const { local_trx_detail_id } = ok(
      await h.commands.addItem({ local_trx_id: id, item: item([10000]), pos_item_variant_id: 1, qty: 3 }),
    );
    ok(await h.commands.markPrinted(id));
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 50000 }),
    );
    return { h, id, local_trx_detail_id };
  }

  it('a qty change with pos_cashier_delete_by_pin asks for the authorization, then logs MODIFY_QTY', async () => {
    const { h, id, local_trx_detail_id } = await saleWithPaidLine(1);
    const edit = { local_trx_id: id, local_trx_detail_id, changes: { qty: 1 } };
    expect(await h.commands.editLine(edit)).toEqual({
      ok: false,
      message: SALE_MESSAGES.passwordRequired,
      authorizationRequired: 'qty-reduction',
    });
    expect(await h.commands.editLine({ ...edit, authorization: auth('', 'x') })).toMatchObject({
      ok: false,
      message: SALE_MESSAGES.qtyReductionReasonRequired,
    });
    expect(await h.commands.editLine({ ...edit, authorization: auth('r', '') })).toMatchObject({
      ok: false,
      message: SALE_MESSAGES.passwordRequired,
    });
    ok(await h.commands.editLine({ ...edit, authorization: auth('tamu batal satu') }));
    const trx = await h.store.getTransaction(id);
    expect(trx?.details[0]).toMatchObject({ qty: 1, last_printed_at: null });
    expect(trx?.deleted_details).toEqual([
      expect.objectContaining({
        actionType: 'MODIFY_QTY',
        deleteReason: 'tamu batal satu',
        initial_qty: 3,
        modified_qty: 1,
        deleteTime: '2026-11-22 03:00:00',
      }),
    ]);
    expect(trx?.payments).toEqual([]);
    expect(trx?.is_synced).toBe(false);
    expect(trx?.drv_grand_total).toBe(11100);
  });

  it('without the pin flag a qty change needs no authorization; other edits keep last_printed_at', async () => {
    const { h, id, local_trx_detail_id } = await saleWithPaidLine(0);
    ok(await h.commands.editLine({ local_trx_id: id, local_trx_detail_id, changes: { notes: 'x' } }));
    let trx = await h.store.getTransaction(id);
    expect(trx?.details[0].last_printed_at).toBe('2026-11-22 03:00:00');
    expect(trx?.deleted_details.map((d) => d.actionType)).toEqual(['MODIFY_ITEM']);
    expect(trx?.payments).toEqual([]);
    ok(await h.commands.editLine({ local_trx_id: id, local_trx_detail_id, changes: { qty: 5 } }));
    trx = await h.store.getTransaction(id);
    expect(trx?.details[0]).toMatchObject({ qty: 5, last_printed_at: null });
    expect(trx?.deleted_details.map((d) => d.actionType)).toEqual(['MODIFY_ITEM', 'MODIFY_QTY']);
  });

  it('editLine validates like the item modal', async () => {
    const { h, id, local_trx_detail_id } = await saleWithPaidLine(0);
    expect(
      await h.commands.editLine({ local_trx_id: id, local_trx_detail_id, changes: { qty: -1 } }),
    ).toEqual({
      ok: false,
      message: SALE_MESSAGES.qtyMinimumOne,
    });
    expect(
      await h.commands.editLine({
        local_trx_id: id,
        local_trx_detail_id,
        changes: { custom_discount_type: 'nominal', custom_discount_value: 20000 },
      }),
    ).toEqual({ ok: false, message: SALE_MESSAGES.discountAboveItemPrice });
  });

  it('removes a line: DELETE without the pin, DELETE_ITEM with its reason under the pin', async () => {
    const plain = await saleWithPaidLine(0);
    ok(
      await plain.h.commands.removeLine({
        local_trx_id: plain.id,
        local_trx_detail_id: plain.local_trx_detail_id,
      }),
    );
    let trx = await plain.h.store.getTransaction(plain.id);
    expect(trx?.details).toEqual([]);
    expect(trx?.deleted_details).toEqual([
      expect.objectContaining({ actionType: 'DELETE', deleteReason: null }),
    ]);
    expect(trx).toMatchObject({ drv_grand_total: 0, payments: [] });

    const pin = await saleWithPaidLine(1);
    const input = { local_trx_id: pin.id, local_trx_detail_id: pin.local_trx_detail_id };
    expect(await pin.h.commands.removeLine(input)).toEqual({
      ok: false,
      message: SALE_MESSAGES.passwordRequired,
      authorizationRequired: 'deletion',
    });
    expect(await pin.h.commands.removeLine({ ...input, authorization: auth('') })).toMatchObject({
      message: SALE_MESSAGES.deletionReasonRequired,
    });
    ok(await pin.h.commands.removeLine({ ...input, authorization: auth('salah item') }));
    trx = await pin.h.store.getTransaction(pin.id);
    expect(trx?.deleted_details.at(-1)).toMatchObject({
      actionType: 'DELETE_ITEM',
      deleteReason: 'salah item',
    });
  });

  it('removing a line clears the transaction discounts when DISCOUNT_TRANSACTION is 0', async () => {
    for (const [flag, left] of [
      [1, 1],
      [0, 0],
    ] as const) {
      const h = harness(config({ auth_role_accesses: { DISCOUNT_TRANSACTION: flag, ALLOW_PROMO: 1 } }));
      const id = await startSale(h, 2);
      const a = ok(
        await h.commands.addItem({ local_trx_id: id, item: item([10000]), pos_item_variant_id: 1, qty: 1 }),
      );
      ok(await h.commands.addItem({ local_trx_id: id, item: item([20000]), pos_item_variant_id: 1, qty: 1 }));
      ok(await h.commands.applyGlobalDiscount({ local_trx_id: id, type: 'percentage', percent: 10 }));
      ok(await h.commands.removeLine({ local_trx_id: id, local_trx_detail_id: a.local_trx_detail_id }));
      expect((await h.store.getTransaction(id))?.discounts).toHaveLength(left);
    }
  });

  it('refuses removing a line that belongs to the applied coupon or redeem', async () => {
    const h = harness();
    const base = { local_trx_id: 'dl-1', trx_local_start_time: '2026-11-22 08:00:00' };
    const line = {
      local_trx_detail_id: 'l1',
      pos_item_id: 5,
      pos_item_variant_id: 1,
      qty: 1,
      itemMeta: {
        pos_item_id: 5,
        item_name: 'Gratis',
        pos_item_variants: [{ pos_item_variant_id: 1, variant_price: 0 }],
      },
    };
    ok(
      await h.commands.downloaded(
        posTransactionSchema.parse({
          ...base,
          coupon: { coupon_code: 'K1', coupon_item: { pos_link_type: 'item', pos_item_id: 5 } },
          details: [{ ...line, coupon: { pos_item_id: 5 } }],
        }),
      ),
    );
    expect(await h.commands.removeLine({ local_trx_id: 'dl-1', local_trx_detail_id: 'l1' })).toEqual({
      ok: false,
      message: SALE_MESSAGES.lineBelongsToCoupon,
    });
    ok(
      await h.commands.downloaded(
        posTransactionSchema.parse({
          ...base,
          local_trx_id: 'dl-2',
          redeem: { redeem_type: 'qr', redeem_item: { pos_link_type: 'item', pos_item_id: 5 } },
          details: [{ ...line, redeem: { pos_item_id: 5 } }],
        }),
      ),
    );
    expect(await h.commands.removeLine({ local_trx_id: 'dl-2', local_trx_detail_id: 'l1' })).toEqual({
      ok: false,
      message: SALE_MESSAGES.lineBelongsToRedeem,
    });
  });
});

describe('custom items and custom prices', () => {
  it('adds a custom product from the template; it never merges', async () => {
    const h = harness();
    const id = await startSale(h, 2);
    expect(await h.commands.addCustomItem({ local_trx_id: id, qty: 0, item_name: 'X', price: 1000 })).toEqual(
      {
        ok: false,
        message: SALE_MESSAGES.qtyMinimumOne,
      },
    );
    expect(await h.commands.addCustomItem({ local_trx_id: id, qty: 1, item_name: 'X', price: 0 })).toEqual({
      ok: false,
      message: SALE_MESSAGES.priceZero,
    });
    ok(
      await h.commands.addCustomItem({ local_trx_id: id, qty: 2, item_name: 'Pijat tambahan', price: 15000 }),
    );
    ok(await h.commands.addCustomItem({ local_trx_id: id, qty: 1, item_name: 'Lainnya', price: 5000 }));
    const trx = await h.store.getTransaction(id);
    expect(trx?.details).toHaveLength(2);
    expect(trx?.details[0]).toMatchObject({
      pos_item_id: 1,
      pos_item_variant_id: 1,
      is_custom: 1,
      custom_discount_type: 'percentage',
      custom_discount_value: 0,
      itemMeta: { item_name: 'Pijat tambahan', is_custom: 1 },
    });
    expect(trx?.drv_subtotal).toBe(35000);
  });

  it('sets and restores a custom price under CUSTOM_PRICE_LESS_THAN_ORIGINAL', async () => {
    const h = harness();
    const id = await startSale(h, 2);
    const { local_trx_detail_id } = ok(
      await h.commands.addItem({ local_trx_id: id, item: item([50000]), pos_item_variant_id: 1, qty: 1 }),
    );
    const set = (price: number | string) =>
      h.commands.setCustomPrice({ local_trx_id: id, local_trx_detail_id, price });
    expect(await set(0)).toEqual({ ok: false, message: SALE_MESSAGES.priceZero });
    expect(await set(40000)).toEqual({
      ok: false,
      message: SALE_MESSAGES.priceBelowOriginal('IDR', '50,000'),
    });
    ok(await set(60000));
    let trx = await h.store.getTransaction(id);
    expect(trx?.details[0].itemMeta.pos_item_variants[0]).toMatchObject({
      variant_price: 60000,
      custom_price: true,
      original_price: 50000,
    });
    expect(trx?.drv_subtotal).toBe(60000);
    ok(await h.commands.restorePrice({ local_trx_id: id, local_trx_detail_id }));
    trx = await h.store.getTransaction(id);
    expect(trx?.details[0].itemMeta.pos_item_variants[0]).toMatchObject({
      variant_price: 50000,
      custom_price: false,
    });
    expect(trx?.drv_subtotal).toBe(50000);

    h.setConfig(config({ auth_role_accesses: { CUSTOM_PRICE_LESS_THAN_ORIGINAL: 1 } }));
    ok(await set(40000));
    expect((await h.store.getTransaction(id))?.drv_subtotal).toBe(40000);
  });
});
