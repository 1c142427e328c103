import { describe, expect, it } from 'vitest';
import {
  applyGlobalDiscount,
  clampDiscountPercent,
  customGlobalDiscount,
  defaultDepositAmount,
  findMergeableLine,
  globalDiscountReceiptLabel,
  isCreditPaymentShown,
  isDepositPaymentShown,
  itemPromoLabel,
  lastPrintedAfterEdit,
  posTransactionSchema,
  removeGlobalDiscount,
  restoreOriginalPrices,
  setCustomPrice,
  switchGlobalDiscountType,
  type Variant,
} from '../../src/domain';
import { discount } from './fixtures';

const variants: Variant[] = [
  { pos_item_variant_id: 1, variant_price: 100000 },
  { pos_item_variant_id: 2, variant_price: 150000 },
];

describe('Editing lines and custom price (spec 000 §4)', () => {
  it('custom price marks the variant, keeps original_price, other variants revert', () => {
    const once = setCustomPrice(variants, 1, 90000);
    expect(once[0]).toMatchObject({ variant_price: 90000, custom_price: true, original_price: 100000 });
    const moved = setCustomPrice(once, 2, 120000);
    expect(moved[0]).toMatchObject({ variant_price: 100000, custom_price: false });
    expect(moved[1]).toMatchObject({ variant_price: 120000, custom_price: true, original_price: 150000 });
  });

  it('entering the original price resets it; Kembalikan ke Harga Asli restores all', () => {
    const custom = setCustomPrice(variants, 1, 90000);
    expect(setCustomPrice(custom, 1, 100000)[0]).toMatchObject({
      variant_price: 100000,
      custom_price: false,
    });
    expect(restoreOriginalPrices(custom).map((v) => v.variant_price)).toEqual([100000, 150000]);
  });

  it('last_printed_at resets to null when the qty changed, else it is kept', () => {
    expect(lastPrintedAfterEdit({ qty: 1, last_printed_at: '2026-03-02 10:00:00' }, 2)).toBeNull();
    expect(lastPrintedAfterEdit({ qty: 1, last_printed_at: '2026-03-02 10:00:00' }, 1)).toBe(
      '2026-03-02 10:00:00',
    );
  });

  it('adding the same item and variant, not a package, merges into the existing line', () => {
    const lines = [
      { id: 'a', pos_item_id: 5, pos_item_variant_id: 1, is_package: 0 },
      { id: 'b', pos_item_id: 6, pos_item_variant_id: 1, is_package: 1 },
    ];
    expect(findMergeableLine(lines, { pos_item_id: 5, pos_item_variant_id: 1 })?.id).toBe('a');
    expect(findMergeableLine(lines, { pos_item_id: 5, pos_item_variant_id: 2 })).toBeUndefined();
    expect(
      findMergeableLine(lines, { pos_item_id: 6, pos_item_variant_id: 1, is_package: 1 }),
    ).toBeUndefined();
  });

  it('a global discount replaces any existing basic or custom discount (ruling 3)', () => {
    const basic = discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 10 });
    const custom = customGlobalDiscount('value', 5000);
    expect(applyGlobalDiscount([basic], custom)).toEqual([custom]);
    expect(applyGlobalDiscount([custom], basic)).toEqual([basic]);
    expect(removeGlobalDiscount([basic])).toEqual([]);
    expect(custom).toMatchObject({ pos_item_discount_id: 0, discount_type: 'custom' });
  });

  it('choosing promo zeroes percent and nominal; percentage clears promo and nominal; value clears promo and percent', () => {
    const states = posTransactionSchema.parse({
      local_trx_id: 'x',
      trx_local_start_time: '2026-03-02 10:00:00',
    }).states;
    const filled = {
      ...states,
      globalDiscountPercent: 10,
      globalDiscountNominal: 5000,
      globalDiscountNominalText: '5,000',
      globalDiscountItemId: 3,
    };
    expect(switchGlobalDiscountType(filled, 'promo')).toMatchObject({
      globalDiscountPercent: 0,
      globalDiscountNominal: 0,
      globalDiscountItemId: 3,
    });
    expect(switchGlobalDiscountType(filled, 'percentage')).toMatchObject({
      globalDiscountItemId: null,
      globalDiscountNominal: 0,
      globalDiscountPercent: 10,
    });
    expect(switchGlobalDiscountType(filled, 'value')).toMatchObject({
      globalDiscountItemId: null,
      globalDiscountPercent: 0,
      globalDiscountNominal: 5000,
    });
  });

  it('discount percent 0–100 with 2 decimals', () => {
    expect(clampDiscountPercent(12.345)).toBe(12.34);
    expect(clampDiscountPercent(140)).toBe(100);
    expect(clampDiscountPercent(-3)).toBe(0);
  });

  it('trx_status_id empty is read as 2 (pending)', () => {
    expect(
      posTransactionSchema.parse({ local_trx_id: 'x', trx_local_start_time: 't', trx_status_id: '' })
        .trx_status_id,
    ).toBe(2);
    expect(
      posTransactionSchema.safeParse({ local_trx_id: 'x', trx_local_start_time: 't', trx_status_id: 9 })
        .success,
    ).toBe(false);
  });
});

