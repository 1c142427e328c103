import Big from 'big.js';
import type {
  AdditionalCharge,
  Customer,
  ItemNature,
  PosItemDiscount,
  PromoLink,
  ServiceCharge,
  Tax,
  TrxDetail,
  TrxType,
  Variant,
} from './model';
import { big, MONEY_DECIMALS, maxBig, minBig, sumMoney } from './money';

/** What pricing needs from a transaction (a PosTransaction satisfies it). */
export interface PricingTransaction {
  trx_type?: TrxType | null;
  details: readonly PricingLine[];
  discounts?: readonly PosItemDiscount[] | null;
  customer?: Pick<Customer, 'discount_level'> | null;
  coupon?: { coupon_item?: PromoLink | null } | null;
  redeem?: { redeem_item?: PromoLink | null } | null;
}

export type PricingLine = Pick<
  TrxDetail,
  | 'local_trx_detail_id'
  | 'itemMeta'
  | 'pos_item_variant_id'
  | 'qty'
  | 'pos_item_pos_item_modifiers'
  | 'pos_item_discounts'
  | 'custom_discount_type'
  | 'custom_discount_value'
  | 'coupon'
  | 'redeem'
  | 'pos_sales_type'
>;

/** What pricing needs from the configuration (a PosConfig satisfies it). */
export interface PricingConfig {
  tax?: Tax | null;
  service_charge?: readonly ServiceCharge[] | null;
  additional_charge?: readonly AdditionalCharge[] | null;
}

export type LineDiscountSource = 'coupon' | 'redeem' | 'custom' | 'defined' | null;

export interface PricedLine {
  local_trx_detail_id: string;
  item_nature: ItemNature | null;
  qty: number;
  /** variant_price + chosen modifier option prices, floored at 0. */
  unit_price: number;
  /** Discount per unit, never above unit_price (full precision, rounded only for showing). */
  unit_discount: number;
  /** unit_price × qty. */
  gross_total: number;
  /** gross_total − line_total. */
  discount_total: number;
  /** (unit_price − unit_discount) × qty. */
  line_total: number;
  /** Which rule gave the line discount (null: none). */
  discount_source: LineDiscountSource;
  /** This line's share of the global discount. */
  global_discount_share: number;
  service_charge: number;
  additional_charge: number;
}

export type GlobalDiscountSource = 'coupon' | 'redeem' | 'member' | 'promo' | null;

export interface TransactionTotals {
  lines: PricedLine[];
  drv_qty: number;
  /** Σ unit price × qty (before any discount). */
  drv_gross_total: number;
  /** Σ line discounts. */
  item_discount_total: number;
  /** Σ line totals (after line discounts). */
  drv_subtotal: number;
  /** The global (transaction-level) discount. */
  drv_total_discount_nominal: number;
  global_discount_source: GlobalDiscountSource;
  drv_total_service_charge: number;
  drv_total_additional_charge: number;
  drv_tax: number;
  drv_grand_total: number;
}

const ZERO = new Big(0);
/** ×0.01 instead of ÷100: exact in decimal and much cheaper than big.js division. */
const ONE_PERCENT = new Big('0.01');

/**
 * A cap applies when it is a number ≥ 0, 0 included (spec 000 §5 "Pricing and totals", ruling 23);
 * null, missing, negative or an empty string (data not read through the schemas) = no cap.
 */
const capOf = (cap: number | string | null | undefined): Big | null => {
  if (cap === null || cap === undefined || (typeof cap === 'string' && cap.trim() === '')) return null;
  const n = Number(cap);
  return Number.isFinite(n) && n >= 0 ? big(n) : null;
};

/** How pricing rounds: whole rupiah (ruling 22) unless a stored sale from before asks for 2 decimals. */
export interface PricingOptions {
  /** Decimals every computed money figure is rounded to (half up); MONEY_DECIMALS (0) by default. */
  moneyDecimals?: number;
}

const roundTo = (value: Big, decimals: number): Big => value.round(decimals, Big.roundHalfUp);
const shownMoney = (value: Big, decimals: number): number => roundTo(value, decimals).toNumber();

/** The line's chosen variant: the one with pos_item_variant_id, else the first. */
export const chosenVariant = (
  line: Pick<TrxDetail, 'itemMeta' | 'pos_item_variant_id'>,
): Variant | undefined => {
  const variants = line.itemMeta.pos_item_variants ?? [];
  return variants.find((v) => v.pos_item_variant_id === line.pos_item_variant_id) ?? variants[0];
};

