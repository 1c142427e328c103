// GET cashier/pos/settlement (002 §2.11, §3 "Settlement data", §7): the outlet's completed sales (status 3;
// voids are status 4 and left out) in a WIB period, of the signed-in cashier (group_by=user) or of every
// cashier of the outlet (group_by=outlet), from the server's own stored sales — never the device's
// figures. One statement: the period's heads once, their lines once, then one aggregate per section.
import type { SettlementQuery } from '../../src/api/contract/settlement';
import { TRX_STATUS } from '../../src/domain/model/common';
import {
  buildSettlement,
  checkSettlementPeriod,
  type SettlementAggregates,
  type SettlementData,
  type SettlementGroupBy,
} from '../../src/domain/settlement';
import { SETTLEMENT_MESSAGES } from '../../src/domain/texts/settlement';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import type { AuthContext } from './sessions';

/**
 * $1 outlet, $2 start, $3 end (inclusive), $4 cashier (null: the whole outlet).
 * The service part of a NORMAL sale's transaction-level figures (global discount, service and additional
 * charge, tax) is its share of the sale's line totals, rounded half up per sale; the retail part is the
 * rest (docs/decisions.md). Cash after change: a sale's cash less the change it gave (Σ payments − grand
 * total, never below 0).
 */
const SETTLEMENT_SQL = `
  WITH h AS MATERIALIZED (
    SELECT pos_sales_trx_head_id, trx_type, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
      drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total
    FROM pos_sales_trx_heads
    WHERE business_outlet_id = $1::int AND trx_time >= $2::timestamptz AND trx_time <= $3::timestamptz
      AND trx_status_id = ${TRX_STATUS.COMPLETED} AND ($4::int IS NULL OR business_user_id = $4::int)),
  l AS MATERIALIZED (
    SELECT h.pos_sales_trx_head_id, h.trx_type,
      CASE WHEN d.item_nature = 'RETAIL' THEN 'RETAIL' ELSE 'SERVICE' END AS nature,
      d.pos_item_id, d.pos_item_variant_id, d.item_name, d.variant_name, d.unit_price, d.qty,
      d.gross_total, d.discount_total, d.line_total, h.drv_subtotal, h.drv_total_discount_nominal,
      h.drv_total_service_charge, h.drv_total_additional_charge, h.drv_tax
    FROM h JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id
    WHERE h.trx_type IN ('NORMAL', 'COUPON_SALES')),
  items AS (
    SELECT trx_type, nature, pos_item_id, pos_item_variant_id, item_name, variant_name,
      unit_price AS variant_price, sum(qty) AS qty, sum(gross_total) AS gross_total_sum
    FROM l GROUP BY trx_type, nature, pos_item_id, pos_item_variant_id, item_name, variant_name, unit_price),
  types AS (
    SELECT trx_type, count(*) AS trx_count, sum(drv_gross_total) AS drv_gross_total FROM h GROUP BY trx_type),
  totals AS (
    SELECT sum(drv_gross_total) AS total_drv_gross_total,
      sum(drv_gross_total - drv_subtotal) AS total_discount_value,
      sum(drv_total_discount_nominal) AS total_trx_discount_value,
      sum(drv_tax) AS total_drv_tax_value,
      sum(drv_total_service_charge) AS total_drv_service_charge_value,
      sum(drv_total_additional_charge) AS total_drv_additional_charge_value,
      sum(drv_grand_total) AS total_drv_grand_total
    FROM h WHERE trx_type = 'NORMAL'),
  sale AS (
    SELECT pos_sales_trx_head_id,
      coalesce(sum(gross_total) FILTER (WHERE nature = 'SERVICE'), 0) AS s_gross,
      coalesce(sum(discount_total) FILTER (WHERE nature = 'SERVICE'), 0) AS s_discount,
      CASE WHEN max(drv_subtotal) = 0 THEN 0
        ELSE coalesce(sum(line_total) FILTER (WHERE nature = 'SERVICE'), 0) / max(drv_subtotal) END AS w,
      max(drv_total_discount_nominal) AS trx_discount, max(drv_tax) AS tax,
      max(drv_total_service_charge) AS service_charge, max(drv_total_additional_charge) AS additional_charge
    FROM l WHERE trx_type = 'NORMAL' GROUP BY pos_sales_trx_head_id),
  shares AS (
    SELECT s_gross, s_discount, round(trx_discount * w) AS s_trx_discount, round(tax * w) AS s_tax,
      round(service_charge * w) AS s_service_charge, round(additional_charge * w) AS s_additional_charge
    FROM sale),
  service AS (
    SELECT sum(s_gross) AS service_drv_gross_total,
      sum(s_discount) AS service_discount_value,
      sum(s_trx_discount) AS service_trx_discount_value,
      sum(s_tax) AS service_drv_tax_value,
      sum(s_service_charge) AS service_drv_service_charge_value,
      sum(s_additional_charge) AS service_drv_additional_charge_value,
      sum(s_gross - s_discount - s_trx_discount + s_service_charge + s_additional_charge + s_tax)
        AS service_drv_grand_total
    FROM shares),
  pm AS (
    SELECT p.pos_sales_trx_head_id, p.payment_method_name, h.drv_grand_total, sum(p.payment_amount) AS amount
    FROM h JOIN pos_sales_trx_payments p ON p.pos_sales_trx_head_id = h.pos_sales_trx_head_id
    GROUP BY p.pos_sales_trx_head_id, p.payment_method_name, h.drv_grand_total),
  paid AS (
    SELECT payment_method_name, amount, drv_grand_total,
      sum(amount) OVER (PARTITION BY pos_sales_trx_head_id) AS paid
    FROM pm),
  payments AS (
    SELECT payment_method_name, count(*) AS trx_count,
      sum(CASE WHEN payment_method_name = 'Cash'
        THEN amount - greatest(paid - drv_grand_total, 0) ELSE amount END) AS payment_after_change_sum
    FROM paid GROUP BY payment_method_name)
  SELECT
    (SELECT coalesce(json_agg(items), '[]'::json) FROM items) AS items,
    (SELECT coalesce(json_agg(types), '[]'::json) FROM types) AS types,
    (SELECT row_to_json(x) FROM (SELECT * FROM totals, service) x) AS split,
    (SELECT coalesce(json_agg(payments), '[]'::json) FROM payments) AS payments`;

