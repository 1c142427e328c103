import type { BusinessMembership, Coupon, CouponGroup, Customer, PosItem, PosItemDiscount } from './model';
import { datePart, type Now, normalizeTime, toWallClock } from './time';

/** Who is at the till: the cashier's user group and the transaction's customer. */
export interface AudienceContext {
  /** The cashier's business_user_group_id. */
  business_user_group_id?: number | null;
  customer?: Pick<Customer, 'membership_name'> | null;
  /** The configuration's business_memberships, to read membership ids in authorized lists. */
  business_memberships?: readonly Pick<BusinessMembership, 'business_membership_id' | 'membership_name'>[];
}

export interface PromoContext extends AudienceContext {
  now: Now;
}

/** The promo day window edges: from start_date 00:00:01 to end_date 23:59:59, inclusive. */
export const PROMO_DAY_START = '00:00:01';
export const PROMO_DAY_END = '23:59:59';

/** Reads a comma list ("3,5", 3, [3, '5']) as trimmed strings; empty means unrestricted. */
export const readCommaList = (
  list: string | number | readonly (string | number)[] | null | undefined,
): string[] => {
  if (list === null || list === undefined) return [];
  const parts = Array.isArray(list) ? list : String(list).split(',');
  return parts.map((p) => String(p).trim()).filter((p) => p !== '');
};

type Restricted = {
  authorized_user_groups?: string | number | readonly (string | number)[] | null;
  authorized_business_memberships?: string | number | readonly (string | number)[] | null;
};

/**
 * The audience rules shared by promos and the catalogue: when authorized_user_groups is set the
 * cashier's group must be listed; when authorized_business_memberships is set a customer is
 * required and their membership must be listed (by id or by name).
 */
export const isAudienceAllowed = (subject: Restricted, ctx: AudienceContext): boolean => {
  const groups = readCommaList(subject.authorized_user_groups);
  if (groups.length > 0) {
    const mine = ctx.business_user_group_id;
    if (mine === null || mine === undefined || !groups.includes(String(mine))) return false;
  }
  const memberships = readCommaList(subject.authorized_business_memberships);
  if (memberships.length > 0) {
    const name = ctx.customer?.membership_name;
    if (!name) return false;
    const names = memberships.map(
      (m) =>
        ctx.business_memberships?.find((b) => String(b.business_membership_id) === m)?.membership_name ?? m,
    );
    if (!names.includes(name)) return false;
  }
  return true;
};

/** Now lies between start_date 00:00:01 and end_date 23:59:59 inclusive (absent edges are open). */
export const isWithinPromoDates = (
  promo: Pick<PosItemDiscount, 'start_date' | 'end_date'>,
  now: Now,
): boolean => {
  const { stamp } = toWallClock(now);
  const start = datePart(promo.start_date);
  const end = datePart(promo.end_date);
  if (start && stamp < `${start} ${PROMO_DAY_START}`) return false;
  if (end && stamp > `${end} ${PROMO_DAY_END}`) return false;
  return true;
};

/** ISO weekday of a stored day_id: 1–7 as is, 0 read as Sunday (7) (ruling 1). */
export const isoDayId = (dayId: number): number => (Number(dayId) === 0 ? 7 : Number(dayId));

/** all_day / special_day / special_date availability (ruling 1 for weekdays). */
export const isPromoAvailableAt = (
  promo: Pick<
    PosItemDiscount,
    'availability_type' | 'pos_item_discount_days' | 'pos_item_discount_special_dates'
  >,
  now: Now,
): boolean => {
  const clock = toWallClock(now);
  switch (promo.availability_type ?? 'all_day') {
    case 'special_day':
      return (promo.pos_item_discount_days ?? []).some(
        (d) =>
          isoDayId(d.day_id) === clock.isoWeekday &&
          normalizeTime(d.open_hour) <= clock.time &&
          clock.time <= normalizeTime(d.close_hour, '23:59:59'),
      );
    case 'special_date':
      return (promo.pos_item_discount_special_dates ?? []).some(
        (d) =>
          Number(d.day) === clock.dayOfMonth &&
          normalizeTime(d.start_time) <= clock.time &&
          clock.time <= normalizeTime(d.end_time, '23:59:59'),
      );
    default:
      return true;
  }
};

/** A promo is valid when all of section 5 "Promo validity" holds. */
export const isPromoValid = (promo: PosItemDiscount, ctx: PromoContext): boolean =>
  isWithinPromoDates(promo, ctx.now) && isPromoAvailableAt(promo, ctx.now) && isAudienceAllowed(promo, ctx);

/** Promos offered in the global-discount dialog: valid 'basic' discounts. */
export const validGlobalPromos = (
  discounts: readonly PosItemDiscount[],
  ctx: PromoContext,
): PosItemDiscount[] => discounts.filter((d) => d.discount_type === 'basic' && isPromoValid(d, ctx));

/**
 * Item promos offered in the item modal: valid 'req-item' discounts of the item (its own
 * pos_item_discounts plus the catalogue's that name it by req_pos_item_id, its category, or its coupon).
 */
export const validItemPromos = (
  item: Pick<PosItem, 'pos_item_id' | 'pos_item_category_id' | 'pos_item_discounts' | 'coupon_meta'>,
  catalogue: readonly PosItemDiscount[],
  ctx: PromoContext,
): PosItemDiscount[] => {
  const couponId = item.coupon_meta?.coupon_id;
  const targetsItem = (d: PosItemDiscount): boolean => {
    if (d.req_pos_item_id !== null && d.req_pos_item_id !== undefined && d.req_pos_item_id !== 0)
      return d.req_pos_item_id === item.pos_item_id && item.pos_item_id !== 0;
    if (couponId !== null && couponId !== undefined && d.coupon_id) return d.coupon_id === couponId;
    if (d.pos_item_category_id) return d.pos_item_category_id === item.pos_item_category_id;
    return false;
  };
  const own = item.pos_item_discounts ?? [];
  const seen = new Set(own.map((d) => d.pos_item_discount_id));
  const all = [...own, ...catalogue.filter((d) => !seen.has(d.pos_item_discount_id) && targetsItem(d))];
  return all.filter((d) => d.discount_type === 'req-item' && isPromoValid(d, ctx));
};

/** Items shown in the catalogue: not hidden and allowed for this cashier and customer. */
export const visibleItems = <T extends Pick<PosItem, 'is_hidden'> & Restricted>(
  items: readonly T[],
  ctx: AudienceContext,
): T[] => items.filter((i) => Number(i.is_hidden ?? 0) !== 1 && isAudienceAllowed(i, ctx));

/** Coupons shown for sale: coupon_type 'manual' and allowed for this cashier and customer. */
export const visibleCoupons = <T extends Pick<Coupon, 'coupon_type'> & Restricted>(
  coupons: readonly T[],
  ctx: AudienceContext,
): T[] => coupons.filter((c) => c.coupon_type === 'manual' && isAudienceAllowed(c, ctx));

/**
 * Coupon groups shown for sale: allowed for this cashier and customer, and 'manual' (a group
 * without its own coupon_type is manual when all its coupons are).
 */
export const visibleCouponGroups = <
  T extends Pick<CouponGroup, 'coupons'> & Restricted & { coupon_type?: string | null },
>(
  groups: readonly T[],
  ctx: AudienceContext,
): T[] =>
  groups.filter((g) => {
    const manual = g.coupon_type
      ? g.coupon_type === 'manual'
      : g.coupons.every((c) => c.coupon_type === 'manual');
    return manual && isAudienceAllowed(g, ctx);
  });
