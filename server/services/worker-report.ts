// Worker activity (002 §2.15, §6, §7; ruling 21): each worker's part of the outlet's completed NORMAL sales in
// the WIB days asked for, read from the stored lines (the server's own pricing and the line documents as stored,
// workers as edited after the sale). Who is on a line and what they earn is src/domain/worker-report.ts. The
// session decides brand and outlet; 'Total Commission' is left out of the answer unless the role may see it.
import Papa from 'papaparse';
import {
  REPORT_PAGE_ROWS,
  type WorkerReportQuery,
  type WorkerTrxReportQuery,
} from '../../src/api/contract/report';
import { roundMoney } from '../../src/domain/money';
import { floorAmount, neutraliseCsvCell } from '../../src/domain/reports';
import { REPORT_OWN, REPORT_TEXTS } from '../../src/domain/texts/reports';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { formatOutletStamp } from '../../src/domain/time-wall';
import {
  showsCommission,
  WORKER_TYPE_FLAG,
  type WorkerReportType,
  workerCheckboxLabel,
} from '../../src/domain/worker-report';
import type { AppDeps } from '../deps';
import { forbidden, invalid } from '../lib/errors';
import { period } from './reports';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

interface WorkerName {
  business_commission_worker_id: number;
  firstname: string;
  lastname: string;
  initial: string;
}

/**
 * The worker reports read report_worker_parts (migration 0081: each worker's part of a completed NORMAL sale's line,
 * kept beside the line) along its (outlet, time, sale, line, part) index; $1 business, $2 outlet, $3 start, $4 end
 * (exclusive). Only index columns are read in the range (an index-only scan); by transaction's page rows then take
 * trx_id and the customer from their sale by key.
 */
const RANGE = `FROM report_worker_parts p
  WHERE p.business_outlet_id = $2::int AND p.counted AND p.business_id = $1::int
    AND p.trx_time >= $3::timestamptz AND p.trx_time < $4::timestamptz`;

const args = (auth: AuthContext, q: { start_date: string; end_date: string }) => {
  const p = period(q);
  return [auth.business_id, auth.outlet_id ?? -1, p.start.toISOString(), p.end.toISOString()];
};

/** The brand's commission workers as last known (a worker who has left keeps the name they had). */
async function workerNames(deps: AppDeps, auth: AuthContext): Promise<Map<number, WorkerName>> {
  const rows = await deps.database.query<Row>(
    `SELECT DISTINCT ON (entity_id) entity_id, doc::text AS doc FROM catalogue_history
     WHERE business_id = $1::int AND kind = 'commission_worker' AND doc IS NOT NULL
     ORDER BY entity_id, seq DESC`,
    [auth.business_id],
  );
  const map = new Map<number, WorkerName>();
  for (const r of rows) {
    const d = JSON.parse(String(r.doc)) as Row;
    const id = n(r.entity_id);
    map.set(id, {
      business_commission_worker_id: id,
      firstname: s(d.firstname),
      lastname: s(d.lastname),
      initial: s(d.initial),
    });
  }
  return map;
}

/** The outlet's workers today, so the summary lists a worker with no activity at 0. */
async function outletWorkerIds(deps: AppDeps, auth: AuthContext): Promise<number[]> {
  const rows = await deps.database.query<Row>(
    `SELECT entity_id FROM catalogue_entities WHERE business_id = $1::int AND business_outlet_id IN (0, $2::int)
       AND kind = 'commission_worker' AND (outlet_ids IS NULL OR $2::int = ANY (outlet_ids))
     ORDER BY sort_order, entity_id`,
    [auth.business_id, auth.outlet_id ?? -1],
  );
  return rows.map((r) => n(r.entity_id));
}

const nameOf = (names: Map<number, WorkerName>, id: number): WorkerName =>
  names.get(id) ?? { business_commission_worker_id: id, firstname: `#${id}`, lastname: '', initial: '' };

function requireType(auth: AuthContext, types: WorkerReportType[]): void {
  if (!types.some((t) => auth.auth_role_accesses[WORKER_TYPE_FLAG[t]] === 1)) throw forbidden();
}

const money = (v: number) => roundMoney(v);
const qty2 = (v: number) => Math.round(v * 10000) / 10000;

/**
 * Summary: per worker, the retail and service net values and the commission (summed by PostgreSQL) from
 * report_worker_parts (migration 0081) along its (outlet, time, …) index, in order of first appearance: one pass
 * grouped by worker, then each worker's first row at its first time by key (the summary read every line with its
 * documents: a year of 500,000 sales took 4.7 s at load 8).
 */
