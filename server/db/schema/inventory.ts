// Drizzle mirror of migrations/0015_inventory.sql and 0016_stock_balances.sql (the SQL files are the source
// of truth; 0016's tables are kept by triggers).
import {
  bigint,
  bigserial,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

type Json = Record<string, unknown>;
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const inventoryTrxs = pgTable(
  'inventory_trxs',
  {
    inv_trx_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    business_user_id: integer().notNull(),
    local_trx_id: text().notNull(),
    trx_type: text().notNull(),
    body_hash: text().notNull(),
    answer: jsonb().$type<Json>().notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [unique('inventory_trxs_local_trx_id_key').on(t.business_id, t.local_trx_id)],
);

export const invStockTrfHeads = pgTable('inv_stock_trf_heads', {
  inv_stock_trf_head_id: bigserial({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  inv_trx_id: bigint({ mode: 'number' }).notNull(),
  trx_id: text().notNull(),
  source_inv_sloc_id: integer().notNull(),
  target_inv_sloc_id: integer().notNull(),
  notes: text(),
  items: jsonb().$type<unknown[]>().notNull(),
  created_at: ts('created_at').notNull(),
  accepted_at: ts('accepted_at'),
  accepted_inv_sloc_id: integer(),
  accepted_by: integer(),
  accept_notes: text(),
});

/** Good and bad stock per location and variant: the running sums of stock_ledger (trigger on its inserts). */
export const stockBalances = pgTable(
  'stock_balances',
  {
    inv_sloc_id: integer().notNull(),
    pos_item_variant_id: integer().notNull(),
    qty: numeric({ precision: 18, scale: 4 }).notNull(),
    bad_qty: numeric({ precision: 18, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.inv_sloc_id, t.pos_item_variant_id] })],
);

/** The brand's RETAIL variants flattened out of catalogue_entities (triggers on its writes). */
export const stockVariants = pgTable(
  'stock_variants',
  {
    business_id: integer().notNull(),
    entity_id: text().notNull(),
    variant_ord: integer().notNull(),
    pos_item_variant_id: integer().notNull(),
    item_type: text(),
    category_name: text(),
    sku: text(),
    item_name: text(),
    variant_name: text(),
    inv_unit_id: text(),
    outlet_ids: integer().array(),
    /** the list's tuple of the variant without its figures and closing bracket (migration 0021) */
    json_head: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.entity_id, t.variant_ord] })],
);
