// Drizzle mirror of migrations/0003_sales.sql (the SQL file is the source of truth).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = () => numeric({ precision: 18, scale: 2 });
const headRef = () => bigint({ mode: 'number' }).notNull();
type Json = Record<string, unknown>;

export const posSalesTrxHeads = pgTable('pos_sales_trx_heads', {
  pos_sales_trx_head_id: bigserial({ mode: 'number' }).primaryKey(),
  local_trx_id: text().notNull(),
  business_id: integer().notNull(),
  business_outlet_id: integer().notNull(),
  business_user_id: integer().notNull(),
  session_id: bigint({ mode: 'number' }),
  trx_id: text().notNull(),
  trx_type: text().notNull(),
  trx_status_id: smallint().notNull(),
  is_offline: smallint().notNull(),
  customer_id: bigint({ mode: 'number' }),
  user_code: text(),
  order_no: integer(),
  local_shift_id: text(),
  trx_time: ts('trx_time').notNull(),
  local_sync_time: text(),
  drv_gross_total: money().notNull(),
  drv_subtotal: money().notNull(),
  drv_total_discount_nominal: money().notNull(),
  drv_total_service_charge: money().notNull(),
  drv_total_additional_charge: money().notNull(),
  drv_tax: money().notNull(),
  drv_grand_total: money().notNull(),
  drv_qty: numeric({ precision: 18, scale: 4 }).notNull(),
  deposit_balance: money(),
  trx: jsonb().$type<Json>().notNull(),
  created_at: ts('created_at').notNull(),
  void_reason: text(),
  voided_by: integer(),
  voided_at: ts('voided_at'),
  /** migrations/0007: sha256 of the canonical body (a repeat must match it); null before 0007. */
  body_hash: text(),
  /** migrations/0007: the catalogue version the sale was priced with. */
  catalogue_version: bigint({ mode: 'number' }),
  /** migrations/0012: the history's search text (generated; src/domain/history.ts historySearchText). */
  search_text: text().generatedAlwaysAs(
    sql`lower(trx_id || E'\\x1f' || right(local_trx_id, 6) || E'\\x1f' || coalesce(order_no::text, '') || E'\\x1f' || coalesce(trx -> 'customer' ->> 'user_name', '') || E'\\x1f' || coalesce(trx ->> 'trx_label', '') || E'\\x1f' || coalesce(trx ->> 'trx_notes', ''))`,
  ),
  /** migrations/0069: the sale's customer's name as sold (generated; the reports read it beside the row). */
  customer_name: text().generatedAlwaysAs(sql`trx -> 'customer' ->> 'user_name'`),
});

export const posSalesTrxDetails = pgTable('pos_sales_trx_details', {
  pos_sales_trx_detail_id: bigserial({ mode: 'number' }).primaryKey(),
  pos_sales_trx_head_id: headRef(),
  local_trx_detail_id: text().notNull(),
  line_no: integer().notNull(),
  pos_item_id: integer().notNull(),
  pos_item_variant_id: integer().notNull(),
  item_name: text(),
  variant_name: text(),
  item_nature: text(),
  is_package: smallint().notNull(),
  is_custom: smallint().notNull(),
  qty: numeric({ precision: 18, scale: 4 }).notNull(),
  unit_price: money().notNull(),
  gross_total: money().notNull(),
  discount_total: money().notNull(),
  line_total: money().notNull(),
  global_discount_share: money().notNull(),
  service_charge: money().notNull(),
  additional_charge: money().notNull(),
  item_discount_type: text(),
  business_commission_worker_id: integer(),
  /** migrations/0069: the line's worker part of the sale document (line_worker_doc), for the reports. */
  worker_doc: jsonb(),
  /** migrations/0069: the sold variant's cost (line_variant_cost), the omzet recap's cost line. */
  variant_cost: numeric(),
  /** migrations/0070: each worker's figures on the line (report_worker_parts of worker_doc and the figures). */
  worker_parts: jsonb().generatedAlwaysAs(
    sql`CASE WHEN worker_doc IS NOT NULL THEN report_worker_parts(worker_doc, qty, gross_total, discount_total, line_total, global_discount_share) END`,
  ),
});

