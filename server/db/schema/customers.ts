// Drizzle mirror of the customer, ledger and stock tables of migrations/0001_foundation.sql.
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigserial({ mode: 'number' }).primaryKey();
const ref = () => bigint({ mode: 'number' }).notNull();

export const customers = pgTable('customers', {
  customer_id: id(),
  business_id: integer().notNull(),
  user_code: text().notNull(),
  user_name: text().notNull(),
  user_phone: text(),
  user_email: text(),
  user_ref: text(),
  user_birth_date: date({ mode: 'string' }),
  user_gender: smallint(),
  user_notes: text(),
  nik: text(),
  user_email_notification: smallint().notNull(),
  is_signed_up: smallint().notNull(),
  extra: jsonb().$type<Record<string, unknown>>().notNull(),
  created_at: ts('created_at').notNull(),
  updated_at: ts('updated_at').notNull(),
});

export const customerMemberships = pgTable('customer_memberships', {
  customer_membership_id: id(),
  customer_id: ref(),
  business_membership_id: integer().notNull(),
  valid_from: ts('valid_from').notNull(),
  valid_until: ts('valid_until'),
  source: text().notNull(),
  ref_local_trx_id: text(),
  created_at: ts('created_at').notNull(),
});

export const pointLedger = pgTable('point_ledger', {
  entry_id: id(),
  customer_id: ref(),
  entry_type: text().notNull(),
  points: numeric({ precision: 18, scale: 2 }).notNull(),
  reward_name: text(),
  ref_local_trx_id: text(),
  created_at: ts('created_at').notNull(),
});

export const walletLedger = pgTable('wallet_ledger', {
  entry_id: id(),
  customer_id: ref(),
  entry_type: text().notNull(),
  amount: numeric({ precision: 18, scale: 2 }).notNull(),
  ref_local_trx_id: text(),
  created_at: ts('created_at').notNull(),
});

export const couponUsers = pgTable('coupon_users', {
  coupon_user_id: id(),
  customer_id: ref(),
  coupon_id: integer().notNull(),
  start_date: date({ mode: 'string' }).notNull(),
  expired_date: date({ mode: 'string' }).notNull(),
  source: text().notNull(),
  ref_local_trx_id: text(),
  coupon_notes: text(),
  created_at: ts('created_at').notNull(),
});

export const couponUserLedger = pgTable('coupon_user_ledger', {
  entry_id: id(),
  coupon_user_id: ref(),
  entry_type: text().notNull(),
  qty: integer().notNull(),
  ref_local_trx_id: text(),
  created_at: ts('created_at').notNull(),
});

export const receivables = pgTable('receivables', {
  account_receivable_id: id(),
  customer_id: ref(),
  business_outlet_id: integer(),
  local_trx_id: text().notNull(),
  trx_id: text(),
  trx_time: ts('trx_time').notNull(),
  payment_method_reference: text(),
  created_at: ts('created_at').notNull(),
});

export const receivableLedger = pgTable('receivable_ledger', {
  entry_id: id(),
  account_receivable_id: ref(),
  entry_type: text().notNull(),
  amount: numeric({ precision: 18, scale: 2 }).notNull(),
  ref_local_trx_id: text(),
  created_at: ts('created_at').notNull(),
});

export const storageLocations = pgTable('storage_locations', {
  inv_sloc_id: integer().primaryKey(),
  business_outlet_id: integer().notNull(),
  location_name: text().notNull(),
  is_default: boolean().notNull(),
  doc: jsonb().$type<Record<string, unknown>>().notNull(),
});

export const vendors = pgTable('vendors', {
  inv_vendor_id: integer().primaryKey(),
  business_id: integer().notNull(),
  vendor_name: text().notNull(),
  vendor_last_name: text().notNull(),
  doc: jsonb().$type<Record<string, unknown>>().notNull(),
});

export const stockLedger = pgTable('stock_ledger', {
  entry_id: id(),
  inv_sloc_id: integer().notNull(),
  pos_item_id: integer().notNull(),
  pos_item_variant_id: integer().notNull(),
  entry_type: text().notNull(),
  qty: numeric({ precision: 18, scale: 4 }).notNull(),
  bad_qty: numeric({ precision: 18, scale: 4 }).notNull(),
  unit_cost: numeric({ precision: 18, scale: 2 }),
  inv_vendor_id: integer(),
  ref_local_trx_id: text(),
  notes: text(),
  created_at: ts('created_at').notNull(),
});
