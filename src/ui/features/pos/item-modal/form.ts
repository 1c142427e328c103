// The item modal's form (000 §2 "Item modal", §4 "Custom price", §5 "Item modal"): what it shows
// for an item and a configuration, its state, and the line fields it hands to the commands.
// Every rule is src/domain's; this file only gathers the inputs.
import {
  autoMultiCommissionShares,
  type CommissionWorker,
  type CommissionWorkerShare,
  type Coupon,
  type Customer,
  DEFAULT_MULTI_COMMISSION_PERCENTAGE,
  defaultCouponStartDate,
  eligibleWorkers,
  hasRoleAccess,
  type ItemModifier,
  isAutoSplit,
  type LineWorker,
  type Now,
  needsCouponStartDate,
  nextSharePercentage,
  isOn as on,
  type PackageDetail,
  type PosConfig,
  type PosItem,
  type PosItemDiscount,
  type PosTransaction,
  type PromoLink,
  remainingCommission,
  restoreOriginalPrices,
  type ServiceArea,
  sellerShares,
  setCustomPrice,
  type TrxDetail,
  type TrxType,
  type Variant,
  validateItemModal,
  validateMultiCommissionAdd,
} from '../../../../domain';
import type { LineFields } from '../../../../projections/commands';

export interface ItemModalTarget {
  item: PosItem;
  /** Set when editing an existing line (a click on a cart row). */
  line?: TrxDetail | null;
  /** SKU scan or a redeem/coupon link: the variant to pre-select. */
  variantId?: number | null;
  /** item_max_qty of the redeem or coupon this line belongs to. */
  itemMaxQty?: number | null;
  /** Issue 10: a line the Selesai worker check named — only its workers change (setLineWorkers). */
  workersOnly?: boolean;
  /**
   * Issue 14: a line added through the transaction's coupon or redeem carries this marker (the linked
   * item's pos_item_id), so it is discounted by it, removed with it and never merged with a catalogue line.
   */
  origin?: Pick<LineFields, 'coupon' | 'redeem'> | null;
  /**
   * A coupon or redeem item dialog cannot be closed by the user (000 §2): closing it calls this instead
   * (the dialog asks whether to cancel the coupon / redeem).
   */
  onDismiss?: () => void;
  /** Called after the line was added. */
  onAdded?: () => void;
}

export interface Share {
  workerId: number;
  percentage: number;
}

/**
 * A multi-commission list being edited: the listed shares and the row being filled — a worker chosen in
 * the list and its '%' (a real value, what remains by default). A chosen worker counts on 'Tambahkan' /
 * 'Simpan' even when '+' was not pressed (issue 10).
 */
export interface WorkerRows {
  shares: Share[];
  pendingWorkerId: number | null;
  pendingPercentText: string;
}

/** The rows for a list of shares: nothing chosen yet, the '%' at the share the next worker would get. */
export const workerRows = (shares: Share[], autoSplit: boolean): WorkerRows => ({
  shares,
  pendingWorkerId: null,
  pendingPercentText: String(nextSharePercentage(shares, autoSplit)),
});

export interface ItemForm {
  qtyText: string;
  variantId: number | null;
  /** The item's variants, with a custom price applied to at most one. */
  variants: Variant[];
  /** Chosen option indexes per modifier index. */
  modifiers: Record<number, number[]>;
  promoId: number | null;
  customType: 'percentage' | 'nominal' | null;
  customValueText: string;
  notes: string;
  secretNotes: string;
  couponNotes: string;
  couponStartDate: string | null;
  tags: number[];
  workerId: number | null;
  /** The multi-commission list (WorkerRows). */
  shares: Share[];
  pendingWorkerId: number | null;
  pendingPercentText: string;
  sellerIds: number[];
  serviceArea: ServiceArea | null;
  packageDetails: PackageDetail[];
}

/** What the modal shows for this item, configuration and transaction (000 §2, §6 role flags). */
export interface ItemSections {
  variantChoice: boolean;
  customPrice: boolean;
  itemDiscounts: boolean;
  customDiscount: boolean;
  secretNotes: boolean;
  tags: boolean;
  workers: 'none' | 'single' | 'multi';
  /** Workers per package detail (details with no_commission = 0). */
  packageWorkers: 'none' | 'single' | 'multi';
  sellers: 'none' | 'single' | 'multi';
  serviceArea: boolean;
  packageItems: boolean;
  couponFields: boolean;
}

