import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyGlobalDiscount,
  autoMultiCommissionShares,
  big,
  checkSalePayments,
  createIncrementalPricer,
  customGlobalDiscount,
  formatAmountInput,
  formatMoney,
  isPromoValid,
  type PaymentMethod,
  type PosItemDiscount,
  type PosTransaction,
  type PricingConfig,
  type PromoLink,
  parseAmountInput,
  paymentStatus,
  prefillPaymentAmount,
  priceTransaction,
  remainingCommission,
  sellerShares,
  TRX_TYPES,
} from '../../src/domain';
import { discount, type LineSpec, line, trx } from './fixtures';

const money = fc.integer({ min: 0, max: 200_000_000 }).map((c) => c / 100);
const pct = fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100);
const cap = fc.option(fc.integer({ min: -1, max: 5_000_000 }), { nil: null });

const itemDiscount: fc.Arbitrary<PosItemDiscount> = fc.oneof(
  fc
    .record({ v: pct, c: cap })
    .map(({ v, c }) =>
      discount({ deduction_type: 'percentage', deduction_value: v, max_deduction_value: c }),
    ),
  money.map((v) => discount({ deduction_type: 'value', deduction_value: v })),
);

/** Item ids shared by lines, coupon/redeem markers and item links, so they match often. */
const ITEM_IDS = [1, 2, 3, 4];
const itemId = fc.constantFrom(...ITEM_IDS);
/** Charge ids a sales type may reference; id 3 is not in the configuration's catalogue. */
const chargeIds = fc.subarray([1, 2, 3]);

const lineSpec: fc.Arbitrary<LineSpec> = fc
  .record({
    price: money,
    qty: fc.oneof(
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 1, max: 2000 }).map((q) => q / 100),
    ),
    options: fc.array(fc.integer({ min: -50_000, max: 50_000 }), { maxLength: 3 }),
    categoryId: fc.integer({ min: 1, max: 3 }),
    nature: fc.constantFrom('SERVICE' as const, 'RETAIL' as const),
    itemId,
    discounts: fc.array(itemDiscount, { maxLength: 3 }),
    custom: fc.option(
      fc.oneof(
        pct.map((value) => ({ type: 'percentage' as const, value })),
        money.map((value) => ({ type: 'nominal' as const, value })),
      ),
      { nil: undefined },
    ),
    salesTypeCharges: fc.option(fc.record({ service: chargeIds, additional: chargeIds }), {
      nil: undefined,
    }),
    // a line the coupon or redeem created carries its item id; sometimes another id
    couponMarker: fc.oneof(fc.constant('own' as const), fc.constant(undefined), itemId),
    redeemMarker: fc.oneof(fc.constant('own' as const), fc.constant(undefined), itemId),
  })
  .map(({ couponMarker, redeemMarker, ...spec }) => ({
    ...spec,
    coupon: couponMarker === 'own' ? spec.itemId : couponMarker,
    redeem: redeemMarker === 'own' ? spec.itemId : redeemMarker,
  }));

/** A coupon_item or redeem_item of any link kind: item, item_category or discount. */
const promoLink: fc.Arbitrary<PromoLink> = fc.oneof(
  fc
    .record({
      id: fc.option(itemId, { nil: null }),
      type: fc.constantFrom('percentage', 'value'),
      v: fc.oneof(pct, money),
    })
    .map(({ id, type, v }) => ({
      pos_link_type: 'item' as const,
      pos_item_id: id,
      item_deduction_type: type,
      item_deduction_value: v,
    })),
  fc.record({ cat: fc.integer({ min: 1, max: 3 }), p: pct, c: cap }).map(({ cat, p, c }) => ({
    pos_link_type: 'item_category' as const,
    pos_item_category_id: cat,
    item_category_deduction_percentage: p,
    item_category_max_deduction_value: c,
  })),
  fc.record({ p: pct, c: cap }).map(({ p, c }) => ({
    pos_link_type: 'discount' as const,
    discount_percentage: p,
    max_discount_value: c,
  })),
);

