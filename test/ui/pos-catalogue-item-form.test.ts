// The item modal's form model (000 §2 "Item modal", §5 "Item modal").
import { describe, expect, it } from 'vitest';
import {
  type PosConfig,
  type PosItem,
  type PosTransaction,
  posConfigSchema,
  posItemSchema,
  posTransactionSchema,
  trxDetailSchema,
} from '../../src/domain';
import {
  choosePackageVariant,
  couponStartDateDefault,
  type FormContext,
  type ItemForm,
  initialForm,
  sectionsFor,
  setPackageWorkers,
  toggleOption,
  toLineFields,
  validateForm,
  withCustomPrice,
  withOriginalPrices,
} from '../../src/ui/features/pos/item-modal/form';

const config = (extra: Record<string, unknown> = {}): PosConfig =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Kasir',
    brand_name: 'B',
    commission_worker: [
      { business_commission_worker_id: 1, firstname: 'Sari', business_commission_worker_group_id: 1 },
      { business_commission_worker_id: 2, firstname: 'Rina', business_commission_worker_group_id: 2 },
      { business_commission_worker_id: 3, firstname: 'Dewi', business_commission_worker_group_id: 2 },
    ],
    ...extra,
  });

const item: PosItem = posItemSchema.parse({
  pos_item_id: 7,
  item_name: 'Creambath',
  pos_item_category_id: 4,
  is_custom_price: 1,
  is_custom_discount: 1,
  max_custom_discount: 20,
  pos_item_variants: [
    { pos_item_variant_id: 71, variant_name: 'Pendek', variant_price: 100000 },
    { pos_item_variant_id: 72, variant_name: 'Panjang', variant_price: 150000 },
  ],
  pos_item_pos_item_modifiers: [
    {
      pos_item_modifier_id: 1,
      modifier_name: 'Aroma',
      modifier_type: 'SINGLE',
      pos_item_modifier_options: [
        { option_name: 'Mint', option_price: 0 },
        { option_name: 'Rose', option_price: 5000 },
      ],
    },
  ],
});

