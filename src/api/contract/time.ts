/**
 * The server writes times in the spec's stored format "YYYY-MM-DD HH:mm:ss" as the outlets' local time,
 * WIB (UTC+7; server/lib/clock.ts formats them). A browser elsewhere must read them at that offset, not its own.
 */
export const SERVER_UTC_OFFSET_MINUTES = 7 * 60;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Milliseconds since the epoch of "YYYY-MM-DD[ HH:mm[:ss]]" written at `offsetMinutes` from UTC; null when
 * the text is not in that form. The server's own clock (server/lib/clock.ts) parses with it too.
 */
export function parseLocalTimeAt(value: string, offsetMinutes = SERVER_UTC_OFFSET_MINUTES): number | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return asUtc - offsetMinutes * 60_000;
}

/** Milliseconds since the epoch of a server time; a time carrying its own zone (…Z, +07:00) keeps it. NaN if unreadable. */
export function parseServerDateTime(value: string): number {
  return parseLocalTimeAt(value) ?? Date.parse(value);
}

/** "YYYY-MM-DD[ HH:mm[:ss]]" naming a real day and time (no 2026-02-30, no 25:00). */
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL.exec(value.trim());
  if (!m) return false;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return (
    at.getUTCFullYear() === Number(y) &&
    at.getUTCMonth() === Number(mo) - 1 &&
    at.getUTCDate() === Number(d) &&
    at.getUTCHours() === Number(h) &&
    at.getUTCMinutes() === Number(mi) &&
    at.getUTCSeconds() === Number(s)
  );
}
