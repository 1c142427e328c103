// Ruling 28 on the receipt model (src/domain/receipt), shared by the paper pages, the public receipt and the
// history copy: the DETAILED receipt's Discount line is followed by its parts (each item promotion and the
// transaction discount by name) that add up to it; every receipt lists each payment with its amount before
// its charge line; a membership sale's line shows the membership's validity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/domain/money';
import { buildReceipt, membershipValidity, type ReceiptRow, receiptMode } from '../../../src/domain/receipt';
import { printConfig, receiptLine, sale } from './fixtures';

const labels = (rows: ReceiptRow[]) => rows.map((r) => `${r.sub ? '  ' : ''}${r.label}=${r.value}`);
const legit = receiptMode('print');
const rupiah = (v: string) => Number(v.replace(/[^\d-]/g, ''));

const promo = (
  id: number,
  name: string,
  type: 'percentage' | 'value',
  value: number,
  kind: 'basic' | 'req-item' = 'req-item',
) => ({
  pos_item_discount_id: id,
  discount_name: name,
  discount_type: kind,
  deduction_type: type,
  deduction_value: value,
});

const cash = (amount: number) => ({
  local_payment_id: 'p1',
  payment_type: 'NORMAL' as const,
  payment_amount: amount,
  payment_method: { payment_method_name: 'Cash', table_name: 'cash', table_id: 1 },
});

