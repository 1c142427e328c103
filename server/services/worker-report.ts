// Worker activity (002 §2.15, §6, §7; ruling 21): each worker's part of the outlet's completed NORMAL sales in
// the WIB days asked for, read from the stored lines (the server's own pricing and the line documents as stored,
// workers as edited after the sale). Who is on a line and what they earn is src/domain/worker-report.ts. The
// session decides brand and outlet; 'Total Commission' is left out of the answer unless the role may see it.
import type { WorkerReportQuery } from '../../src/api/contract/report';
import { TRX_STATUS } from '../../src/domain/model/common';
import { roundMoney } from '../../src/domain/money';
import { formatOutletStamp } from '../../src/domain/time-wall';
import {
  showsCommission,
  WORKER_TYPE_FLAG,
  type WorkerLineFigures,
  type WorkerReportType,
} from '../../src/domain/worker-report';
import type { AppDeps } from '../deps';
import { forbidden } from '../lib/errors';
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

/** One worker's figures on one stored line, with the line's sale. */
interface Part extends WorkerLineFigures {
  detail_id: string;
  trx_id: string;
  trx_time: Date;
  user_name: string;
  item_name: string;
  qty: number;
}

/**
 * The period's lines of the session's outlet (completed NORMAL sales) with each worker's figures on them, as
 * `parts` rows: the line's worker_parts (migrations/0070: lineWorkerFigures kept beside the line by PostgreSQL),
 * or, for a line stored without its worker document, the same figures computed from the sale's document.
 * $1 business, $2 outlet, $3 start, $4 end (exclusive).
 */
const PARTS = `
  FROM pos_sales_trx_heads h JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
  CROSS JOIN LATERAL jsonb_to_recordset(coalesce(d.worker_parts, report_worker_parts(
      line_worker_doc(h.trx->'details'->(d.line_no - 1)), d.qty, d.gross_total, d.discount_total, d.line_total,
      d.global_discount_share))) AS p(o bigint, w float8, g numeric, d numeric, n numeric, c numeric)
  WHERE h.business_id = $1::int AND h.business_outlet_id = $2::int
    AND h.trx_time >= $3::timestamptz AND h.trx_time < $4::timestamptz
    AND h.trx_status_id = ${TRX_STATUS.COMPLETED} AND h.trx_type = 'NORMAL'`;
/** The order the lines are read in (a worker is listed where it first appears). */
const FIRST = `ARRAY[extract(epoch FROM h.trx_time)::numeric, h.pos_sales_trx_head_id::numeric, d.line_no::numeric, p.o::numeric]`;
const ITEM_NAME = `coalesce(d.item_name, '') || CASE WHEN coalesce(d.variant_name, '') <> '' THEN ' - ' || d.variant_name ELSE '' END`;

const args = (auth: AuthContext, q: { start_date: string; end_date: string }) => {
  const p = period(q);
  return [auth.business_id, auth.outlet_id ?? -1, p.start.toISOString(), p.end.toISOString()];
};

async function parts(deps: AppDeps, auth: AuthContext, q: { start_date: string; end_date: string }) {
  const rows = await deps.database.query<Row>(
    `SELECT d.pos_sales_trx_detail_id, h.trx_id, h.trx_time, h.customer_name AS user_name, ${ITEM_NAME} AS item_name,
       d.qty, p.w, p.g, p.d, p.n, p.c
     ${PARTS}
     ORDER BY h.trx_time, h.pos_sales_trx_head_id, d.line_no, p.o`,
    args(auth, q),
  );
  return rows.map(
    (r): Part => ({
      worker_id: n(r.w),
      gross_total: n(r.g),
      discount_value: n(r.d),
      net_value: n(r.n),
      commission_base_value: n(r.n),
      total_commission: n(r.c),
      detail_id: s(r.pos_sales_trx_detail_id),
      trx_id: s(r.trx_id),
      trx_time: new Date(r.trx_time as string),
      user_name: s(r.user_name) || 'GUEST',
      item_name: s(r.item_name),
      qty: n(r.qty),
    }),
  );
}

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

/** Summary: per worker, the retail and service net values and the commission (summed by PostgreSQL). */
export async function workerSummaryReport(deps: AppDeps, auth: AuthContext, q: WorkerReportQuery) {
  requireType(auth, ['summary']);
  const rows = await deps.database.query<Row>(
    `SELECT p.w, sum(p.n) FILTER (WHERE d.item_nature = 'RETAIL') AS retail,
       sum(p.n) FILTER (WHERE d.item_nature IS DISTINCT FROM 'RETAIL') AS service, sum(p.c) AS commission
     ${PARTS}
     GROUP BY p.w ORDER BY min(${FIRST})`,
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

/** By transaction (and the simple format): per worker, one row a line they are on. */
export async function workerByTrxReport(deps: AppDeps, auth: AuthContext, q: WorkerReportQuery) {
  const type = q.report_type === 'by-simple' ? 'by-simple' : 'by-transaction';
  requireType(auth, ['by-transaction', 'by-simple']);
  const all = await parts(deps, auth, q);
  const names = await workerNames(deps, auth);
  const withCommission = showsCommission(auth.auth_role_accesses, type);
  const byWorker = new Map<number, Part[]>();
  for (const p of all) {
    const list = byWorker.get(p.worker_id) ?? [];
    list.push(p);
    byWorker.set(p.worker_id, list);
  }
  return [...byWorker].map(([id, rows]) => ({
    ...nameOf(names, id),
    commissions: rows.map((p, i) => ({
      row_key: `${p.detail_id}-${p.worker_id}-${i}`,
      trx_id: p.trx_id,
      trx_time: formatOutletStamp(p.trx_time),
      user_name: p.user_name,
      item_name: p.item_name,
      qty: qty2(p.qty),
      gross_total: p.gross_total,
      discount_value: p.discount_value,
      net_value: p.net_value,
      commission_base_value: p.commission_base_value,
      ...(withCommission ? { total_commission: p.total_commission } : {}),
    })),
  }));
}
