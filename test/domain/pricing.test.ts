import { describe, expect, it } from 'vitest';
import {
  grossTotalByNature,
  lineUnitDiscount,
  type PromoLink,
  paymentCharge,
  paymentStatus,
  priceTransaction,
  receiptChange,
  unitPrice,
} from '../../src/domain';
import { charges, discount, line, noCharges, trx } from './fixtures';

const link = (l: Partial<PromoLink> & Pick<PromoLink, 'pos_link_type'>): PromoLink => l as PromoLink;
const cash = { payment_method_name: 'Cash', table_name: 'pm', table_id: 1 };
const card = { payment_method_name: 'Debit', table_name: 'pm', table_id: 2 };

describe('Pricing and totals (spec 000 §5)', () => {
  it('unit price = variant_price + sum of modifier option prices, floored at 0', () => {
    expect(unitPrice(line({ price: 50000, options: [5000, 2500] })).toNumber()).toBe(57500);
    expect(unitPrice(line({ price: 10000, options: [-15000] })).toNumber()).toBe(0);
  });

  it('line total = price after discount × qty', () => {
    const t = priceTransaction(
      trx({
        details: [
          line({
            price: 30000,
            qty: 3,
            discounts: [discount({ deduction_type: 'value', deduction_value: 5000 })],
          }),
        ],
      }),
      noCharges,
    );
    expect(t.lines[0].line_total).toBe(75000);
    expect(t.lines[0].gross_total).toBe(90000);
    expect(t.lines[0].discount_total).toBe(15000);
  });

  it.each([
    ['percentage 10% of 100000', { deduction_type: 'percentage', deduction_value: 10 }, 10000],
    [
      'percentage capped by max_deduction_value',
      { deduction_type: 'percentage', deduction_value: 50, max_deduction_value: 20000 },
      20000,
    ],
    [
      'cap 0 is a cap (≥ 0)',
      { deduction_type: 'percentage', deduction_value: 50, max_deduction_value: 0 },
      0,
    ],
    [
      'negative cap is no cap',
      { deduction_type: 'percentage', deduction_value: 50, max_deduction_value: -1 },
      50000,
    ],
    ['nominal never above the price', { deduction_type: 'value', deduction_value: 150000 }, 100000],
  ] as const)('item discount: %s', (_name, d, expected) => {
    const l = line({ price: 100000, discounts: [discount(d)] });
    expect(lineUnitDiscount(l, trx()).unitDiscount.toNumber()).toBe(expected);
  });

  it('item discounts apply in sequence, each on what is left', () => {
    const l = line({
      price: 100000,
      discounts: [
        discount({ deduction_type: 'percentage', deduction_value: 10 }),
        discount({ deduction_type: 'percentage', deduction_value: 10 }),
      ],
    });
    const r = lineUnitDiscount(l, trx());
    expect(r.unitDiscount.toNumber()).toBe(19000);
    expect(r.source).toBe('defined');
  });

  it('custom discount applies after the item discounts', () => {
    const l = line({
      price: 100000,
      discounts: [discount({ deduction_type: 'percentage', deduction_value: 10 })],
      custom: { type: 'nominal', value: 5000 },
    });
    const r = lineUnitDiscount(l, trx());
    expect(r.unitDiscount.toNumber()).toBe(15000);
    expect(r.source).toBe('custom');
    const pct = line({
      price: 100000,
      discounts: [discount({ deduction_type: 'value', deduction_value: 20000 })],
      custom: { type: 'percentage', value: 50 },
    });
    expect(lineUnitDiscount(pct, trx()).unitDiscount.toNumber()).toBe(60000);
  });

  it('coupon item link discounts the line it created, before anything else', () => {
    const l = line({ price: 80000, itemId: 55, coupon: 55, custom: { type: 'nominal', value: 1000 } });
    const t = trx({
      coupon: {
        coupon_code: 'C1',
        coupon_item: link({
          pos_link_type: 'item',
          pos_item_id: 55,
          item_deduction_type: 'percentage',
          item_deduction_value: 100,
        }),
      },
    });
    const r = lineUnitDiscount(l, t);
    expect(r.source).toBe('coupon');
    expect(r.unitDiscount.toNumber()).toBe(80000);
    const other = line({ price: 80000, itemId: 56 });
    expect(lineUnitDiscount(other, t).source).toBeNull();
  });

  it('coupon item_category link: percentage capped by item_category_max_deduction_value', () => {
    const t = trx({
      coupon: {
        coupon_code: 'C2',
        coupon_item: link({
          pos_link_type: 'item_category',
          pos_item_category_id: 7,
          item_category_deduction_percentage: 50,
          item_category_max_deduction_value: 30000,
        }),
      },
    });
    expect(lineUnitDiscount(line({ price: 100000, categoryId: 7 }), t).unitDiscount.toNumber()).toBe(30000);
    expect(lineUnitDiscount(line({ price: 40000, categoryId: 7 }), t).unitDiscount.toNumber()).toBe(20000);
    expect(lineUnitDiscount(line({ price: 40000, categoryId: 8 }), t).source).toBeNull();
  });

  it('redeem item_category link has no cap', () => {
    const t = trx({
      redeem: {
        redeem_type: 'qr',
        redeem_item: link({
          pos_link_type: 'item_category',
          pos_item_category_id: 7,
          item_category_deduction_percentage: 50,
          item_category_max_deduction_value: 30000,
        }),
      },
    });
    const r = lineUnitDiscount(line({ price: 100000, categoryId: 7 }), t);
    expect(r.source).toBe('redeem');
    expect(r.unitDiscount.toNumber()).toBe(50000);
  });

  it('per-line: coupon wins over redeem on the same line (coupon is rule 1, redeem rule 2)', () => {
    const byItem = trx({
      coupon: {
        coupon_code: 'C3',
        coupon_item: link({
          pos_link_type: 'item',
          pos_item_id: 60,
          item_deduction_type: 'value',
          item_deduction_value: 10000,
        }),
      },
      redeem: {
        redeem_type: 'qr',
        redeem_item: link({
          pos_link_type: 'item',
          pos_item_id: 60,
          item_deduction_type: 'value',
          item_deduction_value: 40000,
        }),
      },
    });
    const both = lineUnitDiscount(line({ price: 50000, itemId: 60, coupon: 60, redeem: 60 }), byItem);
    expect(both.source).toBe('coupon');
    expect(both.unitDiscount.toNumber()).toBe(10000);
    const byCategory = trx({
      coupon: {
        coupon_code: 'C4',
        coupon_item: link({
          pos_link_type: 'item_category',
          pos_item_category_id: 4,
          item_category_deduction_percentage: 10,
        }),
      },
      redeem: {
        redeem_type: 'qr',
        redeem_item: link({
          pos_link_type: 'item_category',
          pos_item_category_id: 4,
          item_category_deduction_percentage: 50,
        }),
      },
    });
    const r = priceTransaction(
      { ...byCategory, details: [line({ price: 100000, categoryId: 4 })] },
      noCharges,
    );
    expect(r.lines[0].discount_source).toBe('coupon');
    expect(r.drv_subtotal).toBe(90000);
  });

  it('redeem item link discounts the line it created, before custom and item discounts', () => {
    const t = trx({
      redeem: {
        redeem_type: 'direct',
        redeem_item: link({
          pos_link_type: 'item',
          pos_item_id: 77,
          item_deduction_type: 'percentage',
          item_deduction_value: 100,
        }),
      },
    });
    const created = line({
      price: 45000,
      itemId: 77,
      redeem: 77,
      discounts: [discount({ deduction_type: 'value', deduction_value: 1000 })],
      custom: { type: 'nominal', value: 2000 },
    });
    const r = lineUnitDiscount(created, t);
    expect(r.source).toBe('redeem');
    expect(r.unitDiscount.toNumber()).toBe(45000);
    // the same item added by the cashier (no redeem marker) is not the redeem's line
    expect(lineUnitDiscount(line({ price: 45000, itemId: 77 }), t).source).toBeNull();
  });

  it('global discount: coupon discount link before redeem discount link', () => {
    const t = trx({
      details: [line({ price: 200000 })],
      coupon: {
        coupon_code: 'D2',
        coupon_item: link({ pos_link_type: 'discount', discount_percentage: 10 }),
      },
      redeem: {
        redeem_type: 'qr',
        redeem_item: link({ pos_link_type: 'discount', discount_percentage: 50 }),
      },
    });
    const r = priceTransaction(t, noCharges);
    expect(r.global_discount_source).toBe('coupon');
    expect(r.drv_total_discount_nominal).toBe(20000);
  });

  it('global discount: coupon with pos_link_type discount, capped by max_discount_value', () => {
    const t = trx({
      details: [line({ price: 200000 })],
      coupon: {
        coupon_code: 'D',
        coupon_item: link({ pos_link_type: 'discount', discount_percentage: 20, max_discount_value: 25000 }),
      },
    });
    const r = priceTransaction(t, noCharges);
    expect(r.drv_total_discount_nominal).toBe(25000);
    expect(r.global_discount_source).toBe('coupon');
  });

  it('global discount: redeem with pos_link_type discount', () => {
    const t = trx({
      details: [line({ price: 200000 })],
      redeem: {
        redeem_type: 'sms',
        redeem_item: link({ pos_link_type: 'discount', discount_percentage: 10 }),
      },
    });
    expect(priceTransaction(t, noCharges).drv_total_discount_nominal).toBe(20000);
  });

  it('global discount: member reward_value percent when no coupon or redeem', () => {
    const t = trx({
      details: [line({ price: 200000 })],
      customer: { user_code: 'U1', discount_level: { reward_value: 5 } },
      discounts: [discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 50 })],
    });
    const r = priceTransaction(t, noCharges);
    expect(r.drv_total_discount_nominal).toBe(10000);
    expect(r.global_discount_source).toBe('member');
  });

  it('global discount: basic percentage capped, nominal capped at the subtotal (ruling 3)', () => {
    const pct = trx({
      details: [line({ price: 200000 })],
      discounts: [
        discount({
          discount_type: 'basic',
          deduction_type: 'percentage',
          deduction_value: 50,
          max_deduction_value: 30000,
        }),
      ],
    });
    expect(priceTransaction(pct, noCharges).drv_total_discount_nominal).toBe(30000);
    const nominal = trx({
      details: [line({ price: 20000 })],
      discounts: [
        discount({
          discount_type: 'custom',
          pos_item_discount_id: 0,
          deduction_type: 'value',
          deduction_value: 50000,
        }),
      ],
    });
    const r = priceTransaction(nominal, noCharges);
    expect(r.drv_total_discount_nominal).toBe(20000);
    expect(r.drv_grand_total).toBe(0);
  });

  it('global discount applies to NORMAL only', () => {
    const t = trx({
      trx_type: 'COUPON_SALES',
      details: [line({ price: 100000 })],
      discounts: [discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 10 })],
    });
    expect(priceTransaction(t, noCharges).drv_total_discount_nominal).toBe(0);
  });

  it('service and additional charges: per line, (line total − global discount share) × charge_percent of its sales type', () => {
    const t = trx({
      details: [
        line({ price: 100000, salesTypeCharges: { service: [1], additional: [1] } }),
        line({ price: 100000 }),
      ],
      discounts: [discount({ discount_type: 'basic', deduction_type: 'value', deduction_value: 20000 })],
    });
    const r = priceTransaction(t, charges(10, 5, null));
    // line 1 share of 20000 is 10000 → base 90000
    expect(r.lines[0].global_discount_share).toBe(10000);
    expect(r.drv_total_service_charge).toBe(9000);
    expect(r.drv_total_additional_charge).toBe(4500);
    expect(r.lines[1].service_charge).toBe(0);
  });

  it('charges are NORMAL only', () => {
    const t = trx({
      trx_type: 'COUPON_SALES',
      details: [line({ price: 100000, salesTypeCharges: { service: [1] } })],
    });
    expect(priceTransaction(t, charges(10, 0, null)).drv_total_service_charge).toBe(0);
  });

  it('tax = (subtotal − discount + service + additional) × tax_percent for NORMAL and COUPON_SALES', () => {
    const t = trx({
      details: [line({ price: 100000, salesTypeCharges: { service: [1], additional: [1] } })],
    });
    const r = priceTransaction(t, charges(10, 5, 11));
    expect(r.drv_tax).toBe(12650);
    expect(r.drv_grand_total).toBe(127650);
    const coupon = priceTransaction(
      trx({ trx_type: 'COUPON_SALES', details: [line({ price: 100000 })] }),
      charges(10, 5, 11),
    );
    expect(coupon.drv_tax).toBe(11000);
  });

  it.each(['TOP_UP_DEPOSIT', 'MEMBERSHIP_SALES', 'ACCOUNT_RECEIVABLE'] as const)('no tax for %s', (type) => {
    expect(
      priceTransaction(trx({ trx_type: type, details: [line({ price: 100000 })] }), charges(10, 5, 11))
        .drv_tax,
    ).toBe(0);
  });

  it('no tax when included in the price', () => {
    expect(priceTransaction(trx({ details: [line({ price: 100000 })] }), charges(0, 0, 11, 1)).drv_tax).toBe(
      0,
    );
  });

  it('grand total = subtotal − discount + service + additional + tax', () => {
    const t = trx({
      details: [
        line({ price: 123456, qty: 2, salesTypeCharges: { service: [1], additional: [1] } }),
        line({ price: 9999, qty: 3 }),
      ],
      discounts: [discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 7.5 })],
    });
    const r = priceTransaction(t, charges(10, 2.5, 11));
    expect(r.drv_grand_total).toBeCloseTo(
      r.drv_subtotal -
        r.drv_total_discount_nominal +
        r.drv_total_service_charge +
        r.drv_total_additional_charge +
        r.drv_tax,
      6,
    );
    expect(r.drv_qty).toBe(5);
  });

  it('one rounding rule: stored amounts are half-up to whole rupiah (ruling 22)', () => {
    const r = priceTransaction(
      trx({
        details: [
          line({
            price: 10000,
            qty: 1,
            discounts: [discount({ deduction_type: 'percentage', deduction_value: 33.333 })],
          }),
        ],
      }),
      charges(0, 0, 11),
    );
    expect(r.lines[0].line_total).toBe(6667);
    expect(r.drv_tax).toBe(733);
    expect(r.drv_grand_total).toBe(7400);
  });

  it('gross total can be filtered by item_nature', () => {
    const r = priceTransaction(
      trx({
        details: [
          line({ price: 100000, nature: 'SERVICE' }),
          line({ price: 30000, qty: 2, nature: 'RETAIL' }),
        ],
      }),
      noCharges,
    );
    expect(grossTotalByNature(r, 'SERVICE')).toBe(100000);
    expect(grossTotalByNature(r, 'RETAIL')).toBe(60000);
    expect(grossTotalByNature(r)).toBe(160000);
  });

  it('change only when a Cash payment exists: payments − drv_grand_total', () => {
    expect(receiptChange(90000, [{ payment_amount: 100000, payment_method: cash }])).toBe(10000);
    expect(receiptChange(90000, [{ payment_amount: 90000, payment_method: card }])).toBeNull();
    const s = paymentStatus(90000, [{ payment_amount: 100000, payment_charge: 0, payment_method: cash }]);
    expect(s.change).toBe(10000);
    expect(s.remaining).toBe(-10000);
  });

  it('payment charge = amount × charge_percentage / 100 + charge_value when charged to the customer', () => {
    expect(
      paymentCharge(100000, { is_charge_to_customer: 1, charge_percentage: 2.5, charge_value: 1000 }),
    ).toBe(3500);
    expect(
      paymentCharge(100000, { is_charge_to_customer: 0, charge_percentage: 2.5, charge_value: 1000 }),
    ).toBe(0);
  });
});
