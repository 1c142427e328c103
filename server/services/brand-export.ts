// The owner's full data export of a brand (issue 27): customers, sales (heads, lines, payments), stock (the stock
// ledger of the brand's locations) and the customer ledgers (points, wallet, coupons, receivables), as CSV files in
// one ZIP or as one JSON object (the sale's whole document only when asked for). Streamed: each table is read in
// keyset batches of EXPORT_BATCH rows and written as it is read, so memory stays flat however many sales the brand has. The database writes each batch in its
// final shape (one text of CSV lines, or of JSON objects, per batch: one row crosses the driver, not 5,000), so no
// row becomes a JS object; both PGlite and PostgreSQL run the same SQL. Only the brand's owner
// (businesses.owner_business_user_id, migration 0062) may export: the server checks it, not the menu.

import type { Database } from '../db/create-db';
import type { AppDeps } from '../deps';
import { forbidden } from '../lib/errors';
import { zipStream } from '../lib/zip-stream';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;
export const EXPORT_BATCH = 5_000;
/** the text a batch aims at (see batches) */
const EXPORT_BATCH_BYTES = 1 << 20;

/** A table's columns, read from the catalogue: `alias.*` parts take every column of `table`, in its order. */
interface Part {
  alias: string;
  table: string;
  /** the columns to take (all when omitted), each `name` or `name AS label` */
  cols?: string[];
}
interface ExportTable {
  name: string;
  parts: Part[];
  /** the keyset column (unique, increasing) */
  key: string;
  /** FROM … WHERE … over the brand ($1 business, $2 last key) */
  from: string;
  /** columns left out of the CSV only */
  csvDrop?: string[];
}

const TABLES: ExportTable[] = [
  {
    name: 'customers',
    parts: [{ alias: 'c', table: 'customers' }],
    key: 'c.customer_id',
    from: 'FROM customers c WHERE c.business_id = $1 AND c.customer_id > $2',
  },
  {
    name: 'sales',
    parts: [{ alias: 'h', table: 'pos_sales_trx_heads' }],
    key: 'h.pos_sales_trx_head_id',
    from: 'FROM pos_sales_trx_heads h WHERE h.business_id = $1 AND h.pos_sales_trx_head_id > $2',
    // the sale's whole document stays in the JSON export; the CSV has its columns, lines and payments
    csvDrop: ['trx'],
  },
  {
    name: 'sale_lines',
    parts: [{ alias: 'd', table: 'pos_sales_trx_details' }],
    key: 'd.pos_sales_trx_detail_id',
    from: `FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = d.pos_sales_trx_head_id
          WHERE h.business_id = $1 AND d.pos_sales_trx_detail_id > $2`,
  },
  {
    name: 'payments',
    parts: [{ alias: 'p', table: 'pos_sales_trx_payments' }],
    key: 'p.pos_sales_trx_payment_id',
    from: `FROM pos_sales_trx_payments p JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = p.pos_sales_trx_head_id
          WHERE h.business_id = $1 AND p.pos_sales_trx_payment_id > $2`,
  },
  {
    name: 'stock_ledger',
    parts: [
      { alias: 'o', table: 'outlets', cols: ['business_outlet_id'] },
      { alias: 'l', table: 'stock_ledger' },
    ],
    key: 'l.entry_id',
    from: `FROM stock_ledger l JOIN storage_locations s ON s.inv_sloc_id = l.inv_sloc_id
          JOIN outlets o ON o.business_outlet_id = s.business_outlet_id
          WHERE o.business_id = $1 AND l.entry_id > $2`,
  },
  ...(['point_ledger', 'wallet_ledger'] as const).map((t) => ({
    name: t,
    parts: [{ alias: 'l', table: t }],
    key: 'l.entry_id',
    from: `FROM ${t} l JOIN customers c ON c.customer_id = l.customer_id WHERE c.business_id = $1 AND l.entry_id > $2`,
  })),
  {
    name: 'coupon_ledger',
    parts: [
      { alias: 'cu', table: 'coupon_users', cols: ['customer_id', 'coupon_id', 'expired_date'] },
      { alias: 'l', table: 'coupon_user_ledger' },
    ],
    key: 'l.entry_id',
    from: `FROM coupon_user_ledger l JOIN coupon_users cu ON cu.coupon_user_id = l.coupon_user_id
          JOIN customers c ON c.customer_id = cu.customer_id
          WHERE c.business_id = $1 AND l.entry_id > $2`,
  },
  {
    name: 'receivable_ledger',
    parts: [
      { alias: 'r', table: 'receivables', cols: ['customer_id', 'local_trx_id AS receivable_local_trx_id'] },
      { alias: 'l', table: 'receivable_ledger' },
    ],
    key: 'l.entry_id',
    from: `FROM receivable_ledger l JOIN receivables r ON r.account_receivable_id = l.account_receivable_id
          JOIN customers c ON c.customer_id = r.customer_id
          WHERE c.business_id = $1 AND l.entry_id > $2`,
  },
];
export const EXPORT_TABLES = TABLES.map((t) => t.name);

