// The e-mail/SMS receipt (server/services/receipt-render.ts) on hand-made sales priced by src/domain:
// the same sections, lines and totals as the printed receipt, per receipt_template.
import { describe, expect, it } from 'vitest';
import {
  receiptDocument,
  receiptHtml,
  receiptMessage,
  receiptText,
} from '../../../server/services/receipt-render';
import { posTransactionSchema } from '../../../src/domain/model/transaction';
import { formatMoney } from '../../../src/domain/money';
import { type PricingConfig, priceTransaction, totalsToTransactionFields } from '../../../src/domain/pricing';
import type { ReceiptConfig } from '../../../src/domain/receipt';

type Doc = Record<string, unknown>;

const config: PricingConfig = {
  tax: { tax_percent: 10, is_included_in_price: 0 },
  service_charge: [{ pos_serviceCharge_id: 1, charge_percent: 5 }],
  additional_charge: [{ pos_additionalCharge_id: 2, charge_percent: 2 }],
};
const homeService = {
  pos_salesType_id: 3,
  pos_salesType_name: 'Home Service',
  pos_sales_type_service_charges: [{ pos_serviceCharge_id: 1 }],
  pos_sales_type_additional_charges: [{ pos_additionalCharge_id: 2 }],
};
const item = (id: number, name: string, price: number, extra: Doc = {}, nature = 'SERVICE') => ({
  local_trx_detail_id: `line-${id}`,
  pos_item_id: id,
  pos_item_variant_id: id * 10,
  qty: 2,
  pos_sales_type: homeService,
  itemMeta: {
    pos_item_id: id,
    item_name: name,
    item_nature: nature,
    pos_item_variants: [
      { pos_item_variant_id: id * 10, pos_item_id: id, variant_name: 'Panjang', variant_price: price },
    ],
  },
  ...extra,
});
const card = (amount: number, charge: number) => ({
  local_payment_id: 'p1',
  payment_type: 'NORMAL',
  payment_amount: amount,
  payment_charge: charge,
  payment_method: {
    payment_method_name: 'Debit Card',
    table_name: 'pm',
    table_id: 2,
    charge_label: 'Biaya Kartu 1%',
    is_charge_to_customer: 1,
    charge_percentage: 1,
  },
});
const cash = (amount: number) => ({
  local_payment_id: 'c',
  payment_type: 'NORMAL',
  payment_amount: amount,
  payment_method: { payment_method_name: 'Cash', table_name: 'pm', table_id: 1 },
});
const money = (v: number) => formatMoney(v);

/** A completed sale with its drv_* totals stored as the server priced them at ingest. */
function render(raw: Doc, configs: Doc = {}) {
  const trx0 = posTransactionSchema.parse({
    local_trx_id: 'abcdef-123456',
    trx_status_id: 3,
    trx_type: 'NORMAL',
    trx_local_start_time: '2026-11-22 09:00:00',
    trx_local_end_time: '2026-11-22 09:45:00',
    ...raw,
  });
  const totals = priceTransaction(trx0, config);
  const trx = { ...trx0, ...totalsToTransactionFields(totals) };
  const doc = receiptDocument(
    trx,
    {
      brand_name: 'Serambi Beauty',
      outlet_name: 'Kemang',
      pos_print_outlet_name: 1,
      currency_code: 'IDR',
      ...config,
      ...configs,
    } as ReceiptConfig,
    'https://struk.test/receipt/TOKEN',
  );
  return { doc, totals, text: receiptText(doc), html: receiptHtml(doc) };
}

/** Each text found after the previous one. */
const inOrder = (t: string, parts: string[]): string | null => {
  let at = 0;
  for (const p of parts) {
    const i = t.indexOf(p, at);
    if (i < 0) return p;
    at = i + p.length;
  }
  return null;
};

const mixed = {
  details: [
    item(1, 'Creambath', 100_000, { custom_discount_type: 'percentage', custom_discount_value: 20 }),
    item(2, 'Shampoo 250ml', 50_000, {}, 'RETAIL'),
  ],
  discounts: [
    {
      pos_item_discount_id: 0,
      discount_name: 'Diskon Lebaran',
      discount_type: 'custom',
      deduction_type: 'percentage',
      deduction_value: 10,
    },
  ],
  payments: [card(400_000, 4_000)],
};