/** Unit price = variant_price + Σ chosen modifier option prices, floored at 0. */
export const unitPrice = (
  line: Pick<TrxDetail, 'itemMeta' | 'pos_item_variant_id' | 'pos_item_pos_item_modifiers'>,
): Big => {
  const variantPrice = big(chosenVariant(line)?.variant_price ?? 0);
  const options = (line.pos_item_pos_item_modifiers ?? []).flatMap((m) => m.pos_item_modifier_options ?? []);
  return maxBig(ZERO, variantPrice.plus(sumMoney(options.map((o) => o.option_price))));
};

const isPercentage = (type: string | null | undefined): boolean => type === 'percentage';

/** A discount taken from a price: percentage (capped when a cap is set) or a fixed value; never above the price. */
const deduct = (
  price: Big,
  type: string | null | undefined,
  value: number | null | undefined,
  cap?: number | string | null,
): Big => {
  const v = big(value ?? 0);
  if (v.lte(0) || price.lte(0)) return ZERO;
  let d = isPercentage(type) ? price.times(v).times(ONE_PERCENT) : v;
  const limit = isPercentage(type) ? capOf(cap) : null;
  if (limit) d = minBig(d, limit);
  return minBig(d, price);
};

/** Discount per unit from a coupon or redeem link, when it targets this line. */
const linkDiscount = (
  price: Big,
  link: PromoLink,
  line: PricingLine,
  linkedPosItemId: number | null | undefined,
  categoryCapped: boolean,
): Big | null => {
  if (link.pos_link_type === 'item') {
    if (linkedPosItemId === null || linkedPosItemId === undefined) return null;
    if (link.pos_item_id !== null && link.pos_item_id !== undefined && link.pos_item_id !== linkedPosItemId)
      return null;
    return deduct(price, link.item_deduction_type, link.item_deduction_value);
  }
  if (link.pos_link_type === 'item_category') {
    const cat = line.itemMeta.pos_item_category_id ?? line.itemMeta.coupon_meta?.pos_item_category_id;
    if (cat === null || cat === undefined || link.pos_item_category_id !== cat) return null;
    return deduct(
      price,
      'percentage',
      link.item_category_deduction_percentage,
      categoryCapped ? link.item_category_max_deduction_value : null,
    );
  }
  return null;
};

/** Item promos in sequence, each on what the previous ones left. Returns the price left. */
const applyItemDiscounts = (price: Big, discounts: readonly PosItemDiscount[]): Big =>
  discounts.reduce<Big>(
    (left, d) => left.minus(deduct(left, d.deduction_type, d.deduction_value, d.max_deduction_value)),
    price,
  );

/**
 * The per-unit discount of a line, first rule that applies (spec 000 §5, ruling 2):
 * (1) the transaction's coupon (item link on the line it created, or its category, capped);
 * (2) the redeem (same, category not capped); (3) a custom discount: item promos first, then the
 * custom percentage/nominal on what is left; (4) the item promos in sequence.
 */
export const lineUnitDiscount = (
  line: PricingLine,
  trx: Pick<PricingTransaction, 'coupon' | 'redeem'>,
): { unitPrice: Big; unitDiscount: Big; source: LineDiscountSource } => {
  const price = unitPrice(line);
  const couponLink = trx.coupon?.coupon_item;
  if (couponLink) {
    const d = linkDiscount(price, couponLink, line, line.coupon?.pos_item_id, true);
    if (d) return { unitPrice: price, unitDiscount: d, source: 'coupon' };
  }
  const redeemLink = trx.redeem?.redeem_item;
  if (redeemLink) {
    const d = linkDiscount(price, redeemLink, line, line.redeem?.pos_item_id, false);
    if (d) return { unitPrice: price, unitDiscount: d, source: 'redeem' };
  }
  const itemDiscounts = line.pos_item_discounts ?? [];
  const customValue = big(line.custom_discount_value ?? 0);
  if (line.custom_discount_type && customValue.gt(0)) {
    const left = applyItemDiscounts(price, itemDiscounts);
    const custom = deduct(left, line.custom_discount_type, line.custom_discount_value);
    return { unitPrice: price, unitDiscount: price.minus(left.minus(custom)), source: 'custom' };
  }
  if (itemDiscounts.length > 0) {
    const left = applyItemDiscounts(price, itemDiscounts);
    return { unitPrice: price, unitDiscount: price.minus(left), source: 'defined' };
  }
  return { unitPrice: price, unitDiscount: ZERO, source: null };
};

