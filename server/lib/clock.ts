import { formatOutletStamp, outletStampInstant } from '../../src/domain/time';

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

/** The spec's stored format "YYYY-MM-DD HH:mm:ss" of an instant, in the outlets' zone (src/domain/time.ts). */
export const formatLocalDateTime = (d: Date): string => formatOutletStamp(d);

/** The instant of "YYYY-MM-DD HH:mm:ss" (or "YYYY-MM-DD") written in the outlets' zone; throws if it names none. */
export const parseLocalDateTime = (s: string): Date => outletStampInstant(s);
