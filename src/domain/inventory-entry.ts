// Item entry and submit checks of the inventory forms (002 §5 'Item entry', 'Inventory submit'): each
// returns the exact message or null. The generic ones (already listed, zero qty, not a number) take the
// message to use, so stock in, stock out, transfer out and adjustment share them with their own texts.
import { type AdjustmentType, adjustmentFigures, type StockPair } from './inventory-adjustment';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from './texts/inventory';

/** What a quantity input holds: a number, '' (empty), or text still being typed. */
export type QtyInput = number | string | null | undefined;

/** A quantity input read as a number: empty → null, not a number → NaN. */
export function parseQtyInput(raw: QtyInput): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return raw;
  const t = raw.trim();
  if (t === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** An empty input counts as 0 once the checks passed. */
export const qtyOf = (raw: QtyInput): number => parseQtyInput(raw) ?? 0;

/** 'Item already in the list' (002 §5): `message` is the screen's text (stock in vs transfer out). */
export function itemAlreadyListed(
  list: readonly { key: number }[],
  key: number,
  message: string = M.itemInList,
): string | null {
  return list.some((row) => row.key === key) ? message : null;
}

/** 'Qty barang hanya boleh angka.' when any filled input is not a (finite) number. */
export function qtyNotNumber(inputs: readonly QtyInput[], message: string = M.qtyNotNumber): string | null {
  return inputs.some((raw) => {
    const n = parseQtyInput(raw);
    return n !== null && !Number.isFinite(n);
  })
    ? message
    : null;
}

/** Our server's refusal of a negative quantity, said before the call. */
export function qtyNegative(inputs: readonly QtyInput[], message: string = S.qtyNegative): string | null {
  return inputs.some((raw) => (parseQtyInput(raw) ?? 0) < 0) ? message : null;
}

/** 'Qty barang tidak boleh nol.' when every given input is empty or 0 (stock in: both good and bad). */
export function qtyZero(inputs: readonly QtyInput[], message: string = M.qtyZero): string | null {
  return inputs.every((raw) => (parseQtyInput(raw) ?? 0) === 0) ? message : null;
}

/** The first message of a list of checks, or null. */
export const firstMessage = (...checks: (() => string | null)[]): string | null => {
  for (const check of checks) {
    const m = check();
    if (m) return m;
  }
  return null;
};

// ---- stock in (002 §2.3, §3 'Stock-in list row') ----

export interface StockInLine {
  /** The line's uuid in the payload (002 §4: each item line gets its own uuid), fixed when listed. */
  local_id: string;
  /** The variant id. */
  key: number;
  item_name: string;
  qty_now: number;
  bad_qty_now: number;
  qty: number;
  bad_qty: number;
  disc_percent: number;
  price: number;
  unit_name: string | null;
  inv_unit_id: number | null;
}

export interface StockInEntry {
  key: number | null;
  qty: QtyInput;
  bad_qty: QtyInput;
  disc_percent: QtyInput;
  price: QtyInput;
}

/** 002 §2.3: the default Harga is the variant's variant_cogs when myob = 1, otherwise 0 (whole rupiah, ruling 22). */
export function defaultStockInPrice(myob: boolean, variantCogs: number): number {
  return myob && Number.isFinite(variantCogs) && variantCogs > 0 ? Math.floor(variantCogs) : 0;
}

/** 002 §5: stock-in discount 0 to 100 (step 0.1, 2 decimals). */
export function discountOutOfRange(raw: QtyInput): string | null {
  const n = parseQtyInput(raw) ?? 0;
  return !Number.isFinite(n) || n < 0 || n > 100 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6
    ? S.discount
    : null;
}

/** 'Masukkan ke dalam Daftar' on stock in: the first message of 002 §5 that applies, or null to add. */
export function checkStockInEntry(list: readonly StockInLine[], entry: StockInEntry): string | null {
  const { key } = entry;
  if (key === null) return M.itemsRequired;
  return firstMessage(
    () => itemAlreadyListed(list, key, M.itemInList),
    () => qtyNotNumber([entry.qty, entry.bad_qty]),
    () => qtyNegative([entry.qty, entry.bad_qty]),
    () => qtyZero([entry.qty, entry.bad_qty]),
    () => discountOutOfRange(entry.disc_percent),
    () =>
      (parseQtyInput(entry.price) ?? 0) < 0 || Number.isNaN(parseQtyInput(entry.price)) ? S.price : null,
  );
}

/** 'Terima Barang': the list must not be empty (the spec's text first), a location must be chosen. */
export function checkStockInSubmit(list: readonly StockInLine[], invSlocId: number | null): string | null {
  if (list.length === 0) return M.itemsRequired;
  if (invSlocId === null) return S.locationRequired;
  return null;
}

/** The payload items of a stock in (002 §7), each line with its own uuid. */
export function stockInItems(list: readonly StockInLine[]) {
  return list.map((l) => ({
    uuid: l.local_id,
    pos_item_variant_id: l.key,
    inv_unit_id: l.inv_unit_id,
    qty: l.qty,
    bad_qty: l.bad_qty,
    disc_percent: l.disc_percent,
    price: l.price,
  }));
}

// ---- adjustment (002 §2.5) ----

export interface AdjustmentEntry {
  invSlocId: number | null;
  key: number | null;
  type: AdjustmentType | null;
  current: StockPair | null;
  qty: QtyInput;
  bad_qty: QtyInput;
}

/**
 * 'Sesuaikan Stok': 'Barang harus dipilih.' without an item, 'Tipe penyesuaian harus diisi.' without a
 * type; an addition or reduction of nothing is 'Qty barang tidak boleh nol.' (the server refuses it too).
 */
export function checkAdjustmentSubmit(entry: AdjustmentEntry): string | null {
  if (entry.key === null || entry.current === null) return M.adjustmentItemRequired;
  if (entry.invSlocId === null) return S.locationRequired;
  if (entry.type === null) return M.adjustmentTypeRequired;
  const inputs = [entry.qty, entry.bad_qty];
  return firstMessage(
    () => qtyNotNumber(inputs),
    () => qtyNegative(inputs),
    () => (entry.type !== 'FINAL' ? qtyZero(inputs) : null),
  );
}

/** The figures beside the inputs, or null while the type or the item is missing or an input is not a number. */
export function adjustmentShown(entry: AdjustmentEntry): ReturnType<typeof adjustmentFigures> | null {
  if (entry.type === null || entry.current === null) return null;
  const qty = parseQtyInput(entry.qty) ?? 0;
  const bad = parseQtyInput(entry.bad_qty) ?? 0;
  if (!Number.isFinite(qty) || !Number.isFinite(bad)) return null;
  return adjustmentFigures(entry.type, entry.current, { qty, bad_qty: bad });
}