type Row = { [K in keyof SettlementAggregates]: unknown };

const PERIOD_MESSAGES = {
  start: [SETTLEMENT_MESSAGES.badStart, 'start_datetime'],
  end: [SETTLEMENT_MESSAGES.badEnd, 'end_datetime'],
  order: [SETTLEMENT_MESSAGES.badOrder, 'start_datetime'],
  span: [SETTLEMENT_MESSAGES.tooLong, 'end_datetime'],
} as const;

const asJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function settlement(
  deps: AppDeps,
  auth: AuthContext,
  query: Pick<SettlementQuery, 'start_datetime' | 'end_datetime'> & { group_by: SettlementGroupBy },
): Promise<SettlementData> {
  if (auth.outlet_id === null) throw invalid(SETTLEMENT_MESSAGES.noOutlet);
  const period = checkSettlementPeriod(query.start_datetime, query.end_datetime);
  if (!period.ok) {
    const [message, field] = PERIOD_MESSAGES[period.problem];
    throw invalid(message, field);
  }
  // the end is inclusive to the second: "…12:00:00" counts a sale at 12:00:00.999
  const end = new Date(period.end.getTime() + 999);
  const [row] = await deps.database.query<Row>(
    SETTLEMENT_SQL,
    [
      auth.outlet_id,
      period.start.toISOString(),
      end.toISOString(),
      query.group_by === 'user' ? auth.business_user_id : null,
    ],
    'pos_settlement',
  );
  const split = asJson<SettlementAggregates['split']>(row?.split ?? null);
  return buildSettlement({
    items: asJson(row?.items ?? []),
    types: asJson(row?.types ?? []),
    split,
    payments: asJson(row?.payments ?? []),
  });
}
