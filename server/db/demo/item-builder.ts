// Compact item descriptions expanded into the spec's full pos_item shape.
// Variant ids are pos_item_id * 10 + n (n from 1), so 1001 → 10011, 10012 …
import type {
  DemoItemCategory,
  DemoItemModifier,
  DemoPackageDetail,
  DemoPosItem,
  DemoVariant,
  Flag,
} from './types';

export interface ModifierTemplate {
  pos_item_modifier_id: number;
  modifier_name: string;
  modifier_type: 'SINGLE' | 'MULTIPLE';
  options: [string, number][];
}

export const MODIFIERS: ModifierTemplate[] = [
  {
    pos_item_modifier_id: 51,
    modifier_name: 'Cuci & Blow',
    modifier_type: 'SINGLE',
    options: [
      ['Tanpa Cuci', 0],
      ['Cuci Saja', 20000],
      ['Cuci + Blow', 35000],
    ],
  },
  {
    pos_item_modifier_id: 52,
    modifier_name: 'Pilihan Krim',
    modifier_type: 'SINGLE',
    options: [
      ['Ginseng', 0],
      ['Alpukat', 0],
      ['Lidah Buaya', 10000],
      ['Kemiri', 15000],
    ],
  },
  {
    pos_item_modifier_id: 53,
    modifier_name: 'Tambahan Perawatan Rambut',
    modifier_type: 'MULTIPLE',
    options: [
      ['Vitamin Rambut', 25000],
      ['Bleaching', 150000],
      ['Hair Mask', 50000],
    ],
  },
  {
    pos_item_modifier_id: 54,
    modifier_name: 'Cat Kuku',
    modifier_type: 'SINGLE',
    options: [
      ['Tanpa Cat', 0],
      ['Kutek Biasa', 15000],
      ['Kutek Gel', 60000],
    ],
  },
  {
    pos_item_modifier_id: 55,
    modifier_name: 'Tambahan Masker',
    modifier_type: 'MULTIPLE',
    options: [
      ['Masker Gold', 50000],
      ['Masker Collagen', 40000],
      ['Masker Charcoal', 30000],
    ],
  },
  {
    pos_item_modifier_id: 56,
    modifier_name: 'Aroma Minyak',
    modifier_type: 'SINGLE',
    options: [
      ['Lavender', 0],
      ['Sereh', 0],
      ['Melati', 0],
      ['Cendana', 10000],
    ],
  },
  {
    pos_item_modifier_id: 57,
    modifier_name: 'Anestesi Topikal',
    modifier_type: 'SINGLE',
    options: [
      ['Tanpa Anestesi', 0],
      ['Krim Anestesi', 75000],
    ],
  },
];

export interface PackagePart {
  pos_item_id: number;
  qty: number;
  /** chosen variant ids; omitted = every variant (is_all_variant 1) */
  variants?: number[];
}

export interface ItemSpec {
  id: number;
  name: string;
  category: number;
  /** [variant_name, price] pairs; a single price makes one variant named 'Reguler' */
  variants: [string, number][] | number;
  outlets: number[];
  workerGroups?: number[];
  modifiers?: number[];
  stockOut?: true;
  customPrice?: true;
  hidden?: true;
  noCommission?: true;
  /** max_custom_discount percent; makes the item custom-discountable */
  customDiscount?: number;
  userGroups?: number[];
  memberships?: number[];
  discounts?: number[];
  /** commission percent of each variant (default by category) */
  commission?: number;
  /** fixed commission value instead of a percentage */
  commissionValue?: number;
  /** cost as a share of price (default by nature) */
  costRatio?: number;
  /** retail stock unit */
  unit?: number;
  /** SKU override for the first variant (retail barcodes) */
  barcode?: string;
  /** recipe for every variant: [retail variant id, qty per unit] */
  ingredients?: [number, number][];
  package?: PackagePart[];
}

const SKU_PREFIX: Record<number, string> = {
  11: 'HR',
  12: 'NL',
  13: 'FC',
  14: 'SPA',
  15: 'KLN',
  16: 'RT',
  17: 'PKT',
};

export const variantId = (itemId: number, n: number): number => itemId * 10 + n;