/** Section 6 role flag: the domain's one rule. */
export const hasRole = hasRoleAccess;

export const sectionsFor = (item: PosItem, config: PosConfig, trxType: TrxType): ItemSections => {
  const isCoupon = trxType === 'COUPON_SALES';
  const scheme = on(config.is_pos_commission_scheme) && !isCoupon && config.commission_worker.length > 0;
  const commission = scheme && !on(item.no_commission) && !on(item.is_package);
  const multi = on(config.is_pos_multicommission_scheme);
  const sellerFlag = isCoupon
    ? on(config.is_pos_commission_seller_coupon_sales)
    : on(config.is_pos_commission_seller_general_sales);
  const sellers = on(config.is_pos_commission_seller) && sellerFlag && config.commission_worker.length > 0;
  return {
    variantChoice: item.pos_item_variants.length > 1,
    customPrice: on(item.is_custom_price),
    itemDiscounts: hasRole(config, 'ALLOW_PROMO'),
    customDiscount: hasRole(config, 'DISCOUNT_ITEM') && on(item.is_custom_discount),
    secretNotes: on(config.secret_notes),
    tags: config.tags.some((t) => t.usage_scope === 'ITEM' || t.usage_scope === 'ALL'),
    workers: commission ? (multi ? 'multi' : 'single') : 'none',
    packageWorkers: scheme && on(item.is_package) ? (multi ? 'multi' : 'single') : 'none',
    sellers: sellers ? (on(config.is_pos_commission_multi_seller) ? 'multi' : 'single') : 'none',
    serviceArea: on(config.is_service_area_scheme) && config.service_area_type === 'item' && !isCoupon,
    packageItems: on(item.is_package) && (item.pos_item_package_details ?? []).length > 0,
    couponFields: isCoupon,
  };
};

const chosenOptionIndexes = (item: PosItem, line: TrxDetail): Record<number, number[]> => {
  const out: Record<number, number[]> = {};
  (item.pos_item_pos_item_modifiers ?? []).forEach((m, mi) => {
    const chosen = line.pos_item_pos_item_modifiers.find(
      (c) => c.pos_item_modifier_id === m.pos_item_modifier_id && c.modifier_name === m.modifier_name,
    );
    if (!chosen) return;
    out[mi] = m.pos_item_modifier_options
      .map((o, oi) =>
        chosen.pos_item_modifier_options.some((c) => c.option_name === o.option_name) ? oi : -1,
      )
      .filter((i) => i >= 0);
  });
  return out;
};

/**
 * The 'Coupon Start Date' a new coupon line starts with (003 §9): today, or the day after the customer's
 * active same coupon expires; for a coupon group (one date for all its coupons) the latest of those, so no
 * coupon of the group starts while the customer still holds one. null when the dialog asks for no date.
 */
export const couponStartDateDefault = (
  trxType: TrxType,
  coupons: readonly Pick<Coupon, 'coupon_id' | 'coupon_start_date_type'>[],
  customer: Pick<Customer, 'active_coupons'> | null | undefined,
  now: Now,
): string | null => {
  if (trxType !== 'COUPON_SALES' || !needsCouponStartDate(coupons)) return null;
  const dates = coupons.map((c) => defaultCouponStartDate(c, customer, now)).sort();
  return dates.at(-1) ?? null;
};

