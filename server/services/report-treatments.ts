// Product consumption and treatment reminder (002 §2.16, §2.20, §3, §7; issue 27). Brand and outlet come from
// the session: consumption is the session's outlet's consumption stock-outs (its storage locations), the reminder
// the session's outlet's completed NORMAL sales of items with a return interval (migration 0061), to the brand's
// customers. Rulings in docs/decisions.md ('Reports, the rest').
import type { ListReportQuery } from '../../src/api/contract/report';
import { TRX_STATUS } from '../../src/domain/model/common';
import { phoneLocal } from '../../src/domain/report-lists';
import type { AppDeps } from '../deps';
import { INV_ENTRY } from './inventory';
import { period } from './reports';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const TYPE_ORDER = ['GENERAL', 'FOR_CUSTOMER'];
/**
 * Per consumption type and variant: the quantity consumed (2 decimals) by the outlet's consumption stock-outs
 * recorded in the period (WIB days), GENERAL before FOR_CUSTOMER, then by item name.
 */
export async function productConsumptionReport(deps: AppDeps, auth: AuthContext, q: ListReportQuery) {
  const p = period(q);
  const rows = await deps.database.query<Row>(
    `SELECT CASE WHEN t.trx_type = 'CONSUMPTION_FOR_CUSTOMER' THEN 'FOR_CUSTOMER' ELSE 'GENERAL' END AS ctype,
       l.pos_item_variant_id, min(v.item_name) AS item_name, min(v.variant_name) AS variant_name,
       round(-sum(l.qty), 2)::text AS qty
     FROM stock_ledger l JOIN storage_locations sl ON sl.inv_sloc_id = l.inv_sloc_id
       LEFT JOIN inventory_trxs t ON t.inv_trx_id = l.inv_trx_id
       LEFT JOIN stock_variants v ON v.business_id = $1::int AND v.pos_item_variant_id = l.pos_item_variant_id
     WHERE sl.business_outlet_id = $2::int AND l.entry_type = '${INV_ENTRY.consumption}'
       AND l.created_at >= $3::timestamptz AND l.created_at < $4::timestamptz
     GROUP BY 1, 2`,
    [auth.business_id, auth.outlet_id ?? -1, p.start.toISOString(), p.end.toISOString()],
  );
  return rows
    .map((r) => ({
      consumption_type: s(r.ctype) as 'GENERAL' | 'FOR_CUSTOMER',
      pos_item_variant_id: n(r.pos_item_variant_id),
      item_name: s(r.item_name) || `#${n(r.pos_item_variant_id)}`,
      variant_name: r.variant_name === null || r.variant_name === undefined ? null : s(r.variant_name),
      qty: n(r.qty),
    }))
    .sort(
      (a, b) =>
        TYPE_ORDER.indexOf(a.consumption_type) - TYPE_ORDER.indexOf(b.consumption_type) ||
        a.item_name.localeCompare(b.item_name) ||
        a.pos_item_variant_id - b.pos_item_variant_id,
    );
}

/**
 * The brand's customers expected back in the period: for each customer and item with a return interval, the
 * customer's last completed sale of it at this outlet whose WIB date + the interval falls in the period, unless
 * the customer bought the item again later (at any outlet of the brand: they came back).
 */
export async function treatmentReminderReport(deps: AppDeps, auth: AuthContext, q: ListReportQuery) {
  period(q);
  const rows = await deps.database.query<Row>(
    `WITH iv AS (SELECT pos_item_id, return_interval_days AS days FROM item_return_intervals
                 WHERE business_id = $1::int),
     cand AS (
       SELECT DISTINCT ON (h.customer_id, d.pos_item_id) h.customer_id, d.pos_item_id, d.item_name,
         d.variant_name, h.trx_time, (h.trx_time AT TIME ZONE 'Asia/Jakarta')::date AS trx_date, iv.days
       FROM iv JOIN pos_sales_trx_heads h
         ON h.business_id = $1::int AND h.business_outlet_id = $2::int
         AND h.trx_time >= (($3::date - iv.days - 1)::timestamp AT TIME ZONE 'Asia/Jakarta')
         AND h.trx_time < (($4::date - iv.days + 1)::timestamp AT TIME ZONE 'Asia/Jakarta')
       JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
         AND d.pos_item_id = iv.pos_item_id
       WHERE h.customer_id IS NOT NULL AND h.trx_status_id = ${TRX_STATUS.COMPLETED} AND h.trx_type = 'NORMAL'
         AND ((h.trx_time AT TIME ZONE 'Asia/Jakarta')::date + iv.days) BETWEEN $3::date AND $4::date
       ORDER BY h.customer_id, d.pos_item_id, h.trx_time DESC)
     SELECT c.user_code, c.user_phone, c.user_name, cand.pos_item_id, cand.item_name, cand.variant_name,
       cand.trx_date::text AS trx_date, (cand.trx_date + cand.days)::text AS expected
     FROM cand JOIN customers c ON c.customer_id = cand.customer_id AND c.business_id = $1::int
     WHERE NOT EXISTS (
       SELECT 1 FROM pos_sales_trx_heads h2 JOIN pos_sales_trx_details d2
         ON d2.pos_sales_trx_head_id = h2.pos_sales_trx_head_id AND d2.pos_item_id = cand.pos_item_id
       WHERE h2.customer_id = cand.customer_id AND h2.business_id = $1::int AND h2.trx_time > cand.trx_time
         AND h2.trx_status_id = ${TRX_STATUS.COMPLETED} AND h2.trx_type = 'NORMAL')`,
    [auth.business_id, auth.outlet_id ?? -1, q.start_date, q.end_date],
  );
  return rows
    .map((r) => ({
      user_code: s(r.user_code),
      pos_item_id: n(r.pos_item_id),
      user_phone: phoneLocal(s(r.user_phone)),
      user_name: s(r.user_name),
      treatment_name: r.variant_name ? `${s(r.item_name)} - ${s(r.variant_name)}` : s(r.item_name),
      trx_date: s(r.trx_date).slice(0, 10),
      expected_return_date: s(r.expected).slice(0, 10),
    }))
    .sort(
      (a, b) =>
        a.expected_return_date.localeCompare(b.expected_return_date) ||
        a.user_name.localeCompare(b.user_name) ||
        a.pos_item_id - b.pos_item_id,
    );
}