const globalDiscounts = fc.array(
  fc.oneof(
    fc.record({ v: pct, c: cap }).map(({ v, c }) =>
      discount({
        discount_type: 'basic',
        deduction_type: 'percentage',
        deduction_value: v,
        max_deduction_value: c,
      }),
    ),
    money.map((v) => customGlobalDiscount('value', v)),
  ),
  { maxLength: 2 },
);

const transaction: fc.Arbitrary<PosTransaction> = fc
  .record({
    type: fc.constantFrom(...TRX_TYPES),
    lines: fc.array(lineSpec, { maxLength: 12 }),
    discounts: globalDiscounts,
    reward: fc.option(pct, { nil: undefined }),
    couponLink: fc.option(promoLink, { nil: undefined }),
    redeemLink: fc.option(promoLink, { nil: undefined }),
  })
  .map((r) =>
    trx({
      trx_type: r.type,
      details: r.lines.map(line),
      discounts: r.discounts,
      customer:
        r.reward !== undefined ? { user_code: 'U', discount_level: { reward_value: r.reward } } : null,
      coupon: r.couponLink ? { coupon_code: 'C', coupon_item: r.couponLink } : null,
      redeem: r.redeemLink ? { redeem_type: 'qr', redeem_item: r.redeemLink } : null,
    }),
  );

const config: fc.Arbitrary<PricingConfig> = fc.record({
  tax: fc.option(
    fc.record({ tax_percent: pct.map((p) => p / 4), is_included_in_price: fc.constantFrom(0, 1) }),
    { nil: null },
  ),
  service_charge: fc.tuple(pct, pct).map(([a, b]) => [
    { pos_serviceCharge_id: 1, charge_percent: a / 5 },
    { pos_serviceCharge_id: 2, charge_percent: b / 10 },
  ]),
  additional_charge: fc.tuple(pct, pct).map(([a, b]) => [
    { pos_additionalCharge_id: 1, charge_percent: a / 5 },
    { pos_additionalCharge_id: 2, charge_percent: b / 10 },
  ]),
});

