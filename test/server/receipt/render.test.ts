// The e-mail/SMS receipt rendering (server/services/receipt-render.ts) on hand-made sales priced by src/domain.
import { describe, expect, it } from 'vitest';
import {
  receiptDocument,
  receiptHtml,
  receiptMessage,
  receiptText,
} from '../../../server/services/receipt-render';
import { posTransactionSchema } from '../../../src/domain/model/transaction';
import { type PricingConfig, priceTransaction } from '../../../src/domain/pricing';

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
const item = (id: number, name: string, price: number, extra: Doc = {}) => ({
  local_trx_detail_id: `line-${id}`,
  pos_item_id: id,
  pos_item_variant_id: id * 10,
  qty: 2,
  pos_sales_type: homeService,
  itemMeta: {
    pos_item_id: id,
    item_name: name,
    item_nature: 'SERVICE',
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

function render(raw: Doc, configs: Doc = {}) {
  const trx = posTransactionSchema.parse({
    local_trx_id: 'abcdef-123456',
    trx_status_id: 3,
    trx_local_start_time: '2026-11-22 09:00:00',
    ...raw,
  });
  const totals = priceTransaction(trx, config);
  const doc = receiptDocument(
    trx,
    totals,
    {
      brand_name: 'Serambi Beauty',
      outlet_name: 'Kemang',
      currency_code: 'IDR',
      tax: config.tax,
      ...configs,
    },
    { trx_id: 'KMG-20261122-0001', local_trx_id: trx.local_trx_id, created_at: '2026-11-22 10:00:00' },
    'https://struk.test/receipt/TOKEN',
  );
  return { doc, totals };
}

describe('receipt rendering', () => {
  it("puts the totals in the spec's order with the discount's name, both charges, tax, payments with charge lines, no Change without Cash", () => {
    const { doc, totals } = render({
      details: [item(1, 'Creambath', 100_000), item(2, 'Manicure', 50_000)],
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
    });
    expect(doc.totals.map((r) => r.label)).toEqual([
      'Subtotal',
      'Diskon Lebaran',
      'Service Charge',
      'Additional Charge',
      'Tax (10%)',
      'TOTAL',
    ]);
    expect(doc.totals.at(-1)?.amount).toBe(
      `IDR ${totals.drv_grand_total.toLocaleString('en-US', { maximumFractionDigits: 0 })}`,
    );
    expect(doc.totals[1].amount).toBe('-IDR 30,000');
    expect(doc.payments).toEqual([
      { label: 'Debit Card', amount: 'IDR 400,000' },
      { label: 'Biaya Kartu 1%', amount: 'IDR 4,000' },
    ]);
    expect(doc.header).toContain('Receipt Number: 123456');
    expect(doc.header).toContain('Customer: GUEST');
    const text = receiptText(doc);
    expect(text).toContain('Creambath x2  IDR 200,000');
    expect(text).toContain('Lihat struk: https://struk.test/receipt/TOKEN');
    expect(receiptMessage(doc)).toBe(
      'Struk Serambi Beauty - Kemang #123456. Lihat struk Anda di https://struk.test/receipt/TOKEN',
    );
  });

  it("labels a member discount 'Member Discount - {n}%' and shows Change with a Cash payment", () => {
    const { doc, totals } = render({
      customer: { user_code: 'C1', user_name: 'Rina', discount_level: { reward_value: 15 } },
      details: [item(1, 'Creambath', 100_000)],
      payments: [
        {
          local_payment_id: 'c',
          payment_type: 'NORMAL',
          payment_amount: 300_000,
          payment_method: { payment_method_name: 'Cash', table_name: 'pm', table_id: 1 },
        },
      ],
    });
    expect(doc.totals[1].label).toBe('Member Discount - 15%');
    expect(doc.header).toContain('Customer: Rina');
    const change = doc.payments.find((p) => p.label === 'Change');
    expect(change?.amount).toBe(
      `IDR ${(300_000 - totals.drv_grand_total).toLocaleString('en-US', { maximumFractionDigits: 0 })}`,
    );
  });

  it('prints workers per pos_print_worker / pos_print_initial, package items, and escapes HTML', () => {
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
              pos_item_package_detail_variants: [{ variant_name: 'Argan', is_chosen: 1 }],
              business_commission_worker: worker,
            },
          ],
        }),
      ],
      payments: [card(1, 0)],
    };
    const named = render(raw, { pos_print_worker: 1 }).doc;
    expect(named.lines[0].detail).toContain('Handled by Dewi Lestari');
    expect(named.lines[0].detail).toContain('--- x1 Hair Mask (Argan) (By Dewi Lestari)');
    expect(render(raw, { pos_print_initial: 1 }).doc.lines[0].detail).toContain('Handled by DL');
    expect(render(raw).doc.lines[0].detail.some((d) => d.startsWith('Handled by'))).toBe(false);
    const html = receiptHtml(named);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://struk.test/receipt/TOKEN">');
  });
});
