// Rulings 22 (whole rupiah, rounded where computed, totals add up) and 23 (an empty cap is no cap,
// a cap of 0 caps at 0), with the trial's sale: tax 51,166.5 showed IDR 516,316 but pre-filled
// 516,316.5 and Selesai refused paying 516,316.
import { describe, expect, it } from 'vitest';
import {
  checkSalePayments,
  couponItemSchema,
  formatAmountInput,
  formatCurrency,
  type PaymentMethod,
  paymentCharge,
  paymentStatus,
  posItemDiscountSchema,
  prefillPaymentAmount,
  priceTransaction,
  redeemItemSchema,
  totalsToTransactionFields,
} from '../../src/domain';
import { buildReceipt, receiptMode } from '../../src/domain/receipt';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import { charges, discount, line, noCharges, trx } from './fixtures';
import { printConfig, receiptLine, sale } from './receipt/fixtures';

const cash: PaymentMethod = { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 };
const pay = (amount: number, method: PaymentMethod = cash, charge = 0) => ({
  local_payment_id: `p-${amount}`,
  payment_type: 'NORMAL' as const,
  payment_amount: amount,
  payment_charge: charge,
  payment_ref: null,
  payment_method: method,
});

/** The trial's sale: a 465,150 subtotal under PPN 11% (tax 51,166.5 before ruling 22). */
const trialSale = () => trx({ details: [line({ price: 155050, qty: 3 })] });
const ppn11 = charges(0, 0, 11);

describe('whole rupiah (ruling 22)', () => {
  it('rounds the tax half up and the grand total is the sum of the rounded figures', () => {
    const t = priceTransaction(trialSale(), ppn11);
    expect(t.drv_subtotal).toBe(465150);
    expect(t.drv_tax).toBe(51167);
    expect(t.drv_grand_total).toBe(516317);
    expect(formatCurrency(t.drv_grand_total)).toBe('IDR 516,317');
  });

  it('pre-fills, leaves nothing remaining and passes the payment check when the shown total is paid', () => {
    const total = priceTransaction(trialSale(), ppn11).drv_grand_total;
    const prefill = prefillPaymentAmount(paymentStatus(total, []).remaining);
    expect(formatAmountInput(prefill)).toBe('516,317');
    const paid = [pay(prefill)];
    expect(paymentStatus(total, paid).remaining).toBe(0);
    expect(checkSalePayments({ payments: paid }, total)).toBeNull();
    // one rupiah short is still refused
    expect(checkSalePayments({ payments: [pay(prefill - 1)] }, total)?.message).toBe(
      SALE_MESSAGES.notPaidOff,
    );
  });

  it('rounds each line total half up (a percentage promo of an odd price)', () => {
    const t = priceTransaction(
      trx({
        details: [
          line({
            price: 10005,
            discounts: [discount({ deduction_type: 'percentage', deduction_value: 10 })],
          }),
          line({ price: 1001, qty: 1.5 }),
        ],
      }),
      noCharges,
    );
    expect(t.lines.map((l) => l.line_total)).toEqual([9005, 1502]);
    expect(t.lines.map((l) => l.gross_total)).toEqual([10005, 1502]);
    expect(t.lines[0].discount_total).toBe(1000);
    expect(t.drv_subtotal).toBe(10507);
  });

  it('rounds the global discount, each charge and the tax half up', () => {
    const t = priceTransaction(
      trx({
        details: [line({ price: 10005, salesTypeCharges: { service: [1], additional: [1] } })],
        discounts: [discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 5 })],
      }),
      charges(5, 2.5, 11),
    );
    // 5% of 10,005 = 500.25 → 500; kept 9,505; service 5% = 475.25 → 475; additional 2.5% = 237.625 → 238
    expect(t.drv_total_discount_nominal).toBe(500);
    expect(t.drv_total_service_charge).toBe(475);
    expect(t.drv_total_additional_charge).toBe(238);
    // tax 11% of 9,505 + 475 + 238 = 10,218 → 1,123.98 → 1,124
    expect(t.drv_tax).toBe(1124);
    expect(t.drv_grand_total).toBe(10005 - 500 + 475 + 238 + 1124);
  });

  it('charges a payment whole rupiah', () => {
    const card = { is_charge_to_customer: 1, charge_percentage: 1.5, charge_value: 0 };
    expect(paymentCharge(516317, card)).toBe(7745); // 7,744.755
  });

  it('prints the same whole figures on the receipt, and they add up', () => {
    const drawn = sale({
      details: [receiptLine(1, { name: 'Keratin', price: 155050, qty: 3 })],
      discounts: [],
      payments: [pay(516317)],
    });
    // stored as the cashier priced it under PPN 11%
    const trial = { ...drawn, ...totalsToTransactionFields(priceTransaction(drawn, ppn11)) };
    const r = buildReceipt(
      trial,
      { ...printConfig(), tax: { tax_percent: 11, is_included_in_price: 0 } },
      {
        mode: receiptMode('print'),
      },
    );
    const rows = Object.fromEntries(r.totals.map((row) => [row.label, row.value]));
    expect(rows).toMatchObject({ 'Tax (11%)': '51,167', TOTAL: '516,317' });
    expect(trial.drv_grand_total).toBe(516317);
    expect(r.change).toEqual({ label: 'Change', value: '0' });
  });
});

