import type { TrxDetail } from '../../../src/domain/model/transaction';
import { ENTRY } from '../ledgers';

const ENTRY_RETAIL = 'RETAIL';

interface Sold {
  pos_item_id: number;
  pos_item_variant_id: number;
  qty: number;
  /** the line's own itemMeta nature, used when the catalogue does not know the item (custom items) */
  nature: string | null | undefined;
}

/** A line sells itself; a package line sells each of its details (qty × line qty, the chosen variant). */
function soldUnits(line: TrxDetail): Sold[] {
  if (Number(line.is_package) !== 1 || line.pos_item_package_details.length === 0) {
    return [
      {
        pos_item_id: line.pos_item_id,
        pos_item_variant_id: line.pos_item_variant_id,
        qty: line.qty,
        nature: line.itemMeta.item_nature,
      },
    ];
  }
  return line.pos_item_package_details.flatMap((d) => {
    const variants = d.pos_item_package_detail_variants ?? [];
    const chosen = variants.find((v) => Number(v.is_chosen) === 1) ?? variants[0];
    const variantId = Number(chosen?.pos_item_variant_id);
    if (!Number.isFinite(variantId) || !Number.isFinite(Number(d.pos_item_id))) return [];
    return [
      {
        pos_item_id: Number(d.pos_item_id),
        pos_item_variant_id: variantId,
        qty: Number(d.qty ?? 1) * line.qty,
        nature: null,
      },
    ];
  });
}

/** The units a sale's lines move, as the `sold` parameter of {@link saleStockCtes}: [] when nothing moves. */
export function soldUnitsJson(details: readonly TrxDetail[]): string {
  return JSON.stringify(details.filter((d) => Number(d.is_custom) !== 1).flatMap(soldUnits));
}

/**
 * Ruling 14: RETAIL units leave the outlet's default location as `sales`; a SERVICE variant's recipe
 * (variant.ingredients [{pos_item_variant_id, qty}]) leaves it as `ingredients` (recipe qty × units sold).
 * Custom lines and items the catalogue does not know move no stock; no default location, no moves.
 * The catalogue documents are read by the database, never shipped to the server. An ingredient's item is
 * found by the demo convention (variant = item × 10 + n) or else by a scan.
 *
 * Answers the common table expressions to append to the sale's insert statement (`, loc AS (…), …`), as
 * constant text (the statement is prepared once) over the statement's parameters named by `p`; they write
 * only when `h` (the inserted head) has a row. Each item is fetched by its key (LATERAL … LIMIT 1 keeps the
 * planner from hashing the whole catalogue, which a 20,000-item brand would pay on every sale).
 */
export function saleStockCtes(p: {
  businessId: string;
  outletId: string;
  /**
   * A FROM item of the units sold, aliased `s`, with the columns (ref text: the sale's local_trx_id, at
   * timestamptz: its created_at, pos_item_id int, pos_item_variant_id int, qty numeric, nature text). A ref
   * whose head `h` did not insert moves nothing. One sale: {@link oneSaleSold}; a batch: sale-batch-insert.ts.
   */
  sold: string;
}): string {
  const isItem = (alias: string) =>
    `${alias}.business_id = ${p.businessId} AND ${alias}.business_outlet_id = 0 AND ${alias}.kind = 'pos_items'`;
  const holds = (
    alias: string,
  ) => `EXISTS (SELECT 1 FROM json_array_elements(${alias}.doc->'pos_item_variants') x
                     WHERE (x->>'pos_item_variant_id')::int = r.variant)`;
  return `,
    loc AS (
      SELECT inv_sloc_id FROM storage_locations
      WHERE business_outlet_id = ${p.outletId} AND is_default ORDER BY inv_sloc_id LIMIT 1),
    sold AS (
      SELECT s.ref, s.at, s.pos_item_id, s.pos_item_variant_id, s.qty,
        coalesce(i.doc->>'item_nature', s.nature) AS nature, i.doc
      FROM ${p.sold}
      CROSS JOIN LATERAL (
        SELECT i.doc FROM catalogue_entities i WHERE ${isItem('i')} AND i.entity_id = s.pos_item_id::text LIMIT 1) i),
    recipe AS (
      SELECT sold.ref, sold.at, (ing->>'pos_item_variant_id')::int AS variant, (ing->>'qty')::numeric * sold.qty AS qty
      FROM sold
      CROSS JOIN LATERAL json_array_elements(sold.doc->'pos_item_variants') v
      CROSS JOIN LATERAL json_array_elements(coalesce(v->'ingredients', '[]'::json)) ing
      WHERE sold.nature IS DISTINCT FROM '${ENTRY_RETAIL}' AND (v->>'pos_item_variant_id')::int = sold.pos_item_variant_id),
    holder AS (
      SELECT r.ref, r.at, r.variant, r.qty, coalesce(c1.entity_id, c2.entity_id)::int AS pos_item_id
      FROM recipe r
      LEFT JOIN LATERAL (
        SELECT c1.entity_id FROM catalogue_entities c1
        WHERE ${isItem('c1')} AND c1.entity_id = (r.variant / 10)::text AND ${holds('c1')} LIMIT 1) c1 ON true
      LEFT JOIN LATERAL (
        SELECT c.entity_id FROM catalogue_entities c
        WHERE c1.entity_id IS NULL AND ${isItem('c')} AND ${holds('c')}
        ORDER BY c.entity_id LIMIT 1) c2 ON true),
    moves AS (
      SELECT ref, at, pos_item_id, pos_item_variant_id, '${ENTRY.stockSales}'::text AS entry_type, -qty AS qty
      FROM sold WHERE nature = '${ENTRY_RETAIL}'
      UNION ALL
      SELECT ref, at, pos_item_id, variant, '${ENTRY.stockIngredients}'::text, -qty FROM holder WHERE pos_item_id IS NOT NULL),
    stock AS (
      INSERT INTO stock_ledger (inv_sloc_id, pos_item_id, pos_item_variant_id, entry_type, qty, bad_qty,
        ref_local_trx_id, created_at)
      SELECT loc.inv_sloc_id, m.pos_item_id, m.pos_item_variant_id, m.entry_type, m.qty, 0, m.ref, m.at
      FROM moves m JOIN h ON h.local_trx_id = m.ref, loc)`;
}

/** The `sold` of {@link saleStockCtes} for one sale: its units (soldUnitsJson) as parameters of its own. */
export function oneSaleSold(p: { localTrxId: string; now: string; sold: string }): string {
  return `(SELECT ${p.localTrxId} AS ref, ${p.now} AS at, u.* FROM jsonb_to_recordset(${p.sold}::jsonb)
        AS u(pos_item_id int, pos_item_variant_id int, qty numeric, nature text)) s`;
}
