// One rule for time (src/domain/time.ts): WIB everywhere, whatever zone the device is set to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatLocalTimestamp,
  formatOutletStamp,
  isoWeekdayOf,
  outletDay,
  parseServerDateTime,
  toWallClock,
} from '../../src/domain/time';
import { DEVICE_ZONES, inDeviceZone } from '../device-zone';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Instants 2000–2100 in whole seconds (the stored format has no fractions).
const instant = fc.integer({ min: 946_684_800, max: 4_102_444_800 }).map((s) => s * 1000);
// WIB is UTC+7 all year (no daylight saving since 1964): the oracle reads UTC fields 7 hours on.
const wibStamp = (ms: number) => new Date(ms + 7 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

describe('stored times round-trip', () => {
  it('format → parse gives the same instant', () => {
    fc.assert(fc.property(instant, (ms) => parseServerDateTime(formatOutletStamp(ms)) === ms));
  });

  it('parse → format gives the same text', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const stamp = wibStamp(ms);
        return formatOutletStamp(parseServerDateTime(stamp)) === stamp;
      }),
    );
  });

  it('a time carrying its own zone keeps it; unreadable text is NaN', () => {
    expect(parseServerDateTime('2026-11-22T01:00:00Z')).toBe(Date.parse('2026-11-22T01:00:00Z'));
    expect(parseServerDateTime('2026-11-22T08:00:00+07:00')).toBe(Date.parse('2026-11-22T01:00:00Z'));
    expect(parseServerDateTime('2026-11-22 08:00')).toBe(Date.parse('2026-11-22T01:00:00Z'));
    expect(parseServerDateTime('2026-11-22')).toBe(Date.parse('2026-11-21T17:00:00Z'));
    expect(parseServerDateTime('kemarin')).toBeNaN();
    expect(parseServerDateTime('2026-02-30 08:00:00')).toBeNaN();
  });
});

describe('a day in WIB is the same day on a device set to UTC, WITA, WIT or New York', () => {
  for (const zone of DEVICE_ZONES) {
    it(zone, () => {
      inDeviceZone(zone, () => {
        fc.assert(
          fc.property(instant, (ms) => {
            const clock = toWallClock(new Date(ms));
            const day = outletDay(ms);
            expect(clock.stamp).toBe(wibStamp(ms));
            expect(formatLocalTimestamp(new Date(ms))).toBe(wibStamp(ms));
            expect(day.date).toBe(clock.date);
            // the day starts at 00:00 WIB = 17:00 UTC the day before, and lasts 24 hours
            expect(day.start.getTime()).toBe(Date.parse(`${addDays(day.date, -1)}T17:00:00Z`));
            expect(day.end.getTime() - day.start.getTime()).toBe(DAY);
            expect(ms >= day.start.getTime() && ms < day.end.getTime()).toBe(true);
          }),
        );
      });
    });
  }

  it('the last second of a WIB day and the first of the next, read on each device', () => {
    const last = Date.parse('2026-11-22T16:59:59Z');
    for (const zone of DEVICE_ZONES) {
      inDeviceZone(zone, () => {
        expect(toWallClock(new Date(last)).stamp).toBe('2026-11-22 23:59:59');
        expect(toWallClock(new Date(last + 1000)).stamp).toBe('2026-11-23 00:00:00');
        expect(toWallClock(new Date(last + 1000)).isoWeekday).toBe(1);
      });
    }
  });
});

describe('calendar dates', () => {
  it('addDays moves whole days and agrees with the weekday', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -400, max: 400 }), (ms, n) => {
        const date = wibStamp(ms).slice(0, 10);
        const moved = addDays(date, n);
        expect(Date.parse(moved) - Date.parse(date)).toBe(n * DAY);
        expect(isoWeekdayOf(moved)).toBe(((((isoWeekdayOf(date) - 1 + n) % 7) + 7) % 7) + 1);
      }),
    );
  });
});
