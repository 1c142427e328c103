// The light face of time (src/domain/time-wall.ts, no date library, fixed +07:00) says exactly what
// luxon with the zone Asia/Jakarta says, for random instants and wall-clock texts, on a device set to
// WIB's zone, UTC, WITA, WIT or New York (issue 10's budgets, issue 16's one owner of time).
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import * as format from '../../src/domain/time-format';
import * as wall from '../../src/domain/time-wall';
import { DEVICE_ZONES, inDeviceZone } from '../device-zone';

const ZONE = 'Asia/Jakarta';
const ZONES = ['Asia/Jakarta', ...DEVICE_ZONES];
// Instants 1970–2100, with milliseconds.
const instant = fc.integer({ min: 0, max: 4_102_444_800_000 });
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
// Wall-clock texts, some naming no real time (day 31 of a short month, hour 24, minute 60).
const fields = fc.record({
  y: fc.integer({ min: 1970, max: 2100 }).map(String),
  mo: two(13),
  d: two(31),
  h: two(24),
  mi: two(60),
  s: two(60),
});
const stampText = fc.oneof(
  fields.map((f) => `${f.y}-${f.mo}-${f.d}`),
  fields.map((f) => `${f.y}-${f.mo}-${f.d} ${f.h}:${f.mi}`),
  fields.map((f) => `${f.y}-${f.mo}-${f.d} ${f.h}:${f.mi}:${f.s}`),
  fields.map((f) => `${f.y}-${f.mo}-${f.d}T${f.h}:${f.mi}:${f.s}`),
);
const offset = fc.constantFrom('', 'Z', '+07:00', '+0700', '+07', '-05:00', '+08:00', '+09:30', '-00:00');
const isoText = fc
  .tuple(fields, fc.constantFrom('', '.5', '.123', '.123456', ',25'), offset)
  .map(([f, frac, z]) => `${f.y}-${f.mo}-${f.d}T${f.h}:${f.mi}:${f.s}${frac}${z}`);
const endOfDay = fc
  .tuple(
    fields,
    fc.constantFrom('T', ' '),
    fc.constantFrom('24:00', '24:00:00', '24:00:00.000', '24:00:01', '24:01'),
    offset,
  )
  .map(([f, sep, t, z]) => `${f.y}-${f.mo}-${f.d}${sep}${t}${z}`);
const serverText = fc.oneof(
  stampText,
  isoText,
  endOfDay,
  instant.map((ms) => new Date(ms).toISOString()),
);
const PATTERNS = [
  'd MMM yyyy, HH:mm',
  'dd MMM yyyy HH:mm',
  'd MMM yyyy HH:mm',
  'd MMM yyyy',
  'HH:mm',
  'yyyy-MM-dd HH:mm:ss',
];
const LOCALES = ['id', 'en'];

// luxon's answers, as src/domain/time.ts computed them before the light face (the oracle).
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const luxonStamp = (value: string): DateTime | null => {
  const m = STAMP.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const at = DateTime.fromObject(
    { year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: +s },
    { zone: ZONE },
  );
  return at.isValid ? at : null;
};
const luxonTime = (value: string): DateTime | null => {
  const stamp = luxonStamp(value);
  if (stamp) return stamp;
  const iso = DateTime.fromISO(value.trim(), { zone: ZONE });
  return iso.isValid ? iso : null;
};
const luxonCalendar = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return DateTime.fromObject({ year: y, month: m, day: d }, { zone: 'UTC' });
};

describe.each(ZONES)('the light face equals luxon on a device set to %s', (zone) => {
  const run = (body: () => void) => inDeviceZone(zone, body);

  it('stored format and day of an instant', () =>
    run(() =>
      fc.assert(
        fc.property(instant, (ms) => {
          const at = DateTime.fromMillis(ms, { zone: ZONE });
          expect(wall.formatOutletStamp(ms)).toBe(at.toFormat('yyyy-MM-dd HH:mm:ss'));
          expect(wall.formatOutletStamp(new Date(ms))).toBe(at.toFormat('yyyy-MM-dd HH:mm:ss'));
          const day = at.startOf('day');
          expect(wall.outletDay(ms)).toEqual({
            date: day.toFormat('yyyy-MM-dd'),
            start: day.toJSDate(),
            end: day.plus({ days: 1 }).toJSDate(),
          });
          expect(wall.toWallClock(new Date(ms)).isoWeekday).toBe(at.weekday);
        }),
      ),
    ));

  it('server and wall-clock texts read as the same instant, or both unreadable', () =>
    run(() =>
      fc.assert(
        fc.property(serverText, (text) => {
          const expected = luxonTime(text)?.toMillis() ?? Number.NaN;
          expect(wall.parseServerDateTime(text)).toBe(expected);
          const stamp = luxonStamp(text);
          expect(wall.isOutletStamp(text)).toBe(stamp !== null);
          if (stamp) expect(wall.outletStampInstant(text)).toEqual(stamp.toJSDate());
          else expect(() => wall.outletStampInstant(text)).toThrow();
        }),
      ),
    ));

  it('display patterns, Indonesian and English month names', () =>
    run(() =>
      fc.assert(
        fc.property(
          fc.oneof(
            serverText,
            instant.map((ms) => new Date(ms)),
          ),
          fc.constantFrom(...PATTERNS),
          fc.constantFrom(...LOCALES),
          (value, pattern, locale) => {
            const at =
              typeof value === 'string'
                ? luxonTime(value)
                : DateTime.fromMillis(value.getTime(), { zone: ZONE });
            expect(format.formatOutletTime(value, pattern, locale)).toBe(
              at ? at.setLocale(locale).toFormat(pattern) : null,
            );
          },
        ),
      ),
    ));

  it('calendar dates: weekday, moving by days, real days', () =>
    run(() =>
      fc.assert(
        fc.property(fields, fc.integer({ min: -4000, max: 4000 }), (f, days) => {
          const text = `${f.y}-${f.mo}-${f.d}`;
          const real = luxonCalendar(text).isValid;
          expect(wall.isCalendarDate(text)).toBe(real);
          if (!real) return;
          expect(wall.isoWeekdayOf(text)).toBe(luxonCalendar(text).weekday);
          expect(wall.addDays(text, days)).toBe(luxonCalendar(text).plus({ days }).toFormat('yyyy-MM-dd'));
        }),
      ),
    ));
});

describe('what the receipt and the lists print', () => {
  it('every month name, Indonesian and English, as luxon writes it', () => {
    for (let month = 1; month <= 12; month++) {
      const text = `2026-${String(month).padStart(2, '0')}-15 08:05:00`;
      for (const locale of LOCALES) {
        expect(format.formatOutletTime(text, 'd MMM yyyy', locale)).toBe(
          luxonTime(text)?.setLocale(locale).toFormat('d MMM yyyy'),
        );
      }
    }
    expect(format.formatOutletTime('2026-08-15 08:05:00', 'd MMM yyyy', 'id')).toBe('15 Agu 2026');
    expect(format.formatOutletTime('2026-08-15T01:05:00Z', "d MMM yyyy 'pukul' HH:mm", 'en')).toBe(
      '15 Aug 2026 pukul 08:05',
    );
  });

  it('a pattern letter the light face does not write is an error, not a wrong text', () => {
    expect(() => format.formatOutletTime('2026-08-15 08:05:00', 'EEE d MMM')).toThrow(/EEE|E/);
  });
});
