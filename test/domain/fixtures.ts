import {
  type PosItemDiscount,
  type PosTransaction,
  type PricingConfig,
  posItemDiscountSchema,
  posTransactionSchema,
  type TrxDetail,
  trxDetailSchema,
} from '../../src/domain';

let seq = 0;

export interface LineSpec {
  price: number;
  qty?: number;
  options?: number[];
  categoryId?: number;
  nature?: 'SERVICE' | 'RETAIL';
  itemId?: number;
  discounts?: PosItemDiscount[];
  custom?: { type: 'percentage' | 'nominal'; value: number };
  salesTypeCharges?: { service?: number[]; additional?: number[] };
  coupon?: number;
  redeem?: number;
}

/** A transaction line built through the schema, as the app stores it. */
export const line = (spec: LineSpec): TrxDetail => {
  seq += 1;
  const itemId = spec.itemId ?? 1000 + seq;
  return trxDetailSchema.parse({
    local_trx_detail_id: `line-${seq}`,
    pos_item_id: itemId,
    pos_item_variant_id: 1,
    qty: spec.qty ?? 1,
    itemMeta: {
      pos_item_id: itemId,
      item_name: `Item ${seq}`,
      pos_item_category_id: spec.categoryId ?? 1,
      item_nature: spec.nature ?? 'SERVICE',
      pos_item_variants: [{ pos_item_variant_id: 1, variant_price: spec.price }],
    },
    pos_item_pos_item_modifiers: spec.options?.length
      ? [
          {
            modifier_name: 'Extra',
            pos_item_modifier_options: spec.options.map((p, i) => ({
              option_name: `o${i}`,
              option_price: p,
            })),
          },
        ]
      : [],
    pos_item_discounts: spec.discounts ?? [],
    custom_discount_type: spec.custom?.type ?? null,
    custom_discount_value: spec.custom?.value ?? null,
    coupon: spec.coupon !== undefined ? { pos_item_id: spec.coupon } : null,
    redeem: spec.redeem !== undefined ? { pos_item_id: spec.redeem } : null,
    pos_sales_type: spec.salesTypeCharges
      ? {
          pos_salesType_id: 1,
          pos_salesType_name: 'Dine',
          pos_sales_type_service_charges: (spec.salesTypeCharges.service ?? []).map((id) => ({
            pos_serviceCharge_id: id,
          })),
          pos_sales_type_additional_charges: (spec.salesTypeCharges.additional ?? []).map((id) => ({
            pos_additionalCharge_id: id,
          })),
        }
      : null,
  });
};

export const discount = (
  d: Partial<PosItemDiscount> & Pick<PosItemDiscount, 'deduction_type' | 'deduction_value'>,
): PosItemDiscount =>
  posItemDiscountSchema.parse({ pos_item_discount_id: 1, discount_type: 'req-item', ...d });

export const trx = (overrides: Partial<PosTransaction> = {}): PosTransaction => ({
  ...posTransactionSchema.parse({ local_trx_id: 'abc-123456', trx_local_start_time: '2026-03-02 10:00:00' }),
  ...overrides,
});

export const noCharges: PricingConfig = { tax: null, service_charge: [], additional_charge: [] };

export const charges = (
  service: number,
  additional: number,
  tax: number | null,
  included = 0,
): PricingConfig => ({
  tax: tax === null ? null : { tax_percent: tax, is_included_in_price: included },
  service_charge: [{ pos_serviceCharge_id: 1, charge_percent: service }],
  additional_charge: [{ pos_additionalCharge_id: 1, charge_percent: additional }],
});
