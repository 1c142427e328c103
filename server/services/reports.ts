// The sales report (002 §2.14, §7): the outlet's completed NORMAL sales (status 3; voids are 4) whose time lies
// in the WIB days asked for, of the signed-in session's brand and outlet only (never the query's), optionally
// one item nature. Figures are the server's stored ones (lines as priced by the server, ruling 21).
import { REPORT_PAGE_ROWS, type SalesReportQuery } from '../../src/api/contract/report';
import { TRX_STATUS } from '../../src/domain/model/common';
import { type ItemNature, type ReportColDef, reportPeriod } from '../../src/domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../src/domain/texts/reports';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { formatOutletStamp } from '../../src/domain/time-wall';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;

export function period(q: { start_date: string; end_date: string }) {
  const p = reportPeriod(q.start_date, q.end_date);
  if (p.ok) return p;
  if (p.problem === 'span') throw invalid(REPORT_OWN.spanTooLong, 'end_date');
  if (p.problem === 'order') throw invalid(REPORT_OWN.endBeforeStart, 'end_date');
  throw invalid(REPORT_OWN.invalidDate, p.problem);
}

/** $1 business, $2 outlet, $3 start, $4 end (exclusive), $5 nature ('' = both). */
const LINES = `
  FROM pos_sales_trx_heads h JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
  WHERE h.business_id = $1::int AND h.business_outlet_id = $2::int
    AND h.trx_time >= $3::timestamptz AND h.trx_time < $4::timestamptz
    AND h.trx_status_id = ${TRX_STATUS.COMPLETED} AND h.trx_type = 'NORMAL'
    AND ($5::text = '' OR (CASE WHEN d.item_nature = 'RETAIL' THEN 'RETAIL' ELSE 'SERVICE' END) = $5::text)`;

const TRX_COLUMNS: ReportColDef[] = [
  { key: 'trx_id', title: 'ID Transaksi', type: 'text' },
  { key: 'trx_time', title: 'Waktu Transaksi', type: 'datetime' },
  { key: 'user_name', title: 'Nama Pelanggan', type: 'text' },
  { key: 'qty', title: 'Qty', type: 'qty' },
  { key: 'gross_total', title: 'Gross Sales', type: 'currency' },
  { key: 'discount_total', title: 'Discount Value', type: 'currency' },
  { key: 'net_total', title: 'Net Value', type: 'currency' },
];
const DETAIL_COLUMNS: ReportColDef[] = [
  { key: 'trx_id', title: 'ID Transaksi', type: 'text' },
  { key: 'trx_time', title: 'Waktu Transaksi', type: 'datetime' },
  { key: 'user_name', title: 'Nama Pelanggan', type: 'text' },
  { key: 'item_name', title: 'Item', type: 'text' },
  { key: 'item_nature', title: 'Jenis Barang', type: 'text' },
  { key: 'qty', title: 'Qty', type: 'qty' },
  { key: 'unit_price', title: 'Price', type: 'currency' },
  { key: 'gross_total', title: 'Gross Sales', type: 'currency' },
  { key: 'discount_total', title: 'Discount Value', type: 'currency' },
  { key: 'net_total', title: 'Net Value', type: 'currency' },
];

const params = (auth: AuthContext, p: { start: Date; end: Date }, nature: ItemNature) => [
  auth.business_id,
  auth.outlet_id ?? -1,
  p.start.toISOString(),
  p.end.toISOString(),
  nature,
];
const stamp = (v: unknown) => formatOutletStamp(new Date(v as string));

/** Where a page starts: after the row at (time, sale, line) in the report's order; null for the first page. */
interface Keyset {
  time: string;
  head: string;
  line: number;
}

/** A CSV text cell in SQL: a formula's first character neutralised with ', quoted where papaparse would quote. */
function csvText(x: string): string {
  const g = `(CASE WHEN ${x} ~ E'^[=+@\\t\\r-]' THEN '''' || ${x} ELSE ${x} END)`;
  return `(CASE WHEN ${g} ~ E'[",\\r\\n]|^ | $' THEN '"' || replace(${g}, '"', '""') || '"' ELSE ${g} END)`;
}

