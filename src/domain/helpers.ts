import type { Coupon, Customer, SalesType } from './model';
import { addDays, datePart, isCalendarDate, type Now, toWallClock } from './time';

/** Short id: the last 6 characters of local_trx_id, upper-cased (receipt number, lists). */
export const shortId = (localTrxId: string): string => localTrxId.slice(-6).toUpperCase();

/** The guest label when a transaction has no customer. */
export const GUEST_LABEL = 'GUEST';

/** order_no = one more than the largest order_no among local transactions (starting at 1). */
export const nextOrderNo = (transactions: readonly { order_no?: number | null }[]): number =>
  transactions.reduce((max, t) => Math.max(max, Number(t.order_no ?? 0) || 0), 0) + 1;

/** The messaging service's country prefix. */
export const MESSAGING_COUNTRY_PREFIX = '62';

/**
 * A phone number for messaging-app links (ruling 9): a leading 0 becomes 62; a number already
 * starting with 62 stays; any other number gets 62 prefixed. Non-digits (a leading '+') are dropped.
 */
export const messagingPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) return MESSAGING_COUNTRY_PREFIX + digits.slice(1);
  if (digits.startsWith(MESSAGING_COUNTRY_PREFIX)) return digits;
  return MESSAGING_COUNTRY_PREFIX + digits;
};

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

/** Placeholder initials of an image-less tile: one word → 1 letter, two → both, more → first and last. */
export const nameInitials = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0][0].toUpperCase();
  return (words[0][0] + words[words.length - 1][0]).toUpperCase();
};

/** Whether a customer's birthday (month and day) is today. */
export const isBirthdayToday = (birthDate: string | null | undefined, now: Now): boolean => {
  const d = datePart(birthDate);
  return d !== null && d.slice(5) === toWallClock(now).date.slice(5);
};

/** An e-mail address as the customer search and Customer Data accept it (000 §5). */
export const isEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** 000 §5 Amount input: the birth-date picker runs from 1930-01-01 to today. */
export const BIRTH_DATE_MIN = '1930-01-01';

/** The birth-date picker's bounds: 1930-01-01 to today (YYYY-MM-DD). */
export const birthDateBounds = (today: string): { min: string; max: string } => ({
  min: BIRTH_DATE_MIN,
  max: today.slice(0, 10),
});

/**
 * A birth date for storage (YYYY-MM-DD) from a picker's or a sale's value: a real calendar day within
 * the picker's bounds, else null. The cashier's form and the server storing a sale's customer share it.
 */
export const normalizeBirthDate = (value: string | null | undefined, today: string): string | null => {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim()) : null;
  if (!m) return null;
  const date = m[0];
  if (!isCalendarDate(date)) return null;
  const { min, max } = birthDateBounds(today);
  return date < min || date > max ? null : date;
};
