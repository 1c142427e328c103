// The defaults the cashier's forms start from (file 003 §9): a coupon's start date and the sales type.
import type { Coupon, Customer, SalesType } from './model';
import { addDays, datePart, type Now, toWallClock } from './time-wall';

/**
 * Coupon start date default (file 003 §9): today, or — when the customer holds an active coupon
 * of the same coupon_id — the day after its expired_date (the latest one). YYYY-MM-DD.
 */
export const defaultCouponStartDate = (
  coupon: Pick<Coupon, 'coupon_id'>,
  customer: Pick<Customer, 'active_coupons'> | null | undefined,
  now: Now,
): string => {
  const today = toWallClock(now).date;
  const expiries = (customer?.active_coupons ?? [])
    .filter((c) => Number(c.coupon_id) === Number(coupon.coupon_id))
    .map((c) => datePart(c.expired_date))
    .filter((d): d is string => d !== null)
    .sort();
  const latest = expiries.at(-1);
  return latest ? addDays(latest, 1) : today;
};

/** Whether the item modal asks for a coupon start date (any coupon with coupon_start_date_type MANUAL_INPUT). */
export const needsCouponStartDate = (coupons: readonly Pick<Coupon, 'coupon_start_date_type'>[]): boolean =>
  coupons.some((c) => c.coupon_start_date_type === 'MANUAL_INPUT');

/**
 * Default sales type (file 003 §9): the transaction's own (pos_salesType_id), else the first
 * configured one. `autoPick` tells the screen to choose it without asking (only one exists).
 */
export const defaultSalesType = <S extends Pick<SalesType, 'pos_salesType_id'>>(
  salesTypes: readonly S[],
  trxSalesTypeId?: number | null,
): { salesType: S | null; autoPick: boolean } => {
  const own = salesTypes.find((s) => Number(s.pos_salesType_id) === Number(trxSalesTypeId));
  return { salesType: own ?? salesTypes[0] ?? null, autoPick: salesTypes.length === 1 };
};
