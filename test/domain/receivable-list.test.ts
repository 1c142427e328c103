// 'Daftar Piutang' filters and sort (002 §2.12): every column searchable and sortable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextReceivableSort,
  RECEIVABLE_COLUMNS,
  type ReceivableListRow,
  receivableCellText,
  visibleReceivables,
} from '../../src/domain/receivable-list';

const DOT = { decimalSeparator: ',', thousandSeparator: '.' };
const row = (over: Partial<ReceivableListRow>): ReceivableListRow => ({
  user_name: 'Sari Dewi',
  trx_id: 'KMG-0001',
  trx_time: '2026-11-20 10:00:00',
  drv_balance: 40000,
  outlet_name: 'Serambi Salon Kemang',
  payment_method_reference: 'NOTA-1',
  ...over,
});
const rows = [
  row({}),
  row({
    user_name: 'Budi',
    trx_id: 'MTG-0002',
    trx_time: '2026-11-21 09:00:00',
    drv_balance: 125000,
    outlet_name: 'Serambi Klinik Menteng',
    payment_method_reference: null,
  }),
  row({
    user_name: 'ayu',
    trx_id: 'KMG-0010',
    trx_time: '2026-11-19 18:30:00',
    drv_balance: 5000,
    payment_method_reference: 'ref-9',
  }),
];

describe('visibleReceivables', () => {
  it('filters each column case-insensitively on the text shown; the amount by its digits too', () => {
    const names = (f: Parameters<typeof visibleReceivables>[1]) =>
      visibleReceivables(rows, f, null, 'IDR', DOT).map((r) => r.user_name);
    expect(names({ user_name: 'SARI' })).toEqual(['Sari Dewi']);
    expect(names({ trx_id: 'kmg' })).toEqual(['Sari Dewi', 'ayu']);
    expect(names({ trx_time: '2026-11-21' })).toEqual(['Budi']);
    expect(names({ drv_balance: '125.000' })).toEqual(['Budi']);
    expect(names({ drv_balance: '40000' })).toEqual(['Sari Dewi']);
    expect(names({ outlet_name: 'menteng' })).toEqual(['Budi']);
    expect(names({ payment_method_reference: 'REF' })).toEqual(['ayu']);
    expect(names({ trx_id: 'kmg', payment_method_reference: 'nota' })).toEqual(['Sari Dewi']);
    expect(names({ user_name: '   ' })).toEqual(['Sari Dewi', 'Budi', 'ayu']);
    expect(names({ user_name: 'tidak ada' })).toEqual([]);
  });

  it('sorts amounts as numbers, stamps and ids in order, names without case; a click toggles', () => {
    const by = (column: (typeof RECEIVABLE_COLUMNS)[number], direction: 'asc' | 'desc' = 'asc') =>
      visibleReceivables(rows, {}, { column, direction }, 'IDR', DOT).map((r) => r.user_name);
    expect(by('drv_balance')).toEqual(['ayu', 'Sari Dewi', 'Budi']);
    expect(by('drv_balance', 'desc')).toEqual(['Budi', 'Sari Dewi', 'ayu']);
    expect(by('trx_time')).toEqual(['ayu', 'Sari Dewi', 'Budi']);
    expect(by('trx_id')).toEqual(['Sari Dewi', 'ayu', 'Budi']);
    expect(by('user_name')).toEqual(['ayu', 'Budi', 'Sari Dewi']);
    expect(by('payment_method_reference')).toEqual(['Budi', 'Sari Dewi', 'ayu']);
    expect(nextReceivableSort(null, 'trx_id')).toEqual({ column: 'trx_id', direction: 'asc' });
    expect(nextReceivableSort({ column: 'trx_id', direction: 'asc' }, 'trx_id')).toEqual({
      column: 'trx_id',
      direction: 'desc',
    });
    expect(nextReceivableSort({ column: 'trx_id', direction: 'desc' }, 'user_name')).toEqual({
      column: 'user_name',
      direction: 'asc',
    });
  });

  it('the amount is shown as currency with the device separators', () => {
    expect(receivableCellText(rows[1], 'drv_balance', 'IDR', DOT)).toBe('IDR 125.000');
    expect(
      receivableCellText(rows[1], 'drv_balance', 'IDR', { decimalSeparator: '.', thousandSeparator: ',' }),
    ).toBe('IDR 125,000');
  });

  it('property: the shown rows are exactly the matching ones, ordered by the column, whatever the filters', () => {
    const arbRow = fc.record({
      user_name: fc.string({ maxLength: 6 }),
      trx_id: fc.string({ maxLength: 6 }),
      trx_time: fc.string({ maxLength: 6 }),
      drv_balance: fc.integer({ min: 1, max: 10_000_000 }),
      outlet_name: fc.string({ maxLength: 6 }),
      payment_method_reference: fc.option(fc.string({ maxLength: 6 })),
    });
    fc.assert(
      fc.property(
        fc.array(arbRow, { maxLength: 20 }),
        fc.constantFrom(...RECEIVABLE_COLUMNS),
        fc.string({ maxLength: 2 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        (list, column, filter, direction) => {
          const shown = visibleReceivables(list, { [column]: filter }, { column, direction }, 'IDR', DOT);
          const unsorted = visibleReceivables(list, { [column]: filter }, null, 'IDR', DOT);
          // a permutation of the filtered rows, the filtered rows a subset kept in order
          expect([...shown].sort((a, b) => unsorted.indexOf(a) - unsorted.indexOf(b))).toEqual(unsorted);
          expect(unsorted.every((r) => list.includes(r))).toBe(true);
          // the same filter twice changes nothing
          expect(visibleReceivables(unsorted, { [column]: filter }, null, 'IDR', DOT)).toEqual(unsorted);
          // ordered
          for (let i = 1; i < shown.length; i++) {
            const [a, b] = [shown[i - 1], shown[i]];
            const c =
              column === 'drv_balance'
                ? a.drv_balance - b.drv_balance
                : (a[column] ?? '').localeCompare(b[column] ?? '', 'id-ID', {
                    numeric: true,
                    sensitivity: 'base',
                  });
            expect(direction === 'asc' ? c <= 0 : c >= 0).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
