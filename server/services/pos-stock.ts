import { sql } from 'drizzle-orm';
import type { TrxDetail } from '../../src/domain/model/transaction';
import { ENTRY, type StockMove, type Tx } from './ledgers';

/** What the stock rules read of a catalogue item (000 §3 Item / Variant; the recipe of ruling 14). */
export interface CatalogueItem {
  pos_item_id: number;
  item_name?: string;
  item_nature?: string | null;
  pos_item_variants?: {
    pos_item_variant_id: number;
    variant_name?: string;
    inv_unit_id?: number | null;
    ingredients?: { pos_item_variant_id: number; qty: number }[];
  }[];
}

const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The brand's items by id (brand-level catalogue rows, business_outlet_id 0). */
export async function loadItems(
  tx: Tx,
  businessId: number,
  ids: readonly number[],
): Promise<Map<number, CatalogueItem>> {
  const unique = [...new Set(ids.filter((n) => Number.isInteger(n) && n > 1))].map(String);
  const out = new Map<number, CatalogueItem>();
  if (unique.length === 0) return out;
  const found = rows<{ doc: CatalogueItem | string }>(
    await tx.execute(sql`
      SELECT doc FROM catalogue_entities
      WHERE business_id = ${businessId} AND business_outlet_id = 0 AND kind = 'pos_items'
        AND entity_id = ANY(${`{${unique.join(',')}}`}::text[])`),
  );
  for (const r of found) {
    const doc = typeof r.doc === 'string' ? (JSON.parse(r.doc) as CatalogueItem) : r.doc;
    out.set(Number(doc.pos_item_id), doc);
  }
  return out;
}

/** The item holding each variant: the demo convention (variant = item × 10 + n) first, else a scan. */
async function itemsOfVariants(
  tx: Tx,
  businessId: number,
  variantIds: readonly number[],
  known: Map<number, CatalogueItem>,
): Promise<Map<number, CatalogueItem>> {
  const byVariant = new Map<number, CatalogueItem>();
  const index = (items: Iterable<CatalogueItem>) => {
    for (const it of items)
      for (const v of it.pos_item_variants ?? []) byVariant.set(Number(v.pos_item_variant_id), it);
  };
  index(known.values());
  let missing = variantIds.filter((v) => !byVariant.has(v));
  if (missing.length === 0) return byVariant;
  index(
    (
      await loadItems(
        tx,
        businessId,
        missing.map((v) => Math.floor(v / 10)),
      )
    ).values(),
  );
  missing = missing.filter((v) => !byVariant.has(v));
  if (missing.length === 0) return byVariant;
  const scanned = rows<{ doc: CatalogueItem | string }>(
    await tx.execute(sql`
      SELECT doc FROM catalogue_entities
      WHERE business_id = ${businessId} AND business_outlet_id = 0 AND kind = 'pos_items'
        AND EXISTS (SELECT 1 FROM json_array_elements(doc->'pos_item_variants') v
                    WHERE (v->>'pos_item_variant_id')::int = ANY(${`{${missing.join(',')}}`}::int[]))`),
  );
  index(scanned.map((r) => (typeof r.doc === 'string' ? (JSON.parse(r.doc) as CatalogueItem) : r.doc)));
  return byVariant;
}

/** The outlet's default storage location (ruling 14), or null when it has none. */
export async function defaultLocation(tx: Tx, outletId: number): Promise<number | null> {
  const r = rows<{ inv_sloc_id: number }>(
    await tx.execute(sql`
      SELECT inv_sloc_id FROM storage_locations
      WHERE business_outlet_id = ${outletId} AND is_default ORDER BY inv_sloc_id LIMIT 1`),
  );
  return r[0] ? Number(r[0].inv_sloc_id) : null;
}

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

/**
 * Ruling 14: RETAIL units leave the default location as `sales`; a SERVICE variant's recipe leaves it as
 * `ingredients` (recipe qty × units sold). Custom and synthetic lines (pos_item_id ≤ 1) move no stock.
 */
export async function saleStockMoves(
  tx: Tx,
  input: { businessId: number; outletId: number; details: readonly TrxDetail[] },
): Promise<StockMove[]> {
  const sold = input.details.filter((d) => Number(d.is_custom) !== 1).flatMap(soldUnits);
  if (sold.length === 0) return [];
  const location = await defaultLocation(tx, input.outletId);
  if (location === null) return [];
  const items = await loadItems(
    tx,
    input.businessId,
    sold.map((s) => s.pos_item_id),
  );
  const moves: StockMove[] = [];
  const recipes: { variant: number; qty: number }[] = [];
  for (const s of sold) {
    const item = items.get(s.pos_item_id);
    if (!item) continue;
    const nature = item.item_nature ?? s.nature;
    if (nature === 'RETAIL') {
      moves.push({
        inv_sloc_id: location,
        pos_item_id: s.pos_item_id,
        pos_item_variant_id: s.pos_item_variant_id,
        entry_type: ENTRY.stockSales,
        qty: -s.qty,
      });
      continue;
    }
    const variant = item.pos_item_variants?.find(
      (v) => Number(v.pos_item_variant_id) === s.pos_item_variant_id,
    );
    for (const ing of variant?.ingredients ?? []) {
      recipes.push({ variant: Number(ing.pos_item_variant_id), qty: Number(ing.qty) * s.qty });
    }
  }
  if (recipes.length > 0) {
    const holders = await itemsOfVariants(
      tx,
      input.businessId,
      recipes.map((r) => r.variant),
      items,
    );
    for (const r of recipes) {
      const holder = holders.get(r.variant);
      if (!holder) continue;
      moves.push({
        inv_sloc_id: location,
        pos_item_id: Number(holder.pos_item_id),
        pos_item_variant_id: r.variant,
        entry_type: ENTRY.stockIngredients,
        qty: -r.qty,
      });
    }
  }
  return moves;
}