/** The form for a new line (qty 1, the only variant chosen) or for an existing line. */
export const initialForm = (
  target: ItemModalTarget,
  /** the '%' a next worker of an edited line gets follows is_pos_auto_split_multicommission */
  config?: Pick<PosConfig, 'is_pos_auto_split_multicommission'>,
  /** a new line's defaults: the coupon start date (couponStartDateDefault) */
  defaults: { couponStartDate?: string | null } = {},
): ItemForm => {
  const { item, line } = target;
  // A line's itemMeta may carry only its chosen variant (with a custom price): merge it into the item's.
  const lineVariants = new Map(
    (line?.itemMeta.pos_item_variants ?? []).map((v) => [v.pos_item_variant_id, v]),
  );
  const variants = item.pos_item_variants.length
    ? item.pos_item_variants.map((v) => lineVariants.get(v.pos_item_variant_id) ?? v)
    : (line?.itemMeta.pos_item_variants ?? []);
  const single = item.pos_item_variants.length === 1 ? item.pos_item_variants[0].pos_item_variant_id : null;
  if (!line)
    return {
      qtyText: '1',
      variantId: target.variantId ?? single,
      variants: [...variants],
      modifiers: {},
      promoId: null,
      customType: null,
      customValueText: '',
      notes: '',
      secretNotes: '',
      couponNotes: '',
      couponStartDate: defaults.couponStartDate ?? null,
      tags: [],
      workerId: null,
      shares: [],
      pendingWorkerId: null,
      pendingPercentText: String(DEFAULT_MULTI_COMMISSION_PERCENTAGE),
      sellerIds: [],
      serviceArea: null,
      packageDetails: (item.pos_item_package_details ?? []).map((d) => ({ ...d })),
    };
  const customType = line.custom_discount_type === 'value' ? 'nominal' : (line.custom_discount_type ?? null);
  return {
    qtyText: String(line.qty),
    variantId: line.pos_item_variant_id,
    variants: [...variants],
    modifiers: chosenOptionIndexes(item, line),
    promoId: line.pos_item_discounts[0]?.pos_item_discount_id ?? null,
    customType,
    customValueText: line.custom_discount_value ? String(line.custom_discount_value) : '',
    notes: line.notes ?? '',
    secretNotes: line.secret_notes ?? '',
    couponNotes: line.coupon_notes ?? '',
    couponStartDate: line.coupon_activation_date ?? null,
    tags: [...line.tags],
    workerId: line.commission_worker?.business_commission_worker_id ?? null,
    shares: line.commission_workers.map((s) => ({
      workerId: s.commission_worker.business_commission_worker_id,
      percentage: s.percentage,
    })),
    pendingWorkerId: null,
    pendingPercentText: String(
      nextSharePercentage(
        line.commission_workers,
        multiAutoSplit(config ?? { is_pos_auto_split_multicommission: 0 }, item),
      ),
    ),
    sellerIds: line.item_sellers.map((s) => s.business_commission_worker_id),
    serviceArea: line.service_area ?? null,
    packageDetails: line.pos_item_package_details.map((d) => ({ ...d })),
  };
};

export const chosenVariantOf = (form: Pick<ItemForm, 'variants' | 'variantId'>): Variant | undefined =>
  form.variants.find((v) => v.pos_item_variant_id === form.variantId);

/** The custom price on the chosen variant (src/domain setCustomPrice: other variants revert). */
export const withCustomPrice = (form: ItemForm, price: number): ItemForm =>
  form.variantId === null
    ? form
    : { ...form, variants: setCustomPrice(form.variants, form.variantId, price) };

/** 'Kembalikan ke Harga Asli'. */
export const withOriginalPrices = (form: ItemForm): ItemForm => ({
  ...form,
  variants: restoreOriginalPrices(form.variants),
});

/** Toggles an option: SINGLE modifiers keep one choice (a second click clears it). */
export const toggleOption = (form: ItemForm, modifier: ItemModifier, mi: number, oi: number): ItemForm => {
  const current = form.modifiers[mi] ?? [];
  const has = current.includes(oi);
  const single = (modifier.modifier_type ?? '').toUpperCase() === 'SINGLE';
  const next = has ? current.filter((i) => i !== oi) : single ? [oi] : [...current, oi];
  return { ...form, modifiers: { ...form.modifiers, [mi]: next } };
};

export const toLineWorker = (w: CommissionWorker): LineWorker => ({
  business_commission_worker_id: w.business_commission_worker_id,
  firstname: w.firstname,
  lastname: w.lastname ?? null,
  initial: w.initial ?? null,
});

const workerById = (config: PosConfig, id: number | null): CommissionWorker | undefined =>
  id === null ? undefined : config.commission_worker.find((w) => w.business_commission_worker_id === id);

export const sharesToLine = (config: PosConfig, shares: readonly Share[]): CommissionWorkerShare[] =>
  shares.flatMap((s) => {
    const w = workerById(config, s.workerId);
    return w ? [{ commission_worker: toLineWorker(w), percentage: s.percentage }] : [];
  });

/** Auto multi-commission: choosing several workers at once gives each floor(100/n) (or 100). */
export const autoShares = (
  config: PosConfig,
  workerIds: readonly number[],
  line: { is_package?: number; is_custom?: number },
): Share[] =>
  autoMultiCommissionShares(workerIds, isAutoSplit(config.is_pos_auto_split_multicommission, line)).map(
    (s) => ({
      workerId: s.commission_worker,
      percentage: s.percentage,
    }),
  );

