// Calendar helpers in the outlets' zone (WIB, UTC+7, no daylight saving), so "today" in the demo
// is the outlet's today whatever zone the server runs in.

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The wall-clock fields of `at` in WIB, read with getUTC*. */
function wib(at: Date): Date {
  return new Date(at.getTime() + WIB_OFFSET_MS);
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** YYYY-MM-DD in WIB. */
export function ymd(at: Date): string {
  const w = wib(at);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** YYYY-MM-DD HH:mm:ss in WIB (the spec's stored format). */
export function ymdHms(at: Date): string {
  const w = wib(at);
  return `${ymd(at)} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
}

/** Day of month in WIB. */
export function dayOfMonth(at: Date): number {
  return wib(at).getUTCDate();
}

/** Month (1–12) and day in WIB. */
export function monthDay(at: Date): { month: number; day: number } {
  const w = wib(at);
  return { month: w.getUTCMonth() + 1, day: w.getUTCDate() };
}

/** A birth date in `year` falling on the WIB month-day of `at` (29 Feb becomes 28 Feb in other years). */
export function birthDateOn(at: Date, year: number): string {
  const { month, day } = monthDay(at);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const d = month === 2 && day === 29 && !leap ? 28 : day;
  return `${year}-${pad(month)}-${pad(d)}`;
}

export { pad };
