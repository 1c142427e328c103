import { sql } from 'drizzle-orm';
import type { StockCardResponse, StockCardRow } from '../../src/api/contract/inventory';
import { INVENTORY_MESSAGES as M } from '../../src/domain/texts/inventory';
import { formatOutletStamp } from '../../src/domain/time-wall';
import { shortId } from '../../src/domain/transaction-labels';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import { brandLocations, ownLocation, requireOutlet, rows, trackedVariants } from './inventory';
import type { AuthContext } from './sessions';

const num = (v: string | number | null) => (v === null ? 0 : Number(v));
const nameOf = (first: string | null, last: string | null) =>
  [first, last].filter((s) => s?.trim()).join(' ') || null;

/**
 * GET stock-card (ours, issue 22 item 9): every ledger entry (ruling 13) of one of the brand's stock-tracked
 * variants at one location of the session outlet, or at all of them; newest first, paged; each with the
 * running balance after it (good and bad, over the card's locations, in ledger order: created_at, then
 * entry_id), where it came from (the inventory write, the transfer, the sale) and who made it.
 */
export async function stockCard(
  deps: AppDeps,
  auth: AuthContext,
  q: { pos_item_variant_id: number; inv_sloc_id?: number; page: number; size: number },
): Promise<StockCardResponse> {
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
  const variant = (await trackedVariants(db, auth.business_id, [q.pos_item_variant_id])).get(
    q.pos_item_variant_id,
  );
  if (!variant) throw invalid(M.itemNotFound, 'pos_item_variant_id');
  const head = {
    pos_item_variant_id: variant.pos_item_variant_id,
    item_name: variant.variant_name ? `${variant.item_name} - ${variant.variant_name}` : variant.item_name,
    unit_name: variant.unit_name,
    inv_sloc_id: q.inv_sloc_id ?? null,
    page: q.page,
    size: q.size,
  };
  if (slocs.length === 0) return { ...head, qty: 0, bad_qty: 0, total: 0, rows: [] };
  // the (inv_sloc_id, pos_item_id, pos_item_variant_id) index finds the entries
  const where = sql`l.inv_sloc_id IN (${sql.join(
    slocs.map((s) => sql`${s}`),
    sql`, `,
  )}) AND l.pos_item_id = ${variant.pos_item_id} AND l.pos_item_variant_id = ${variant.pos_item_variant_id}`;
  const [sums] = rows<{ n: string; qty: string | null; bad_qty: string | null }>(
    await db.execute(sql`
      SELECT count(*)::text AS n, sum(l.qty)::text AS qty, sum(l.bad_qty)::text AS bad_qty
      FROM stock_ledger l WHERE ${where}`),
  );
  const found = rows<{
    entry_id: string | number;
    created_at: Date | string;
    entry_type: string;
    qty: string;
    bad_qty: string;
    balance: string;
    bad_balance: string;
    notes: string | null;
    location_name: string;
    inv_local_trx_id: string | null;
    transfer_trx_id: string | null;
    ref_local_trx_id: string | null;
    sale_trx_id: string | null;
    inv_first: string | null;
    inv_last: string | null;
    sale_first: string | null;
    sale_last: string | null;
  }>(
    await db.execute(sql`
      WITH moves AS (
        SELECT l.entry_id, l.created_at, l.entry_type, l.qty, l.bad_qty, l.notes, l.inv_sloc_id, l.inv_trx_id,
          l.ref_local_trx_id,
          sum(l.qty) OVER w AS balance, sum(l.bad_qty) OVER w AS bad_balance
        FROM stock_ledger l
        WHERE ${where}
        WINDOW w AS (ORDER BY l.created_at, l.entry_id ROWS UNBOUNDED PRECEDING)
      ), page AS (
        SELECT * FROM moves ORDER BY created_at DESC, entry_id DESC
        LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}
      )
      SELECT m.entry_id, m.created_at, m.entry_type, m.qty::text AS qty, m.bad_qty::text AS bad_qty,
        m.balance::text AS balance, m.bad_balance::text AS bad_balance, m.notes, s.location_name,
        t.local_trx_id AS inv_local_trx_id, coalesce(tout.trx_id, tin.trx_id) AS transfer_trx_id,
        m.ref_local_trx_id, sh.trx_id AS sale_trx_id,
        tu.firstname AS inv_first, tu.lastname AS inv_last, su.firstname AS sale_first, su.lastname AS sale_last
      FROM page m
      JOIN storage_locations s ON s.inv_sloc_id = m.inv_sloc_id
      LEFT JOIN inventory_trxs t ON t.inv_trx_id = m.inv_trx_id AND t.business_id = ${auth.business_id}
      LEFT JOIN inv_stock_trf_heads tout ON tout.inv_trx_id = m.inv_trx_id AND t.trx_type = 'TRANSFER_OUT'
      LEFT JOIN inv_stock_trf_heads tin ON t.trx_type = 'TRANSFER_IN'
        AND t.local_trx_id = 'transfer-in-' || tin.inv_stock_trf_head_id::text
      LEFT JOIN pos_sales_trx_heads sh ON sh.local_trx_id = m.ref_local_trx_id AND sh.business_id = ${auth.business_id}
      LEFT JOIN business_users tu ON tu.business_user_id = t.business_user_id
      LEFT JOIN business_users su ON su.business_user_id = sh.business_user_id
      ORDER BY m.created_at DESC, m.entry_id DESC`),
  );
  const out: StockCardRow[] = found.map((r) => {
    const inventoryWrite = r.inv_local_trx_id !== null;
    const sale = r.ref_local_trx_id === null ? null : (r.sale_trx_id ?? shortId(r.ref_local_trx_id));
    return {
      entry_id: Number(r.entry_id),
      at: formatOutletStamp(new Date(r.created_at)),
      entry_type: r.entry_type,
      reference: r.transfer_trx_id ?? (inventoryWrite ? shortId(r.inv_local_trx_id ?? '') : sale),
      for_sale: inventoryWrite ? sale : null,
      who: inventoryWrite ? nameOf(r.inv_first, r.inv_last) : nameOf(r.sale_first, r.sale_last),
      location_name: r.location_name,
      qty: num(r.qty),
      bad_qty: num(r.bad_qty),
      balance: num(r.balance),
      bad_balance: num(r.bad_balance),
      notes: r.notes,
    };
  });
  return { ...head, qty: num(sums.qty), bad_qty: num(sums.bad_qty), total: Number(sums.n), rows: out };
}