export const posSalesTrxPayments = pgTable('pos_sales_trx_payments', {
  pos_sales_trx_payment_id: bigserial({ mode: 'number' }).primaryKey(),
  pos_sales_trx_head_id: headRef(),
  local_payment_id: text().notNull(),
  payment_type: text().notNull(),
  payment_method_name: text().notNull(),
  table_name: text().notNull(),
  table_id: integer().notNull(),
  payment_amount: money().notNull(),
  payment_charge: money().notNull(),
  payment_ref: text(),
});

export const posTrxIdCounters = pgTable(
  'pos_trx_id_counters',
  { business_outlet_id: integer().notNull(), trx_date: text().notNull(), last_no: integer().notNull() },
  (t) => [primaryKey({ columns: [t.business_outlet_id, t.trx_date] })],
);

export const posSalesTrxArchives = pgTable('pos_sales_trx_archives', {
  pos_sales_trx_archive_id: bigserial({ mode: 'number' }).primaryKey(),
  local_trx_id: text().notNull(),
  business_id: integer().notNull(),
  business_outlet_id: integer().notNull(),
  business_user_id: integer().notNull(),
  trx: jsonb().$type<Json>().notNull(),
  saved_at: ts('saved_at').notNull(),
  downloaded_at: ts('downloaded_at'),
  downloaded_session_id: bigint({ mode: 'number' }),
  deleted_at: ts('deleted_at'),
});

/** migration 0061: a brand item's return interval in days (the treatment reminder, 002 §2.20). */
export const itemReturnIntervals = pgTable(
  'item_return_intervals',
  {
    business_id: integer().notNull(),
    pos_item_id: integer().notNull(),
    return_interval_days: integer().notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.pos_item_id] })],
);

/** migration 0080: each sale's own figures for the sales report's totals (derived: kept by triggers, not exported). */
export const reportSaleSums = pgTable('report_sale_sums', {
  pos_sales_trx_head_id: bigint({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  business_outlet_id: integer().notNull(),
  trx_time: ts('trx_time').notNull(),
  trx_day: date({ mode: 'string' }).notNull(),
  counted: boolean().notNull(),
  n: integer().notNull(),
  n_r: integer().notNull(),
  qty: numeric().notNull(),
  qty_r: numeric().notNull(),
  d_gross: numeric().notNull(),
  d_disc: numeric().notNull(),
  d_net: numeric().notNull(),
  d_gross_r: numeric().notNull(),
  d_disc_r: numeric().notNull(),
  d_net_r: numeric().notNull(),
  d_gross_s: numeric().notNull(),
  d_disc_s: numeric().notNull(),
  d_net_s: numeric().notNull(),
  l_unit: numeric().notNull(),
  l_gross: numeric().notNull(),
  l_disc: numeric().notNull(),
  l_net: numeric().notNull(),
  l_unit_r: numeric().notNull(),
  l_gross_r: numeric().notNull(),
  l_disc_r: numeric().notNull(),
  l_net_r: numeric().notNull(),
  // migration 0082: the omzet recap's figures
  o_service: numeric().notNull().default('0'),
  o_retail: numeric().notNull().default('0'),
  o_cost: numeric().notNull().default('0'),
});

/** migration 0081: each worker's part of a line for the worker reports (derived: kept by triggers, not exported). */
export const reportWorkerParts = pgTable(
  'report_worker_parts',
  {
    pos_sales_trx_detail_id: bigint({ mode: 'number' }).notNull(),
    o: integer().notNull(),
    pos_sales_trx_head_id: bigint({ mode: 'number' }).notNull(),
    line_no: integer().notNull(),
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    trx_time: ts('trx_time').notNull(),
    counted: boolean().notNull(),
    retail: boolean().notNull(),
    pos_item_variant_id: integer().notNull(),
    unit_price: numeric().notNull(),
    item_name: text().notNull(),
    qty: numeric().notNull(),
    w: doublePrecision(),
    g: numeric(),
    d: numeric(),
    n: numeric(),
    c: numeric(),
  },
  (t) => [primaryKey({ columns: [t.pos_sales_trx_detail_id, t.o] })],
);