/** Columns never exported: derived search and report columns (the sale's document holds them). */
const DROP = new Set([
  'customer_search_text',
  'user_phone_canonical',
  'search_text',
  'customer_name',
  'worker_doc',
  'variant_cost',
  'worker_parts',
]);

/** 403 unless the session's user is the brand's owner. */
export async function requireBrandOwner(deps: AppDeps, auth: AuthContext): Promise<void> {
  const [b] = await deps.database.query<Row>(
    'SELECT owner_business_user_id FROM businesses WHERE business_id = $1',
    [auth.business_id],
  );
  if (!b || Number(b.owner_business_user_id) !== auth.business_user_id) throw forbidden();
}

interface Column {
  /** the qualified source, e.g. h."trx_time" */
  src: string;
  label: string;
  type: string;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The column as text the way the JSON export has always written it (a timestamp as toISOString; a date as its day). */
function asText(c: Column): string {
  if (c.type === 'timestamptz') return `to_char(${c.src} AT TIME ZONE 'UTC', ${ISO})`;
  if (c.type === 'date') return `to_char(${c.src}, 'YYYY-MM-DD')`;
  return `${c.src}::text`;
}

/** Numbers, flags and times never need the formula guard nor quotes; text and JSON cells may. */
const PLAIN = new Set(['int2', 'int4', 'int8', 'numeric', 'float4', 'float8', 'bool', 'timestamptz', 'date']);

/**
 * A CSV cell in SQL (NULL → empty): a text a spreadsheet would run as a formula (=, +, -, @, tab, CR first; a
 * plain negative number excepted) gets a leading '; a cell with a quote, comma or line break is quoted.
 */
function csvCell(c: Column): string {
  const x = asText(c);
  if (PLAIN.has(c.type)) return `coalesce(${x}, '')`;
  const guarded = `CASE WHEN left(${x}, 1) IN ('=', '+', '@', E'\\t', E'\\r')
      OR (left(${x}, 1) = '-' AND ${x} !~ '^-[0-9]+(\\.[0-9]+)?$') THEN '''' || ${x} ELSE ${x} END`;
  const full = `CASE WHEN ${x} ~ E'[",\\r\\n]' THEN '"' || replace(${guarded}, '"', '""') || '"' ELSE ${guarded} END`;
  // most cells need neither the guard nor quotes: one test first (PostgreSQL evaluates each use of x again)
  return `coalesce(CASE WHEN ${x} !~ E'^[-=+@\\t\\r]|[",\\r\\n]' THEN ${x} ELSE ${full} END, '')`;
}

/** The column for row_to_json: numeric stays a string (as the drivers give it), times as text, the rest native. */
function jsonCol(c: Column): string {
  if (c.type === 'timestamptz' || c.type === 'date' || c.type === 'numeric') return asText(c);
  return c.src;
}

interface Prepared {
  header: string;
  csvSql: string;
  /** the CSV's columns as JSON */
  jsonSql: string;
  /** every column, the sale's document (`trx`) too */
  jsonDocsSql: string;
}

const prepared = new WeakMap<Database, Map<string, Prepared>>();

async function columnsOf(database: Database, t: ExportTable): Promise<Column[]> {
  const out: Column[] = [];
  const seen = new Set<string>();
  for (const part of t.parts) {
    const rows = await database.query<{ column_name: string; udt_name: string }>(
      `SELECT column_name, udt_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [part.table],
    );
    const types = new Map(rows.map((r) => [r.column_name, r.udt_name]));
    const wanted =
      part.cols?.map((c) => {
        const [name, label] = c.split(/ AS /);
        return { name, label: label ?? name };
      }) ?? rows.map((r) => ({ name: r.column_name, label: r.column_name }));
    for (const { name, label } of wanted) {
      if (DROP.has(label) || seen.has(label)) continue;
      const type = types.get(name);
      if (!type) throw new Error(`export: no column ${part.table}.${name}`);
      seen.add(label);
      out.push({ src: `${part.alias}.${ident(name)}`, label, type });
    }
  }
  return out;
}

async function prepare(database: Database, t: ExportTable): Promise<Prepared> {
  let cache = prepared.get(database);
  if (!cache) {
    cache = new Map();
    prepared.set(database, cache);
  }
  const hit = cache.get(t.name);
  if (hit) return hit;
  const cols = await columnsOf(database, t);
  const csvCols = cols.filter((c) => !t.csvDrop?.includes(c.label));
  // the aggregate takes the rows in the subquery's order (its ORDER BY … LIMIT; no parallel plan under a LIMIT):
  // an ORDER BY inside string_agg sorted every batch's text again, on disk beyond work_mem (PostgreSQL 15)
  const batch = (line: string, sep: string) =>
    `SELECT max(_k)::text AS last, count(*)::int AS n, string_agg(line, ${sep}) AS text
     FROM (SELECT ${t.key} AS _k, ${line} AS line ${t.from} ORDER BY ${t.key} LIMIT $3) b`;
  const jsonBatch = (cs: Column[]) =>
    batch(
      `(SELECT row_to_json(r)::text FROM (SELECT ${cs.map((c) => `${jsonCol(c)} AS ${ident(c.label)}`).join(', ')}) r)`,
      `','`,
    );
  const p: Prepared = {
    header: `${csvCols.map((c) => c.label).join(',')}\r\n`,
    csvSql: batch(`${csvCols.map(csvCell).join(` || ',' || `)} || E'\\r\\n'`, `''`),
    jsonSql: jsonBatch(csvCols),
    jsonDocsSql: jsonBatch(cols),
  };
  cache.set(t.name, p);
  return p;
}

/**
 * The table's batches, each one text made by the database; keyset paging on the table's key. A batch aims at
 * EXPORT_BATCH_BYTES of text (its row count follows the previous batch's bytes per row, at most EXPORT_BATCH):
 * the driver gathers a result's text in one buffer, and a 40 MB one (5,000 sales with their documents) cost
 * more in copying than all the rest. The next batch is asked for as soon as a batch arrives (one ahead).
 */
async function* batches(deps: AppDeps, businessId: number, sql: string): AsyncGenerator<string> {
  const ask = (last: string, limit: number) => {
    const q = deps.database.query<{ last: string | null; n: number; text: string | null }>(sql, [
      businessId,
      last,
      limit,
    ]);
    q.catch(() => undefined); // a batch asked ahead and never awaited (the download stopped) fails quietly
    return q;
  };
  let limit = 100;
  let pending = ask('0', limit);
  for (;;) {
    const [b] = await pending;
    if (!b?.n || b.text === null || b.last === null) return;
    const more = b.n >= limit;
    if (more) {
      limit = Math.max(10, Math.min(EXPORT_BATCH, Math.round((EXPORT_BATCH_BYTES * b.n) / b.text.length)));
      // the next batch is asked for before this one is written: the database writes it meanwhile
      pending = ask(b.last, limit);
    }
    yield b.text;
    if (!more) return;
  }
}

async function* csvOf(deps: AppDeps, businessId: number, t: ExportTable) {
  const p = await prepare(deps.database, t);
  let first = true;
  for await (const text of batches(deps, businessId, p.csvSql)) {
    // the header only above rows (a table without rows is an empty file)
    if (first) yield p.header;
    first = false;
    yield text;
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

/**
 * The JSON: {business_id, exported_at, customers: [...], sales: [...], ...}, the CSV's columns written as read;
 * `documents` adds each sale's whole document (`trx`: ~8 KiB a sale, 7.9 GB for a million sales against 2.1 GB
 * without; the lines and payments are their own tables either way).
 */
export async function* brandExportJson(
  deps: AppDeps,
  auth: AuthContext,
  documents = false,
): AsyncGenerator<string> {
  const at = deps.clock.now().toISOString();
  yield `{"business_id":${auth.business_id},"exported_at":${JSON.stringify(at)}`;
  for (const t of TABLES) {
    const p = await prepare(deps.database, t);
    yield `,${JSON.stringify(t.name)}:[`;
    let first = true;
    for await (const text of batches(deps, auth.business_id, documents ? p.jsonDocsSql : p.jsonSql)) {
      yield (first ? '' : ',') + text;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}
