// Rules of the list reports (002 §2.17–2.19, §3, §9): phones without and with the leading 0, the messaging
// link to 62 + the phone, the days left until a coupon's end date, a customer's birthday falling in a report
// period and the age they turn on it, and the omzet recap's fees (royalty 9 %, marketing 1 % of omzet). Pure.
import { addDays } from './time-wall';

/** 002 §9: messaging-app country prefix. */
export const MESSAGING_PREFIX = '62';
/** 002 §9: royalty and marketing fees of omzet. */
export const ROYALTY_FEE_PERCENT = 9;
export const MARKETING_FEE_PERCENT = 1;

/** 002 §3: a report phone without its leading 0 (or country code): digits only, '' when none. */
export function phoneLocal(phone: string | null | undefined): string {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (digits.startsWith(MESSAGING_PREFIX)) return digits.slice(MESSAGING_PREFIX.length);
  return digits.replace(/^0+/, '');
}
/** 002 §9: report phones are shown with a leading 0. */
export const phoneShown = (local: string): string => (local ? `0${phoneLocal(local)}` : '');
/** 002 §2.17: the messaging-app link to 62 + the phone; null without a phone. */
export const messagingLink = (local: string): string | null =>
  phoneLocal(local) ? `https://wa.me/${MESSAGING_PREFIX}${phoneLocal(local)}` : null;

const dayMs = 86_400_000;
const dayNo = (date: string) => Date.parse(`${date}T00:00:00Z`) / dayMs;
/** Whole days from `today` to `date` (both YYYY-MM-DD); negative once past. */
export const daysUntil = (date: string, today: string): number => Math.round(dayNo(date) - dayNo(today));

/**
 * The day in [start, end] (YYYY-MM-DD) on which someone born on `birth` has a birthday, or null; 29 February
 * falls on 28 February in other years. The period is at most 366 days, so there is at most one unless it spans
 * two of the same date (then the first).
 */
export function birthdayIn(birth: string, start: string, end: string): string | null {
  const [, m, d] = birth.split('-');
  for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) {
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const day = m === '02' && d === '29' && !leap ? `${y}-02-28` : `${y}-${m}-${d}`;
    if (day >= start && day <= end) return day;
  }
  return null;
}
/** The age turned on a birthday (YYYY-MM-DD). */
export const ageOn = (birth: string, birthday: string): number =>
  Number(birthday.slice(0, 4)) - Number(birth.slice(0, 4));

/** Every day of a period, in order. */
export function periodDays(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length <= 366; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * An omzet recap day (002 §2.18, §3): omzet = service + retail; royalty and marketing fees are their percent of
 * omzet, rounded half up to whole units (ruling 22); total fee their sum; net = omzet − cost − total fee.
 */
export function omzetDay(input: { service: number; retail: number; cost: number }) {
  const drv_omzet = input.service + input.retail;
  const royalty_fee = Math.round((drv_omzet * ROYALTY_FEE_PERCENT) / 100);
  const marketing_fee = Math.round((drv_omzet * MARKETING_FEE_PERCENT) / 100);
  const total_fee = royalty_fee + marketing_fee;
  return {
    service_total_commission: input.service,
    retail_total_commission: input.retail,
    drv_omzet,
    drv_variant_cost: input.cost,
    royalty_fee,
    marketing_fee,
    total_fee,
    net_value: drv_omzet - input.cost - total_fee,
  };
}
