/**
 * Time at the outlet: the one module that parses, compares, formats and stores dates and times, on the
 * device and on the server. Every outlet runs on WIB (zone Asia/Jakarta, UTC+7, no daylight saving);
 * the spec's stored format "YYYY-MM-DD HH:mm:ss" (file 003 §9) is WIB wall-clock time, whatever zone
 * the device or the server process is set to. Instants (Date, epoch ms) stay instants; only this module
 * turns them into wall-clock text and back, never through the process's own zone.
 *
 * It has three faces (docs/decisions.md, issue 16 and issue 10's budgets):
 * - time-wall.ts, the light face with no date library (fixed +07:00): the stored format, server times,
 *   calendar dates and the display patterns; the code every page loads imports it directly.
 * - this file, re-exporting the light face and adding luxon DateTime values (zone named) for the
 *   server's calendar arithmetic; test/domain/time-wall.property.test.ts holds the faces equal.
 * - time-format.ts, the light face's display patterns, apart so the sign-in path does not load them.
 * - time-relative.ts, dayjs's relative age words, imported only where a list shows them.
 */
import { DateTime } from 'luxon';
import { OUTLET_ZONE } from './time-wall';

export * from './time-format';
export * from './time-wall';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

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