/** Workers offered for the item: its worker groups, or all. */
export const workersFor = (item: PosItem, config: PosConfig): CommissionWorker[] =>
  eligibleWorkers(item, config.commission_worker);

export interface FormContext {
  item: PosItem;
  config: PosConfig;
  trx: Pick<PosTransaction, 'trx_type' | 'details' | 'coupon'>;
  promos: readonly PosItemDiscount[];
  sections: ItemSections;
  editingLineId?: string | null;
  itemMaxQty?: number | null;
}

const numberOrNull = (text: string): number | null => {
  const t = text.trim();
  return t === '' ? null : Number(t);
};

/** The modal's checks in the specification's order (src/domain validateItemModal); null when it passes. */
export const validateForm = (form: ItemForm, ctx: FormContext): string | null => {
  const qty = Number(form.qtyText);
  const variant = chosenVariantOf(form);
  const isCoupon = ctx.trx.trx_type === 'COUPON_SALES';
  const link = (ctx.trx.coupon?.coupon_item ?? null) as PromoLink | null;
  const categoryId = ctx.item.pos_item_category_id ?? null;
  const othersInCategory = ctx.trx.details
    .filter(
      (l) => l.local_trx_detail_id !== ctx.editingLineId && l.itemMeta.pos_item_category_id === categoryId,
    )
    .reduce((n, l) => n + Number(l.qty), 0);
  return validateItemModal({
    qty: form.qtyText,
    variantMissing: !variant,
    isCouponTransaction: isCoupon,
    custom_discount_type: form.customType,
    custom_discount_value: form.customType ? form.customValueText : null,
    price: Number(variant?.variant_price ?? 0),
    maxCustomDiscount: isCoupon
      ? (ctx.item.coupon_meta?.max_custom_discount ?? ctx.item.max_custom_discount)
      : ctx.item.max_custom_discount,
    itemMaxQty: ctx.itemMaxQty ?? null,
    chosenPromo: ctx.promos.find((p) => p.pos_item_discount_id === form.promoId) ?? null,
    couponLink: link,
    lineCategoryId: categoryId,
    categoryQtyIncludingThisLine: othersInCategory + (Number.isFinite(qty) ? qty : 0),
  });
};

/** Auto-split of the item modal's multi-commission list: the configuration's, always for custom items. */
export const multiAutoSplit = (
  config: Pick<PosConfig, 'is_pos_auto_split_multicommission'>,
  item: Pick<PosItem, 'is_custom'>,
): boolean => Number(config.is_pos_auto_split_multicommission) === 1 || Number(item.is_custom) === 1;

/** The '%' of the pending row as a number: its text, or the default share when left empty. */
const pendingPercentage = (form: WorkerRows, autoSplit: boolean): number => {
  const t = form.pendingPercentText.trim();
  return t === '' || !Number.isFinite(Number(t)) ? nextSharePercentage(form.shares, autoSplit) : Number(t);
};

/**
 * The multi-commission list with the worker chosen in the list but not added with '+' (issue 10: a
 * chosen worker counts), at its '%' (a worker already listed is replaced, as '+' does).
 */
export const sharesWithPending = (form: WorkerRows, autoSplit: boolean): Share[] => {
  const id = form.pendingWorkerId;
  if (id === null) return form.shares;
  return [
    ...form.shares.filter((s) => s.workerId !== id),
    { workerId: id, percentage: pendingPercentage(form, autoSplit) },
  ];
};

/**
 * '+': adds the pending worker to the list (checked by src/domain validateMultiCommissionAdd) and
 * readies the next row with the share it would get. Answers the form or the refusal.
 */
export const addPendingShare = <F extends WorkerRows>(
  form: F,
  opts: { requiringWorker: boolean; autoSplit: boolean },
): { ok: true; form: F } | { ok: false; message: string } => {
  const message = validateMultiCommissionAdd({
    workerId: form.pendingWorkerId,
    percentage: opts.requiringWorker ? form.pendingPercentText : pendingPercentage(form, opts.autoSplit),
    requiringWorker: opts.requiringWorker,
    autoSplit: opts.autoSplit,
    remaining: remainingCommission(form.shares),
  });
  if (message) return { ok: false, message };
  const shares = sharesWithPending(form, opts.autoSplit);
  return {
    ok: true,
    form: {
      ...form,
      shares,
      pendingWorkerId: null,
      pendingPercentText: String(nextSharePercentage(shares, opts.autoSplit)),
    },
  };
};

