// GET outlet-stock's wire format (src/api/contract/stock-list-wire.ts, issue 13 speed): any list of rows
// encoded as tuples and decoded gives the same rows; the hand-written tuple check accepts and refuses exactly
// what a zod tuple schema of the same columns does; the whole answer passes only when every tuple does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type StockListRow, stockListRow } from '../../src/api/contract/inventory';
import {
  decodeStockList,
  encodeStockList,
  isStockListTuple,
  stockListWire,
} from '../../src/api/contract/stock-list-wire';

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
// JSON has no -0 (nor does the database's numeric): the figures are any other finite number
const figure = fc
  .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
  .map((x) => (Object.is(x, -0) ? 0 : x));
const row: fc.Arbitrary<StockListRow> = fc.record({
  pos_item_variant_id: fc.integer(),
  item_type: text,
  category_name: text,
  sku: text,
  item_name: text,
  variant_name: text,
  qty: figure,
  drv_bad_qty: figure,
  // a few unit names, so that rows share units
  unit_name: fc.option(fc.constantFrom('Pcs', 'Botol', '__proto__', 'constructor', ''), { nil: null }),
});

const tupleSchema = z.tuple([
  z.number(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.number(),
  z.number(),
]);
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
const good = [1011, 'RETAIL', null, 'A-1', 'Sisir', null, '1', 2.5, 0];

describe('stock list wire format', () => {
  it('any list of rows → encode → JSON text → decode gives the same rows, in order (property)', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const wire = JSON.parse(JSON.stringify(encodeStockList(rows)));
        expect(stockListWire.safeParse(wire).success).toBe(true);
        const back = decodeStockList(wire);
        expect(back).toEqual(rows);
        for (const r of back) expect(stockListRow.safeParse(r).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the tuple check agrees with a zod tuple of the same columns on anything (property)', () => {
    const near = fc
      .tuple(fc.integer({ min: 0, max: 9 }), value, fc.integer({ min: 0, max: 9 }), value)
      .map(([i1, v1, i2, v2]) => {
        const t: unknown[] = [...good];
        t[i1] = v1;
        t[i2] = v2;
        return t;
      });
    fc.assert(
      fc.property(fc.oneof(fc.array(value, { maxLength: 10 }), near, value), (t) => {
        const zodOk =
          tupleSchema.safeParse(t).success &&
          (t as number[]).every((v) => typeof v !== 'number' || Number.isFinite(v));
        expect(isStockListTuple(t)).toBe(zodOk);
      }),
      { numRuns: 2000 },
    );
    expect(isStockListTuple(good)).toBe(true);
  });

  it('accepts the answer only when its units and every tuple pass; a unit id not listed has no name', () => {
    expect(stockListWire.safeParse({ units: {}, rows: [] }).success).toBe(true);
    expect(stockListWire.safeParse({ units: { 1: 'Pcs' }, rows: [good, good] }).success).toBe(true);
    expect(stockListWire.safeParse({ units: { 1: 'Pcs' }, rows: [good, [...good, 1]] }).success).toBe(false);
    expect(stockListWire.safeParse({ units: { 1: 2 }, rows: [good] }).success).toBe(false);
    expect(stockListWire.safeParse({ rows: [good] }).success).toBe(false);
    expect(stockListWire.safeParse([good]).success).toBe(false);
    expect(stockListWire.safeParse(null).success).toBe(false);
    const [r] = decodeStockList({ units: { 2: 'Pcs' }, rows: [good as never] });
    expect(r.unit_name).toBeNull();
    expect(decodeStockList({ units: { 1: 'Pcs' }, rows: [good as never] })[0].unit_name).toBe('Pcs');
  });
});