describe('pricing properties', () => {
  it('totals are never negative', () => {
    fc.assert(
      fc.property(transaction, config, (t, c) => {
        const r = priceTransaction(t, c);
        for (const v of [
          r.drv_gross_total,
          r.drv_subtotal,
          r.drv_total_discount_nominal,
          r.drv_total_service_charge,
          r.drv_total_additional_charge,
          r.drv_tax,
          r.drv_grand_total,
        ])
          expect(v).toBeGreaterThanOrEqual(0);
        for (const l of r.lines) expect(l.line_total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a line’s discount never exceeds its price', () => {
    fc.assert(
      fc.property(transaction, config, (t, c) => {
        for (const l of priceTransaction(t, c).lines) {
          expect(l.unit_discount).toBeGreaterThanOrEqual(0);
          expect(l.unit_discount).toBeLessThanOrEqual(l.unit_price);
          expect(l.discount_total).toBeLessThanOrEqual(l.gross_total);
        }
      }),
    );
  });

  it('the global discount never exceeds the subtotal', () => {
    fc.assert(
      fc.property(transaction, config, (t, c) => {
        const r = priceTransaction(t, c);
        expect(r.drv_total_discount_nominal).toBeLessThanOrEqual(r.drv_subtotal);
      }),
    );
  });

  it('grand total = subtotal − discount + service + additional + tax (exactly, in decimals)', () => {
    fc.assert(
      fc.property(transaction, config, (t, c) => {
        const r = priceTransaction(t, c);
        const expected = big(r.drv_subtotal)
          .minus(r.drv_total_discount_nominal)
          .plus(r.drv_total_service_charge)
          .plus(r.drv_total_additional_charge)
          .plus(r.drv_tax);
        expect(big(r.drv_grand_total).eq(expected)).toBe(true);
      }),
    );
  });

  it('tax is zero for TOP_UP_DEPOSIT, MEMBERSHIP_SALES and ACCOUNT_RECEIVABLE', () => {
    fc.assert(
      fc.property(
        transaction,
        config,
        fc.constantFrom('TOP_UP_DEPOSIT', 'MEMBERSHIP_SALES', 'ACCOUNT_RECEIVABLE'),
        (t, c, type) => {
          expect(priceTransaction({ ...t, trx_type: type }, c).drv_tax).toBe(0);
        },
      ),
    );
  });

  it('reordering lines does not change the totals', () => {
    fc.assert(
      fc.property(
        transaction.chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.shuffledSubarray(t.details, { minLength: t.details.length, maxLength: t.details.length }),
          ),
        ),
        config,
        ([t, shuffled], c) => {
          const { lines: _a, ...a } = priceTransaction(t, c);
          const { lines: _b, ...b } = priceTransaction({ ...t, details: shuffled }, c);
          expect(b).toEqual(a);
        },
      ),
    );
  });

  it('an item-link coupon or redeem touches only the lines carrying its marker', () => {
    fc.assert(
      fc.property(
        transaction,
        config,
        fc.constantFrom('coupon' as const, 'redeem' as const),
        (t, c, kind) => {
          const link = kind === 'coupon' ? t.coupon?.coupon_item : t.redeem?.redeem_item;
          fc.pre(link?.pos_link_type === 'item');
          const without = priceTransaction({ ...t, [kind]: null }, c).lines;
          priceTransaction(t, c).lines.forEach((l, i) => {
            if (t.details[i][kind] === null) expect(l.unit_discount).toBe(without[i].unit_discount);
          });
        },
      ),
    );
  });

  it('applying the same global discount twice changes nothing', () => {
    fc.assert(
      fc.property(
        transaction,
        config,
        globalDiscounts.filter((d) => d.length > 0).map((d) => d[0]),
        (t, c, d) => {
          const once = { ...t, discounts: applyGlobalDiscount(t.discounts, d) };
          const twice = { ...once, discounts: applyGlobalDiscount(once.discounts, d) };
          expect(twice.discounts).toEqual(once.discounts);
          expect(priceTransaction(twice, c)).toEqual(priceTransaction(once, c));
        },
      ),
    );
  });
});

describe('whole rupiah properties (ruling 22)', () => {
  /** A figure as printed (0 decimals, grouped), read back. */
  const printed = (v: number) => Number(formatMoney(v).replaceAll(',', ''));
  const cash: PaymentMethod = { payment_method_name: 'Cash', table_name: 'pm', table_id: 1 };
  const card: PaymentMethod = { payment_method_name: 'Debit', table_name: 'pm', table_id: 2 };
  const pay = (amount: number, method: PaymentMethod) => ({
    local_payment_id: `p-${method.table_id}`,
    payment_type: 'NORMAL' as const,
    payment_amount: amount,
    payment_charge: 0,
    payment_ref: null,
    payment_method: method,
  });

  it('every money figure computed is a whole number of rupiah', () => {
    fc.assert(
      fc.property(transaction, config, (t, c) => {
        const r = priceTransaction(t, c);
        const figures = [
          r.drv_gross_total,
          r.item_discount_total,
          r.drv_subtotal,
          r.drv_total_discount_nominal,
          r.drv_total_service_charge,
          r.drv_total_additional_charge,
          r.drv_tax,
          r.drv_grand_total,
          ...r.lines.flatMap((l) => [
            l.gross_total,
            l.discount_total,
            l.line_total,
            l.global_discount_share,
            l.service_charge,
            l.additional_charge,
          ]),
        ];
        for (const v of figures) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('the printed components sum to the printed total', () => {
    fc.assert(
      fc.property(transaction, config, (t, c) => {
        const r = priceTransaction(t, c);
        const lines = r.lines.reduce((s, l) => s + printed(l.line_total), 0);
        expect(lines).toBe(printed(r.drv_subtotal));
        // SIMPLE: Subtotal − Discount + charges + Tax = TOTAL
        expect(
          printed(r.drv_subtotal) -
            printed(r.drv_total_discount_nominal) +
            printed(r.drv_total_service_charge) +
            printed(r.drv_total_additional_charge) +
            printed(r.drv_tax),
        ).toBe(printed(r.drv_grand_total));
        // DETAILED: Subtotal (gross) − Discount (item + global) + charges + Tax = TOTAL
        expect(
          printed(r.drv_gross_total) -
            printed(r.item_discount_total + r.drv_total_discount_nominal) +
            printed(r.drv_total_service_charge) +
            printed(r.drv_total_additional_charge) +
            printed(r.drv_tax),
        ).toBe(printed(r.drv_grand_total));
      }),
    );
  });

  it('paying the shown remaining (pre-filled) completes the sale', () => {
    fc.assert(
      fc.property(transaction, config, fc.nat(), (t, c, partSeed) => {
        const total = priceTransaction(t, c).drv_grand_total;
        fc.pre(total > 0);
        // maybe a first payment of part of it (never all: a rest must remain to pre-fill), then the pre-filled rest
        const first = partSeed % total;
        const before = first > 0 ? [pay(first, card)] : [];
        const remaining = paymentStatus(total, before).remaining;
        expect(printed(remaining)).toBe(remaining);
        const prefill = parseAmountInput(formatAmountInput(prefillPaymentAmount(remaining))).value;
        expect(prefill).toBe(remaining);
        const payments = [...before, pay(prefill, cash)];
        expect(paymentStatus(total, payments).remaining).toBe(0);
        expect(checkSalePayments({ payments }, total)).toBeNull();
      }),
    );
  });
});

describe('commission properties', () => {
  it('auto-split shares sum to at most 100 and every share ≥ 0', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.nat() }), { minLength: 1, maxLength: 30 }), (workers) => {
        for (const shares of [autoMultiCommissionShares(workers, true), sellerShares(workers, true)]) {
          const sum = shares.reduce((s, x) => s.plus(x.percentage), big(0));
          expect(sum.lte(100)).toBe(true);
          for (const s of shares) expect(s.percentage).toBeGreaterThanOrEqual(0);
          expect(remainingCommission(shares)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('amount input properties', () => {
  const separators = fc.constantFrom(
    { decimalSeparator: '.', thousandSeparator: ',' },
    { decimalSeparator: ',', thousandSeparator: '.' },
  );
  it('formatting then parsing returns the value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }).map((c) => c / 100),
        separators,
        (value, sep) => {
          expect(parseAmountInput(formatAmountInput(value, sep), sep).value).toBe(value);
        },
      ),
    );
  });
});

describe('promo validity properties', () => {
  const day = fc
    .integer({ min: 0, max: 400 })
    .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
    .map(
      ([h, m, s]) =>
        `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`,
    );
  it('is monotone in the window edges: widening the window never invalidates', () => {
    fc.assert(
      fc.property(day, day, day, time, fc.nat(30), fc.nat(30), (a, b, nowDay, t, earlier, later) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const shift = (d: string, n: number) =>
          new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
        const now = `${nowDay} ${t}`;
        const base = discount({
          discount_type: 'basic',
          deduction_type: 'percentage',
          deduction_value: 1,
          start_date: start,
          end_date: end,
        });
        const wider = { ...base, start_date: shift(start, -earlier), end_date: shift(end, later) };
        if (isPromoValid(base, { now })) expect(isPromoValid(wider, { now })).toBe(true);
        // inside the dates ⇔ valid for an all_day promo
        const inside = now >= `${start} 00:00:01` && now <= `${end} 23:59:59`;
        expect(isPromoValid(base, { now })).toBe(inside);
      }),
    );
  });
});

describe('incremental pricer', () => {
  it('gives the same totals as priceTransaction after any sequence of single-line edits', () => {
    fc.assert(
      fc.property(
        transaction.filter((t) => t.details.length > 0),
        config,
        fc.array(fc.record({ at: fc.nat(), spec: lineSpec }), { maxLength: 10 }),
        (t, c, edits) => {
          const pricer = createIncrementalPricer();
          let current = t;
          expect(pricer(current, c)).toEqual(priceTransaction(current, c));
          for (const e of edits) {
            const details = current.details.slice();
            details[e.at % details.length] = line(e.spec);
            current = { ...current, details };
            expect(pricer(current, c)).toEqual(priceTransaction(current, c));
          }
        },
      ),
    );
  });
});
