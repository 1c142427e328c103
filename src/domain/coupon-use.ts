// Issue 14: a customer's coupon used inside a sale (000 §2 'Penggunaan Kupon', §4 'Redeem and coupon dialogs',
// §5 'Coupon and redeem in a sale', ruling 18). Pure rules the cashier's dialog and the server share: the code
// of a held coupon, which held coupons can be used today, the transaction's coupon built from one, the
// variants a linked line may use, and the check of the lines a coupon discounts.
import type { PosItem, PromoLink, TrxCoupon, Variant } from './model';
import { SALE_MESSAGES } from './texts/sale';
import { addDays, isCalendarDate } from './time-wall';

/**
 * A coupon the customer holds (POST cashier/pos/user?retrieve_coupon=1 active_coupons[]): its
 * coupon_user_id, what is left and its catalogue coupon (coupon_detail, carrying coupon_item).
 */
export interface HeldCoupon {
  coupon_user_id: number;
  coupon_id: number;
  qty: number;
  start_date?: string | null;
  expired_date?: string | null;
  coupon_notes?: string | null;
  coupon_detail?: {
    coupon_name?: string | null;
    coupon_image?: string | null;
    coupon_item?: PromoLink | null;
  } | null;
}

/**
 * The coupon code of a held coupon: its coupon_user_id in decimal (docs/decisions.md). The customer's
 * coupon QR carries the same text, so a typed or scanned code and a browsed coupon are one thing.
 */
export const couponCodeOf = (couponUserId: number): string => String(couponUserId);

/** The coupon_user_id a code names, or null (not a positive whole number). */
export const couponUserIdOf = (code: unknown): number | null => {
  const text = typeof code === 'number' ? String(code) : typeof code === 'string' ? code.trim() : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
};

/** A held coupon can be used on `today` (YYYY-MM-DD): started, not expired, some left, with its link. */
export const isUsableCoupon = (c: HeldCoupon, today: string): boolean =>
  Number(c.qty) > 0 &&
  !!c.coupon_detail?.coupon_item &&
  (!c.start_date || c.start_date.slice(0, 10) <= today) &&
  (!c.expired_date || c.expired_date.slice(0, 10) >= today);

/** 'Penggunaan Kupon' browse: the usable coupons whose coupon_name or coupon_notes contain the search. */
export const searchCoupons = (
  coupons: readonly HeldCoupon[],
  search: string,
  today: string,
): HeldCoupon[] => {
  const term = search.trim().toLowerCase();
  return coupons.filter(
    (c) =>
      isUsableCoupon(c, today) &&
      (!term ||
        (c.coupon_detail?.coupon_name ?? '').toLowerCase().includes(term) ||
        (c.coupon_notes ?? '').toLowerCase().includes(term)),
  );
};

/** transaction.coupon from a held coupon (000 §3): coupon_code and the coupon_item link with its names. */
export const trxCouponOf = (c: HeldCoupon): TrxCoupon | null => {
  const link = c.coupon_detail?.coupon_item;
  if (!link) return null;
  const code = couponCodeOf(c.coupon_user_id);
  return {
    coupon_code: code,
    coupon_item: {
      ...link,
      coupon_code: code,
      coupon_name: c.coupon_detail?.coupon_name ?? null,
      coupon_image: c.coupon_detail?.coupon_image ?? null,
      coupon_notes: c.coupon_notes ?? null,
    },
  };
};

/**
 * 000 §4: an 'item' link opens the item dialog for that item with all its variants when is_all_variant = 1,
 * otherwise only the link's variants (those the item still has).
 */
export const linkedVariants = (
  link: Pick<PromoLink, 'is_all_variant' | 'pos_item_variants'>,
  item: Pick<PosItem, 'pos_item_variants'>,
): Variant[] => {
  if (Number(link.is_all_variant ?? 0) === 1) return [...item.pos_item_variants];
  const allowed = new Set((link.pos_item_variants ?? []).map((v) => Number(v.pos_item_variant_id)));
  return item.pos_item_variants.filter((v) => allowed.has(Number(v.pos_item_variant_id)));
};

/** The item a coupon's 'item' link opens, with only the variants it allows (null: no such item). */
export const linkedItem = (link: PromoLink, items: readonly PosItem[]): PosItem | null => {
  if (link.pos_link_type !== 'item') return null;
  const item = items.find((i) => Number(i.pos_item_id) === Number(link.pos_item_id));
  if (!item) return null;
  const variants = linkedVariants(link, item);
  return variants.length ? { ...item, pos_item_variants: variants } : null;
};