export async function workerSummaryReport(deps: AppDeps, auth: AuthContext, q: WorkerReportQuery) {
  requireType(auth, ['summary']);
  const rows = await deps.database.query<Row>(
    `WITH t AS (
       SELECT p.w, sum(p.n) FILTER (WHERE p.retail) AS retail, sum(p.n) FILTER (WHERE NOT p.retail) AS service,
         sum(p.c) AS commission, min(p.trx_time) AS first_t
       ${RANGE}
       GROUP BY p.w)
     SELECT t.w, t.retail, t.service, t.commission FROM t CROSS JOIN LATERAL (
       SELECT p.pos_sales_trx_head_id AS f_head, p.line_no AS f_line, p.o AS f_o
       ${RANGE} AND p.trx_time = t.first_t AND p.w IS NOT DISTINCT FROM t.w
       ORDER BY p.pos_sales_trx_head_id, p.line_no, p.o LIMIT 1) f
     ORDER BY t.first_t, f.f_head, f.f_line, f.f_o`,
    args(auth, q),
  );
  const names = await workerNames(deps, auth);
  const withCommission = showsCommission(auth.auth_role_accesses, 'summary');
  const sums = new Map<number, { retail: number; service: number; commission: number }>();
  for (const id of await outletWorkerIds(deps, auth)) sums.set(id, { retail: 0, service: 0, commission: 0 });
  for (const r of rows)
    sums.set(n(r.w), { retail: n(r.retail), service: n(r.service), commission: n(r.commission) });
  return [...sums].map(([id, t]) => ({
    ...nameOf(names, id),
    retail_net_value: money(t.retail),
    service_net_value: money(t.service),
    ...(withCommission ? { total_commission: money(t.commission) } : {}),
  }));
}

/** By product: per worker, per variant sold (of the product type asked for), summed by PostgreSQL. */
export async function workerByProductReport(deps: AppDeps, auth: AuthContext, q: WorkerReportQuery) {
  requireType(auth, ['by-product']);
  const nature = q.item_nature ?? 'SERVICE';
  // report_worker_parts (migration 0081): the range's parts read along its index in the report's order (time,
  // sale, line, part), numbered once; each group's name is the one at its first row
  const rows = await deps.database.query<Row>(
    `WITH x AS (
       SELECT row_number() OVER (ORDER BY p.trx_time, p.pos_sales_trx_head_id, p.line_no, p.o) AS rn,
         p.w, p.pos_item_variant_id, p.unit_price, p.item_name, p.qty, p.g, p.d, p.n, p.c
       FROM report_worker_parts p
       WHERE p.business_outlet_id = $2::int AND p.counted AND p.business_id = $1::int
         AND p.trx_time >= $3::timestamptz AND p.trx_time < $4::timestamptz AND p.retail = $5::boolean),
     grouped AS (
       SELECT w, pos_item_variant_id, unit_price, min(rn) AS first, sum(qty) AS qty, sum(g) AS g, sum(d) AS d,
         sum(n) AS n, sum(c) AS c
       FROM x GROUP BY w, pos_item_variant_id, unit_price)
     SELECT g.*, x.item_name FROM grouped g JOIN x ON x.rn = g.first
     ORDER BY g.first`,
    [...args(auth, q), nature === 'RETAIL'],
  );
  const names = await workerNames(deps, auth);
  const withCommission = showsCommission(auth.auth_role_accesses, 'by-product');
  const byWorker = new Map<number, Row[]>();
  for (const r of rows) byWorker.set(n(r.w), [...(byWorker.get(n(r.w)) ?? []), r]);
  return [...byWorker].map(([id, list]) => ({
    ...nameOf(names, id),
    commissions: list
      .map((r): Row & { variant_price: number } => ({ ...r, variant_price: n(r.unit_price) }))
      .sort((a, b) => s(a.item_name).localeCompare(s(b.item_name)) || a.variant_price - b.variant_price)
      .map((r) => ({
        pos_item_variant_id: n(r.pos_item_variant_id),
        item_name: s(r.item_name),
        variant_price: r.variant_price,
        qty: qty2(n(r.qty)),
        gross_total: money(n(r.g)),
        discount_value: money(n(r.d)),
        net_value: money(n(r.n)),
        commission_base_value: money(n(r.n)),
        ...(withCommission ? { total_commission: money(n(r.c)) } : {}),
      })),
  }));
}