/**
 * The global discount (NORMAL only), first that applies: coupon with pos_link_type discount,
 * redeem likewise (subtotal × discount_percentage, capped by max_discount_value), the customer's
 * discount_level.reward_value percent, else the basic/custom discounts (summed, ruling 3).
 * Always capped at the subtotal.
 */
export const globalDiscount = (
  trx: Pick<PricingTransaction, 'trx_type' | 'discounts' | 'customer' | 'coupon' | 'redeem'>,
  subtotal: Big | number,
): { amount: Big; source: GlobalDiscountSource } => {
  const base = big(subtotal);
  if ((trx.trx_type ?? 'NORMAL') !== 'NORMAL' || base.lte(0)) return { amount: ZERO, source: null };
  const fromLink = (link: PromoLink | null | undefined): Big | null => {
    if (link?.pos_link_type !== 'discount') return null;
    return deduct(base, 'percentage', link.discount_percentage, link.max_discount_value);
  };
  const coupon = fromLink(trx.coupon?.coupon_item);
  if (coupon) return { amount: coupon, source: 'coupon' };
  const redeem = fromLink(trx.redeem?.redeem_item);
  if (redeem) return { amount: redeem, source: 'redeem' };
  const reward = big(trx.customer?.discount_level?.reward_value ?? 0);
  if (reward.gt(0)) return { amount: deduct(base, 'percentage', reward.toNumber()), source: 'member' };
  const discounts = (trx.discounts ?? []).filter(
    (d) => d.discount_type === 'basic' || d.discount_type === 'custom',
  );
  if (discounts.length === 0) return { amount: ZERO, source: null };
  const total = sumMoney(
    discounts.map((d) => deduct(base, d.deduction_type, d.deduction_value, d.max_deduction_value)),
  );
  return { amount: minBig(total, base), source: 'promo' };
};

/**
 * What outranks the cashier's global discount (promo, percentage or nominal) on this sale, in the
 * order of `globalDiscount`: a coupon or redeem with pos_link_type discount, else the customer's
 * member discount (reward_value > 0). While one applies, the cashier's choice is kept but not used.
 */
export const outrankingGlobalDiscount = (
  trx: Pick<PricingTransaction, 'trx_type' | 'customer' | 'coupon' | 'redeem'>,
): { source: 'coupon' | 'redeem' | 'member'; percent: number } | null => {
  const { source } = globalDiscount({ ...trx, discounts: [] }, 100);
  if (source !== 'coupon' && source !== 'redeem' && source !== 'member') return null;
  const percent =
    source === 'member'
      ? Number(trx.customer?.discount_level?.reward_value ?? 0)
      : Number(
          (source === 'coupon' ? trx.coupon?.coupon_item : trx.redeem?.redeem_item)?.discount_percentage ?? 0,
        );
  return { source, percent };
};

/** Σ charge_percent of the charges a sales type references (ids looked up in the catalogue). */
const chargePercentOf = (
  refs: readonly Record<string, unknown>[] | null | undefined,
  key: string,
  percentById: ReadonlyMap<number, Big>,
): Big => {
  let sum = ZERO;
  for (const ref of refs ?? []) {
    const p = percentById.get(Number(ref[key]));
    if (p) sum = sum.plus(p);
  }
  return sum;
};

const TAXED_TYPES: readonly TrxType[] = ['NORMAL', 'COUPON_SALES'];

/** Tax applies to NORMAL and COUPON_SALES when tax_percent is set and not included in the price. */
export const taxApplies = (trxType: TrxType | null | undefined, tax: Tax | null | undefined): boolean =>
  TAXED_TYPES.includes(trxType ?? 'NORMAL') &&
  !!tax &&
  big(tax.tax_percent ?? 0).gt(0) &&
  Number(tax.is_included_in_price ?? 0) !== 1;

interface ChargeCatalogue {
  service: ReadonlyMap<number, Big>;
  additional: ReadonlyMap<number, Big>;
}

const chargeCatalogue = (config: PricingConfig): ChargeCatalogue => ({
  service: new Map(
    (config.service_charge ?? []).map((c) => [Number(c.pos_serviceCharge_id), big(c.charge_percent)]),
  ),
  additional: new Map(
    (config.additional_charge ?? []).map((c) => [Number(c.pos_additionalCharge_id), big(c.charge_percent)]),
  ),
});