describe('caps (ruling 23): an empty cap is no cap, a cap of 0 caps at 0', () => {
  const percentOff = (cap: unknown) =>
    posItemDiscountSchema.parse({
      pos_item_discount_id: 1,
      discount_type: 'req-item',
      deduction_type: 'percentage',
      deduction_value: 20,
      max_deduction_value: cap,
    });

  it('max_deduction_value of an item promo', () => {
    const lineTotal = (cap: unknown) =>
      priceTransaction(trx({ details: [line({ price: 100000, discounts: [percentOff(cap)] })] }), noCharges)
        .lines[0].line_total;
    expect(lineTotal('')).toBe(80000);
    expect(lineTotal(null)).toBe(80000);
    expect(lineTotal(0)).toBe(100000);
    expect(lineTotal('0')).toBe(100000);
    expect(lineTotal(5000)).toBe(95000);
  });

  it('max_deduction_value of a global promo', () => {
    const discountOf = (cap: unknown) =>
      priceTransaction(
        trx({
          details: [line({ price: 100000 })],
          discounts: [{ ...percentOff(cap), discount_type: 'basic' }],
        }),
        noCharges,
      ).drv_total_discount_nominal;
    expect(discountOf('')).toBe(20000);
    expect(discountOf(0)).toBe(0);
    expect(discountOf(7000)).toBe(7000);
  });

  it('item_category_max_deduction_value of a coupon', () => {
    const lineTotal = (cap: unknown) =>
      priceTransaction(
        trx({
          details: [line({ price: 100000, categoryId: 4 })],
          coupon: {
            coupon_code: 'C',
            coupon_item: couponItemSchema.parse({
              pos_link_type: 'item_category',
              pos_item_category_id: 4,
              item_category_deduction_percentage: 30,
              item_category_max_deduction_value: cap,
            }),
          },
        }),
        noCharges,
      ).lines[0].line_total;
    expect(lineTotal('')).toBe(70000);
    expect(lineTotal(0)).toBe(100000);
    expect(lineTotal(10000)).toBe(90000);
  });

  it('max_discount_value of a coupon or redeem discount link', () => {
    const link = (cap: unknown) => ({
      pos_link_type: 'discount',
      discount_percentage: 10,
      max_discount_value: cap,
    });
    const viaCoupon = (cap: unknown) =>
      priceTransaction(
        trx({
          details: [line({ price: 200000 })],
          coupon: { coupon_code: 'C', coupon_item: couponItemSchema.parse(link(cap)) },
        }),
        noCharges,
      ).drv_total_discount_nominal;
    const viaRedeem = (cap: unknown) =>
      priceTransaction(
        trx({
          details: [line({ price: 200000 })],
          redeem: { redeem_type: 'qr', redeem_item: redeemItemSchema.parse(link(cap)) },
        }),
        noCharges,
      ).drv_total_discount_nominal;
    for (const price of [viaCoupon, viaRedeem]) {
      expect(price('')).toBe(20000);
      expect(price('  ')).toBe(20000);
      expect(price(0)).toBe(0);
      expect(price(15000)).toBe(15000);
    }
  });
});
