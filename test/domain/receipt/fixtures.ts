// A sale as the receipt tests print it: two services (one with a worker pair), one retail item,
// a percentage discount, charges and tax, a cash payment; plus the print configuration.
import {
  type PosTransaction,
  type PosTransactionInput,
  posTransactionSchema,
  priceTransaction,
  type TrxDetailInput,
  totalsToTransactionFields,
} from '../../../src/domain';
import type { ReceiptConfig } from '../../../src/domain/receipt';

export const worker = (id: number, firstname: string, lastname: string, initial: string) => ({
  business_commission_worker_id: id,
  firstname,
  lastname,
  initial,
});

export const ANI = worker(1, 'Ani', 'Wijaya', 'AW');
export const BUDI = worker(2, 'Budi', 'Santoso', 'BS');

export const receiptLine = (
  n: number,
  o: {
    name?: string;
    price?: number;
    qty?: number;
    nature?: 'SERVICE' | 'RETAIL';
    category?: [number, string];
    printed?: string | null;
    extra?: Partial<TrxDetailInput>;
  } = {},
): TrxDetailInput => ({
  local_trx_detail_id: `d-${n}`,
  pos_item_id: 100 + n,
  pos_item_variant_id: 1,
  qty: o.qty ?? 1,
  itemMeta: {
    pos_item_id: 100 + n,
    item_name: o.name ?? `Item ${n}`,
    pos_item_category_id: o.category?.[0] ?? 11,
    category_name: o.category?.[1] ?? 'Rambut',
    item_nature: o.nature ?? 'SERVICE',
    pos_item_variants: [
      { pos_item_variant_id: 1, variant_name: 'Regular', variant_price: o.price ?? 100000 },
    ],
  },
  last_printed_at: o.printed ?? null,
  ...o.extra,
});

/** A sale with its drv_* totals priced as the cashier stored them (with printConfig's tax). */
export const sale = (overrides: Partial<PosTransactionInput> = {}): PosTransaction => {
  const trx = rawSale(overrides);
  const stored = totalsToTransactionFields(priceTransaction(trx, { tax: printConfig().tax ?? null }));
  return { ...trx, ...stored, ...pick(overrides, Object.keys(stored)) };
};

const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));

const rawSale = (overrides: Partial<PosTransactionInput>): PosTransaction =>
  posTransactionSchema.parse({
    local_trx_id: '0b7c2f1e-1111-4aaa-9bbb-00000abc123f',
    trx_local_start_time: '2026-11-20 10:00:00',
    trx_local_end_time: '2026-11-20 10:45:00',
    document_date: '2026-11-20 10:30',
    trx_status_id: 3,
    trx_type: 'NORMAL',
    order_no: 7,
    customer: {
      user_code: 'U1',
      user_name: 'Siti Rahma',
      user_identifier_type: 'phone',
      user_identifier_string: '6281234567890',
      user_email_notification: 'siti@example.com',
    },
    details: [
      receiptLine(1, {
        name: 'Haircut',
        price: 150000,
        extra: {
          commission_worker: ANI,
          pos_item_discounts: [
            {
              pos_item_discount_id: 1,
              discount_name: 'Promo Pagi',
              discount_type: 'req-item',
              deduction_type: 'percentage',
              deduction_value: 10,
            },
          ],
        },
      }),
      receiptLine(2, {
        name: 'Manicure',
        price: 80000,
        category: [12, 'Kuku'],
        extra: {
          commission_workers: [
            { commission_worker: ANI, percentage: 50 },
            { commission_worker: BUDI, percentage: 50 },
          ],
          item_sellers: [{ ...BUDI, percentage: 100 }],
        },
      }),
      receiptLine(3, {
        name: 'Shampoo 250ml',
        price: 60000,
        qty: 2,
        nature: 'RETAIL',
        category: [20, 'Produk'],
      }),
    ],
    discounts: [
      {
        pos_item_discount_id: 2,
        discount_name: 'Promo Akhir Pekan',
        discount_type: 'basic',
        deduction_type: 'percentage',
        deduction_value: 10,
      },
    ],
    payments: [
      {
        local_payment_id: 'p1',
        payment_type: 'NORMAL',
        payment_amount: 400000,
        payment_method: { payment_method_name: 'Cash', table_name: 'cash', table_id: 1 },
      },
    ],
    trx_notes: 'Tamu langganan',
    ...overrides,
  });

export const printConfig = (overrides: Partial<ReceiptConfig> = {}): ReceiptConfig => ({
  brand_name: 'Serambi Salon',
  outlet_name: 'Kemang',
  outlet_address: 'Jl. Kemang Raya 10',
  outlet_phone: '021-7190000',
  cashier_name: 'Dewi',
  currency_code: 'IDR',
  receipt_template: 'DETAILED',
  receipt_footer: 'Terima kasih!',
  pos_print_logo: 0,
  pos_print_outlet_name: 1,
  pos_print_address: 1,
  pos_print_user_identifier: 1,
  pos_print_label_if_no_user_identifier: 'GUEST',
  pos_print_receipt_order_number_top: 1,
  pos_print_receipt_order_number_bottom: 1,
  pos_print_date: 'DOCUMENT_DATE',
  pos_print_order_detail: 1,
  pos_print_order_detail_type: 'CATEGORY',
  order_print_out_section: [
    { pos_order_print_out_section_name: 'Rambut', pos_item_categories: [{ pos_item_category_id: 11 }] },
    { pos_order_print_out_section_name: 'Kuku', pos_item_categories: [{ pos_item_category_id: 12 }] },
  ],
  print_deposit_balance_on_receipt: 1,
  pos_print_worker: 1,
  pos_print_initial: 0,
  pos_print_seller: 1,
  tax: { tax_percent: 10, is_included_in_price: 0 },
  service_charge: [],
  additional_charge: [],
  ...overrides,
});
