// Item entry and submit checks of the inventory forms (002 §5): the exact messages, in order, and the
// generic checks shared with stock out and transfer out (each takes the screen's own message).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustmentShown,
  checkAdjustmentSubmit,
  checkStockInEntry,
  checkStockInSubmit,
  defaultStockInPrice,
  discountOutOfRange,
  itemAlreadyListed,
  parseQtyInput,
  qtyNegative,
  qtyNotNumber,
  qtyZero,
  type StockInEntry,
  type StockInLine,
  stockInItems,
} from '../../src/domain/inventory-entry';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../src/domain/texts/inventory';

const line = (key: number, over: Partial<StockInLine> = {}): StockInLine => ({
  local_id: `line-${key}`,
  key,
  item_name: `Item ${key}`,
  qty_now: 5,
  bad_qty_now: 1,
  qty: 2,
  bad_qty: 0,
  disc_percent: 0,
  price: 0,
  unit_name: 'Botol',
  inv_unit_id: 3,
  ...over,
});
const entry = (over: Partial<StockInEntry> = {}): StockInEntry => ({
  key: 7,
  qty: 1,
  bad_qty: '',
  disc_percent: 0,
  price: 0,
  ...over,
});

describe('generic item-entry checks (stock in, stock out, transfer out)', () => {
  it('parses an input: empty is null, text that is not a number is NaN', () => {
    expect(parseQtyInput('')).toBeNull();
    expect(parseQtyInput('  ')).toBeNull();
    expect(parseQtyInput(null)).toBeNull();
    expect(parseQtyInput('2.5')).toBe(2.5);
    expect(parseQtyInput('.5')).toBe(0.5);
    expect(parseQtyInput(3)).toBe(3);
    expect(parseQtyInput('3a')).toBeNaN();
    expect(parseQtyInput('1e3')).toBeNaN();
    expect(parseQtyInput('-')).toBeNaN();
  });

  it('an item already listed gives the screen’s message, another item none', () => {
    const list = [line(1), line(2)];
    expect(itemAlreadyListed(list, 2)).toBe(M.itemInList);
    expect(itemAlreadyListed(list, 2, M.itemInTransferList)).toBe(M.itemInTransferList);
    expect(itemAlreadyListed(list, 3, M.itemInTransferList)).toBeNull();
    expect(itemAlreadyListed([], 3)).toBeNull();
  });

  it('zero qty: every input empty or 0; a non-numeric input; a negative one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(''), fc.constant(0), fc.constant('0'), fc.constant(null))),
        (xs) => {
          expect(qtyZero(xs)).toBe(M.qtyZero);
        },
      ),
    );
    expect(qtyZero(['', 1])).toBeNull();
    expect(qtyZero([0.01, ''])).toBeNull();
    expect(qtyNotNumber(['abc', 1])).toBe(M.qtyNotNumber);
    expect(qtyNotNumber(['', 1, '2'])).toBeNull();
    expect(qtyNotNumber([Number.POSITIVE_INFINITY])).toBe(M.qtyNotNumber);
    expect(qtyNegative([1, -0.5])).toBe(S.qtyNegative);
    expect(qtyNegative([1, ''])).toBeNull();
  });
});

