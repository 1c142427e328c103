// The owner's full data export of a brand (issue 27): customers, sales (heads, lines, payments), stock (the stock
// ledger of the brand's locations) and the customer ledgers (points, wallet, coupons, receivables), as CSV files in
// one ZIP or as one JSON object. Streamed: each table is read in keyset batches of EXPORT_BATCH rows and written
// as it is read, so memory stays flat however many sales the brand has. Only the brand's owner
// (businesses.owner_business_user_id, migration 0062) may export: the server checks it, not the menu.

import type { AppDeps } from '../deps';
import { forbidden } from '../lib/errors';
import { zipStream } from '../lib/zip-stream';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;
export const EXPORT_BATCH = 5_000;

/** name → keyset query over the brand ($1 business, $2 last key, $3 limit), its key column `_k`. */
const TABLES: { name: string; sql: string; csvDrop?: string[] }[] = [
  {
    name: 'customers',
    sql: `SELECT c.customer_id AS _k, c.* FROM customers c WHERE c.business_id = $1 AND c.customer_id > $2
          ORDER BY c.customer_id LIMIT $3`,
  },
  {
    name: 'sales',
    sql: `SELECT h.pos_sales_trx_head_id AS _k, h.* FROM pos_sales_trx_heads h
          WHERE h.business_id = $1 AND h.pos_sales_trx_head_id > $2 ORDER BY h.pos_sales_trx_head_id LIMIT $3`,
    // the sale's whole document stays in the JSON export; the CSV has its columns, lines and payments
    csvDrop: ['trx'],
  },
  {
    name: 'sale_lines',
    sql: `SELECT d.pos_sales_trx_detail_id AS _k, d.* FROM pos_sales_trx_details d
          JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = d.pos_sales_trx_head_id
          WHERE h.business_id = $1 AND d.pos_sales_trx_detail_id > $2 ORDER BY d.pos_sales_trx_detail_id LIMIT $3`,
  },
  {
    name: 'payments',
    sql: `SELECT p.pos_sales_trx_payment_id AS _k, p.* FROM pos_sales_trx_payments p
          JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = p.pos_sales_trx_head_id
          WHERE h.business_id = $1 AND p.pos_sales_trx_payment_id > $2 ORDER BY p.pos_sales_trx_payment_id LIMIT $3`,
  },
  {
    name: 'stock_ledger',
    sql: `SELECT l.entry_id AS _k, o.business_outlet_id, l.* FROM stock_ledger l
          JOIN storage_locations s ON s.inv_sloc_id = l.inv_sloc_id
          JOIN outlets o ON o.business_outlet_id = s.business_outlet_id
          WHERE o.business_id = $1 AND l.entry_id > $2 ORDER BY l.entry_id LIMIT $3`,
  },
  ...(['point_ledger', 'wallet_ledger'] as const).map((t) => ({
    name: t,
    sql: `SELECT l.entry_id AS _k, l.* FROM ${t} l JOIN customers c ON c.customer_id = l.customer_id
          WHERE c.business_id = $1 AND l.entry_id > $2 ORDER BY l.entry_id LIMIT $3`,
  })),
  {
    name: 'coupon_ledger',
    sql: `SELECT l.entry_id AS _k, cu.customer_id, cu.coupon_id, cu.expired_date, l.* FROM coupon_user_ledger l
          JOIN coupon_users cu ON cu.coupon_user_id = l.coupon_user_id
          JOIN customers c ON c.customer_id = cu.customer_id
          WHERE c.business_id = $1 AND l.entry_id > $2 ORDER BY l.entry_id LIMIT $3`,
  },
  {
    name: 'receivable_ledger',
    sql: `SELECT l.entry_id AS _k, r.customer_id, r.local_trx_id AS receivable_local_trx_id, l.*
          FROM receivable_ledger l JOIN receivables r ON r.account_receivable_id = l.account_receivable_id
          JOIN customers c ON c.customer_id = r.customer_id
          WHERE c.business_id = $1 AND l.entry_id > $2 ORDER BY l.entry_id LIMIT $3`,
  },
];
export const EXPORT_TABLES = TABLES.map((t) => t.name);

/** Columns never exported: derived search and report columns (the sale's document holds them). */
const DROP = new Set([
  '_k',
  'customer_search_text',
  'user_phone_canonical',
  'search_text',
  'customer_name',
  'worker_doc',
  'variant_cost',
]);

/** 403 unless the session's user is the brand's owner. */
export async function requireBrandOwner(deps: AppDeps, auth: AuthContext): Promise<void> {
  const [b] = await deps.database.query<Row>(
    'SELECT owner_business_user_id FROM businesses WHERE business_id = $1',
    [auth.business_id],
  );
  if (!b || Number(b.owner_business_user_id) !== auth.business_user_id) throw forbidden();
}

async function* batches(deps: AppDeps, businessId: number, sql: string): AsyncGenerator<Row[]> {
  let last = '0';
  for (;;) {
    const rows = await deps.database.query<Row>(sql, [businessId, last, EXPORT_BATCH]);
    if (rows.length === 0) return;
    last = String(rows[rows.length - 1]._k);
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

const plain = (v: unknown): unknown =>
  v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v;

/** A CSV cell: JSON for objects; quoted when needed; a text a spreadsheet would run as a formula gets a '. */
function cell(v: unknown): string {
  const p = plain(v);
  if (p === null || p === undefined) return '';
  let s = typeof p === 'object' ? JSON.stringify(p) : String(p);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function* csvOf(deps: AppDeps, businessId: number, t: (typeof TABLES)[number]) {
  let header: string[] | null = null;
  const drop = new Set([...DROP, ...(t.csvDrop ?? [])]);
  for await (const rows of batches(deps, businessId, t.sql)) {
    if (!header) {
      header = Object.keys(rows[0]).filter((k) => !drop.has(k));
      yield `${header.join(',')}\r\n`;
    }
    const cols = header;
    yield rows.map((r) => `${cols.map((k) => cell(r[k])).join(',')}\r\n`).join('');
  }
}

/** The ZIP: one CSV per table (a table without rows is an empty file). */
export function brandExportZip(deps: AppDeps, auth: AuthContext): AsyncGenerator<Buffer> {
  const businessId = auth.business_id;
  async function* entries() {
    for (const t of TABLES) yield { name: `${t.name}.csv`, content: csvOf(deps, businessId, t) };
  }
  return zipStream(entries(), deps.clock.now());
}

/** The JSON: {business_id, exported_at, customers: [...], sales: [...], ...}, every column, written as read. */
export async function* brandExportJson(deps: AppDeps, auth: AuthContext): AsyncGenerator<string> {
  const at = deps.clock.now().toISOString();
  yield `{"business_id":${auth.business_id},"exported_at":${JSON.stringify(at)}`;
  for (const t of TABLES) {
    yield `,${JSON.stringify(t.name)}:[`;
    let first = true;
    for await (const rows of batches(deps, auth.business_id, t.sql)) {
      const out = rows.map((r) => {
        const o: Row = {};
        for (const [k, v] of Object.entries(r)) if (!DROP.has(k)) o[k] = plain(v);
        return JSON.stringify(o);
      });
      yield (first ? '' : ',') + out.join(',');
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}
