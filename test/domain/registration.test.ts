// The registration queue's rules (001 §2.11, §4, §9): queue numbers, history entries, the 'All Status'
// filter, plausible times.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_STATUS,
  appendStatusChange,
  isFilterDate,
  isPlausibleRegistrationTime,
  nextQueueNumber,
  nextStatusFilter,
  parseChangeHistory,
  passesStatusFilter,
  recordedActionDate,
} from '../../src/domain/registration';

describe('registration rules', () => {
  it('numbers: the last + 1, or 1 for an empty day', () => {
    expect(nextQueueNumber([])).toBe(1);
    expect(nextQueueNumber([{ nomor_urut: 1 }, { nomor_urut: 3 }])).toBe(4);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 999 })), (ns) => {
        const next = nextQueueNumber(ns.map((nomor_urut) => ({ nomor_urut })));
        expect(ns.every((n) => n < next)).toBe(true);
      }),
    );
  });

  it('history: status_before is the previous status_after, empty first', () => {
    const h1 = appendStatusChange([], 'Menunggu', '2026-11-27 09:00:00');
    const h2 = appendStatusChange(h1, 'Selesai', '2026-11-27 10:00:00');
    expect(h2).toEqual([
      { status_before: '', status_after: 'Menunggu', action_date: '2026-11-27 09:00:00' },
      { status_before: 'Menunggu', status_after: 'Selesai', action_date: '2026-11-27 10:00:00' },
    ]);
    expect(parseChangeHistory(JSON.stringify(h2))).toEqual(h2);
    expect(parseChangeHistory('not json')).toEqual([]);
    expect(parseChangeHistory('{"a":1}')).toEqual([]);
  });

  it("'All Status': any status removes it, choosing it clears the others, empty restores it", () => {
    expect(nextStatusFilter([ALL_STATUS], [ALL_STATUS, 'Menunggu'])).toEqual(['Menunggu']);
    expect(nextStatusFilter(['Menunggu'], ['Menunggu', 'Selesai'])).toEqual(['Menunggu', 'Selesai']);
    expect(nextStatusFilter(['Menunggu'], ['Menunggu', ALL_STATUS])).toEqual([ALL_STATUS]);
    expect(nextStatusFilter(['Menunggu'], [])).toEqual([ALL_STATUS]);
    expect(passesStatusFilter([ALL_STATUS], 'x')).toBe(true);
    expect(passesStatusFilter(['Menunggu'], 'Selesai')).toBe(false);
  });

  it('dates: impossible ones refused; a registration time within 7 days back and 1 ahead', () => {
    expect(isFilterDate('2026-02-28')).toBe(true);
    for (const d of ['2026-02-30', '2026-13-01', '2026-1-1', '', '1999-12-31'])
      expect(isFilterDate(d)).toBe(false);
    const today = '2026-11-27';
    expect(isPlausibleRegistrationTime('2026-11-27 09:00:00', today)).toBe(true);
    expect(isPlausibleRegistrationTime('2026-11-20 09:00:00', today)).toBe(true);
    expect(isPlausibleRegistrationTime('2026-11-19 09:00:00', today)).toBe(false);
    expect(isPlausibleRegistrationTime('2026-11-29 09:00:00', today)).toBe(false);
    expect(isPlausibleRegistrationTime('2026-11-27 24:30:00', today)).toBe(false);
    expect(recordedActionDate('2026-11-27 09:30:00', '2026-11-27 09:00:00', '2026-11-27 10:00:00')).toBe(
      '2026-11-27 09:30:00',
    );
    expect(recordedActionDate('2026-11-27 08:00:00', '2026-11-27 09:00:00', '2026-11-27 10:00:00')).toBe(
      '2026-11-27 10:00:00',
    );
    expect(recordedActionDate('2026-11-27 11:00:00', '2026-11-27 09:00:00', '2026-11-27 10:00:00')).toBe(
      '2026-11-27 10:00:00',
    );
  });
});
