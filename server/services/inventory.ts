import { type SQL, sql } from 'drizzle-orm';
import type {
  CurrentStockResponse,
  IncomingTransfer,
  SearchItemRow,
  VendorRow,
} from '../../src/api/contract/inventory';
import { roundMoney } from '../../src/domain/money';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../src/domain/texts/inventory';
import { POS_MESSAGES } from '../../src/domain/texts/server';
import { formatOutletStamp } from '../../src/domain/time-wall';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import type { AuthContext } from './sessions';

/** Anything that runs a statement: the pool or a transaction. */
export type Exec = { execute: (q: SQL) => Promise<unknown> };
export const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

/** The stock-tracked items (ruling 14: RETAIL lines move stock; recipes consume RETAIL variants). */
export const TRACKED_NATURE = 'RETAIL';

/** Stock ledger entry types of the inventory writes (append-only, ruling 13). */
export const INV_ENTRY = {
  fromSupplier: 'from_supplier',
  toBadStock: 'to_bad_stock',
  /** pos-inventory-out reads these naming a sale (ref_local_trx_id) as its `consumptions` (ruling 5) */
  consumption: 'consumption',
  adjustment: 'adjustment',
  transferOut: 'transfer_out',
  transferIn: 'transfer_in',
} as const;

export function requireOutlet(auth: AuthContext): number {
  if (auth.outlet_id === null) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  return auth.outlet_id;
}

export interface Location {
  inv_sloc_id: number;
  business_outlet_id: number;
  location_name: string;
  allow_negative_stock: boolean;
}

/**
 * The brand's locations among `ids`; with `lock`, their rows are locked FOR NO KEY UPDATE in id order
 * (docs/architecture.md lock order: a sale's ledger insert takes only a key-share lock, so it never waits).
 */