/** Where a worker's next rows start: after (time, sale, line, part); null for its first row. */
interface Keyset {
  time: string;
  head: string;
  line: number;
  o: number;
}

/** Up to $6 rows of worker $5 in the report's order ($7.. the keyset: after that row). */
function workerRowsSql(after: boolean): string {
  return `SELECT p.pos_sales_trx_head_id::text AS head, p.line_no, p.o, p.trx_time, p.trx_time::text AS t, p.item_name, p.qty,
       p.g, p.d, p.n, p.c, h.trx_id, h.customer_name
     FROM (SELECT p.pos_sales_trx_head_id, p.line_no, p.o, p.trx_time, p.item_name, p.qty, p.g, p.d, p.n, p.c
           ${RANGE} AND p.w = $5::float8
             ${after ? 'AND p.trx_time >= $7::timestamptz AND (p.trx_time, p.pos_sales_trx_head_id, p.line_no, p.o) > ($7::timestamptz, $8::bigint, $9::int, $10::int)' : ''}
           ORDER BY p.trx_time, p.pos_sales_trx_head_id, p.line_no, p.o
           LIMIT $6::int) p
     JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = p.pos_sales_trx_head_id
     ORDER BY p.trx_time, p.pos_sales_trx_head_id, p.line_no, p.o`;
}

const keyOf = (r: Row) => `${s(r.head)}-${n(r.line_no)}-${n(r.o)}`;

async function workerRows(
  deps: AppDeps,
  base: unknown[],
  worker: number,
  after: Keyset | null,
  limit: number,
): Promise<Row[]> {
  return deps.database.query<Row>(
    workerRowsSql(after !== null),
    after ? [...base, worker, limit, after.time, after.head, after.line, after.o] : [...base, worker, limit],
  );
}

/** One worker's row of the answer (figures as stored; 'Total Commission' only when the role may see it). */
function trxRow(r: Row, withCommission: boolean) {
  return {
    row_key: keyOf(r),
    trx_id: s(r.trx_id),
    trx_time: formatOutletStamp(new Date(r.trx_time as string)),
    user_name: s(r.customer_name) || 'GUEST',
    item_name: s(r.item_name),
    qty: qty2(n(r.qty)),
    gross_total: n(r.g),
    discount_value: n(r.d),
    net_value: n(r.n),
    commission_base_value: n(r.n),
    ...(withCommission ? { total_commission: n(r.c) } : {}),
  };
}

/**
 * The range's workers in order of first appearance (only those asked for, when some are), each with its row count
 * and totals as the totals row shows them: each row's amounts floored, then summed; qty to 4 places, summed, to 2.
 * One pass grouped by worker, then each worker's first row found at its first time by key.
 */
async function rangeWorkers(deps: AppDeps, base: unknown[], only: number[] | null) {
  return deps.database.query<Row>(
    `WITH t AS (
       SELECT p.w, count(*)::int AS row_count, min(p.trx_time) AS first_t,
         round(coalesce(sum(round(p.qty, 4)), 0), 2)::text AS qty,
         coalesce(sum(floor(p.g)), 0)::text AS g, coalesce(sum(floor(p.d)), 0)::text AS d,
         coalesce(sum(floor(p.n)), 0)::text AS n, coalesce(sum(floor(p.c)), 0)::text AS c
       ${RANGE} ${only ? 'AND p.w = ANY ($5::float8[])' : ''}
       GROUP BY p.w)
     SELECT t.*, f.* FROM t CROSS JOIN LATERAL (
       SELECT p.pos_sales_trx_head_id AS f_head, p.line_no AS f_line, p.o AS f_o
       ${RANGE} AND p.trx_time = t.first_t AND p.w = t.w
       ORDER BY p.pos_sales_trx_head_id, p.line_no, p.o LIMIT 1) f
     ORDER BY t.first_t, f.f_head, f.f_line, f.f_o`,
    only ? [...base, only] : base,
  );
}

/** The cursor: the last row's sale, line and part, then its worker and the workers still to come. */
async function readCursor(deps: AppDeps, auth: AuthContext, cursor: string) {
  const [head, line, o, ...workers] = cursor.split('.');
  const [r] = await deps.database.query<Row>(
    `SELECT trx_time::text AS t FROM pos_sales_trx_heads
     WHERE pos_sales_trx_head_id = $1::bigint AND business_id = $2::int AND business_outlet_id = $3::int`,
    [head, auth.business_id, auth.outlet_id ?? -1],
  );
  if (!r) throw invalid(API_MESSAGES.invalidInput, 'cursor');
  return {
    after: { time: s(r.t), head, line: Number(line), o: Number(o) } as Keyset,
    workers: workers.map(Number),
  };
}