/** One line priced on its own: everything that does not depend on the other lines. */
interface LineWork {
  line: PricingLine;
  price: Big;
  unitDiscount: Big;
  source: LineDiscountSource;
  qty: Big;
  lineGross: Big;
  total: Big;
  /** Charges on the line total, before the global discount share is taken off. */
  service: Big;
  additional: Big;
  /** The line's own figures as numbers (computed once; reused by the incremental pricer). */
  shown: Omit<PricedLine, 'global_discount_share' | 'service_charge' | 'additional_charge'> & {
    service_charge: number;
    additional_charge: number;
  };
}

const priceLine = (
  line: PricingLine,
  trx: Pick<PricingTransaction, 'coupon' | 'redeem'>,
  isNormal: boolean,
  charges: ChargeCatalogue,
  decimals: number,
): LineWork => {
  const { unitPrice: price, unitDiscount, source } = lineUnitDiscount(line, trx);
  const qty = big(line.qty);
  const lineGross = roundTo(price.times(qty), decimals);
  const total = unitDiscount.eq(0) ? lineGross : roundTo(price.minus(unitDiscount).times(qty), decimals);
  let service = ZERO;
  let additional = ZERO;
  if (isNormal && line.pos_sales_type) {
    const sp = chargePercentOf(
      line.pos_sales_type.pos_sales_type_service_charges,
      'pos_serviceCharge_id',
      charges.service,
    );
    const ap = chargePercentOf(
      line.pos_sales_type.pos_sales_type_additional_charges,
      'pos_additionalCharge_id',
      charges.additional,
    );
    if (!sp.eq(0)) service = total.times(sp).times(ONE_PERCENT);
    if (!ap.eq(0)) additional = total.times(ap).times(ONE_PERCENT);
  }
  const shown = {
    local_trx_detail_id: line.local_trx_detail_id,
    item_nature: line.itemMeta.item_nature ?? null,
    qty: qty.toNumber(),
    unit_price: price.toNumber(),
    unit_discount: unitDiscount.toNumber(),
    gross_total: lineGross.toNumber(),
    discount_total: lineGross.minus(total).toNumber(),
    line_total: total.toNumber(),
    discount_source: source,
    service_charge: service.eq(0) ? 0 : shownMoney(service, decimals),
    additional_charge: additional.eq(0) ? 0 : shownMoney(additional, decimals),
  };
  return { line, price, unitDiscount, source, qty, lineGross, total, service, additional, shown };
};

const combineLines = (
  work: readonly LineWork[],
  trx: PricingTransaction,
  config: PricingConfig,
  decimals: number,
): TransactionTotals => {
  const trxType = trx.trx_type ?? 'NORMAL';
  let subtotal = ZERO;
  let gross = ZERO;
  let qtySum = ZERO;
  let serviceRaw = ZERO;
  let additionalRaw = ZERO;
  for (const w of work) {
    subtotal = subtotal.plus(w.total);
    gross = gross.plus(w.lineGross);
    qtySum = qtySum.plus(w.qty);
    serviceRaw = serviceRaw.plus(w.service);
    additionalRaw = additionalRaw.plus(w.additional);
  }
  const global = globalDiscount(trx, subtotal);
  const globalAmount = roundTo(global.amount, decimals);
  const kept = subtotal.minus(globalAmount);
  // Σ over lines of (total − total × g/s) × p = (Σ total × p) × (s − g) / s: the totals take one
  // exact division; the per-line figures (shown only) use a factor rounded to 12 decimals.
  const hasGlobal = globalAmount.gt(0);
  const keptFactor = hasGlobal ? kept.div(subtotal).round(12, Big.roundHalfUp) : ZERO;
  const lines: PricedLine[] = work.map((w) =>
    hasGlobal
      ? {
          ...w.shown,
          global_discount_share: shownMoney(w.total.minus(w.total.times(keptFactor)), decimals),
          service_charge: w.service.eq(0) ? 0 : shownMoney(w.service.times(keptFactor), decimals),
          additional_charge: w.additional.eq(0) ? 0 : shownMoney(w.additional.times(keptFactor), decimals),
        }
      : { ...w.shown, global_discount_share: 0 },
  );
  const chargeTotal = (raw: Big): Big =>
    raw.eq(0) || kept.lte(0) ? ZERO : roundTo(hasGlobal ? raw.times(kept).div(subtotal) : raw, decimals);
  const serviceTotal = chargeTotal(serviceRaw);
  const additionalTotal = chargeTotal(additionalRaw);
  const afterDiscount = kept.plus(serviceTotal).plus(additionalTotal);
  const tax = taxApplies(trxType, config.tax)
    ? roundTo(afterDiscount.times(big(config.tax?.tax_percent ?? 0)).times(ONE_PERCENT), decimals)
    : ZERO;
  return {
    lines,
    drv_qty: qtySum.toNumber(),
    drv_gross_total: gross.toNumber(),
    item_discount_total: gross.minus(subtotal).toNumber(),
    drv_subtotal: subtotal.toNumber(),
    drv_total_discount_nominal: globalAmount.toNumber(),
    global_discount_source: global.source,
    drv_total_service_charge: serviceTotal.toNumber(),
    drv_total_additional_charge: additionalTotal.toNumber(),
    drv_tax: tax.toNumber(),
    drv_grand_total: afterDiscount.plus(tax).toNumber(),
  };
};