interface CheckedLine {
  pos_item_id: number;
  pos_item_variant_id: number;
  qty: number;
  itemMeta: Pick<PosItem, 'pos_item_category_id'> & {
    coupon_meta?: { pos_item_category_id?: number | null } | null;
  };
  coupon?: { pos_item_id?: number | null } | null;
}

/**
 * The lines a coupon discounts, as the server checks them (the device's copy cannot widen a coupon): a
 * line marked as the coupon's is the link's item, in a variant the link allows, and all of them together
 * stay within item_max_qty ('Qty produk tidak dapat melebihi {max}'); with an item_category link the lines of
 * the category stay within item_category_max_qty. Answers the first message and the offending line's index.
 */
export const checkCouponLines = (
  link: PromoLink,
  lines: readonly CheckedLine[],
): { message: string; index: number } | null => {
  let marked = 0;
  const allowed =
    Number(link.is_all_variant ?? 0) === 1
      ? null
      : new Set((link.pos_item_variants ?? []).map((v) => Number(v.pos_item_variant_id)));
  for (const [index, l] of lines.entries()) {
    if (!l.coupon) continue;
    if (
      link.pos_link_type !== 'item' ||
      Number(l.coupon.pos_item_id) !== Number(l.pos_item_id) ||
      Number(link.pos_item_id) !== Number(l.pos_item_id) ||
      (allowed !== null && !allowed.has(Number(l.pos_item_variant_id)))
    )
      return { message: SALE_MESSAGES.couponInvalid, index };
    marked += Number(l.qty);
    const max = Number(link.item_max_qty ?? 0);
    if (max > 0 && marked > max) return { message: SALE_MESSAGES.qtyAboveMax(max), index };
  }
  const catMax = Number(link.item_category_max_qty ?? 0);
  if (link.pos_link_type === 'item_category' && catMax > 0) {
    let inCategory = 0;
    for (const [index, l] of lines.entries()) {
      const cat = l.itemMeta.pos_item_category_id ?? l.itemMeta.coupon_meta?.pos_item_category_id;
      if (cat === null || cat === undefined || Number(cat) !== Number(link.pos_item_category_id)) continue;
      inCategory += Number(l.qty);
      if (inCategory > catMax) return { message: SALE_MESSAGES.couponCategoryQtyExceeded, index };
    }
  }
  return null;
};

/** Why a held coupon cannot be consumed by this sale ('Kupon tidak valid.'), or null. */
export const couponUseRefusal = (
  held: { customer_id: number; start_date: string; expired_date: string; left: number } | null,
  input: { customer_id: number | null; today: string },
): string | null => {
  if (!held || input.customer_id === null || Number(held.customer_id) !== Number(input.customer_id))
    return SALE_MESSAGES.couponInvalid;
  if (held.start_date.slice(0, 10) > input.today || held.expired_date.slice(0, 10) < input.today)
    return SALE_MESSAGES.couponInvalid;
  return held.left > 0 ? null : SALE_MESSAGES.couponInvalid;
};

/**
 * A sold coupon's dates (ruling 18): the start as set in 'Coupon Start Date' when the coupon takes a manual
 * start and the date is a real day from `today` on, else the default (today, or the day after the
 * customer's latest active same coupon); it expires validity_days later (the last day it can be used:
 * start + validity_days − 1, as a top-up's coupon).
 */
export const soldCouponDates = (input: {
  chosen: string | null | undefined;
  manual: boolean;
  defaultStart: string;
  today: string;
  validityDays: number;
}): { start_date: string; expired_date: string } => {
  const chosen = input.chosen?.slice(0, 10) ?? '';
  const start = input.manual && isCalendarDate(chosen) && chosen >= input.today ? chosen : input.defaultStart;
  const days = Number.isSafeInteger(input.validityDays) && input.validityDays > 0 ? input.validityDays : 30;
  return { start_date: start, expired_date: addDays(start, days - 1) };
};

/** The default start of a sold coupon: today, or the day after the latest expiry of the same coupon held. */
export const defaultSoldCouponStart = (
  latestSameExpiry: string | null | undefined,
  today: string,
): string => {
  const latest = latestSameExpiry?.slice(0, 10);
  return latest && latest >= today ? addDays(latest, 1) : today;
};