export async function brandLocations(
  tx: Exec,
  businessId: number,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, Location>> {
  const found = rows<{
    inv_sloc_id: number;
    business_outlet_id: number;
    location_name: string;
    allow_negative_stock: string | null;
  }>(
    await tx.execute(sql`
      SELECT s.inv_sloc_id, s.business_outlet_id, s.location_name,
        o.settings->>'allow_negative_stock' AS allow_negative_stock
      FROM storage_locations s
      JOIN outlets o ON o.business_outlet_id = s.business_outlet_id AND o.business_id = ${businessId}
      WHERE s.inv_sloc_id IN (${sql.join(
        [...new Set(ids)].map((i) => sql`${i}`),
        sql`, `,
      )})
      ORDER BY s.inv_sloc_id
      ${lock ? sql`FOR NO KEY UPDATE OF s` : sql``}`),
  );
  return new Map(
    found.map((l) => [
      l.inv_sloc_id,
      {
        inv_sloc_id: l.inv_sloc_id,
        business_outlet_id: l.business_outlet_id,
        location_name: l.location_name,
        allow_negative_stock: Number(l.allow_negative_stock) === 1,
      },
    ]),
  );
}

/** A location of the session's outlet, else 400 naming the field. */
export function ownLocation(
  locations: Map<number, Location>,
  id: number,
  outletId: number,
  field: string,
): Location {
  const l = locations.get(id);
  if (!l) throw invalid(S.locationUnknown, field);
  if (l.business_outlet_id !== outletId) throw invalid(S.notOwnLocation, field);
  return l;
}

export interface Variant {
  pos_item_variant_id: number;
  pos_item_id: number;
  item_name: string;
  variant_name: string | null;
  sku: string | null;
  inv_unit_id: number | null;
  unit_name: string | null;
  variant_cost: number;
}

const VARIANT_COLUMNS = sql`
  (v->>'pos_item_variant_id')::int AS pos_item_variant_id, i.entity_id::int AS pos_item_id,
  i.doc->>'item_name' AS item_name, v->>'variant_name' AS variant_name, v->>'sku' AS sku,
  (v->>'inv_unit_id')::int AS inv_unit_id, u.doc->>'unit_name' AS unit_name,
  v->>'variant_cost' AS variant_cost`;
const unitJoin = (businessId: number) => sql`
  LEFT JOIN catalogue_entities u ON u.business_id = ${businessId} AND u.business_outlet_id = 0
    AND u.kind = 'units' AND u.entity_id = v->>'inv_unit_id'`;
const isTrackedItem = (businessId: number) => sql`
  i.business_id = ${businessId} AND i.business_outlet_id = 0 AND i.kind = 'pos_items'
  AND i.doc->>'item_nature' = ${TRACKED_NATURE}`;

type VariantRow = Omit<Variant, 'variant_cost'> & { variant_cost: string | null };
const toVariant = (r: VariantRow): Variant => ({ ...r, variant_cost: num(r.variant_cost) });

/**
 * The brand's stock-tracked variants among `ids`. Items are looked up by the catalogue's convention
 * (variant id = item id × 10 + n) first; the rest by a scan of the brand's items.
 */
export async function trackedVariants(
  tx: Exec,
  businessId: number,
  ids: readonly number[],
): Promise<Map<number, Variant>> {
  const wanted = [...new Set(ids)];
  const list = (xs: readonly (number | string)[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const byConvention = rows<VariantRow>(
    await tx.execute(sql`
      SELECT ${VARIANT_COLUMNS}
      FROM catalogue_entities i
      CROSS JOIN LATERAL json_array_elements(i.doc->'pos_item_variants') v
      ${unitJoin(businessId)}
      WHERE ${isTrackedItem(businessId)}
        AND i.entity_id IN (${list(wanted.map((w) => String(Math.floor(w / 10))))})
        AND (v->>'pos_item_variant_id')::int IN (${list(wanted)})`),
  );
  const out = new Map(byConvention.map((r) => [r.pos_item_variant_id, toVariant(r)]));
  const missing = wanted.filter((w) => !out.has(w));
  if (missing.length) {
    const scanned = rows<VariantRow>(
      await tx.execute(sql`
        SELECT ${VARIANT_COLUMNS}
        FROM catalogue_entities i
        CROSS JOIN LATERAL json_array_elements(i.doc->'pos_item_variants') v
        ${unitJoin(businessId)}
        WHERE ${isTrackedItem(businessId)} AND (v->>'pos_item_variant_id')::int IN (${list(missing)})`),
    );
    for (const r of scanned) out.set(r.pos_item_variant_id, toVariant(r));
  }
  return out;
}

export interface Stock {
  qty: number;
  bad_qty: number;
}

/** Good and bad stock per variant at one location: SUM of the ledger (ruling 13), never a stored balance. */
export async function stockAt(
  tx: Exec,
  invSlocId: number,
  variantIds: readonly number[],
): Promise<Map<number, Stock>> {
  const found = rows<{ pos_item_variant_id: number; qty: string; bad_qty: string }>(
    await tx.execute(sql`
      SELECT pos_item_variant_id, sum(qty)::text AS qty, sum(bad_qty)::text AS bad_qty
      FROM stock_ledger
      WHERE inv_sloc_id = ${invSlocId} AND pos_item_variant_id IN (${sql.join(
        [...new Set(variantIds)].map((v) => sql`${v}`),
        sql`, `,
      )})
      GROUP BY pos_item_variant_id`),
  );
  const out = new Map<number, Stock>(variantIds.map((v) => [v, { qty: 0, bad_qty: 0 }]));
  for (const r of found) out.set(r.pos_item_variant_id, { qty: num(r.qty), bad_qty: num(r.bad_qty) });
  return out;
}

/**
 * variant_cogs (docs/decisions.md): the moving average of the brand's stock-in prices of the variant,
 * Σ(qty in × net price) / Σ(qty in) over its FROM_SUPPLIER entries; the catalogue's variant_cost before any.
 */
export async function variantCogs(tx: Exec, businessId: number, variant: Variant): Promise<number> {
  const [r] = rows<{ cogs: string | null }>(
    await tx.execute(sql`
      SELECT (sum((l.qty + l.bad_qty) * l.unit_cost) / nullif(sum(l.qty + l.bad_qty), 0))::text AS cogs
      FROM stock_ledger l
      JOIN storage_locations s ON s.inv_sloc_id = l.inv_sloc_id
      JOIN outlets o ON o.business_outlet_id = s.business_outlet_id AND o.business_id = ${businessId}
      WHERE l.pos_item_variant_id = ${variant.pos_item_variant_id} AND l.entry_type = ${INV_ENTRY.fromSupplier}`),
  );
  return roundMoney(r?.cogs === null || r?.cogs === undefined ? variant.variant_cost : r.cogs, 2);
}

// ---- the read calls ----

export async function listVendors(deps: AppDeps, auth: AuthContext): Promise<VendorRow[]> {
  return rows<VendorRow>(
    await deps.database.db.execute(sql`
      SELECT inv_vendor_id, vendor_name, vendor_last_name FROM vendors
      WHERE business_id = ${auth.business_id} ORDER BY vendor_name, vendor_last_name, inv_vendor_id`),
  );
}

const SEARCH_LIMIT = 50;
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET search-item: ?sku= matches a SKU exactly; ?item_name= (possibly empty) matches item or variant names. */
export async function searchItems(
  deps: AppDeps,
  auth: AuthContext,
  query: { item_name?: string; sku?: string },
): Promise<SearchItemRow[]> {
  const sku = query.sku?.trim();
  if (query.sku !== undefined && !sku) throw invalid(M.skuRequired, 'sku');
  const name = (query.item_name ?? '').trim();
  const match = sku
    ? sql`v->>'sku' = ${sku}`
    : name
      ? sql`(i.doc->>'item_name' || ' ' || coalesce(v->>'variant_name', '')) ILIKE ${likePattern(name)}`
      : sql`true`;
  const found = rows<VariantRow>(
    await deps.database.db.execute(sql`
      SELECT ${VARIANT_COLUMNS}
      FROM catalogue_entities i
      CROSS JOIN LATERAL json_array_elements(i.doc->'pos_item_variants') v
      ${unitJoin(auth.business_id)}
      WHERE ${isTrackedItem(auth.business_id)}
        ${auth.outlet_id === null ? sql`` : sql`AND (i.outlet_ids IS NULL OR ${auth.outlet_id} = ANY (i.outlet_ids))`}
        AND ${match}
      ORDER BY i.doc->>'item_name', v->>'variant_name', 1
      LIMIT ${SEARCH_LIMIT}`),
  );
  return found.map((r) => ({
    pos_item_variant_id: r.pos_item_variant_id,
    item_name: r.variant_name ? `${r.item_name} - ${r.variant_name}` : r.item_name,
    variant_name: r.variant_name,
    sku: r.sku,
    unit_name: r.unit_name,
    inv_unit_id: r.inv_unit_id,
  }));
}

/** GET current-stock: one variant at one of the brand's locations. */
export async function currentStock(
  deps: AppDeps,
  auth: AuthContext,
  q: { pos_item_variant_id: number; inv_sloc_id: number },
): Promise<CurrentStockResponse> {
  const db = deps.database.db;
  const locations = await brandLocations(db, auth.business_id, [q.inv_sloc_id]);
  if (!locations.has(q.inv_sloc_id)) throw invalid(S.locationUnknown, 'inv_sloc_id');
  const variant = (await trackedVariants(db, auth.business_id, [q.pos_item_variant_id])).get(
    q.pos_item_variant_id,
  );
  if (!variant) throw invalid(M.itemNotFound, 'pos_item_variant_id');
  const stock = (await stockAt(db, q.inv_sloc_id, [q.pos_item_variant_id])).get(q.pos_item_variant_id);
  return {
    qty: stock?.qty ?? 0,
    drv_bad_qty: stock?.bad_qty ?? 0,
    variant_cogs: await variantCogs(db, auth.business_id, variant),
  };
}

/**
 * GET outlet-stock (reading A, ruling 6): every stock-tracked variant sold at the session's outlet, its
 * good and bad stock summed over the outlet's locations (or one of them, ?inv_sloc_id=). Read from the
 * catalogue's flattened variants (stock_variants) and the ledger's running sums per location
 * (stock_balances), both kept by triggers in the same transaction as every catalogue or ledger write
 * (migration 0016; a server test checks the sums against the ledger). The database writes the JSON text
 * itself (50,000 rows: no objects built and serialised again in Node), in the tuple wire format of
 * src/api/contract/stock-list-wire.ts; rows come in catalogue order, the screen sorts.
 */
export async function stockListJson(
  deps: AppDeps,
  auth: AuthContext,
  q: { inv_sloc_id?: number },
): Promise<string> {
  const outletId = requireOutlet(auth);
  const db = deps.database.db;
  let slocs: number[];
  if (q.inv_sloc_id !== undefined) {
    const locations = await brandLocations(db, auth.business_id, [q.inv_sloc_id]);
    ownLocation(locations, q.inv_sloc_id, outletId, 'inv_sloc_id');
    slocs = [q.inv_sloc_id];
  } else {
    slocs = rows<{ inv_sloc_id: number }>(
      await db.execute(sql`
        SELECT inv_sloc_id FROM storage_locations WHERE business_outlet_id = ${outletId} ORDER BY inv_sloc_id`),
    ).map((l) => Number(l.inv_sloc_id));
  }
  // One join per location (an outlet has a few): the sums need no aggregate over 50,000 variants. Each row's
  // JSON text is its stored head (stock_variants.json_head) and the figures appended: no json_agg of
  // records, which spent most of the time.
  const joins = sql.join(
    slocs.map(
      (id, i) => sql`
        LEFT JOIN stock_balances ${sql.raw(`b${i}`)}
          ON ${sql.raw(`b${i}`)}.inv_sloc_id = ${id} AND ${sql.raw(`b${i}`)}.pos_item_variant_id = v.pos_item_variant_id`,
    ),
    sql``,
  );
  const sum = (column: 'qty' | 'bad_qty') =>
    slocs.length === 0
      ? sql`0`
      : sql.join(
          slocs.map((_, i) => sql`coalesce(${sql.raw(`b${i}.${column}`)}, 0)`),
          sql` + `,
        );
  // The answer is the wire format of src/api/contract/stock-list-wire.ts: the brand's units once, then one
  // tuple per row — its stored head (stock_variants.json_head, migration 0021) and the two figures.
  const [r] = rows<{ data: string }>(
    await db.execute(sql`
      SELECT '{"units":' || coalesce((
          SELECT json_object_agg(entity_id, doc->>'unit_name')::text FROM catalogue_entities
          WHERE business_id = ${auth.business_id} AND business_outlet_id = 0 AND kind = 'units'), '{}')
        || ',"rows":[' || coalesce(string_agg(v.json_head || ',' || (${sum('qty')})::float8::text
          || ',' || (${sum('bad_qty')})::float8::text || ']', ','), '') || ']}' AS data
      FROM stock_variants v
      ${joins}
      WHERE v.business_id = ${auth.business_id} AND (v.outlet_ids IS NULL OR ${outletId} = ANY (v.outlet_ids))`),
  );
  return r.data;
}

/** GET transfer-in: transfers to the session outlet's locations not yet accepted, oldest first. */
export async function incomingTransfers(deps: AppDeps, auth: AuthContext): Promise<IncomingTransfer[]> {
  const outletId = requireOutlet(auth);
  const db = deps.database.db;
  const heads = rows<{
    inv_stock_trf_head_id: string | number;
    trx_id: string;
    created_at: Date | string;
    source_location_name: string;
    target_inv_sloc_id: number;
    notes: string | null;
    items: { inv_stock_trf_detail_id: number; pos_item_variant_id: number; qty: number }[] | string;
  }>(
    await db.execute(sql`
      SELECT h.inv_stock_trf_head_id, h.trx_id, h.created_at, src.location_name AS source_location_name,
        h.target_inv_sloc_id, h.notes, h.items
      FROM inv_stock_trf_heads h
      JOIN storage_locations tgt ON tgt.inv_sloc_id = h.target_inv_sloc_id AND tgt.business_outlet_id = ${outletId}
      JOIN storage_locations src ON src.inv_sloc_id = h.source_inv_sloc_id
      WHERE h.business_id = ${auth.business_id} AND h.accepted_at IS NULL
      ORDER BY h.inv_stock_trf_head_id
      LIMIT 500`),
  );
  const parsed = heads.map((h) => ({
    ...h,
    items: (typeof h.items === 'string' ? JSON.parse(h.items) : h.items) as Exclude<
      (typeof h)['items'],
      string
    >,
  }));
  const variantIds = parsed.flatMap((h) => h.items.map((i) => i.pos_item_variant_id));
  const variants = variantIds.length ? await trackedVariants(db, auth.business_id, variantIds) : new Map();
  const out: IncomingTransfer[] = [];
  for (const h of parsed) {
    const stock = h.items.length
      ? await stockAt(
          db,
          h.target_inv_sloc_id,
          h.items.map((i) => i.pos_item_variant_id),
        )
      : new Map<number, Stock>();
    out.push({
      inv_stock_trf_head_id: Number(h.inv_stock_trf_head_id),
      trx_id: h.trx_id,
      trx_time: formatOutletStamp(new Date(h.created_at)),
      source_location_name: h.source_location_name,
      target_inv_sloc_id: h.target_inv_sloc_id,
      notes: h.notes,
      inv_stock_trf_details: h.items.map((i) => {
        const v = variants.get(i.pos_item_variant_id);
        return {
          inv_stock_trf_detail_id: i.inv_stock_trf_detail_id,
          pos_item_variant_id: i.pos_item_variant_id,
          item_name: v ? (v.variant_name ? `${v.item_name} - ${v.variant_name}` : v.item_name) : null,
          qty_now: stock.get(i.pos_item_variant_id)?.qty ?? 0,
          qty: i.qty,
          unit_name: v?.unit_name ?? null,
        };
      }),
    });
  }
  return out;
}
