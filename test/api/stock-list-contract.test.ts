// GET outlet-stock's hand-written row check (src/api/contract/inventory.ts isStockListRow, issue 13 speed)
// must accept and refuse exactly what the zod row schema stockListRow does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStockListRow, stockListResponse, stockListRow } from '../../src/api/contract/inventory';

const value = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 4 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const fields = [
  'pos_item_variant_id',
  'item_type',
  'category_name',
  'sku',
  'item_name',
  'variant_name',
  'qty',
  'drv_bad_qty',
  'unit_name',
];
const good = {
  pos_item_variant_id: 1011,
  item_type: 'RETAIL',
  category_name: null,
  sku: 'A-1',
  item_name: 'Sisir',
  variant_name: null,
  qty: 2.5,
  drv_bad_qty: 0,
  unit_name: 'Pcs',
};

describe('stock list row check', () => {
  it('agrees with stockListRow on any row (property)', () => {
    const row = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] });
    // rows that are mostly right, with one or two fields changed to anything
    const near = fc
      .tuple(fc.constantFrom(...fields), value, fc.constantFrom(...fields), value)
      .map(([f1, v1, f2, v2]) => ({ ...good, [f1]: v1, [f2]: v2 }));
    fc.assert(
      fc.property(fc.oneof(row, near, value), (r) => {
        expect(isStockListRow(r)).toBe(stockListRow.safeParse(r).success);
      }),
      { numRuns: 2000 },
    );
    expect(isStockListRow(good)).toBe(true);
  });

  it('accepts the list only when every row passes', () => {
    expect(stockListResponse.safeParse([good, { ...good, extra: 1 }]).success).toBe(true);
    expect(stockListResponse.safeParse([]).success).toBe(true);
    expect(stockListResponse.safeParse([good, { ...good, qty: '2' }]).success).toBe(false);
    expect(stockListResponse.safeParse({ 0: good }).success).toBe(false);
    expect(stockListResponse.safeParse(null).success).toBe(false);
  });
});