/**
 * Prices a whole transaction (spec 000 §5 "Pricing and totals"): each line's unit price and
 * discount, the subtotal, the global discount, service and additional charges per line by sales
 * type after the line's share of the global discount, tax, and the grand total. Each figure is
 * rounded half up to whole rupiah where it is computed and the grand total is their sum (ruling 22).
 */
export const priceTransaction = (
  trx: PricingTransaction,
  config: PricingConfig,
  options: PricingOptions = {},
): TransactionTotals => {
  const decimals = options.moneyDecimals ?? MONEY_DECIMALS;
  const isNormal = (trx.trx_type ?? 'NORMAL') === 'NORMAL';
  const charges = chargeCatalogue(config);
  return combineLines(
    trx.details.map((line) => priceLine(line, trx, isNormal, charges, decimals)),
    trx,
    config,
    decimals,
  );
};

/**
 * A pricer that remembers each line's own pricing by object identity, for a cart that is updated
 * immutably (an edit replaces one line object): re-pricing after a single-line edit re-prices that
 * line and re-adds the totals. Same results as priceTransaction. One pricer per cart view.
 */
export const createIncrementalPricer = (): ((
  trx: PricingTransaction,
  config: PricingConfig,
) => TransactionTotals) => {
  const cache = new WeakMap<PricingLine, { key: readonly unknown[]; work: LineWork }>();
  let lastConfig: PricingConfig | null = null;
  let charges: ChargeCatalogue | null = null;
  return (trx, config) => {
    if (config !== lastConfig || !charges) {
      lastConfig = config;
      charges = chargeCatalogue(config);
    }
    const isNormal = (trx.trx_type ?? 'NORMAL') === 'NORMAL';
    const key = [
      trx.coupon?.coupon_item ?? null,
      trx.redeem?.redeem_item ?? null,
      isNormal,
      charges,
    ] as const;
    const work = trx.details.map((line) => {
      const hit = cache.get(line);
      if (hit?.key.every((k, i) => k === key[i])) return hit.work;
      const fresh = priceLine(line, trx, isNormal, charges as ChargeCatalogue, MONEY_DECIMALS);
      cache.set(line, { key, work: fresh });
      return fresh;
    });
    return combineLines(work, trx, config, MONEY_DECIMALS);
  };
};

/** Gross total (unit price × qty) of the lines of one item nature (SERVICE or RETAIL), or all. */
export const grossTotalByNature = (totals: Pick<TransactionTotals, 'lines'>, nature?: ItemNature): number =>
  sumMoney(
    totals.lines.filter((l) => !nature || l.item_nature === nature).map((l) => l.gross_total),
  ).toNumber();

/** The drv_* fields to store on the transaction. */
export const totalsToTransactionFields = (t: TransactionTotals) => ({
  drv_gross_total: t.drv_gross_total,
  drv_subtotal: t.drv_subtotal,
  drv_total_discount_nominal: t.drv_total_discount_nominal,
  drv_total_service_charge: t.drv_total_service_charge,
  drv_total_additional_charge: t.drv_total_additional_charge,
  drv_tax: t.drv_tax,
  drv_grand_total: t.drv_grand_total,
  drv_qty: t.drv_qty,
});
