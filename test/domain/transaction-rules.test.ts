import { describe, expect, it } from 'vitest';
import {
  canVoid,
  couponAsItem,
  couponSchema,
  customItemTemplate,
  isSyncEligible,
  pendingForSignOut,
  priceTransaction,
  requiresOnlineSubmission,
  syntheticLine,
  trxDetailSchema,
  unusedPaymentMethods,
  validateFoundCustomer,
  validateTopUpCustomer,
} from '../../src/domain';
import { line, trx } from './fixtures';

describe('Transaction rules (spec 000 §3–4, 003 §9)', () => {
  it('synthetic top-up line: pos_item_id 1, variant 1, qty 1, priced at the amount', () => {
    const l = syntheticLine({ local_trx_detail_id: 'x', name: 'Top Up Deposit', amount: 250000 });
    expect(trxDetailSchema.safeParse(l).success).toBe(true);
    expect([l.pos_item_id, l.pos_item_variant_id, l.qty]).toEqual([1, 1, 1]);
    const t = priceTransaction(trx({ trx_type: 'TOP_UP_DEPOSIT', details: [l] }), {
      tax: { tax_percent: 11, is_included_in_price: 0 },
    });
    expect(t.drv_grand_total).toBe(250000);
  });

  it('custom item template: pos_item_id 1, is_custom 1, variant id 1, price 0', () => {
    const item = customItemTemplate('Cat rambut');
    expect([
      item.pos_item_id,
      item.is_custom,
      item.pos_item_variants[0].pos_item_variant_id,
      item.pos_item_variants[0].variant_price,
    ]).toEqual([1, 1, 1, 0]);
  });

  it('a coupon shows as an item with pos_item_id 0 and one variant id 1 at the coupon price', () => {
    const item = couponAsItem(
      couponSchema.parse({
        coupon_id: 5,
        coupon_name: 'Facial 5x',
        coupon_price: 450000,
        coupon_category_id: 3,
      }),
    );
    expect(item.pos_item_id).toBe(0);
    expect(item.pos_item_variants).toEqual([{ pos_item_variant_id: 1, variant_price: 450000 }]);
    expect(item.coupon_meta?.coupon_category_id).toBe(3);
  });

  it('top-up form customer checks', () => {
    expect(validateTopUpCustomer(null)).toBe(
      'Silakan pilih customer terlebih dahulu (Pastikan internet aktif)',
    );
    expect(validateTopUpCustomer({ user_identifier_string: '0812' })).toBe(
      'Customer tidak terdaftar sebagai member, silakan pilih customer lainnya',
    );
    expect(validateTopUpCustomer({ user_identifier_string: '0812', membership_name: 'Gold' })).toBeNull();
  });

  it('pos_trx_no_user_edit = 1: a new (user_code null) customer is not found', () => {
    expect(validateFoundCustomer({ user_code: null }, 1)).toBe('Data customer tidak ditemukan');
    expect(validateFoundCustomer({ user_code: null }, 0)).toBeNull();
  });

  it('unused payment methods (same table_name and table_id = same method)', () => {
    const cash = { payment_method_name: 'Cash', table_name: 'pm', table_id: 1 };
    const qris = { payment_method_name: 'QRIS', table_name: 'pm', table_id: 2 };
    expect(unusedPaymentMethods([cash, qris], [{ payment_method: cash }])).toEqual([qris]);
  });

  it('online-required submission', () => {
    const cfg = { check_stock_availability_on_trx: 0 };
    expect(requiresOnlineSubmission(trx({ details: [line({ price: 1 })] }), cfg)).toBe(false);
    expect(requiresOnlineSubmission(trx({ trx_type: 'MEMBERSHIP_SALES' }), cfg)).toBe(true);
    expect(requiresOnlineSubmission(trx(), { check_stock_availability_on_trx: 1 })).toBe(true);
    expect(
      requiresOnlineSubmission(
        trx({ redeem: { redeem_type: 'qr', redeem_item: { pos_link_type: 'item' } } }),
        cfg,
      ),
    ).toBe(true);
  });

  it('sync eligibility: not synced, NORMAL, status 3', () => {
    expect(isSyncEligible({ is_synced: false, trx_type: 'NORMAL', trx_status_id: 3 })).toBe(true);
    expect(isSyncEligible({ is_synced: true, trx_type: 'NORMAL', trx_status_id: 3 })).toBe(false);
    expect(isSyncEligible({ is_synced: false, trx_type: 'TOP_UP_DEPOSIT', trx_status_id: 3 })).toBe(false);
    expect(isSyncEligible({ is_synced: false, trx_type: 'NORMAL', trx_status_id: 2 })).toBe(false);
  });

  it('void allowed only with is_void_allowed = 1 and status not 4', () => {
    expect(canVoid({ trx_status_id: 3 }, { is_void_allowed: 1 })).toBe(true);
    expect(canVoid({ trx_status_id: 4 }, { is_void_allowed: 1 })).toBe(false);
    expect(canVoid({ trx_status_id: 3 }, { is_void_allowed: 0 })).toBe(false);
  });

  it('sign-out sends status-2 transactions with details or deleted details', () => {
    const withLine = trx({ details: [line({ price: 1 })] });
    const empty = trx();
    const done = trx({ trx_status_id: 3, details: [line({ price: 1 })] });
    expect(pendingForSignOut([withLine, empty, done])).toEqual([withLine]);
  });
});