describe('stock in (002 §2.3, §5)', () => {
  it('Masukkan ke dalam Daftar: no item, duplicate, not a number, zero (both empty) — in that order', () => {
    const list = [line(7)];
    expect(checkStockInEntry(list, entry({ key: null }))).toBe(M.itemsRequired);
    expect(checkStockInEntry(list, entry({ qty: '', bad_qty: '' }))).toBe(M.itemInList);
    expect(checkStockInEntry([], entry({ qty: 'x' }))).toBe(M.qtyNotNumber);
    expect(checkStockInEntry([], entry({ qty: '', bad_qty: '' }))).toBe(M.qtyZero);
    expect(checkStockInEntry([], entry({ qty: 0, bad_qty: 0 }))).toBe(M.qtyZero);
    expect(checkStockInEntry([], entry({ qty: -1 }))).toBe(S.qtyNegative);
    expect(checkStockInEntry([], entry({ qty: '', bad_qty: 2 }))).toBeNull();
    expect(checkStockInEntry(list, entry({ key: 8 }))).toBeNull();
  });

  it('the discount is 0 to 100 with at most 2 decimals; a negative price is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        expect(discountOutOfRange(hundredths / 100)).toBeNull();
      }),
    );
    expect(discountOutOfRange(100.01)).toBe(S.discount);
    expect(discountOutOfRange(-0.1)).toBe(S.discount);
    expect(discountOutOfRange(12.345)).toBe(S.discount);
    expect(discountOutOfRange('')).toBeNull();
    expect(checkStockInEntry([], entry({ disc_percent: 101 }))).toBe(S.discount);
    expect(checkStockInEntry([], entry({ price: -5 }))).toBe(S.price);
  });

  it('the default price is variant_cogs (floored to whole rupiah) with myob, else 0', () => {
    expect(defaultStockInPrice(true, 15_000.75)).toBe(15_000);
    expect(defaultStockInPrice(false, 15_000)).toBe(0);
    expect(defaultStockInPrice(true, 0)).toBe(0);
  });

  it('Terima Barang: an empty list is refused with the spec’s text; the payload lines keep their uuids', () => {
    expect(checkStockInSubmit([], 31)).toBe(M.itemsRequired);
    expect(checkStockInSubmit([], null)).toBe(M.itemsRequired);
    expect(checkStockInSubmit([line(1)], null)).toBe(S.locationRequired);
    expect(checkStockInSubmit([line(1)], 31)).toBeNull();
    expect(stockInItems([line(1, { qty: 3, bad_qty: 1, disc_percent: 2.5, price: 1000 })])).toEqual([
      {
        uuid: 'line-1',
        pos_item_variant_id: 1,
        inv_unit_id: 3,
        qty: 3,
        bad_qty: 1,
        disc_percent: 2.5,
        price: 1000,
      },
    ]);
  });
});

describe('adjustment (002 §2.5, §5)', () => {
  const base = {
    invSlocId: 31,
    key: 7,
    type: 'INCREASE' as const,
    current: { qty: 10, bad_qty: 2 },
    qty: 1,
    bad_qty: '',
  };

  it('Sesuaikan Stok: no item, then no type, with the spec’s texts', () => {
    expect(checkAdjustmentSubmit({ ...base, key: null, current: null, type: null })).toBe(
      M.adjustmentItemRequired,
    );
    expect(checkAdjustmentSubmit({ ...base, type: null })).toBe(M.adjustmentTypeRequired);
    expect(checkAdjustmentSubmit({ ...base, invSlocId: null })).toBe(S.locationRequired);
    expect(checkAdjustmentSubmit({ ...base, invSlocId: null, key: null, current: null })).toBe(
      M.adjustmentItemRequired,
    );
    expect(checkAdjustmentSubmit({ ...base, qty: 'x' })).toBe(M.qtyNotNumber);
    expect(checkAdjustmentSubmit({ ...base, qty: '', bad_qty: 0 })).toBe(M.qtyZero);
    expect(checkAdjustmentSubmit({ ...base, type: 'FINAL', qty: 0, bad_qty: 0 })).toBeNull();
    expect(checkAdjustmentSubmit(base)).toBeNull();
  });

  it('the figures beside the inputs in each mode', () => {
    expect(adjustmentShown({ ...base, type: 'FINAL', qty: 7, bad_qty: 3 })?.shown).toEqual({
      qty: -3,
      bad_qty: 1,
    });
    expect(adjustmentShown({ ...base, type: 'INCREASE', qty: 4, bad_qty: '' })?.shown).toEqual({
      qty: 14,
      bad_qty: 2,
    });
    expect(adjustmentShown({ ...base, type: 'DECREASE', qty: 4, bad_qty: 1 })?.shown).toEqual({
      qty: 6,
      bad_qty: 1,
    });
    expect(adjustmentShown({ ...base, type: null })).toBeNull();
    expect(adjustmentShown({ ...base, qty: 'x' })).toBeNull();
  });
});