describe('Payments visibility and defaults (spec 000 §5)', () => {
  const deposit = {
    trx_type: 'NORMAL',
    subscriptionDeposit: 1,
    hasCustomer: true,
    remaining: 100000,
    lineCategoryIds: [1, 2],
    restrictedCategoryIds: [9],
  };
  it('deposit default = min(balance, remaining)', () => {
    expect(defaultDepositAmount(50000, 80000)).toBe(50000);
    expect(defaultDepositAmount(90000, 80000)).toBe(80000);
  });
  it('deposit hidden for a top-up, no deposit rule, no customer, nothing remaining, a restricted category', () => {
    expect(isDepositPaymentShown(deposit)).toBe(true);
    expect(isDepositPaymentShown({ ...deposit, trx_type: 'TOP_UP_DEPOSIT' })).toBe(false);
    expect(isDepositPaymentShown({ ...deposit, subscriptionDeposit: 0 })).toBe(false);
    expect(isDepositPaymentShown({ ...deposit, hasCustomer: false })).toBe(false);
    expect(isDepositPaymentShown({ ...deposit, remaining: 0 })).toBe(false);
    expect(isDepositPaymentShown({ ...deposit, restrictedCategoryIds: [2] })).toBe(false);
  });
  it('credit shown with pos_account_receivable = 1, a customer, a remainder, not a receivable payment', () => {
    const credit = { pos_account_receivable: 1, hasCustomer: true, remaining: 1, trx_type: 'NORMAL' };
    expect(isCreditPaymentShown(credit)).toBe(true);
    expect(isCreditPaymentShown({ ...credit, trx_type: 'ACCOUNT_RECEIVABLE' })).toBe(false);
    expect(isCreditPaymentShown({ ...credit, pos_account_receivable: 0 })).toBe(false);
  });
});

describe('Labels (spec 000 §2 item modal, 003 §9 receipt)', () => {
  it('item promo label', () => {
    expect(
      itemPromoLabel(
        { deduction_type: 'percentage', deduction_value: 10, max_deduction_value: 20000 },
        'IDR',
      ),
    ).toBe('Disc 10%, Max. 20,000 IDR.');
    expect(
      itemPromoLabel({ deduction_type: 'value', deduction_value: 5000, max_deduction_value: 0 }, 'IDR'),
    ).toBe('Disc 5,000 IDR');
  });
  it('receipt global discount label', () => {
    expect(globalDiscountReceiptLabel('coupon', 20, 'NORMAL')).toBe('Coupon 20% off');
    expect(globalDiscountReceiptLabel('member', 5, 'NORMAL')).toBe('Member Discount - 5%');
    expect(globalDiscountReceiptLabel('member', 5, 'COUPON_SALES')).toBeNull();
  });
});
