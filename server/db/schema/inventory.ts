// Drizzle mirror of migrations/0015_inventory.sql (the SQL file is the source of truth).
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

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
