// Stock out (002 §2.4): the list's rules, the totals and the request body. Pure: no React, no IO; the
// current time is passed in.
import Big from 'big.js';
import { isOn } from './flags';
import { outletDate } from './history';
import { big } from './money';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from './texts/inventory';
import { addDays } from './time-wall';

export type StockOutType = 'CONSUMPTION' | 'TO_BAD_STOCK';
export type ConsumptionType = 'GENERAL' | 'FOR_CUSTOMER';

/** One row of 'Detail Barang Keluar'. */
export interface StockOutLine {
  uuid: string;
  pos_item_variant_id: number;
  item_name: string;
  inv_unit_id: number | null;
  unit_name: string | null;
  /** Current good and bad stock at the location when the item was picked. */
  qty_now: number;
  bad_qty_now: number;
  qty: number;
  /** variant_cogs at the location (shown when show_cogs_on_stock_out = 1). */
  cogs: number;
}

/**
 * 'Transaksi Selesai' on stock out: only the last 7 days up to today (WIB) are selectable (002 §9: '7 days
 * back'), read as history reads its '40 days back': [today − 7 days, today].
 */
export const STOCK_OUT_COMPLETED_DAYS = 7;
export const stockOutCompletedWindow = (now: Date | number): { min: string; max: string } => {
  const today = outletDate(now);
  return { min: addDays(today, -STOCK_OUT_COMPLETED_DAYS), max: today };
};

/** 'Tipe Konsumsi' is shown only with subscription_rules.sales_request_to_inventory and a consumption. */
export const showsConsumptionType = (salesRequestToInventory: unknown, trxType: StockOutType): boolean =>
  Number(salesRequestToInventory ?? 0) === 1 && trxType === 'CONSUMPTION';

/**
 * 'Qty Barang Keluar' as typed: a number, rounded half-up to the business's qty_decimal_length (big.js)
 * before it must be above zero — as the server books it (issue 23 item 6: 0.001 at 2 decimals is 0).
 */
export function parseStockOutQty(
  text: string,
  qtyDecimalLength: number,
): { ok: true; qty: number } | { ok: false; message: string } {
  const t = text.trim().replace(',', '.');
  if (t === '' || !/^\d+(\.\d+)?$/.test(t)) return { ok: false, message: M.qtyNotNumber };
  const qty = new Big(t).round(Math.max(0, qtyDecimalLength), Big.roundHalfUp).toNumber();
  if (!Number.isFinite(qty)) return { ok: false, message: M.qtyNotNumber };
  if (qty <= 0) return { ok: false, message: M.qtyZero };
  return { ok: true, qty };
}

/** 'Masukkan ke dalam Daftar': a variant once per list (delete it first to change its qty). */
export function addStockOutLine(
  lines: readonly StockOutLine[],
  line: StockOutLine,
): { ok: true; lines: StockOutLine[] } | { ok: false; message: string } {
  if (lines.some((l) => l.pos_item_variant_id === line.pos_item_variant_id))
    return { ok: false, message: M.itemInList };
  if (!(line.qty > 0)) return { ok: false, message: M.qtyZero };
  return { ok: true, lines: [...lines, line] };
}

/** Total Cost of a row: qty × cost, floored to whole rupiah (002 §1, ruling 22). */
export const lineTotalCost = (l: Pick<StockOutLine, 'qty' | 'cogs'>): number =>
  big(l.qty).times(big(l.cogs)).round(0, Big.roundDown).toNumber();

/** 'Cost Grand Total': the sum of the rows' Total Cost. */
export const costGrandTotal = (lines: readonly Pick<StockOutLine, 'qty' | 'cogs'>[]): number =>
  lines.reduce((sum, l) => sum.plus(lineTotalCost(l)), new Big(0)).toNumber();

export interface StockOutForm {
  trx_type: StockOutType;
  consumption_type: ConsumptionType;
  /** Whether 'Tipe Konsumsi' is offered (showsConsumptionType); without it a consumption is GENERAL. */
  consumptionTypeShown: boolean;
  pos_sales_local_trx_id: string | null;
  document_no: string;
  inv_sloc_id: number | null;
  notes: string;
}

/**
 * A blank form (at open, and after every successful submit, 002 §4): a consumption, GENERAL unless the
 * screen was opened for a sale (the cashier's 'Stok Keluar', which links that sale), the location
 * preselected when the user has one (or a default one).
 */
export function initialStockOutForm(
  locations: readonly { inv_sloc_id: number; is_default: number }[],
  saleFromCashier: string | null,
): StockOutForm {
  return {
    trx_type: 'CONSUMPTION',
    consumption_type: saleFromCashier ? 'FOR_CUSTOMER' : 'GENERAL',
    consumptionTypeShown: false,
    pos_sales_local_trx_id: saleFromCashier,
    document_no: '',
    inv_sloc_id:
      locations.length === 1
        ? locations[0].inv_sloc_id
        : (locations.find((l) => isOn(l.is_default))?.inv_sloc_id ?? null),
    notes: '',
  };
}

/** What 'Keluarkan Barang' refuses before sending (the server checks the same again). */
export function stockOutFormError(form: StockOutForm, lines: readonly StockOutLine[]): string | null {
  if (form.inv_sloc_id === null) return S.locationRequired;
  if (lines.length === 0) return M.itemsRequired;
  if (effectiveConsumptionType(form) === 'FOR_CUSTOMER' && !form.pos_sales_local_trx_id)
    return S.saleRequired;
  return null;
}

export const effectiveConsumptionType = (form: StockOutForm): ConsumptionType | null =>
  form.trx_type !== 'CONSUMPTION' ? null : form.consumptionTypeShown ? form.consumption_type : 'GENERAL';

/** The POST cashier/inventory/inventory-out body (002 §7; the contract is src/api/contract/inventory.ts). */
export interface StockOutBody {
  local_trx_id: string;
  document_no: string | null;
  trx_type: StockOutType;
  consumption_type: ConsumptionType | null;
  pos_sales_local_trx_id: string | null;
  inv_sloc_id: number;
  notes: string | null;
  items: {
    uuid: string;
    pos_item_variant_id: number;
    inv_unit_id: number | null;
    qty: number;
    cogs: number;
  }[];
}

/** The request body of 'Keluarkan Barang'. */
export function stockOutBody(
  form: StockOutForm,
  lines: readonly StockOutLine[],
  local_trx_id: string,
): StockOutBody {
  const consumption_type = effectiveConsumptionType(form);
  const blank = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    local_trx_id,
    document_no: blank(form.document_no),
    trx_type: form.trx_type,
    consumption_type,
    pos_sales_local_trx_id: consumption_type === 'FOR_CUSTOMER' ? form.pos_sales_local_trx_id : null,
    inv_sloc_id: form.inv_sloc_id ?? 0,
    notes: blank(form.notes),
    items: lines.map((l) => ({
      uuid: l.uuid,
      pos_item_variant_id: l.pos_item_variant_id,
      inv_unit_id: l.inv_unit_id,
      qty: l.qty,
      cogs: l.cogs,
    })),
  };
}