/** the sale's time as the report shows it: "YYYY-MM-DD HH:mm:ss" WIB */
const wibStamp = (col: string) =>
  `to_char(${col} AT TIME ZONE 'UTC' + interval '7 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * One page of the daily report ($6 time, $7 sale: after that row; then the rows): each sale of the range (its
 * lines of the nature) in (time, sale) order, read along the outlet's time index and stopped at the page's size.
 */
function dailyPageSql(after: boolean): string {
  return `SELECT h.pos_sales_trx_head_id::text AS row_key, h.pos_sales_trx_head_id::text AS head, 0 AS line_no,
       h.trx_time::text AS t, h.trx_id, h.trx_time, coalesce(h.customer_name, 'GUEST') AS user_name,
       s.qty, s.gross_total, s.discount_total, s.net_total
     FROM pos_sales_trx_heads h
     CROSS JOIN LATERAL (
       SELECT count(*) AS n, sum(d.qty) AS qty, sum(d.gross_total) AS gross_total,
         sum(d.discount_total) AS discount_total, sum(d.line_total) AS net_total
       FROM pos_sales_trx_details d
       WHERE d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
         AND ($5::text = '' OR (CASE WHEN d.item_nature = 'RETAIL' THEN 'RETAIL' ELSE 'SERVICE' END) = $5::text)) s
     WHERE h.business_id = $1::int AND h.business_outlet_id = $2::int
       AND h.trx_time >= $3::timestamptz AND h.trx_time < $4::timestamptz
       AND h.trx_status_id = ${TRX_STATUS.COMPLETED} AND h.trx_type = 'NORMAL' AND s.n > 0
       ${after ? 'AND h.trx_time >= $6::timestamptz AND (h.trx_time, h.pos_sales_trx_head_id) > ($6::timestamptz, $7::bigint)' : ''}
     ORDER BY h.trx_time, h.pos_sales_trx_head_id
     LIMIT $${after ? 8 : 6}::int`;
}

/** One page of the detail report ($6 time, $7 sale, $8 line: after that line; then the rows), in (time, sale, line) order. */
function detailPageSql(after: boolean): string {
  return `SELECT d.pos_sales_trx_detail_id::text AS row_key, h.pos_sales_trx_head_id::text AS head, d.line_no,
       h.trx_time::text AS t, h.trx_id, h.trx_time, coalesce(h.customer_name, 'GUEST') AS user_name,
       d.item_name, d.variant_name, CASE WHEN d.item_nature = 'RETAIL' THEN 'RETAIL' ELSE 'SERVICE' END AS nature,
       d.qty, d.unit_price, d.gross_total, d.discount_total, d.line_total AS net_total
     ${LINES}
       ${after ? 'AND h.trx_time >= $6::timestamptz AND (h.trx_time, h.pos_sales_trx_head_id, d.line_no) > ($6::timestamptz, $7::bigint, $8::int)' : ''}
     ORDER BY h.trx_time, h.pos_sales_trx_head_id, d.line_no
     LIMIT $${after ? 9 : 6}::int`;
}

type TrxType = 'by-transaction' | 'by-transaction-detail';
type TrxQuery = { start_date: string; end_date: string; report_type: TrxType; item_nature: ItemNature };
const pageSql = (type: TrxType, after: boolean) =>
  type === 'by-transaction-detail' ? detailPageSql(after) : dailyPageSql(after);
const pageArgs = (type: TrxType, base: unknown[], after: Keyset | null, limit: number) => {
  if (!after) return [...base, limit];
  return type === 'by-transaction-detail'
    ? [...base, after.time, after.head, after.line, limit]
    : [...base, after.time, after.head, limit];
};

/** The cursor (a row_key of the report) → where the next page starts; 400 when it names no row of this outlet. */
async function keysetOf(deps: AppDeps, auth: AuthContext, type: TrxType, cursor: string): Promise<Keyset> {
  const [r] = await deps.database.query<Row>(
    type === 'by-transaction-detail'
      ? `SELECT h.trx_time::text AS t, h.pos_sales_trx_head_id::text AS head, d.line_no
         FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = d.pos_sales_trx_head_id
         WHERE d.pos_sales_trx_detail_id = $1::bigint AND h.business_id = $2::int AND h.business_outlet_id = $3::int`
      : `SELECT h.trx_time::text AS t, h.pos_sales_trx_head_id::text AS head, 0 AS line_no
         FROM pos_sales_trx_heads h
         WHERE h.pos_sales_trx_head_id = $1::bigint AND h.business_id = $2::int AND h.business_outlet_id = $3::int`,
    [cursor, auth.business_id, auth.outlet_id ?? -1],
  );
  if (!r) throw invalid(API_MESSAGES.invalidInput, 'cursor');
  return { time: String(r.t), head: String(r.head), line: Number(r.line_no) };
}

const num = (v: unknown) => Number(v ?? 0);
const AMOUNTS = ['gross_total', 'discount_total', 'net_total'] as const;

/**
 * A sale's figures of the asked nature in report_sale_sums (migration 0080, kept by triggers): its lines, qty,
 * its floored sums (daily) and its lines' floored amounts summed (detail). SERVICE is every line not RETAIL.
 */
function sumsOf(nature: ItemNature) {
  const r = nature === 'RETAIL';
  const col = (c: string) => (nature === '' ? c : r ? `${c}_r` : `(${c} - ${c}_r)`);
  return {
    n: col('n'),
    qty: col('qty'),
    d: (c: string) => (nature === '' ? `d_${c}` : r ? `d_${c}_r` : `d_${c}_s`),
    l: (c: string) => col(`l_${c}`),
  };
}

/**
 * $1 business, $2 outlet, $3 first day, $4 last day: the range's counted sales of report_sale_sums, read along its
 * (outlet, day) index alone (a report's period is whole WIB days).
 */
const SUMS = `FROM report_sale_sums s
  WHERE s.business_outlet_id = $2::int AND s.counted AND s.business_id = $1::int
    AND s.trx_day >= $3::date AND s.trx_day <= $4::date`;

/** The whole range's totals (each row's amounts floored, then summed: the totals row), count, and net per day. */
async function rangeTotals(deps: AppDeps, auth: AuthContext, type: TrxType, q: TrxQuery) {
  const x = sumsOf(q.item_nature);
  const range = [auth.business_id, auth.outlet_id ?? -1, q.start_date, q.end_date];
  if (type === 'by-transaction-detail') {
    const [t] = await deps.database.query<Row>(
      `SELECT coalesce(sum(${x.n}), 0)::int AS n, round(coalesce(sum(${x.qty}), 0), 2)::text AS qty,
         coalesce(sum(${x.l('unit')}), 0)::text AS unit_price,
         coalesce(sum(${x.l('gross')}), 0)::text AS gross_total,
         coalesce(sum(${x.l('disc')}), 0)::text AS discount_total,
         coalesce(sum(${x.l('net')}), 0)::text AS net_total
       ${SUMS}`,
      range,
    );
    const totals = Object.fromEntries(['qty', 'unit_price', ...AMOUNTS].map((k) => [k, num(t?.[k])]));
    return { row_count: num(t?.n), totals };
  }
  const days = await deps.database.query<Row>(
    `SELECT s.trx_day::text AS day, count(*)::int AS n,
       sum(${x.qty})::text AS qty, sum(${x.d('gross')})::text AS gross_total,
       sum(${x.d('disc')})::text AS discount_total, sum(${x.d('net')})::text AS net_total
     ${SUMS} AND ${x.n} > 0
     GROUP BY s.trx_day ORDER BY s.trx_day`,
    range,
  );
  const totals: Record<string, number> = { qty: 0, gross_total: 0, discount_total: 0, net_total: 0 };
  let qtyCents = 0;
  let row_count = 0;
  for (const d of days) {
    row_count += num(d.n);
    qtyCents += Math.round(num(d.qty) * 100);
    for (const k of AMOUNTS) totals[k] += num(d[k]);
  }
  totals.qty = qtyCents / 100;
  return { row_count, totals, by_day: days.map((d) => ({ day: String(d.day), net: num(d.net_total) })) };
}

function toPayload(type: TrxType, r: Row): Row {
  const head = {
    row_key: String(r.row_key),
    trx_id: String(r.trx_id),
    trx_time: stamp(r.trx_time),
    user_name: String(r.user_name),
  };
  const amounts = {
    gross_total: Number(r.gross_total),
    discount_total: Number(r.discount_total),
    net_total: Number(r.net_total),
  };
  if (type !== 'by-transaction-detail') return { ...head, qty: Number(r.qty), ...amounts };
  return {
    ...head,
    item_name: `${r.item_name ?? ''}${r.variant_name ? ` - ${r.variant_name}` : ''}`,
    item_nature: String(r.nature),
    qty: Number(r.qty),
    unit_price: Number(r.unit_price),
    ...amounts,
  };
}

export interface SalesTrxPage {
  col_def: ReportColDef[];
  payload: Row[];
  next_cursor: string | null;
  row_count?: number;
  totals?: Record<string, number>;
  by_day?: { day: string; net: number }[];
}

/**
 * Daily (one row a sale) or detail (one row a line): {col_def, payload, next_cursor}, a page of rows at a time
 * (issue 27: a year of an outlet is half a million sales); the first page also carries the range's totals.
 */
export async function salesTrxReport(
  deps: AppDeps,
  auth: AuthContext,
  q: TrxQuery & { cursor?: string; limit?: string },
): Promise<SalesTrxPage> {
  const p = period(q);
  const type = q.report_type;
  const base = params(auth, p, q.item_nature);
  const limit = q.limit ? Number(q.limit) : REPORT_PAGE_ROWS;
  const after = q.cursor ? await keysetOf(deps, auth, type, q.cursor) : null;
  const [rows, totals] = await Promise.all([
    deps.database.query<Row>(pageSql(type, after !== null), pageArgs(type, base, after, limit)),
    after ? null : rangeTotals(deps, auth, type, q),
  ]);
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  return {
    col_def: type === 'by-transaction-detail' ? DETAIL_COLUMNS : TRX_COLUMNS,
    payload: rows.map((r) => toPayload(type, r)),
    next_cursor: last ? String(last.row_key) : null,
    ...(totals ?? {}),
  };
}

/** Rows a CSV batch asks the database for. */
const CSV_BATCH = 5_000;

/** A column's CSV cell in SQL over the page's row r (amounts floored, quantities as plain numbers). */
function csvCell(c: ReportColDef): string {
  if (c.type === 'currency') return `floor(r.${c.key})::text`;
  if (c.type === 'qty') return `coalesce(trim_scale(r.${c.key}), 0)::text`;
  if (c.key === 'trx_time') return wibStamp('r.trx_time');
  if (c.key === 'item_name')
    return csvText(
      `(coalesce(r.item_name, '') || CASE WHEN r.variant_name <> '' THEN ' - ' || r.variant_name ELSE '' END)`,
    );
  if (c.key === 'item_nature') return 'r.nature';
  return csvText(`r.${c.key}::text`);
}

/**
 * The whole range as CSV (No, then the columns' titles; amounts floored, text cells neutralised), the database
 * writing each batch of rows as one text, read along the same keyset as the pages: memory stays flat.
 */
export async function* salesTrxCsv(deps: AppDeps, auth: AuthContext, q: TrxQuery): AsyncGenerator<string> {
  const p = period(q);
  const type = q.report_type;
  const cols = type === 'by-transaction-detail' ? DETAIL_COLUMNS : TRX_COLUMNS;
  const base = params(auth, p, q.item_nature);
  const line = cols.map(csvCell).join(` || ',' || `);
  const batchSql = (after: boolean) => {
    const off = after ? (type === 'by-transaction-detail' ? 10 : 9) : 7;
    return `SELECT count(*)::int AS n, (array_agg(t))[count(*)] AS t, (array_agg(head))[count(*)] AS head,
         (array_agg(line_no))[count(*)] AS line_no, string_agg(line, '') AS text
       FROM (SELECT r.t, r.head, r.line_no,
               ($${off}::bigint + row_number() OVER ())::text || ',' || ${line} || E'\\r\\n' AS line
             FROM (${pageSql(type, after)}) r) b`;
  };
  yield `\uFEFF${[REPORT_TEXTS.no, ...cols.map((c) => c.title)].join(',')}\r\n`;
  let after: Keyset | null = null;
  let done = 0;
  for (;;) {
    const [b]: Row[] = await deps.database.query<Row>(batchSql(after !== null), [
      ...pageArgs(type, base, after, CSV_BATCH),
      done,
    ]);
    const n = num(b?.n);
    if (!b || n === 0) return;
    yield String(b.text);
    done += n;
    if (n < CSV_BATCH) return;
    after = { time: String(b.t), head: String(b.head), line: num(b.line_no) };
  }
}

/** By product: the quantity sold of each item variant, with its category from the brand's catalogue. */
export async function salesByProductReport(
  deps: AppDeps,
  auth: AuthContext,
  q: Required<SalesReportQuery>,
): Promise<Row[]> {
  const p = period(q);
  const rows = await deps.database.query<Row>(
    `SELECT d.pos_item_id, d.pos_item_variant_id, d.item_name, d.variant_name, sum(d.qty) AS qty,
       (SELECT c.doc->>'category_name' FROM catalogue_entities c WHERE c.business_id = $1::int
          AND c.business_outlet_id = 0 AND c.kind = 'pos_items' AND c.entity_id = d.pos_item_id::text) AS category_name
     ${LINES}
     GROUP BY d.pos_item_id, d.pos_item_variant_id, d.item_name, d.variant_name
     ORDER BY d.item_name, d.variant_name, d.pos_item_variant_id`,
    params(auth, p, q.item_nature as ItemNature),
  );
  return rows.map((r) => ({
    pos_item_id: Number(r.pos_item_id),
    pos_item_variant_id: Number(r.pos_item_variant_id),
    item_name: String(r.item_name ?? ''),
    variant_name: (r.variant_name as string | null) ?? null,
    category_name: (r.category_name as string | null) ?? null,
    qty: Number(r.qty),
  }));
}
