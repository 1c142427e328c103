/** Time comes in through a clock so tests control it; the server never trusts the device's time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}

/** The outlets' time zone (WIB, UTC+7): the spec's stored format "YYYY-MM-DD HH:mm:ss" is local time. */
export const OUTLET_UTC_OFFSET_MINUTES = 7 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocalDateTime(d: Date, offsetMinutes = OUTLET_UTC_OFFSET_MINUTES): string {
  const l = new Date(d.getTime() + offsetMinutes * 60_000);
  return `${l.getUTCFullYear()}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())} ${pad(l.getUTCHours())}:${pad(
    l.getUTCMinutes(),
  )}:${pad(l.getUTCSeconds())}`;
}

/** Parses "YYYY-MM-DD HH:mm:ss" (or "YYYY-MM-DD") written in outlet local time. */
export function parseLocalDateTime(s: string, offsetMinutes = OUTLET_UTC_OFFSET_MINUTES): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) throw new Error(`not a local date-time: ${s}`);
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  return new Date(utc - offsetMinutes * 60_000);
}