/** Expands specs; package details are resolved against the whole list. */
export function buildItems(specs: ItemSpec[], categories: DemoItemCategory[]): DemoPosItem[] {
  const byId = new Map<number, DemoPosItem>();
  const catById = new Map(categories.map((c) => [c.pos_item_category_id, c]));
  const items = specs.map((s) => {
    const cat = catById.get(s.category);
    if (!cat) throw new Error(`demo item ${s.id}: unknown category ${s.category}`);
    const item = expand(s, cat);
    byId.set(item.pos_item_id, item);
    return item;
  });
  for (const s of specs) {
    if (!s.package) continue;
    const item = byId.get(s.id)!;
    item.pos_item_package_details = s.package.map((p) => packageDetail(p, byId, s.id));
  }
  return items;
}

function expand(s: ItemSpec, cat: DemoItemCategory): DemoPosItem {
  const pairs: [string, number][] = typeof s.variants === 'number' ? [['Reguler', s.variants]] : s.variants;
  const nature = cat.item_nature;
  const commission = s.commission ?? (nature === 'RETAIL' ? 5 : s.category === CAT_CLINIC ? 0 : 10);
  const costRatio = s.costRatio ?? (nature === 'RETAIL' ? 0.6 : 0.15);
  const variants: DemoVariant[] = pairs.map(([variant_name, price], i) => ({
    pos_item_variant_id: variantId(s.id, i + 1),
    pos_item_id: s.id,
    variant_name,
    variant_price: price,
    original_price: price,
    custom_price: s.customPrice === true,
    sku:
      i === 0 && s.barcode
        ? s.barcode
        : `SRB-${SKU_PREFIX[s.category] ?? 'IT'}-${s.id}-${String(i + 1).padStart(2, '0')}`,
    commission_percentage: s.commissionValue ? 0 : commission,
    commission_value: s.commissionValue ?? 0,
    variant_cost: Math.round((price * costRatio) / 100) * 100,
    inv_unit_id: s.unit ?? (nature === 'RETAIL' ? 1 : 6),
    ingredients: (s.ingredients ?? []).map(([pos_item_variant_id, qty]) => ({ pos_item_variant_id, qty })),
  }));
  const modifiers: DemoItemModifier[] = (s.modifiers ?? []).map((modId, k) => {
    const t = MODIFIERS.find((m) => m.pos_item_modifier_id === modId);
    if (!t) throw new Error(`demo item ${s.id}: unknown modifier ${modId}`);
    return {
      posItem_posItemModifier_id: s.id * 10 + k + 1,
      pos_item_modifier_id: t.pos_item_modifier_id,
      modifier_name: t.modifier_name,
      modifier_type: t.modifier_type,
      pos_item_modifier_options: t.options.map(([option_name, option_price], j) => ({
        posItemModifier_option_id: t.pos_item_modifier_id * 100 + j + 1,
        option_name,
        option_price,
      })),
    };
  });
  const flag = (b: boolean | undefined): Flag => (b ? 1 : 0);
  return {
    pos_item_id: s.id,
    item_name: s.name,
    item_image: '',
    pos_item_category_id: cat.pos_item_category_id,
    category_name: cat.category_name,
    is_package: flag(s.package !== undefined),
    is_custom: 0,
    is_hidden: flag(s.hidden),
    no_commission: flag(s.noCommission),
    is_custom_price: flag(s.customPrice),
    is_custom_discount: flag(s.customDiscount !== undefined),
    max_custom_discount: s.customDiscount ?? 0,
    item_nature: nature,
    is_stock_out_required: flag(s.stockOut),
    authorized_user_groups: (s.userGroups ?? []).join(','),
    authorized_business_memberships: (s.memberships ?? []).join(','),
    pos_item_commission_worker_groups: (s.workerGroups ?? []).map((g) => ({
      business_commission_worker_group_id: g,
    })),
    pos_item_discount_ids: s.discounts ?? [],
    pos_item_package_details: [],
    pos_item_pos_item_modifiers: modifiers,
    pos_item_variants: variants,
    outlet_ids: s.outlets,
  };
}

function packageDetail(p: PackagePart, byId: Map<number, DemoPosItem>, owner: number): DemoPackageDetail {
  const part = byId.get(p.pos_item_id);
  if (!part) throw new Error(`demo package ${owner}: unknown item ${p.pos_item_id}`);
  return {
    pos_item_id: part.pos_item_id,
    item_name: part.item_name,
    qty: p.qty,
    is_all_variant: p.variants ? 0 : 1,
    pos_item_package_detail_variants: part.pos_item_variants.map((v) => ({
      pos_item_variant_id: v.pos_item_variant_id,
      variant_name: v.variant_name,
      is_chosen: !p.variants || p.variants.includes(v.pos_item_variant_id) ? 1 : 0,
    })),
    no_commission: part.no_commission,
  };
}

const CAT_CLINIC = 15;
