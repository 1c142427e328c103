// Calendar helpers in the outlets' zone (WIB, src/domain/time.ts), so "today" in the demo
// is the outlet's today whatever zone the server runs in.
import { formatOutletStamp } from '../../../src/domain/time';

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** YYYY-MM-DD in WIB. */
export function ymd(at: Date): string {
  return formatOutletStamp(at).slice(0, 10);
}

/** YYYY-MM-DD HH:mm:ss in WIB (the spec's stored format). */
export function ymdHms(at: Date): string {
  return formatOutletStamp(at);
}

/** Day of month in WIB. */
export function dayOfMonth(at: Date): number {
  return Number(ymd(at).slice(8, 10));
}

/** Month (1–12) and day in WIB. */
export function monthDay(at: Date): { month: number; day: number } {
  const date = ymd(at);
  return { month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** A birth date in `year` falling on the WIB month-day of `at` (29 Feb becomes 28 Feb in other years). */
export function birthDateOn(at: Date, year: number): string {
  const { month, day } = monthDay(at);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const d = month === 2 && day === 29 && !leap ? 28 : day;
  return `${year}-${pad(month)}-${pad(d)}`;
}

export { pad };
