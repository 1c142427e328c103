/**
 * Time at the outlet: the one module that parses, compares, formats and stores dates and times, on the
 * device and on the server. Every outlet runs on WIB (zone Asia/Jakarta, UTC+7, no daylight saving);
 * the spec's stored format "YYYY-MM-DD HH:mm:ss" (file 003 §9) is WIB wall-clock time, whatever zone
 * the device or the server process is set to. Instants (Date, epoch ms) stay instants; only this module
 * turns them into wall-clock text and back (luxon with the zone named, never the process's own zone).
 * dayjs appears here only for the relative age words of the transaction lists (docs/decisions.md).
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/id';
import { DateTime } from 'luxon';

dayjs.extend(relativeTime);

/** The outlets' time zone. */
export const OUTLET_ZONE = 'Asia/Jakarta';

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

const STAMP_FORMAT = 'yyyy-MM-dd HH:mm:ss';
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** An instant (Date or epoch milliseconds) as a luxon DateTime in WIB. */
export const inOutletZone = (at: Date | number): DateTime =>
  DateTime.fromMillis(typeof at === 'number' ? at : at.getTime(), { zone: OUTLET_ZONE });

/**
 * "YYYY-MM-DD[ HH:mm[:ss]]" (a space or T between) read as WIB wall-clock time; null when the text is
 * not in that form or names no real calendar time.
 */
export function parseOutletStamp(value: string): DateTime | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const at = DateTime.fromObject(
    { year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: +s },
    { zone: OUTLET_ZONE },
  );
  return at.isValid ? at : null;
}

/**
 * A time as the server or a sale writes it: the stored format in WIB, or ISO text carrying its own
 * zone (…Z, +07:00), which keeps it. Null if unreadable.
 */
export function parseOutletTime(value: string): DateTime | null {
  const stamp = parseOutletStamp(value);
  if (stamp) return stamp;
  const iso = DateTime.fromISO(value.trim(), { zone: OUTLET_ZONE });
  return iso.isValid ? iso : null;
}

/** Milliseconds since the epoch of a server time (see parseOutletTime); NaN if unreadable. */
export function parseServerDateTime(value: string): number {
  return parseOutletTime(value)?.toMillis() ?? Number.NaN;
}

/** The stored format "YYYY-MM-DD HH:mm:ss" (WIB) of an instant. */
export const formatOutletStamp = (at: Date | number): string => inOutletZone(at).toFormat(STAMP_FORMAT);

/** The instant a stored "YYYY-MM-DD[ HH:mm[:ss]]" (WIB) names; throws when it names none. */
export function outletStampInstant(value: string): Date {
  const at = parseOutletStamp(value);
  if (!at) throw new Error(`not a local date-time: ${value}`);
  return at.toJSDate();
}

/** The outlet's day (YYYY-MM-DD) holding `at`, and the instants it starts and ends (end exclusive). */
export function outletDay(at: Date | number): { date: string; start: Date; end: Date } {
  const day = inOutletZone(at).startOf('day');
  return { date: day.toFormat('yyyy-MM-dd'), start: day.toJSDate(), end: day.plus({ days: 1 }).toJSDate() };
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

/** A calendar date's fields, read without any zone (a date has none). */
const calendarDate = (date: string): DateTime => {
  const [y, m, d] = date.split('-').map(Number);
  return DateTime.fromObject({ year: y, month: m, day: d }, { zone: 'UTC' });
};

export const isoWeekdayOf = (date: string): number => calendarDate(date).weekday;

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
export const addDays = (date: string, days: number): string =>
  calendarDate(date).plus({ days }).toFormat('yyyy-MM-dd');

/** Whether "YYYY-MM-DD" names a real calendar day. */
export const isCalendarDate = (date: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return (
    m !== null && DateTime.fromObject({ year: +m[1], month: +m[2], day: +m[3] }, { zone: 'UTC' }).isValid
  );
};

/** "YYYY-MM-DD HH:mm:ss" of a wall clock (an instant in WIB, or a local timestamp as written). */
export const formatLocalTimestamp = (now: Now): string => toWallClock(now).stamp;

/** The instant `now` names: a Date as is, a local timestamp read as WIB; null if unreadable. */
const instantOf = (now: Now): DateTime | null =>
  typeof now === 'string' ? parseOutletTime(now) : inOutletZone(now);

/**
 * A server or sale time in WIB with a luxon pattern (e.g. 'd MMM yyyy, HH:mm' for the spec's
 * "D MMM YYYY, HH:mm"), month names in `locale` ('id' on screens, 'en' on receipts); null if unreadable.
 */
export function formatOutletTime(value: Now, pattern: string, locale = 'id'): string | null {
  const at = instantOf(value);
  return at ? at.setLocale(locale).toFormat(pattern) : null;
}

/** How long ago `value` was at `now`, in Indonesian words ('5 menit yang lalu', 'sejam yang lalu'). */
export function relativeAge(value: Now, now: Now): string | null {
  const at = instantOf(value);
  const base = instantOf(now);
  if (!at || !base) return null;
  return dayjs(at.toMillis()).locale('id').from(dayjs(base.toMillis()));
}
