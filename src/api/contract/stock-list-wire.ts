// GET cashier/inventory/outlet-stock's wire format (issue 13, Speed: 50,000 rows ≤ 500 ms, ≤ 3 MB gzip).
// Each row travels as a tuple — a JSON array in a fixed column order — and its unit as the unit's id, named
// once in `units`: the key names no longer repeat 50,000 times (the answer is under half the text of the
// objects it replaced), so the database writes, Node passes and the compressor reads less. The database
// writes this text itself (server/services/inventory.ts stockListJson, the rows' heads stored by migration
// 0021's triggers); encodeStockList is its reference in TypeScript (tests). The client checks the shape by a
// plain loop (no zod parse per row: 50,000 rows) and expands the tuples into StockListRow objects.
import { z } from 'zod';
import type { StockListRow } from './inventory';

/** One row: [pos_item_variant_id, item_type, category_name, sku, item_name, variant_name, inv_unit_id, qty, drv_bad_qty]. */
export type StockListTuple = [
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  number,
];

export interface StockListWire {
  /** unit id → unit_name (the brand's units; a row whose unit id is not here has no unit_name) */
  units: Record<string, string | null>;
  rows: StockListTuple[];
}

const isText = (v: unknown) => v === null || typeof v === 'string';
const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** One tuple's check, written out (no objects made per row). */
export function isStockListTuple(t: unknown): t is StockListTuple {
  return (
    Array.isArray(t) &&
    t.length === 9 &&
    isFiniteNumber(t[0]) &&
    isText(t[1]) &&
    isText(t[2]) &&
    isText(t[3]) &&
    isText(t[4]) &&
    isText(t[5]) &&
    isText(t[6]) &&
    isFiniteNumber(t[7]) &&
    isFiniteNumber(t[8])
  );
}

function isUnits(u: unknown): u is Record<string, string | null> {
  if (typeof u !== 'object' || u === null || Array.isArray(u)) return false;
  for (const v of Object.values(u)) if (!isText(v)) return false;
  return true;
}

/** The answer's data: checked by a plain loop over the tuples; the arrays are not copied. */
export const stockListWire = z.custom<StockListWire>((data) => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const d = data as Record<string, unknown>;
  return isUnits(d.units) && Array.isArray(d.rows) && d.rows.every(isStockListTuple);
});

/** The rows as the screen reads them, in the answer's order. */
export function decodeStockList(wire: StockListWire): StockListRow[] {
  const units = new Map<string, string | null>(Object.entries(wire.units));
  const out: StockListRow[] = new Array(wire.rows.length);
  for (let i = 0; i < wire.rows.length; i++) {
    const t = wire.rows[i];
    out[i] = {
      pos_item_variant_id: t[0],
      item_type: t[1],
      category_name: t[2],
      sku: t[3],
      item_name: t[4],
      variant_name: t[5],
      qty: t[7],
      drv_bad_qty: t[8],
      unit_name: t[6] === null ? null : (units.get(t[6]) ?? null),
    };
  }
  return out;
}

/** The reference encoder (the server writes the same text in SQL): each distinct unit_name gets an id. */
export function encodeStockList(rows: readonly StockListRow[]): StockListWire {
  const ids = new Map<string, string>();
  const units: Record<string, string | null> = {};
  const tuples = rows.map((r): StockListTuple => {
    let unit: string | null = null;
    if (r.unit_name !== null) {
      unit = ids.get(r.unit_name) ?? String(ids.size + 1);
      if (!ids.has(r.unit_name)) {
        ids.set(r.unit_name, unit);
        units[unit] = r.unit_name;
      }
    }
    return [
      r.pos_item_variant_id,
      r.item_type,
      r.category_name,
      r.sku,
      r.item_name,
      r.variant_name,
      unit,
      r.qty,
      r.drv_bad_qty,
    ];
  });
  return { units, rows: tuples };
}
