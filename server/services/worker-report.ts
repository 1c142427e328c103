// Worker activity (002 §2.15, §6, §7; ruling 21): each worker's part of the outlet's completed NORMAL sales in
// the WIB days asked for, read from the stored lines (the server's own pricing and the line documents as stored,
// workers as edited after the sale). Who is on a line and what they earn is src/domain/worker-report.ts. The
// session decides brand and outlet; 'Total Commission' is left out of the answer unless the role may see it.
import type { WorkerReportQuery } from '../../src/api/contract/report';
import { TRX_STATUS } from '../../src/domain/model/common';
import { roundMoney } from '../../src/domain/money';
import { formatOutletStamp } from '../../src/domain/time-wall';
import {
  lineWorkerFigures,
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
  head_id: string;
  detail_id: string;
  trx_id: string;
  trx_time: Date;
  user_name: string;
  item_name: string;
  pos_item_variant_id: number;
  unit_price: number;
  nature: 'SERVICE' | 'RETAIL';
  qty: number;
}

async function parts(deps: AppDeps, auth: AuthContext, q: { start_date: string; end_date: string }) {
  const p = period(q);
  const rows = await deps.database.query<Row>(
    `SELECT h.pos_sales_trx_head_id, d.pos_sales_trx_detail_id, h.trx_id, h.trx_time,
       h.customer_name AS user_name, d.item_name, d.variant_name, d.pos_item_variant_id,
       d.item_nature, d.qty, d.unit_price, d.gross_total, d.discount_total, d.line_total, d.global_discount_share,
       coalesce(d.worker_doc, line_worker_doc(h.trx->'details'->(d.line_no - 1))) AS doc
     FROM pos_sales_trx_heads h JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
     WHERE h.business_id = $1::int AND h.business_outlet_id = $2::int
       AND h.trx_time >= $3::timestamptz AND h.trx_time < $4::timestamptz
       AND h.trx_status_id = ${TRX_STATUS.COMPLETED} AND h.trx_type = 'NORMAL'
     ORDER BY h.trx_time, h.pos_sales_trx_head_id, d.line_no`,
    [auth.business_id, auth.outlet_id ?? -1, p.start.toISOString(), p.end.toISOString()],
  );
  const out: Part[] = [];
  for (const r of rows) {
    const doc = typeof r.doc === 'string' ? (JSON.parse(r.doc) as Row) : ((r.doc ?? {}) as Row);
    const figures = lineWorkerFigures({
      doc,
      qty: n(r.qty),
      gross_total: n(r.gross_total),
      discount_total: n(r.discount_total),
      line_total: n(r.line_total),
      global_discount_share: n(r.global_discount_share),
    });
    for (const f of figures)
      out.push({
        ...f,
        head_id: s(r.pos_sales_trx_head_id),
        detail_id: s(r.pos_sales_trx_detail_id),
        trx_id: s(r.trx_id),
        trx_time: new Date(r.trx_time as string),
        user_name: s(r.user_name) || 'GUEST',
        item_name: `${s(r.item_name)}${r.variant_name ? ` - ${s(r.variant_name)}` : ''}`,
        pos_item_variant_id: n(r.pos_item_variant_id),
        unit_price: n(r.unit_price),
        nature: r.item_nature === 'RETAIL' ? 'RETAIL' : 'SERVICE',
        qty: n(r.qty),
      });
  }
  return out;
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

/** Summary: per worker, the retail and service net values and the commission. */
export async function workerSummaryReport(deps: AppDeps, auth: AuthContext, q: WorkerReportQuery) {
  requireType(auth, ['summary']);
  const all = await parts(deps, auth, q);
  const names = await workerNames(deps, auth);
  const withCommission = showsCommission(auth.auth_role_accesses, 'summary');
  const sums = new Map<number, { retail: number; service: number; commission: number }>();
  for (const id of await outletWorkerIds(deps, auth)) sums.set(id, { retail: 0, service: 0, commission: 0 });
  for (const p of all) {
    const t = sums.get(p.worker_id) ?? { retail: 0, service: 0, commission: 0 };
    if (p.nature === 'RETAIL') t.retail += p.net_value;
    else t.service += p.net_value;
    t.commission += p.total_commission;
    sums.set(p.worker_id, t);
  }
  return [...sums].map(([id, t]) => ({
    ...nameOf(names, id),
    retail_net_value: money(t.retail),
    service_net_value: money(t.service),
    ...(withCommission ? { total_commission: money(t.commission) } : {}),
  }));
}

/** By product: per worker, per variant sold (of the product type asked for). */
export async function workerByProductReport(deps: AppDeps, auth: AuthContext, q: WorkerReportQuery) {
  requireType(auth, ['by-product']);
  const nature = q.item_nature ?? 'SERVICE';
  const all = (await parts(deps, auth, q)).filter((p) => p.nature === nature);
  const names = await workerNames(deps, auth);
  const withCommission = showsCommission(auth.auth_role_accesses, 'by-product');
  const byWorker = new Map<number, Map<string, Row & { qty: number }>>();
  for (const p of all) {
    const rows = byWorker.get(p.worker_id) ?? new Map();
    const key = `${p.pos_item_variant_id}|${p.unit_price}`;
    const r = rows.get(key) ?? {
      pos_item_variant_id: p.pos_item_variant_id,
      item_name: p.item_name,
      variant_price: p.unit_price,
      qty: 0,
      gross_total: 0,
      discount_value: 0,
      net_value: 0,
      commission_base_value: 0,
      total_commission: 0,
    };
    r.qty += p.qty;
    for (const k of [
      'gross_total',
      'discount_value',
      'net_value',
      'commission_base_value',
      'total_commission',
    ] as const)
      r[k] = n(r[k]) + p[k];
    rows.set(key, r);
    byWorker.set(p.worker_id, rows);
  }
  return [...byWorker].map(([id, rows]) => ({
    ...nameOf(names, id),
    commissions: [...rows.values()]
      .sort((a, b) => s(a.item_name).localeCompare(s(b.item_name)) || n(a.variant_price) - n(b.variant_price))
      .map((r) => ({
        pos_item_variant_id: n(r.pos_item_variant_id),
        item_name: s(r.item_name),
        variant_price: n(r.variant_price),
        qty: qty2(r.qty),
        gross_total: money(n(r.gross_total)),
        discount_value: money(n(r.discount_value)),
        net_value: money(n(r.net_value)),
        commission_base_value: money(n(r.commission_base_value)),
        ...(withCommission ? { total_commission: money(n(r.total_commission)) } : {}),
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
