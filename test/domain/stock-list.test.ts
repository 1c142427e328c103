// 'Daftar Stok' reading A (002 §2.2, ruling 6): four column filters, every column sortable, no pagination.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareStockRows,
  narrowsStockSearch,
  nextStockSort,
  normalStockSearch,
  prepareStockRows,
  STOCK_COLUMNS,
  STOCK_SEARCH_COLUMNS,
  type StockFilters,
  type StockListInput,
  type StockSort,
  stockCellText,
  stockSearchTerms,
  visibleStockRows,
  warmStockRows,
} from '../../src/domain/stock-list';

const DOT = { decimalSeparator: ',', thousandSeparator: '.' };
const row = (over: Partial<StockListInput>): StockListInput => ({
  item_type: 'RETAIL',
  category_name: 'Perawatan Rambut',
  sku: 'SKU-001',
  item_name: 'Shampoo Keratin',
  variant_name: '250 ml',
  qty: 12,
  drv_bad_qty: 0,
  unit_name: 'Botol',
  ...over,
});
const rows = [
  row({}),
  row({ category_name: 'Kuku', sku: 'SKU-10', item_name: 'Kutek', variant_name: 'Merah', qty: 3.5 }),
  row({
    category_name: null,
    sku: 'SKU-9',
    item_name: 'kapas',
    variant_name: null,
    qty: 1200,
    drv_bad_qty: 2,
  }),
  row({ sku: null, item_name: 'Shampoo Keratin', variant_name: '1 liter', qty: -1, unit_name: null }),
];
const prepared = () => prepareStockRows(rows, DOT);
const names = (filters: StockFilters, sort: StockSort | null = null) =>
  visibleStockRows(prepared(), filters, sort).map((r) => `${r.row.item_name}/${r.row.variant_name ?? ''}`);

describe('visibleStockRows', () => {
  it('filters Kategori, SKU, Nama Barang and Varian case-insensitively; the filters combine', () => {
    expect(names({ item_name: 'SHAMPOO' })).toEqual(['Shampoo Keratin/250 ml', 'Shampoo Keratin/1 liter']);
    expect(names({ category_name: 'kuku' })).toEqual(['Kutek/Merah']);
    expect(names({ sku: 'sku-' })).toEqual(['Shampoo Keratin/250 ml', 'Kutek/Merah', 'kapas/']);
    expect(names({ sku: 'sku-1' })).toEqual(['Kutek/Merah']);
    expect(names({ variant_name: 'LITER' })).toEqual(['Shampoo Keratin/1 liter']);
    expect(names({ item_name: 'shampoo', variant_name: '250' })).toEqual(['Shampoo Keratin/250 ml']);
    expect(names({ item_name: '  ' })).toHaveLength(4);
    expect(names({ sku: 'tidak ada' })).toEqual([]);
    // a missing value matches no filter text but is shown without one
    expect(names({ category_name: 'a' })).not.toContain('kapas/');
  });

  it('sorts quantities as numbers and texts without case, numbers inside in order; a click toggles', () => {
    const by = (column: StockSort['column'], direction: StockSort['direction'] = 'asc') =>
      visibleStockRows(prepared(), {}, { column, direction }).map((r) => r.index);
    expect(by('qty')).toEqual([3, 1, 0, 2]);
    expect(by('qty', 'desc')).toEqual([2, 0, 1, 3]);
    expect(by('sku')).toEqual([3, 0, 2, 1]); // empty first, SKU-9 before SKU-10
    expect(by('item_name')).toEqual([2, 1, 0, 3]);
    // equal rows keep the server's order both ways
    expect(by('item_type')).toEqual([0, 1, 2, 3]);
    expect(by('item_type', 'desc')).toEqual([0, 1, 2, 3]);
    expect(by('drv_bad_qty', 'desc')).toEqual([2, 0, 1, 3]);
    expect(nextStockSort(null, 'sku')).toEqual({ column: 'sku', direction: 'asc' });
    expect(nextStockSort({ column: 'sku', direction: 'asc' }, 'sku')).toEqual({
      column: 'sku',
      direction: 'desc',
    });
    expect(nextStockSort({ column: 'sku', direction: 'desc' }, 'qty')).toEqual({
      column: 'qty',
      direction: 'asc',
    });
  });

  it('shows quantities with up to 2 decimals and the device separators, texts as stored', () => {
    const p = prepared();
    expect(p.rows[1].text.qty).toBe('3,5');
    expect(p.rows[2].text.qty).toBe('1.200');
    expect(p.rows[3].text.qty).toBe('-1');
    expect(p.rows[3].text.unit_name).toBe('');
    expect(prepareStockRows([row({ qty: 1.005 })], DOT).rows[0].text.qty).toBe('1,01');
  });
});

// ---- properties: the fast path equals the plain definition ----