const pickedOf = (q: WorkerTrxReportQuery) =>
  q.commission_workers ? [...new Set(q.commission_workers.split(',').map(Number))] : null;

export interface WorkerTrxPage {
  workers?: (WorkerName & { row_count: number; totals: Record<string, number> })[];
  rows: (ReturnType<typeof trxRow> & { business_commission_worker_id: number })[];
  next_cursor: string | null;
}

/**
 * A page of by transaction / simple (issue 27): up to `limit` rows from the cursor on, crossing into the next
 * workers when one's rows end; the first page also the workers with their row counts and whole-range totals.
 */
async function workerByTrxPage(
  deps: AppDeps,
  auth: AuthContext,
  q: WorkerTrxReportQuery,
  withCommission: boolean,
): Promise<WorkerTrxPage> {
  const base = args(auth, q);
  const limit = q.limit ? Number(q.limit) : REPORT_PAGE_ROWS;
  let workers: WorkerTrxPage['workers'];
  let order: number[];
  let after: Keyset | null = null;
  if (q.cursor) {
    const c = await readCursor(deps, auth, q.cursor);
    after = c.after;
    order = c.workers;
  } else {
    const [list, names] = await Promise.all([rangeWorkers(deps, base, pickedOf(q)), workerNames(deps, auth)]);
    order = list.map((r) => n(r.w));
    workers = list.map((r) => ({
      ...nameOf(names, n(r.w)),
      row_count: n(r.row_count),
      totals: {
        qty: n(r.qty),
        gross_total: n(r.g),
        discount_value: n(r.d),
        net_value: n(r.n),
        commission_base_value: n(r.n),
        ...(withCommission ? { total_commission: n(r.c) } : {}),
      },
    }));
  }
  const rows: WorkerTrxPage['rows'] = [];
  let next_cursor: string | null = null;
  for (let i = 0; i < order.length; i++) {
    const worker = order[i];
    const want = limit - rows.length;
    const got = await workerRows(deps, base, worker, i === 0 ? after : null, want);
    for (const r of got) rows.push({ ...trxRow(r, withCommission), business_commission_worker_id: worker });
    if (got.length === want) {
      const last = got[got.length - 1];
      next_cursor = [s(last.head), n(last.line_no), n(last.o), ...order.slice(i)].join('.');
      break;
    }
  }
  return { ...(workers ? { workers } : {}), rows, next_cursor };
}

/** The CSV's columns of a row (by transaction, or the simple format), as the print page shows them. */
function csvColumns(type: 'by-transaction' | 'by-simple', withCommission: boolean) {
  type R = ReturnType<typeof trxRow>;
  const text = (title: string, v: (r: R) => string) => ({ title, v, sum: null as null | 'qty' | 'money' });
  const fig = (title: string, sum: 'qty' | 'money', v: (r: R) => number) => ({ title, v, sum });
  const cols = [
    text(REPORT_TEXTS.trxId, (r) => r.trx_id),
    ...(type === 'by-simple' ? [] : [text(REPORT_TEXTS.trxTime, (r) => r.trx_time)]),
    text(REPORT_TEXTS.customerName, (r) => r.user_name),
    text(REPORT_TEXTS.item, (r) => r.item_name),
    fig(REPORT_TEXTS.qty, 'qty', (r) => r.qty),
  ];
  if (type === 'by-simple') return cols;
  return [
    ...cols,
    fig(REPORT_TEXTS.gross, 'money', (r) => r.gross_total),
    fig(REPORT_TEXTS.discount, 'money', (r) => r.discount_value),
    fig(REPORT_TEXTS.net, 'money', (r) => r.net_value),
    fig(REPORT_TEXTS.commissionBase, 'money', (r) => r.commission_base_value),
    ...(withCommission ? [fig(REPORT_TEXTS.totalCommission, 'money', (r) => r.total_commission ?? 0)] : []),
  ];
}

const csvLines = (rows: unknown[][]) =>
  `${Papa.unparse(
    rows.map((r) => r.map(neutraliseCsvCell)),
    { newline: '\r\n', quotes: false, escapeFormulae: false, header: false },
  )}\r\n`;

