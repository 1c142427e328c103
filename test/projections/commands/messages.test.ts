import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  couponAsItem,
  type PosTransactionInput,
  posTransactionSchema,
  syntheticLine,
} from '../../../src/domain';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { CASH, config, type Harness, harness, item, ok, startSale } from './fixtures';

/** A transaction put on the device as downloaded (coupon/redeem dialogs are a later issue). */
async function held(h: Harness, input: Partial<PosTransactionInput>): Promise<string> {
  const trx = posTransactionSchema.parse({
    local_trx_id: 'held-1',
    trx_local_start_time: '2026-11-22 08:00:00',
    ...input,
  });
  ok(await h.commands.downloaded(trx));
  return trx.local_trx_id;
}

const line = (extra: Record<string, unknown> = {}) => ({
  local_trx_detail_id: 'l1',
  pos_item_id: 5,
  pos_item_variant_id: 1,
  qty: 1,
  itemMeta: {
    pos_item_id: 5,
    item_name: 'Facial',
    pos_item_category_id: 1,
    pos_item_variants: [{ pos_item_variant_id: 1, variant_price: 80000 }],
  },
  ...extra,
});

describe('item modal messages in coupon and redeem transactions', () => {
  const coupon = couponAsItem({
    coupon_id: 3,
    coupon_name: 'Paket 5x',
    coupon_price: 200000,
    max_custom_discount: 10,
    is_custom_discount: 1,
  });

  it('a coupon sale uses the coupon texts and coupon_meta.max_custom_discount', async () => {
    const h = harness();
    const { local_trx_id } = ok(await h.commands.startTransaction({ trx_type: 'COUPON_SALES' }));
    const add = (type: 'percentage' | 'nominal', value: number) =>
      h.commands.addItem({
        local_trx_id,
        item: coupon,
        pos_item_variant_id: 1,
        qty: 1,
        custom_discount_type: type,
        custom_discount_value: value,
      });
    expect(await add('percentage', 15)).toEqual({ ok: false, message: SALE_MESSAGES.couponDiscountMax(10) });
    expect(await add('nominal', 250000)).toEqual({
      ok: false,
      message: SALE_MESSAGES.discountAboveCouponPrice,
    });
    ok(await add('percentage', 10));
    // Coupons are all pos_item_id 0 / variant 1: they never merge.
    ok(await add('percentage', 0));
    expect((await h.store.getTransaction(local_trx_id))?.details).toHaveLength(2);
  });

  it("a redeem line cannot go above the redeem's item_max_qty", async () => {
    const h = harness();
    const id = await held(h, {
      redeem: { redeem_type: 'qr', redeem_item: { pos_link_type: 'item', pos_item_id: 5, item_max_qty: 2 } },
      details: [line({ redeem: { pos_item_id: 5 } })],
    });
    expect(
      await h.commands.editLine({ local_trx_id: id, local_trx_detail_id: 'l1', changes: { qty: 3 } }),
    ).toEqual({
      ok: false,
      message: SALE_MESSAGES.qtyAboveMax(2),
    });
    ok(await h.commands.editLine({ local_trx_id: id, local_trx_detail_id: 'l1', changes: { qty: 2 } }));
  });

  it("a coupon's item_category_max_qty counts every line of the category", async () => {
    const h = harness();
    const id = await held(h, {
      coupon: {
        coupon_code: 'K',
        coupon_item: {
          pos_link_type: 'item_category',
          pos_item_category_id: 1,
          item_category_deduction_percentage: 50,
          item_category_max_qty: 3,
        },
      },
      details: [line({ qty: 2 })],
    });
    expect(
      await h.commands.addItem({ local_trx_id: id, item: item([10000]), pos_item_variant_id: 1, qty: 2 }),
    ).toEqual({ ok: false, message: SALE_MESSAGES.couponCategoryQtyExceeded });
    ok(await h.commands.addItem({ local_trx_id: id, item: item([10000]), pos_item_variant_id: 1, qty: 1 }));
  });
});

describe('submit messages', () => {
  it("an SMS redeem needs its code: 'Kode redeem harus diisi!'", async () => {
    const h = harness();
    const id = await held(h, {
      redeem: { redeem_type: 'sms', redeem_item: { pos_link_type: 'discount', discount_percentage: 10 } },
      details: [line()],
    });
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 100000 }),
    );
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.redeemCodeRequired,
    });
    // With the code it passes validation; a redeem is online-required, so without a send it fails.
    expect(await h.commands.submit({ local_trx_id: id, smsRedeemCode: '123456' })).toEqual({
      ok: false,
      message: SALE_MESSAGES.submitFailed,
    });
  });

  it('is_user_id_required: a new customer needs a phone or e-mail identifier', async () => {
    const h = harness(config({ is_user_id_required: 1 }));
    const id = await startSale(h, 2);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([1000]), pos_item_variant_id: 1, qty: 1 }));
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 5000 }));
    const withCustomer = async (customer: Record<string, unknown>) => {
      ok(await h.commands.setCustomer({ local_trx_id: id, customer: { user_code: null, ...customer } }));
      // A customer change re-prices but keeps payments (only lines and the global discount clear them).
      return h.commands.submit({ local_trx_id: id });
    };
    expect(await withCustomer({ user_identifier_type: 'reference', user_identifier_string: 'R1' })).toEqual({
      ok: false,
      message: SALE_MESSAGES.newCustomerIdentifierType,
    });
    expect(await withCustomer({ user_identifier_type: 'phone', user_identifier_string: '' })).toEqual({
      ok: false,
      message: SALE_MESSAGES.newCustomerIdentifierRequired,
    });
    expect(
      await withCustomer({ user_identifier_type: 'phone', user_identifier_string: '+62812' }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('special kinds check their continue rules first (top-up without a customer)', async () => {
    const h = harness();
    const id = await held(h, {
      trx_type: 'TOP_UP_DEPOSIT',
      details: [syntheticLine({ local_trx_detail_id: 'l1', name: 'Top Up Deposit', amount: 50000 })],
    });
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.topUpNoCustomer,
    });
  });
});