const text = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('Kutek', 'kutek', 'SKU-9', 'SKU-10', 'İstanbul', 'ÅBC', ' a ', ''),
);
const qty = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -100, max: 100, noNaN: true }));
const arbRow = fc.record({
  item_type: fc.constantFrom('RETAIL', null),
  category_name: text,
  sku: text,
  item_name: text,
  variant_name: text,
  qty,
  drv_bad_qty: qty,
  unit_name: text,
});
const arbFilters = fc.record(
  {
    category_name: fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('KU', 'sku', ' ')),
    sku: fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('-1', 'SKU')),
    item_name: fc.string({ maxLength: 2 }),
    variant_name: fc.string({ maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const arbSort = fc.option(
  fc.record({ column: fc.constantFrom(...STOCK_COLUMNS), direction: fc.constantFrom('asc', 'desc') }),
  { nil: null },
) as fc.Arbitrary<StockSort | null>;

describe('visibleStockRows properties', () => {
  it('equals filtering each row on its shown text, then a stable sort (descending keeps ties in order)', () => {
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 40 }), arbFilters, arbSort, (input, filters, sort) => {
        const p = prepareStockRows(input, DOT);
        const expected = p.rows
          .filter((r) =>
            STOCK_SEARCH_COLUMNS.every((c) =>
              normalStockSearch(r.text[c]).includes(normalStockSearch(filters[c] ?? '')),
            ),
          )
          .sort((a, b) =>
            sort
              ? (sort.direction === 'asc' ? 1 : -1) * compareStockRows(a, b, sort.column) || a.index - b.index
              : a.index - b.index,
          );
        expect(visibleStockRows(p, filters, sort).map((r) => r.index)).toEqual(expected.map((r) => r.index));
        // the same again (the cached order) gives the same answer
        expect(visibleStockRows(p, filters, sort).map((r) => r.index)).toEqual(expected.map((r) => r.index));
      }),
    );
  });

  it('a sequence of queries on one list (typing on narrows the last answer) answers as a fresh list would', () => {
    // typing a term one letter at a time, deleting, other columns and sorts in between: each answer equals
    // the one a list with nothing remembered gives
    const typed = fc.array(
      fc.oneof(
        arbFilters,
        fc.record({ item_name: fc.constantFrom('k', 'ku', 'kut', 'kute', 'kutek', 'sh', 'Sham', '') }),
      ),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(
        fc.array(arbRow, { maxLength: 40 }),
        fc.array(fc.tuple(typed, arbSort), { minLength: 1, maxLength: 3 }),
        (input, runs) => {
          const kept = prepareStockRows(input, DOT);
          for (const [queries, sort] of runs)
            for (const filters of queries) {
              const fresh = visibleStockRows(prepareStockRows(input, DOT), filters, sort).map((r) => r.index);
              expect(visibleStockRows(kept, filters, sort).map((r) => r.index)).toEqual(fresh);
            }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('narrowsStockSearch: each term containing the one before, and only then', () => {
    const none = stockSearchTerms({});
    expect(narrowsStockSearch(none, stockSearchTerms({ item_name: 'Sh' }))).toBe(true);
    expect(
      narrowsStockSearch(stockSearchTerms({ item_name: 'sh' }), stockSearchTerms({ item_name: 'SHA' })),
    ).toBe(true);
    expect(
      narrowsStockSearch(stockSearchTerms({ item_name: 'sha' }), stockSearchTerms({ item_name: 'sh' })),
    ).toBe(false);
    expect(
      narrowsStockSearch(
        stockSearchTerms({ item_name: 'sh' }),
        stockSearchTerms({ sku: 'a', item_name: 'xsh' }),
      ),
    ).toBe(true);
    expect(narrowsStockSearch(stockSearchTerms({ sku: 'a' }), stockSearchTerms({ item_name: 'a' }))).toBe(
      false,
    );
  });

  it('no pagination: without filters every row is shown, once', () => {
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 60 }), arbSort, (input, sort) => {
        const shown = visibleStockRows(prepareStockRows(input, DOT), {}, sort).map((r) => r.index);
        expect([...shown].sort((a, b) => a - b)).toEqual(input.map((_, i) => i));
      }),
    );
  });
});

describe('prepareStockRows (texts and keys made on first use)', () => {
  it('gives every row the texts shown and the lower-case keys, whether warmed first or not', () => {
    const input = [
      row({}),
      row({ sku: null, item_name: 'KRIM Malam', qty: 1234.5 }),
      row({ category_name: null }),
    ];
    const lazy = prepareStockRows(input, DOT);
    const warmed = prepareStockRows(input, DOT);
    expect(warmStockRows(warmed, 0, 2)).toBe(2);
    expect(warmStockRows(warmed, 2, 100)).toBe(3);
    for (const prepared of [lazy, warmed])
      prepared.rows.forEach((p, i) => {
        expect(p.row).toBe(input[i]);
        expect(p.index).toBe(i);
        for (const c of STOCK_COLUMNS) expect(p.text[c]).toBe(stockCellText(input[i], c, DOT));
        for (const c of STOCK_SEARCH_COLUMNS) expect(p.key[c]).toBe(normalStockSearch(p.text[c]));
      });
    expect(lazy.rows[1].key.item_name).toBe('krim malam');
  });
});
