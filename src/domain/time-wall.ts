/**
 * The light face of src/domain/time.ts (the one owner of time): WIB wall-clock text and instants with
 * no date library, for the code every page loads (the sign-in path, the public receipt, the rules).
 * WIB is UTC+7 all year (Asia/Jakarta has had no daylight saving since 1964), so the wall clock of an
 * instant is its UTC fields read 7 hours on, on any device. time.ts re-exports all of this for the
 * server; test/domain/time-wall.property.test.ts checks each function here against luxon (a dev
 * dependency, the reference only). Display patterns are in time-format.ts, the relative age words in
 * time-relative.ts (dayjs).
 */

/** The outlets' time zone. */
export const OUTLET_ZONE = 'Asia/Jakarta';

/** WIB's offset from UTC in milliseconds (+07:00, no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;

/**
 * Wall-clock time at the outlet. Rules take `now` as an argument: either a local timestamp
 * string ("YYYY-MM-DD HH:mm:ss", "YYYY-MM-DDTHH:mm", …, WIB as written) or a Date (an instant,
 * read in WIB).
 */
export type Now = Date | string;

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm:ss */
  time: string;
  /** "YYYY-MM-DD HH:mm:ss", comparable as text. */
  stamp: string;
  /** ISO weekday: Monday 1 … Sunday 7 (ruling 1). */
  isoWeekday: number;
  dayOfMonth: number;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** ISO 8601 extended date-time as servers and sales write it: optional fraction, optional zone. */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/i;
export const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * Epoch milliseconds of calendar fields read as UTC, or NaN when they name no real calendar time
 * (Feb 30, 24:01, minute 60 …). setUTCFullYear keeps years below 100 as written.
 */
function utcFields(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  // 24:00 is 00:00 of the next day (ISO 8601; luxon reads it so too).
  if (h === 24 && mi === 0 && s === 0 && ms === 0) return utcFields(y, mo, d) + 24 * 3600_000;
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return Number.NaN;
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi, s, ms);
  return at.getUTCDate() === d && at.getUTCMonth() === mo - 1 ? at.getTime() : Number.NaN;
}

/** The instant's WIB wall-clock fields, as a Date whose UTC fields are WIB's. */
export const wibFields = (at: Date | number): Date =>
  new Date((typeof at === 'number' ? at : at.getTime()) + WIB_OFFSET_MS);

/**
 * Milliseconds of "YYYY-MM-DD[ HH:mm[:ss]]" (a space or T between) read as WIB wall-clock time; NaN
 * when the text is not in that form or names no real calendar time.
 */
function stampMillis(value: string): number {
  const m = LOCAL.exec(value.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return utcFields(+y, +mo, +d, +h, +mi, +s) - WIB_OFFSET_MS;
}

/** Whether text is "YYYY-MM-DD[ HH:mm[:ss]]" naming a real WIB wall-clock time (luxon reads it as a valid time: the property test). */
export const isOutletStamp = (value: string): boolean => !Number.isNaN(stampMillis(value));

/**
 * Milliseconds since the epoch of a server time: the stored format in WIB, or ISO text carrying its
 * own zone (…Z, +07:00), which keeps it (without one it is WIB). NaN if unreadable.
 */
export function parseServerDateTime(value: string): number {
  const stamp = stampMillis(value);
  if (!Number.isNaN(stamp)) return stamp;
  const m = ISO.exec(value.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac, z, sign, oh, om = '0'] = m;
  const ms = frac ? Math.floor(Number.parseFloat(`0.${frac}`) * 1000) : 0;
  const fields = utcFields(+y, +mo, +d, +h, +mi, +s, ms);
  const offset = z ? 0 : sign ? (sign === '-' ? -1 : 1) * (+oh * 60 + +om) * 60_000 : WIB_OFFSET_MS;
  return fields - offset;
}

/** The stored format "YYYY-MM-DD HH:mm:ss" (WIB) of an instant. */
export const formatOutletStamp = (at: Date | number): string =>
  wibFields(at).toISOString().slice(0, 19).replace('T', ' ');

/** The instant a stored "YYYY-MM-DD[ HH:mm[:ss]]" (WIB) names; throws when it names none. */
export function outletStampInstant(value: string): Date {
  const ms = stampMillis(value);
  if (Number.isNaN(ms)) throw new Error(`not a local date-time: ${value}`);
  return new Date(ms);
}

/** The outlet's day (YYYY-MM-DD) holding `at`, and the instants it starts and ends (end exclusive). */
export function outletDay(at: Date | number): { date: string; start: Date; end: Date } {
  const date = formatOutletStamp(at).slice(0, 10);
  const start = stampMillis(date);
  return { date, start: new Date(start), end: new Date(start + 24 * 3600_000) };
}

/** "HH:mm", "HH:mm:ss" or "H:mm" → "HH:mm:ss". */
export const normalizeTime = (t: string | null | undefined, fallback = '00:00:00'): string => {
  if (!t) return fallback;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(t.trim());
  if (!m) return fallback;
  return `${pad(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`;
};

/** The date part (YYYY-MM-DD) of a date or timestamp text, or null. */
export const datePart = (s: string | null | undefined): string | null => {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})/.exec(s.trim()) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

/** A calendar date's fields as a UTC Date (a date has no zone). Callers pass real dates (isCalendarDate);
 * an impossible one rolls over (2026-02-30 is 2 March) where luxon answered "Invalid DateTime". */
const calendarDate = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return at;
};

export const isoWeekdayOf = (date: string): number => calendarDate(date).getUTCDay() || 7;

export const toWallClock = (now: Now): WallClock => {
  let date: string;
  let time: string;
  if (typeof now === 'string') {
    const d = datePart(now);
    if (!d) throw new Error(`Not a local timestamp: ${now}`);
    date = d;
    time = normalizeTime(now.slice(10).replace(/^[T ]/, ''), '00:00:00');
  } else {
    const stamp = formatOutletStamp(now);
    date = stamp.slice(0, 10);
    time = stamp.slice(11);
  }
  return {
    date,
    time,
    stamp: `${date} ${time}`,
    isoWeekday: isoWeekdayOf(date),
    dayOfMonth: Number(date.slice(8, 10)),
  };
};

/** A date moved by whole days (YYYY-MM-DD in, YYYY-MM-DD out). */
export const addDays = (date: string, days: number): string => {
  const at = calendarDate(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Whether "YYYY-MM-DD" names a real calendar day. */
export const isCalendarDate = (date: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m !== null && !Number.isNaN(utcFields(+m[1], +m[2], +m[3]));
};

/** "YYYY-MM-DD HH:mm:ss" of a wall clock (an instant in WIB, or a local timestamp as written). */
export const formatLocalTimestamp = (now: Now): string => toWallClock(now).stamp;