/** Rows a CSV batch asks the database for. */
const CSV_BATCH = 5_000;

/** By transaction and the simple format share one call: either type's flag opens it. */
export function requireWorkerTrx(auth: AuthContext): void {
  requireType(auth, ['by-transaction', 'by-simple']);
}

/**
 * Every row of the range as CSV, as the print page's tables: Worker, No, the columns (amounts floored, text cells
 * neutralised); each worker's rows then its totals row. Read a batch at a time along the same keyset as the pages.
 */
export async function* workerByTrxCsv(
  deps: AppDeps,
  auth: AuthContext,
  q: WorkerTrxReportQuery,
): AsyncGenerator<string> {
  const type = q.report_type === 'by-simple' ? 'by-simple' : 'by-transaction';
  const withCommission = type !== 'by-simple' && showsCommission(auth.auth_role_accesses, type);
  const base = args(auth, q);
  const cols = csvColumns(type, withCommission);
  const [list, names] = await Promise.all([rangeWorkers(deps, base, pickedOf(q)), workerNames(deps, auth)]);
  yield `\uFEFF${csvLines([[REPORT_TEXTS.workerCol, REPORT_TEXTS.no, ...cols.map((c) => c.title)]])}`;
  for (const w of list) {
    const id = n(w.w);
    const label = workerCheckboxLabel(nameOf(names, id));
    let after: Keyset | null = null;
    let no = 0;
    for (;;) {
      const got = await workerRows(deps, base, id, after, CSV_BATCH);
      if (got.length === 0) break;
      yield csvLines(
        got.map((r) => {
          const row = trxRow(r, withCommission);
          no += 1;
          return [label, no, ...cols.map((c) => (c.sum === 'money' ? floorAmount(c.v(row)) : c.v(row)))];
        }),
      );
      if (got.length < CSV_BATCH) break;
      const last = got[got.length - 1];
      after = { time: s(last.t), head: s(last.head), line: n(last.line_no), o: n(last.o) };
    }
    const totals: Record<string, number> = {
      [REPORT_TEXTS.qty]: n(w.qty),
      [REPORT_TEXTS.gross]: n(w.g),
      [REPORT_TEXTS.discount]: n(w.d),
      [REPORT_TEXTS.net]: n(w.n),
      [REPORT_TEXTS.commissionBase]: n(w.n),
      [REPORT_TEXTS.totalCommission]: n(w.c),
    };
    yield csvLines([[label, REPORT_OWN.total, ...cols.map((c) => (c.sum ? totals[c.title] : ''))]]);
  }
}

/**
 * By transaction (and the simple format): per worker, one row a line they are on (the spec's whole list), or with
 * paging parameters (ours, issue 27) a page of rows.
 */
export async function workerByTrxReport(deps: AppDeps, auth: AuthContext, q: WorkerTrxReportQuery) {
  const type = q.report_type === 'by-simple' ? 'by-simple' : 'by-transaction';
  requireWorkerTrx(auth);
  period(q);
  const withCommission = showsCommission(auth.auth_role_accesses, type);
  if (q.limit || q.cursor || q.format === 'page') return workerByTrxPage(deps, auth, q, withCommission);
  const base = args(auth, q);
  const only = pickedOf(q);
  const all = await deps.database.query<Row>(
    `SELECT p.w, p.pos_sales_trx_head_id::text AS head, p.line_no, p.o, p.trx_time, p.item_name, p.qty,
       p.g, p.d, p.n, p.c, h.trx_id, h.customer_name
     FROM (SELECT p.w, p.pos_sales_trx_head_id, p.line_no, p.o, p.trx_time, p.item_name, p.qty, p.g, p.d, p.n, p.c
           ${RANGE} ${only ? 'AND p.w = ANY ($5::float8[])' : ''}) p
     JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = p.pos_sales_trx_head_id
     ORDER BY p.trx_time, p.pos_sales_trx_head_id, p.line_no, p.o`,
    only ? [...base, only] : base,
  );
  const names = await workerNames(deps, auth);
  const byWorker = new Map<number, Row[]>();
  for (const r of all) {
    const list = byWorker.get(n(r.w)) ?? [];
    list.push(r);
    byWorker.set(n(r.w), list);
  }
  return [...byWorker].map(([id, rows]) => ({
    ...nameOf(names, id),
    commissions: rows.map((r) => trxRow(r, withCommission)),
  }));
}
