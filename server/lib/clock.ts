import { parseLocalTimeAt, SERVER_UTC_OFFSET_MINUTES } from '../../src/api/contract/time';

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
export const OUTLET_UTC_OFFSET_MINUTES = SERVER_UTC_OFFSET_MINUTES;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocalDateTime(d: Date, offsetMinutes = OUTLET_UTC_OFFSET_MINUTES): string {
  const l = new Date(d.getTime() + offsetMinutes * 60_000);
  return `${l.getUTCFullYear()}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())} ${pad(l.getUTCHours())}:${pad(
    l.getUTCMinutes(),
  )}:${pad(l.getUTCSeconds())}`;
}

/** Parses "YYYY-MM-DD HH:mm:ss" (or "YYYY-MM-DD") written in outlet local time. */
export function parseLocalDateTime(s: string, offsetMinutes = OUTLET_UTC_OFFSET_MINUTES): Date {
  const at = parseLocalTimeAt(s, offsetMinutes);
  if (at === null) throw new Error(`not a local date-time: ${s}`);
  return new Date(at);
}
