// Transaction history rules (002 §2.9, §5, §9): the 40-day window in WIB, paging, card texts, search text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_PAGE_SIZES,
  historyCardName,
  historyCardTitle,
  historyDateWindow,
  historyPageCount,
  historySearchText,
  historyStartRow,
  isHistoryDate,
  isHistoryPageSize,
  matchesHistorySearch,
  showsHistoryPagination,
} from '../../src/domain/history';

describe('history date window (WIB)', () => {
  it('is today back to 40 days before, by the outlet day, not UTC', () => {
    // 2026-11-25 18:30 UTC is 2026-11-26 01:30 WIB
    const now = new Date('2026-11-25T18:30:00Z');
    expect(historyDateWindow(now)).toEqual({ min: '2026-10-17', max: '2026-11-26' });
    expect(isHistoryDate('2026-11-26', now)).toBe(true);
    expect(isHistoryDate('2026-10-17', now)).toBe(true);
    expect(isHistoryDate('2026-10-16', now)).toBe(false);
    expect(isHistoryDate('2026-11-27', now)).toBe(false);
    expect(isHistoryDate('2026-11-31', now)).toBe(false);
    expect(isHistoryDate('26-11-2026', now)).toBe(false);
  });
  it('holds exactly 41 days for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (now) => {
          const { min, max } = historyDateWindow(now);
          const days = (Date.parse(max) - Date.parse(min)) / 86_400_000;
          expect(days).toBe(40);
          expect(isHistoryDate(min, now) && isHistoryDate(max, now)).toBe(true);
        },
      ),
    );
  });
});

describe('paging', () => {
  it('sizes 10-50, start rows, page counts, pagination above 10', () => {
    expect(HISTORY_PAGE_SIZES).toEqual([10, 20, 30, 40, 50]);
    expect(isHistoryPageSize(30)).toBe(true);
    expect(isHistoryPageSize(15)).toBe(false);
    expect(historyStartRow(1, 10)).toBe(0);
    expect(historyStartRow(3, 20)).toBe(40);
    expect(historyPageCount(0, 10)).toBe(1);
    expect(historyPageCount(25, 10)).toBe(3);
    expect(showsHistoryPagination(10)).toBe(false);
    expect(showsHistoryPagination(11)).toBe(true);
  });
  it('every row lies on exactly one page', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.constantFrom(...HISTORY_PAGE_SIZES), (total, size) => {
        const pages = historyPageCount(total, size);
        let covered = 0;
        for (let p = 1; p <= pages; p++)
          covered += Math.max(0, Math.min(size, total - historyStartRow(p, size)));
        expect(covered).toBe(total);
      }),
    );
  });
});

describe('cards and search text', () => {
  it("name: customer, else trx_label, else 'GUEST'; title with the short id", () => {
    expect(historyCardName({ customer: { user_name: 'Ayu' }, trx_label: 'Meja 1' })).toBe('Ayu');
    expect(historyCardName({ customer: null, trx_label: 'Meja 1' })).toBe('Meja 1');
    expect(historyCardName({ customer: { user_name: ' ' }, trx_label: '' })).toBe('GUEST');
    expect(historyCardTitle('3f6c1d2e-aaaa-bbbb-cccc-0123456789ab')).toBe('Transaksi #6789AB');
  });
  it('matches the short id in either case and never across two fields', () => {
    const text = historySearchText({
      trx_id: 'KMG-20261126-0001',
      local_trx_id: '3f6c1d2e-aaaa-bbbb-cccc-0123456789ab',
      order_no: 12,
      customer_name: 'Ayu Lestari',
      trx_label: null,
      trx_notes: 'Teh',
    });
    expect(matchesHistorySearch(text, '6789AB')).toBe(true);
    expect(matchesHistorySearch(text, 'ayu LESTARI')).toBe(true);
    expect(matchesHistorySearch(text, 'lestariteh')).toBe(false);
    expect(matchesHistorySearch(text, '  ')).toBe(true);
  });
});