const trx = (extra: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({ local_trx_id: 't1', trx_local_start_time: '2026-01-01 10:00:00', ...extra });

const ctxFor = (cfg: PosConfig, t: PosTransaction = trx(), target: PosItem = item): FormContext => ({
  item: target,
  config: cfg,
  trx: t,
  promos: [],
  sections: sectionsFor(target, cfg, t.trx_type),
});

describe('sections', () => {
  it('follows the flags: promos with ALLOW_PROMO, custom discount with DISCOUNT_ITEM, secret notes, workers', () => {
    const none = sectionsFor(item, config(), 'NORMAL');
    expect(none).toMatchObject({
      variantChoice: true,
      customPrice: true,
      itemDiscounts: false,
      customDiscount: false,
      secretNotes: false,
      workers: 'none',
      sellers: 'none',
      serviceArea: false,
    });
    const all = sectionsFor(
      item,
      config({
        auth_role_accesses: { ALLOW_PROMO: 1, DISCOUNT_ITEM: 1 },
        secret_notes: 1,
        is_pos_commission_scheme: 1,
        is_pos_multicommission_scheme: 1,
        is_pos_commission_seller: 1,
        is_pos_commission_seller_general_sales: 1,
        is_service_area_scheme: 1,
        service_area_type: 'item',
      }),
      'NORMAL',
    );
    expect(all).toMatchObject({
      itemDiscounts: true,
      customDiscount: true,
      secretNotes: true,
      workers: 'multi',
      sellers: 'single',
      serviceArea: true,
    });
    // coupon sales: no workers, coupon fields
    expect(sectionsFor(item, config({ is_pos_commission_scheme: 1 }), 'COUPON_SALES')).toMatchObject({
      workers: 'none',
      couponFields: true,
    });
  });
});

describe('validation', () => {
  it('qty, then the variant, then the custom discount, in the spec order', () => {
    const cfg = config();
    const form = initialForm({ item });
    expect(validateForm({ ...form, qtyText: '0' }, ctxFor(cfg))).toBe('Qty produk minimal 1 buah.');
    expect(validateForm(form, ctxFor(cfg))).toBe('Silakan pilih varian produk terlebih dahulu.');
    const chosen = { ...form, variantId: 71 };
    expect(validateForm(chosen, ctxFor(cfg))).toBeNull();
    expect(validateForm({ ...chosen, customType: 'percentage', customValueText: '25' }, ctxFor(cfg))).toBe(
      'Diskon maksimal 20% untuk item ini.',
    );
    expect(validateForm({ ...chosen, customType: 'nominal', customValueText: '200000' }, ctxFor(cfg))).toBe(
      'Nominal diskon tidak boleh melebihi harga barang.',
    );
    expect(validateForm({ ...chosen, customType: 'percentage', customValueText: 'abc' }, ctxFor(cfg))).toBe(
      'Diskon harus berupa angka.',
    );
  });

  it('a promo with req_item_min_qty needs that many', () => {
    const promo = {
      pos_item_discount_id: 9,
      discount_type: 'req-item' as const,
      deduction_type: 'percentage' as const,
      deduction_value: 10,
      req_item_min_qty: 3,
    };
    const ctx = { ...ctxFor(config()), promos: [promo] };
    const form = { ...initialForm({ item }), variantId: 71, promoId: 9, qtyText: '2' };
    expect(validateForm(form, ctx)).toBe('Qty produk minimal 3 untuk menggunakan diskon ini.');
    expect(toLineFields({ ...form, qtyText: '3' }, ctx).pos_item_discounts).toEqual([promo]);
  });

  it('a single-variant item is chosen already; an SKU scan pre-selects its variant', () => {
    const one = posItemSchema.parse({
      pos_item_id: 8,
      item_name: 'Shampoo',
      pos_item_variants: [{ pos_item_variant_id: 81, variant_price: 30000 }],
    });
    expect(initialForm({ item: one }).variantId).toBe(81);
    expect(initialForm({ item, variantId: 72 }).variantId).toBe(72);
  });
});

describe('custom price', () => {
  it('sets the price on the chosen variant and restores it', () => {
    const form = withCustomPrice({ ...initialForm({ item }), variantId: 72 }, 175000);
    expect(form.variants.find((v) => v.pos_item_variant_id === 72)).toMatchObject({
      variant_price: 175000,
      custom_price: true,
      original_price: 150000,
    });
    const fields = toLineFields(form, ctxFor(config()));
    expect(fields.item.pos_item_variants[1].variant_price).toBe(175000);
    expect(withOriginalPrices(form).variants[1]).toMatchObject({
      variant_price: 150000,
      custom_price: false,
    });
  });
});

describe('line fields', () => {
  it('keeps only chosen modifier options; SINGLE modifiers hold one choice', () => {
    let form: ItemForm = { ...initialForm({ item }), variantId: 71 };
    const mod = item.pos_item_pos_item_modifiers?.[0];
    if (!mod) throw new Error('fixture');
    form = toggleOption(form, mod, 0, 0);
    form = toggleOption(form, mod, 0, 1);
    const fields = toLineFields(form, ctxFor(config()));
    expect(fields.pos_item_pos_item_modifiers).toEqual([
      { ...mod, pos_item_modifier_options: [{ option_name: 'Rose', option_price: 5000 }] },
    ]);
  });

  it('writes the single worker, the multi shares and the sellers with their shares', () => {
    const cfg = config({
      is_pos_commission_scheme: 1,
      is_pos_commission_seller: 1,
      is_pos_commission_seller_general_sales: 1,
      is_pos_commission_multi_seller: 1,
      is_pos_commission_auto_split_multi_seller: 1,
    });
    const form = { ...initialForm({ item }), variantId: 71, workerId: 2, sellerIds: [1, 3] };
    const fields = toLineFields(form, ctxFor(cfg));
    expect(fields.commission_worker).toMatchObject({ business_commission_worker_id: 2, firstname: 'Rina' });
    expect(fields.commission_workers).toEqual([]);
    expect((fields.item_sellers ?? []).map((s) => [s.business_commission_worker_id, s.percentage])).toEqual([
      [1, 50],
      [3, 50],
    ]);
  });

  it('an existing line opens with its values', () => {
    const cfg = config();
    const form = { ...initialForm({ item }), variantId: 72, qtyText: '2', notes: ' hi ' };
    const fields = toLineFields(form, ctxFor(cfg));
    const line = trxDetailSchema.parse({
      local_trx_detail_id: 'd1',
      pos_item_id: 7,
      ...fields,
      itemMeta: fields.item,
    });
    const again = initialForm({ item, line });
    expect(again).toMatchObject({ variantId: 72, qtyText: '2', notes: 'hi' });
  });
});

describe('package details', () => {
  const pkg = posItemSchema.parse({
    pos_item_id: 20,
    item_name: 'Paket Spa',
    is_package: 1,
    pos_item_variants: [{ pos_item_variant_id: 201, variant_price: 300000 }],
    pos_item_package_details: [
      {
        item_name: 'Lulur',
        qty: 1,
        pos_item_package_detail_variants: [
          { pos_item_variant_id: 1, variant_name: '60', is_chosen: 1 },
          { pos_item_variant_id: 2, variant_name: '90', is_chosen: 0 },
        ],
      },
    ],
  });

  it('chooses one variant and gives workers auto-split shares', () => {
    const cfg = config({ is_pos_commission_scheme: 1, is_pos_multicommission_scheme: 1 });
    expect(sectionsFor(pkg, cfg, 'NORMAL')).toMatchObject({
      workers: 'none',
      packageWorkers: 'multi',
      packageItems: true,
    });
    const detail = initialForm({ item: pkg }).packageDetails[0];
    const chosen = choosePackageVariant(detail, 2);
    expect(chosen.pos_item_package_detail_variants.map((v) => v.is_chosen)).toEqual([0, 1]);
    const withWorkers = setPackageWorkers(chosen, cfg, 'multi', [1, 2, 3]);
    expect(withWorkers.commission_workers?.map((s) => s.percentage)).toEqual([33, 33, 33]);
    expect(setPackageWorkers(chosen, cfg, 'single', [2]).business_commission_worker).toMatchObject({
      business_commission_worker_id: 2,
    });
  });
});

describe('coupon start date (003 §9)', () => {
  const now = '2026-03-02 10:00:00';
  const manual = (coupon_id: number) => ({ coupon_id, coupon_start_date_type: 'MANUAL_INPUT' as const });
  const holder = {
    active_coupons: [
      { coupon_id: 801, expired_date: '2026-04-30' },
      { coupon_id: 802, expired_date: '2026-05-15 23:59:59' },
    ],
  };

  it("starts today, or the day after the customer's active same coupon expires", () => {
    expect(couponStartDateDefault('COUPON_SALES', [manual(801)], null, now)).toBe('2026-03-02');
    expect(couponStartDateDefault('COUPON_SALES', [manual(801)], holder, now)).toBe('2026-05-01');
    expect(couponStartDateDefault('COUPON_SALES', [manual(803)], holder, now)).toBe('2026-03-02');
    // a group: one date for all its coupons, after the last one the customer still holds
    expect(couponStartDateDefault('COUPON_SALES', [manual(801), manual(802)], holder, now)).toBe(
      '2026-05-16',
    );
  });

  it('is none where the dialog asks for no date', () => {
    expect(couponStartDateDefault('NORMAL', [manual(801)], holder, now)).toBeNull();
    const auto = { coupon_id: 801, coupon_start_date_type: 'TRX_DATE' };
    expect(couponStartDateDefault('COUPON_SALES', [auto], holder, now)).toBeNull();
  });

  it('a new line starts with it; an edited line keeps its own', () => {
    expect(initialForm({ item }, undefined, { couponStartDate: '2026-05-01' }).couponStartDate).toBe(
      '2026-05-01',
    );
    const fields = toLineFields({ ...initialForm({ item }), variantId: 71 }, ctxFor(config()));
    const line = trxDetailSchema.parse({
      local_trx_detail_id: 'd1',
      pos_item_id: 7,
      ...fields,
      itemMeta: fields.item,
      coupon_activation_date: '2026-06-01',
    });
    expect(initialForm({ item, line }, undefined, { couponStartDate: '2026-05-01' }).couponStartDate).toBe(
      '2026-06-01',
    );
  });
});