describe('the Discount line and its parts (DETAILED)', () => {
  it("the newcomer's Kemang sale: item promotions and 'Potongan Rp 25.000' under Discount −62,000", () => {
    // gross 505,000; item promotions 37,000 (cart Subtotal 468,000); the transaction discount 25,000
    const trx = sale({
      details: [
        receiptLine(1, {
          name: 'Potong Rambut Wanita',
          price: 150000,
          extra: { pos_item_discounts: [promo(711, 'Diskon Potong Rambut 10%', 'percentage', 10)] },
        }),
        receiptLine(2, {
          name: 'Creambath',
          price: 175000,
          extra: { pos_item_discounts: [promo(712, 'Hemat Creambath Rp 20.000', 'value', 20000)] },
        }),
        receiptLine(3, {
          name: 'Potong Rambut Wanita',
          price: 20000,
          extra: { pos_item_discounts: [promo(711, 'Diskon Potong Rambut 10%', 'percentage', 10)] },
        }),
        receiptLine(4, { name: 'Hair Mask', price: 160000, nature: 'RETAIL' }),
      ],
      discounts: [promo(702, 'Potongan Rp 25.000', 'value', 25000, 'basic')],
      payments: [cash(500000)],
    });
    const r = buildReceipt(trx, printConfig(), { mode: legit });
    expect(labels(r.totals)).toEqual([
      'Subtotal=505,000',
      'Discount=-62,000',
      '  Diskon Potong Rambut 10%=-17,000',
      '  Hemat Creambath Rp 20.000=-20,000',
      '  Potongan Rp 25.000=-25,000',
      'Tax (10%)=44,300',
      'TOTAL=487,300',
    ]);
  });

  it('names the typed transaction discounts and a custom line discount', () => {
    const trx = sale({
      details: [
        receiptLine(1, {
          price: 100000,
          extra: { custom_discount_type: 'percentage', custom_discount_value: 10 },
        }),
      ],
      discounts: [],
      customer: { user_code: 'U1', user_name: 'Siti', discount_level: { reward_value: 5 } },
      payments: [cash(100000)],
    });
    const r = buildReceipt(trx, printConfig(), { mode: legit });
    expect(labels(r.totals)).toEqual([
      'Subtotal=100,000',
      'Discount=-14,500',
      '  C. Disc 10%=-10,000',
      '  Member Discount - 5%=-4,500',
      'Tax (10%)=8,550',
      'TOTAL=94,050',
    ]);
  });

  it('the SIMPLE template keeps its one typed discount line; no discount, no parts', () => {
    const simple = buildReceipt(sale(), printConfig({ receipt_template: 'SIMPLE' }), { mode: legit });
    expect(simple.totals.some((t) => t.sub)).toBe(false);
    const none = buildReceipt(sale({ discounts: [], details: [receiptLine(1)] }), printConfig(), {
      mode: legit,
    });
    expect(none.totals.map((t) => t.label)).toEqual(['Subtotal', 'Tax (10%)', 'TOTAL']);
  });

  const line = fc.record({
    price: fc.integer({ min: 0, max: 2_000_000 }),
    qty: fc.integer({ min: 1, max: 5 }),
    retail: fc.boolean(),
    promos: fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 4 }),
        percent: fc.boolean(),
        value: fc.integer({ min: 1, max: 60_000 }),
      }),
      { maxLength: 2 },
    ),
    custom: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  });
  const global = fc.array(
    fc.record({
      id: fc.integer({ min: 5, max: 8 }),
      percent: fc.boolean(),
      value: fc.integer({ min: 1, max: 90_000 }),
    }),
    { maxLength: 2 },
  );

  it('property: the parts follow the Discount line and add up to it; TOTAL = Subtotal − Discount + tax', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        global,
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
        (lines, globals, member) => {
          const trx = sale({
            details: lines.map((l, i) =>
              receiptLine(i + 1, {
                price: l.price,
                qty: l.qty,
                nature: l.retail ? 'RETAIL' : 'SERVICE',
                extra: {
                  pos_item_discounts: l.promos.map((p) =>
                    promo(
                      p.id,
                      `Promo ${p.id}`,
                      p.percent ? 'percentage' : 'value',
                      p.percent ? p.value % 100 : p.value,
                    ),
                  ),
                  ...(l.custom
                    ? { custom_discount_type: 'percentage', custom_discount_value: l.custom }
                    : {}),
                },
              }),
            ),
            discounts: globals.map((g) =>
              promo(
                g.id,
                `Global ${g.id}`,
                g.percent ? 'percentage' : 'value',
                g.percent ? g.value % 100 : g.value,
                'basic',
              ),
            ),
            customer: member ? { user_code: 'U1', discount_level: { reward_value: member } } : null,
            payments: [],
          });
          const r = buildReceipt(trx, printConfig(), { mode: legit });
          const i = r.totals.findIndex((t) => t.label === 'Discount' && !t.sub);
          const parts = r.totals.filter((t) => t.sub);
          const expected =
            Number(trx.drv_gross_total) - Number(trx.drv_subtotal) + Number(trx.drv_total_discount_nominal);
          if (expected <= 0) {
            expect(i).toBe(-1);
            expect(parts).toEqual([]);
            return;
          }
          expect(rupiah(r.totals[i].value)).toBe(-expected);
          // the parts are the rows right after the Discount line, each negative, adding up to it
          expect(r.totals.slice(i + 1, i + 1 + parts.length)).toEqual(parts);
          expect(parts.length).toBeGreaterThan(0);
          expect(parts.reduce((s, p) => s + rupiah(p.value), 0)).toBe(-expected);
          for (const p of parts) expect(rupiah(p.value)).toBeLessThan(0);
          // the names are unique (one line per promotion)
          expect(new Set(parts.map((p) => p.label)).size).toBe(parts.length);
          const subtotal = rupiah(r.totals[0].value);
          const total = rupiah(r.totals.at(-1)?.value ?? '');
          const tax = r.totals.find((t) => t.label.startsWith('Tax'));
          expect(total).toBe(subtotal - expected + (tax ? rupiah(tax.value) : 0));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('payments with their amounts, before their charges (every receipt)', () => {
  const method = fc.constantFrom(
    { payment_method_name: 'Cash', table_name: 'cash', table_id: 1 },
    { payment_method_name: 'Debit Card', table_name: 'edc', table_id: 2, charge_label: 'Biaya Kartu Debit' },
    { payment_method_name: 'QRIS', table_name: 'edc', table_id: 4 },
  );
  const payment = fc.record({
    method,
    amount: fc.integer({ min: 1, max: 5_000_000 }),
    charge: fc.integer({ min: 0, max: 50_000 }),
  });

  it('property: each payment prints with its amount, its charge line right after it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('NORMAL', 'TOP_UP_DEPOSIT', 'COUPON_SALES', 'MEMBERSHIP_SALES', 'ACCOUNT_RECEIVABLE'),
        fc.array(payment, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('DETAILED', 'SIMPLE'),
        (type, pays, template) => {
          const trx = sale({
            trx_type: type as 'NORMAL',
            discounts: [],
            payments: pays.map((p, i) => ({
              local_payment_id: `p${i}`,
              payment_type: 'NORMAL' as const,
              payment_amount: p.amount,
              payment_charge: p.charge,
              payment_method: p.method,
            })),
          });
          for (const mode of [legit, receiptMode('completed'), receiptMode('view')]) {
            const r = buildReceipt(trx, printConfig({ receipt_template: template }), { mode });
            const expected = pays.flatMap((p) => [
              `${p.method.payment_method_name}=${formatMoney(p.amount)}`,
              ...(p.charge > 0
                ? [
                    `${p.method.charge_label || `Charge ${p.method.payment_method_name}`}=${formatMoney(p.charge)}`,
                  ]
                : []),
            ]);
            expect(labels(r.payments)).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a membership sale's validity", () => {
  const membership = (period: { start_date: string; end_date: string } | null) =>
    sale({
      trx_type: 'MEMBERSHIP_SALES',
      discounts: [],
      details: [receiptLine(1, { name: 'Klinik Care', price: 250000 })],
      membership_period: period,
      payments: [cash(250000)],
    });

  it('prints the period the server granted under the membership line', () => {
    const r = buildReceipt(membership({ start_date: '2026-11-27', end_date: '2027-05-25' }), printConfig(), {
      mode: legit,
    });
    expect(r.sections[0].items[0].name).toBe('Klinik Care');
    expect(r.sections[0].items[0].sub).toContain('Berlaku 27 Nov 2026 s/d 25 May 2027');
  });

  it('prints nothing without a period, and never on another kind of sale', () => {
    expect(membershipValidity(membership(null))).toBeNull();
    expect(
      membershipValidity({
        trx_type: 'NORMAL',
        membership_period: { start_date: '2026-01-01', end_date: '2026-02-01' },
      }),
    ).toBeNull();
  });
});
