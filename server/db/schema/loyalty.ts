// Drizzle mirror of migrations/0041_loyalty.sql (the SQL file is the source of truth).
import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const loyaltyTrxs = pgTable(
  'loyalty_trxs',
  {
    loyalty_trx_head_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    business_user_id: integer().notNull(),
    local_trx_id: text().notNull(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    pos_trx_code: text().notNull(),
    trx_amount: numeric({ precision: 18, scale: 2 }).notNull(),
    points: numeric({ precision: 18, scale: 2 }).notNull(),
    reward_name: text(),
    trx_time: text().notNull(),
    is_offline: integer().notNull().default(0),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    unique('loyalty_trxs_local_key').on(t.business_id, t.local_trx_id),
    index('loyalty_trxs_customer_idx').on(t.customer_id),
  ],
);

export const codeUses = pgTable(
  'code_uses',
  {
    code_use_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    kind: text().notNull(),
    scancode: text().notNull(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    business_outlet_id: integer(),
    business_user_id: integer().notNull(),
    pos_trx_code: text(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [index('code_uses_scancode_idx').on(t.business_id, t.kind, t.scancode)],
);
