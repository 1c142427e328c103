// The reports' rules (002 §2.13–2.14, §9; issue 27): floored amounts, 2-decimal quantities, the totals of the
// currency columns, the titles, the request period, and the CSV with formula injection neutralised.
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  columnTotals,
  floorAmount,
  formatReportAmount,
  formatReportQty,
  neutraliseCsvCell,
  reportCsv,
  reportPeriod,
  salesReportTitle,
} from '../../src/domain/reports';

describe('amounts and quantities', () => {
  it('floors amounts to whole units with 0 decimals', () => {
    expect(floorAmount(1234.99)).toBe(1234);
    expect(floorAmount('1000.00')).toBe(1000);
    expect(floorAmount(0.1 + 0.2 + 0.7)).toBe(1);
    expect(formatReportAmount(1234567.9)).toBe('1,234,567');
    expect(formatReportAmount(1234567.9, { decimalSeparator: ',', thousandSeparator: '.' })).toBe(
      '1.234.567',
    );
  });
  it('shows quantities with 2 decimals', () => {
    expect(formatReportQty(3)).toBe('3.00');
    expect(formatReportQty(1234.5)).toBe('1,234.50');
    expect(formatReportQty(0.125, { decimalSeparator: ',', thousandSeparator: '.' })).toBe('0,13');
  });
  it('totals the currency columns (floored per row) and the qty columns', () => {
    const cols = [
      { key: 'trx_id', title: 'ID Transaksi', type: 'text' as const },
      { key: 'qty', title: 'Qty', type: 'qty' as const },
      { key: 'net', title: 'Net Value', type: 'currency' as const },
    ];
    const rows = [
      { trx_id: 'A', qty: 1.5, net: 1000.9 },
      { trx_id: 'B', qty: 2.25, net: '2000.50' },
    ];
    expect(columnTotals(cols, rows)).toEqual({ qty: 3.75, net: 3000 });
  });
  it('property: the totals row equals the sum of the printed (floored) amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000_00 }), { maxLength: 50 }), (cents) => {
        const rows = cents.map((c) => ({ v: c / 100 }));
        const printed = rows.reduce((s, r) => s + floorAmount(r.v), 0);
        expect(columnTotals([{ key: 'v', title: 'v', type: 'currency' }], rows).v).toBe(printed);
      }),
    );
  });
});

describe('titles and period', () => {
  it("writes the spec's titles", () => {
    expect(salesReportTitle('by-transaction', '')).toBe('Laporan Penjualan - Harian (SERVICE & RETAIL)');
    expect(salesReportTitle('by-transaction', 'RETAIL')).toBe('Laporan Penjualan - Harian');
    expect(salesReportTitle('by-transaction-detail', '')).toBe('Laporan Penjualan - Detail');
    expect(salesReportTitle('by-product', 'SERVICE')).toBe('Laporan Penjualan - Berdasarkan SERVICE');
  });
  it('a day is 00:00 WIB to the next 00:00 WIB; bad, reversed and over-long ranges are refused', () => {
    expect(reportPeriod('2026-11-27', '2026-11-27')).toEqual({
      ok: true,
      start: new Date('2026-11-26T17:00:00Z'),
      end: new Date('2026-11-27T17:00:00Z'),
    });
    expect(reportPeriod('2026-02-30', '2026-03-01')).toEqual({ ok: false, problem: 'start_date' });
    expect(reportPeriod('2026-11-27', '2026-11-26')).toEqual({ ok: false, problem: 'order' });
    expect(reportPeriod('2025-01-01', '2026-11-27')).toEqual({ ok: false, problem: 'span' });
  });
});

describe('CSV', () => {
  it('prefixes a cell starting with = + - @ (and tab / CR) with a quote; numbers stay numbers', () => {
    expect(neutraliseCsvCell('=HYPERLINK("http://e.vil")')).toBe(`'=HYPERLINK("http://e.vil")`);
    expect(neutraliseCsvCell('+62811')).toBe("'+62811");
    expect(neutraliseCsvCell('-1+1')).toBe("'-1+1");
    expect(neutraliseCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCsvCell('\tx')).toBe("'\tx");
    expect(neutraliseCsvCell('Budi')).toBe('Budi');
    expect(neutraliseCsvCell(-5)).toBe(-5);
    expect(neutraliseCsvCell(null)).toBe('');
  });
  it('reads back with the right columns and numbers, quotes and commas kept', () => {
    const csv = reportCsv(
      ['No', 'Nama Pelanggan', 'Net Value'],
      [
        [1, 'Sari, "VIP"', 150000],
        [2, '=cmd|calc', 2000],
      ],
    );
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed).toEqual([
      ['No', 'Nama Pelanggan', 'Net Value'],
      ['1', 'Sari, "VIP"', '150000'],
      ['2', "'=cmd|calc", '2000'],
    ]);
  });
  it('property: no parsed text cell ever starts with a formula character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 3 }), { maxLength: 10 }),
        (rows) => {
          const csv = reportCsv(['a', 'b', 'c'], rows);
          for (const row of Papa.parse<string[]>(csv).data)
            for (const c of row) expect(c).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
    );
  });
});