describe('the e-mailed receipt follows receipt_template', () => {
  it('DETAILED: SERVICES / ITEMS (RETAIL) with their totals, gross prices, Subtotal (gross) and Discount (item + global), then charges, tax, TOTAL, payments with charge lines', () => {
    const { doc, totals, text, html } = render(mixed, { receipt_template: 'DETAILED' });
    expect(doc.receipt.template).toBe('DETAILED');
    expect(doc.receipt.sections.map((s) => [s.title, s.total?.label])).toEqual([
      ['SERVICES', 'Total Service'],
      ['ITEMS (RETAIL)', 'Total Retail'],
    ]);
    const discount = totals.item_discount_total + totals.drv_total_discount_nominal;
    expect(totals.item_discount_total).toBeGreaterThan(0);
    expect(
      inOrder(text, [
        'SERVICES',
        'Creambath x2  200,000', // gross: 2 × 100,000 before the 20% line discount
        'Total Service: 200,000',
        'ITEMS (RETAIL)',
        'Shampoo 250ml x2  100,000',
        'Total Retail: 100,000',
        `Subtotal: ${money(totals.drv_gross_total)}`,
        `Discount: -${money(discount)}`,
        // ruling 28: its parts, indented, by name
        '  C. Disc 20%: -40,000',
        `  Diskon Lebaran: -${money(totals.drv_total_discount_nominal)}`,
        `Service Charge: ${money(totals.drv_total_service_charge)}`,
        `Additional Charge: ${money(totals.drv_total_additional_charge)}`,
        `Tax (10%): ${money(totals.drv_tax)}`,
        `TOTAL: ${money(totals.drv_grand_total)}`,
        'Debit Card: 400,000',
        'Biaya Kartu 1%: 4,000',
        'Lihat struk: https://struk.test/receipt/TOKEN',
      ]),
      text,
    ).toBeNull();
    expect(text).not.toContain('Change');
    expect(html).toContain('<td style="padding-left:12px">Diskon Lebaran</td>');
    for (const s of ['SERVICES', 'ITEMS (RETAIL)', 'Total Retail', money(totals.drv_gross_total)])
      expect(html).toContain(s);
    expect(inOrder(html, ['SERVICES', 'ITEMS (RETAIL)', 'Subtotal', 'Discount', 'TOTAL'])).toBeNull();
  });

  it("SIMPLE: one list at line prices, Subtotal after line discounts and the discount's own name; no sections", () => {
    const { doc, totals, text, html } = render(mixed, { receipt_template: 'SIMPLE' });
    expect(doc.receipt.template).toBe('SIMPLE');
    expect(doc.receipt.sections.map((s) => s.title)).toEqual([null]);
    expect(
      inOrder(text, [
        'Creambath x2  160,000',
        'C. Disc 20% (-40,000)',
        'Shampoo 250ml x2  100,000',
        `Subtotal: ${money(totals.drv_subtotal)}`,
        `Diskon Lebaran: -${money(totals.drv_total_discount_nominal)}`,
        `Service Charge: ${money(totals.drv_total_service_charge)}`,
        `TOTAL: ${money(totals.drv_grand_total)}`,
      ]),
      text,
    ).toBeNull();
    expect(totals.drv_subtotal).not.toBe(totals.drv_gross_total);
    for (const s of ['SERVICES', 'ITEMS (RETAIL)', 'Total Service']) {
      expect(text).not.toContain(s);
      expect(html).not.toContain(s);
    }
  });

  it("labels a member discount 'Member Discount - {n}%' (SIMPLE) and shows Change with a Cash payment", () => {
    const { doc, totals, text } = render(
      {
        customer: { user_code: 'C1', user_name: 'Rina', discount_level: { reward_value: 15 } },
        details: [item(1, 'Creambath', 100_000)],
        payments: [cash(300_000)],
      },
      { receipt_template: 'SIMPLE' },
    );
    expect(doc.receipt.totals[1].label).toBe('Member Discount - 15%');
    expect(text).toContain('Customer: Rina');
    expect(
      inOrder(text, [
        `TOTAL: ${money(totals.drv_grand_total)}`,
        'Cash: 300,000',
        `Change: ${money(300_000 - totals.drv_grand_total)}`,
      ]),
    ).toBeNull();
  });

  it('header per the print flags; the message names the receipt and the link', () => {
    const { doc, text } = render({ details: [item(1, 'Creambath', 100_000)], payments: [cash(300_000)] });
    expect(text).toContain('Serambi Beauty\nKemang');
    expect(text).toContain('Customer: GUEST');
    expect(text).toContain('Receipt Number: 123456');
    expect(text).toContain('\n22 Nov 2026 09:45\n');
    expect(receiptMessage(doc)).toBe(
      'Struk Serambi Beauty - Kemang #123456. Lihat struk Anda di https://struk.test/receipt/TOKEN',
    );
  });

  it('prints workers as the paper does (pos_print_worker, with initials by pos_print_initial), package items, and escapes HTML', () => {
    const worker = {
      business_commission_worker_id: 7,
      firstname: 'Dewi',
      lastname: 'Lestari',
      initial: 'DL',
    };
    const raw = {
      details: [
        item(1, '<script>alert(1)</script>', 100_000, {
          commission_worker: worker,
          pos_item_package_details: [
            {
              item_name: 'Hair Mask',
              qty: 1,
              pos_item_package_detail_variants: [
                { variant_name: 'Argan', is_chosen: 1 },
                { variant_name: 'Zaitun', is_chosen: 0 },
              ],
              business_commission_worker: worker,
            },
          ],
        }),
      ],
      payments: [card(1, 0)],
    };
    const named = render(raw, { pos_print_worker: 1 });
    expect(named.text).toContain('  Handled by Dewi Lestari');
    expect(named.text).toContain('  --- x1 Hair Mask (Argan) (By Dewi Lestari)');
    expect(render(raw, { pos_print_worker: 1, pos_print_initial: 1 }).text).toContain('Handled by DL');
    expect(render(raw).text).not.toContain('Handled by');
    expect(named.html).not.toContain('<script>');
    expect(named.html).toContain('&lt;script&gt;');
    expect(named.html).toContain('<a href="https://struk.test/receipt/TOKEN">');
  });
});
