// Stock out (002 §2.4): the list's rules, 'Cost Grand Total', the 7-day window and the request body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addStockOutLine,
  costGrandTotal,
  initialStockOutForm,
  lineTotalCost,
  parseStockOutQty,
  type StockOutForm,
  type StockOutLine,
  showsConsumptionType,
  stockOutBody,
  stockOutCompletedWindow,
  stockOutFormError,
} from '../../src/domain/inventory-stock-out';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../src/domain/texts/inventory';

const line = (over: Partial<StockOutLine> = {}): StockOutLine => ({
  uuid: 'u1',
  pos_item_variant_id: 7,
  item_name: 'Makarizo',
  inv_unit_id: 3,
  unit_name: 'pcs',
  qty_now: 10,
  bad_qty_now: 0,
  qty: 2,
  cogs: 1500.5,
  ...over,
});
const form = (over: Partial<StockOutForm> = {}): StockOutForm => ({
  trx_type: 'CONSUMPTION',
  consumption_type: 'FOR_CUSTOMER',
  consumptionTypeShown: true,
  pos_sales_local_trx_id: 'sale-1',
  document_no: ' ',
  inv_sloc_id: 31,
  notes: 'catatan',
  ...over,
});

describe('stock out rules (002 §2.4)', () => {
  it("'Qty Barang Keluar' must be a number above zero", () => {
    expect(parseStockOutQty('abc', 2)).toEqual({ ok: false, message: M.qtyNotNumber });
    expect(parseStockOutQty('1e3', 2)).toEqual({ ok: false, message: M.qtyNotNumber });
    expect(parseStockOutQty('-1', 2)).toEqual({ ok: false, message: M.qtyNotNumber });
    expect(parseStockOutQty('0', 2)).toEqual({ ok: false, message: M.qtyZero });
    expect(parseStockOutQty(' 2,5 ', 2)).toEqual({ ok: true, qty: 2.5 });
    // rounded to qty_decimal_length first, then above zero (issue 23 item 6)
    expect(parseStockOutQty('0.000000001', 2)).toEqual({ ok: false, message: M.qtyZero });
    expect(parseStockOutQty('0.004', 2)).toEqual({ ok: false, message: M.qtyZero });
    expect(parseStockOutQty('1.005', 2)).toEqual({ ok: true, qty: 1.01 });
    expect(parseStockOutQty('2.5', 0)).toEqual({ ok: true, qty: 3 });
  });

  it('a variant is listed once', () => {
    const first = addStockOutLine([], line());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(addStockOutLine(first.lines, line({ uuid: 'u2' }))).toEqual({ ok: false, message: M.itemInList });
  });

  it("'Tipe Konsumsi' only with sales_request_to_inventory and a consumption", () => {
    expect(showsConsumptionType(1, 'CONSUMPTION')).toBe(true);
    expect(showsConsumptionType(0, 'CONSUMPTION')).toBe(false);
    expect(showsConsumptionType(1, 'TO_BAD_STOCK')).toBe(false);
  });

  it("'Cost Grand Total' is the sum of the floored row totals, whole rupiah", () => {
    expect(lineTotalCost(line())).toBe(3001);
    // big.js, not floats: 1.15 × 100 is 115 (a float gives 114.99999999999999)
    expect(lineTotalCost({ qty: 1.15, cogs: 100 })).toBe(115);
    expect(lineTotalCost({ qty: 0.29, cogs: 100 })).toBe(29);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            qty: fc.integer({ min: 1, max: 1000 }),
            cogs: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { maxLength: 20 },
        ),
        (rows) => {
          const total = costGrandTotal(rows);
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBe(rows.reduce((s, r) => s + r.qty * r.cogs, 0));
        },
      ),
    );
  });

  it("'Transaksi Selesai' offers the last 7 days up to today, in WIB", () => {
    // 2026-11-25 18:00 UTC is already 26 November in Jakarta
    // '7 days back' as history reads '40 days back' (historyDateWindow): today − 7 … today
    expect(stockOutCompletedWindow(Date.UTC(2026, 10, 25, 18, 0))).toEqual({
      min: '2026-11-19',
      max: '2026-11-26',
    });
  });

  it('a blank form is a GENERAL consumption with no sale unless opened for one (the reset after success passes none)', () => {
    const one = [{ inv_sloc_id: 31, is_default: 0 }];
    const two = [
      { inv_sloc_id: 31, is_default: 0 },
      { inv_sloc_id: 32, is_default: 1 },
    ];
    expect(initialStockOutForm(one, null)).toEqual({
      trx_type: 'CONSUMPTION',
      consumption_type: 'GENERAL',
      consumptionTypeShown: false,
      pos_sales_local_trx_id: null,
      document_no: '',
      inv_sloc_id: 31,
      notes: '',
    });
    expect(initialStockOutForm(two, 'sale-1')).toMatchObject({
      consumption_type: 'FOR_CUSTOMER',
      pos_sales_local_trx_id: 'sale-1',
      inv_sloc_id: 32,
    });
    expect(
      initialStockOutForm(
        [
          { inv_sloc_id: 31, is_default: 0 },
          { inv_sloc_id: 32, is_default: 0 },
        ],
        null,
      ).inv_sloc_id,
    ).toBeNull();
  });

  it('the submit checks and body', () => {
    expect(stockOutFormError(form({ inv_sloc_id: null }), [line()])).toBe(S.locationRequired);
    expect(stockOutFormError(form(), [])).toBe(M.itemsRequired);
    expect(stockOutFormError(form({ pos_sales_local_trx_id: null }), [line()])).toBe(S.saleRequired);
    // without the 'Tipe Konsumsi' choice a consumption is GENERAL and needs no sale
    expect(
      stockOutFormError(form({ consumptionTypeShown: false, pos_sales_local_trx_id: null }), [line()]),
    ).toBe(null);
    expect(stockOutBody(form(), [line()], 'inv-1')).toEqual({
      local_trx_id: 'inv-1',
      document_no: null,
      trx_type: 'CONSUMPTION',
      consumption_type: 'FOR_CUSTOMER',
      pos_sales_local_trx_id: 'sale-1',
      inv_sloc_id: 31,
      notes: 'catatan',
      items: [{ uuid: 'u1', pos_item_variant_id: 7, inv_unit_id: 3, qty: 2, cogs: 1500.5 }],
    });
    const bad = stockOutBody(form({ trx_type: 'TO_BAD_STOCK' }), [line()], 'inv-2');
    expect([bad.consumption_type, bad.pos_sales_local_trx_id]).toEqual([null, null]);
  });
});