/** Removes a worker from the list; the next row's '%' follows what remains. */
export const removeShare = <F extends WorkerRows>(form: F, workerId: number, autoSplit: boolean): F => {
  const shares = form.shares.filter((s) => s.workerId !== workerId);
  return { ...form, shares, pendingPercentText: String(nextSharePercentage(shares, autoSplit)) };
};

/** The line fields the commands take (addItem / editLine). */
export const toLineFields = (form: ItemForm, ctx: FormContext): LineFields & { item: PosItem } => {
  const { item, config, sections } = ctx;
  const modifiers: ItemModifier[] = (item.pos_item_pos_item_modifiers ?? []).flatMap((m, mi) => {
    const chosen = form.modifiers[mi] ?? [];
    return chosen.length
      ? [{ ...m, pos_item_modifier_options: chosen.map((oi) => m.pos_item_modifier_options[oi]) }]
      : [];
  });
  const promo = ctx.promos.find((p) => p.pos_item_discount_id === form.promoId);
  const worker = workerById(config, form.workerId);
  const sellers = form.sellerIds.flatMap((id) => {
    const w = workerById(config, id);
    return w ? [{ ...toLineWorker(w), pos_item_commission_workers: [] }] : [];
  });
  const customValue = form.customType ? numberOrNull(form.customValueText) : null;
  const shares = sharesWithPending(form, multiAutoSplit(config, item));
  return {
    item: { ...item, pos_item_variants: form.variants },
    qty: Number(form.qtyText),
    pos_item_variant_id: form.variantId ?? 0,
    pos_item_pos_item_modifiers: modifiers,
    pos_item_discounts: promo ? [promo] : [],
    custom_discount_type: customValue ? form.customType : null,
    custom_discount_value: customValue,
    notes: form.notes.trim() || null,
    secret_notes: sections.secretNotes ? form.secretNotes.trim() || null : null,
    tags: form.tags,
    commission_worker: sections.workers === 'single' && worker ? toLineWorker(worker) : null,
    commission_workers: sections.workers === 'multi' ? sharesToLine(config, shares) : [],
    item_sellers: sellerShares(sellers, on(config.is_pos_commission_auto_split_multi_seller)),
    service_area: sections.serviceArea ? form.serviceArea : null,
    pos_item_package_details: form.packageDetails,
    coupon_notes: sections.couponFields ? form.couponNotes.trim() || null : null,
    coupon_activation_date: sections.couponFields ? form.couponStartDate : null,
  };
};

/** The variants a package detail offers: all of the item's when is_all_variant, else the listed ones. */
export const packageVariantOptions = (d: PackageDetail): PackageDetail['pos_item_package_detail_variants'] =>
  on(d.is_all_variant) && (d.all_pos_item_package_detail_variants ?? []).length > 0
    ? (d.all_pos_item_package_detail_variants ?? [])
    : d.pos_item_package_detail_variants;

export const chosenPackageVariantId = (d: PackageDetail): number | null =>
  d.pos_item_package_detail_variants.find((v) => v.is_chosen === true || Number(v.is_chosen) === 1)
    ?.pos_item_variant_id ?? null;

/** Chooses one variant of a package detail (is_chosen 1 on it, 0 on the others). */
export const choosePackageVariant = (d: PackageDetail, variantId: number): PackageDetail => ({
  ...d,
  pos_item_package_detail_variants: packageVariantOptions(d).map((v) => ({
    ...v,
    is_chosen: v.pos_item_variant_id === variantId ? 1 : 0,
  })),
});

/** Sets a package detail's worker: the single worker, or the multi list of shares. */
export const setPackageWorkers = (
  d: PackageDetail,
  config: PosConfig,
  mode: 'single' | 'multi',
  workerIds: readonly number[],
): PackageDetail => {
  if (mode === 'single') {
    const w = workerById(config, workerIds[0] ?? null);
    return { ...d, business_commission_worker: w ? toLineWorker(w) : null, commission_workers: [] };
  }
  // Package lines always auto-split (src/domain isAutoSplit).
  return {
    ...d,
    business_commission_worker: null,
    commission_workers: sharesToLine(config, autoShares(config, workerIds, { is_package: 1 })),
  };
};

export const packageWorkerIds = (d: PackageDetail): number[] =>
  (d.commission_workers ?? []).length > 0
    ? (d.commission_workers ?? []).map((s) => s.commission_worker.business_commission_worker_id)
    : d.business_commission_worker
      ? [d.business_commission_worker.business_commission_worker_id]
      : [];
