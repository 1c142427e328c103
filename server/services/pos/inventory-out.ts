import { sql } from 'drizzle-orm';
import type { InventoryOutResponse } from '../../../src/api/contract/pos';
import { rows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { ENTRY, VOID_SUFFIX } from '../ledgers';
import type { AuthContext } from '../sessions';

/** Stock-out "for customer" that names a sale (ruling 14): the inventory area writes these. */
const CONSUMPTION_TYPES = ['consumptions', 'consumption'];

type Group = keyof InventoryOutResponse;
const groupOf = (entryType: string): Group | null => {
  const base = entryType.endsWith(VOID_SUFFIX) ? entryType.slice(0, -VOID_SUFFIX.length) : entryType;
  if (base === ENTRY.stockSales) return 'sales';
  if (base === ENTRY.stockIngredients) return 'ingredients';
  if (CONSUMPTION_TYPES.includes(base)) return 'consumptions';
  return null;
};

/**
 * GET cashier/inventory/inventory-out/{localTrxId} (ruling 5): what a sale took out of stock, per group,
 * as positive quantities net of a void (a voided sale shows nothing), named from the catalogue.
 */
export async function inventoryOut(
  deps: AppDeps,
  auth: AuthContext,
  localTrxId: string,
): Promise<InventoryOutResponse> {
  const found = rows<{
    entry_type: string;
    pos_item_variant_id: number;
    qty: string;
    item_name: string | null;
    variant_name: string | null;
    unit_name: string | null;
  }>(
    await deps.database.db.execute(sql`
      SELECT l.entry_type, l.pos_item_variant_id, sum(l.qty)::text AS qty,
        i.doc->>'item_name' AS item_name, v->>'variant_name' AS variant_name, u.doc->>'unit_name' AS unit_name
      FROM stock_ledger l
      JOIN storage_locations s ON s.inv_sloc_id = l.inv_sloc_id
      JOIN outlets o ON o.business_outlet_id = s.business_outlet_id AND o.business_id = ${auth.business_id}
      LEFT JOIN catalogue_entities i ON i.business_id = o.business_id AND i.business_outlet_id = 0
        AND i.kind = 'pos_items' AND i.entity_id = l.pos_item_id::text
      LEFT JOIN LATERAL (
        SELECT x AS v FROM json_array_elements(i.doc->'pos_item_variants') x
        WHERE (x->>'pos_item_variant_id')::int = l.pos_item_variant_id LIMIT 1) vv ON true
      LEFT JOIN catalogue_entities u ON u.business_id = o.business_id AND u.business_outlet_id = 0
        AND u.kind = 'units' AND u.entity_id = v->>'inv_unit_id'
      WHERE l.ref_local_trx_id = ${localTrxId}
      GROUP BY l.entry_type, l.pos_item_variant_id, i.doc->>'item_name', v->>'variant_name', u.doc->>'unit_name'
      ORDER BY min(l.entry_id)`),
  );
  const out: InventoryOutResponse = { sales: [], consumptions: [], ingredients: [] };
  const net = new Map<string, { group: Group; row: (typeof found)[number]; qty: number }>();
  for (const r of found) {
    const group = groupOf(r.entry_type);
    if (!group) continue;
    const key = `${group}:${r.pos_item_variant_id}`;
    const e = net.get(key) ?? { group, row: r, qty: 0 };
    e.qty += Number(r.qty);
    net.set(key, e);
  }
  for (const { group, row, qty } of net.values()) {
    // ledger quantities are negative when taken out
    const taken = Math.round(-qty * 10_000) / 10_000;
    if (taken === 0) continue;
    out[group].push({
      qty: taken,
      unit_name: row.unit_name,
      item_name: row.item_name,
      variant_name: row.variant_name,
    });
  }
  return out;
}
