// Drizzle mirror of migrations/0001_foundation.sql (the SQL files are the source of truth).
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
type Json = Record<string, unknown>;

export const businesses = pgTable('businesses', {
  business_id: integer().primaryKey(),
  brand_name: text().notNull(),
  business_slug: text().notNull(),
  brand_logo: text(),
  currency_code: text().notNull(),
  qty_decimal_length: integer().notNull(),
  settings: jsonb().$type<Json>().notNull(),
  created_at: ts('created_at').notNull(),
  /** migration 0062: the one user allowed the brand's full data export */
  owner_business_user_id: integer(),
});

export const outlets = pgTable('outlets', {
  business_outlet_id: integer().primaryKey(),
  business_id: integer().notNull(),
  outlet_name: text().notNull(),
  outlet_address: text(),
  outlet_phone: text(),
  settings: jsonb().$type<Json>().notNull(),
  created_at: ts('created_at').notNull(),
});

export const userGroups = pgTable('user_groups', {
  business_user_group_id: integer().primaryKey(),
  business_id: integer().notNull(),
  group_name: text().notNull(),
  auth_role_accesses: jsonb().$type<Record<string, 0 | 1>>().notNull(),
  is_void_allowed: smallint().notNull(),
});

export const businessUsers = pgTable('business_users', {
  business_user_id: integer().primaryKey(),
  business_id: integer().notNull(),
  email: text().notNull(),
  password_hash: text().notNull(),
  firstname: text().notNull(),
  lastname: text().notNull(),
  phone: text(),
  business_user_group_id: integer().notNull(),
  is_supervisor: boolean().notNull(),
  health_worker: jsonb().$type<Json>(),
  is_active: boolean().notNull(),
  created_at: ts('created_at').notNull(),
});

export const businessUserOutlets = pgTable(
  'business_user_outlets',
  { business_user_id: integer().notNull(), business_outlet_id: integer().notNull() },
  (t) => [primaryKey({ columns: [t.business_user_id, t.business_outlet_id] })],
);

export const sessions = pgTable('sessions', {
  session_id: bigserial({ mode: 'number' }).primaryKey(),
  client_key_hash: text().notNull(),
  login_token_hash: text().notNull(),
  business_user_id: integer().notNull(),
  outlet_id: integer(),
  ip: text(),
  app_version: text(),
  app_build: text(),
  created_at: ts('created_at').notNull(),
  confirmed_at: ts('confirmed_at'),
  revoked_at: ts('revoked_at'),
  expires_at: ts('expires_at').notNull(),
});

export type AuthAttemptKind =
  | 'sign_in'
  | 'supervisor_password'
  | 'forgot_password'
  | 'wallet_code'
  | 'redeem_code'
  | 'maintenance';

/** Every sign-in, supervisor-password and forgot-password attempt (migration 0010; server/services/attempt-limiter.ts). */
export const authAttempts = pgTable('auth_attempts', {
  attempt_id: bigserial({ mode: 'number' }).primaryKey(),
  kind: text().$type<AuthAttemptKind>().notNull(),
  subject: text().notNull(),
  ip: text().notNull(),
  business_user_id: integer(),
  business_outlet_id: integer(),
  supervisor_user_id: integer(),
  succeeded: boolean().notNull(),
  attempted_at: ts('attempted_at').notNull(),
});

export const signOuts = pgTable('sign_outs', {
  sign_out_id: bigserial({ mode: 'number' }).primaryKey(),
  session_id: bigint({ mode: 'number' }).notNull(),
  business_user_id: integer().notNull(),
  outlet_id: integer(),
  settlement: smallint().notNull(),
  configs: jsonb(),
  received_at: ts('received_at').notNull(),
});

export const signOutTrxs = pgTable(
  'sign_out_trxs',
  {
    local_trx_id: text().notNull(),
    kind: text().$type<'deleted' | 'pending'>().notNull(),
    sign_out_id: bigint({ mode: 'number' }).notNull(),
    business_user_id: integer().notNull(),
    outlet_id: integer(),
    trx: jsonb().$type<Json>().notNull(),
    first_received_at: ts('first_received_at').notNull(),
    received_at: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.local_trx_id, t.kind] })],
);

export const passwordResetRequests = pgTable('password_reset_requests', {
  request_id: bigserial({ mode: 'number' }).primaryKey(),
  email: text().notNull(),
  business_user_id: integer(),
  subscription_user_type_status: text().notNull(),
  token_hash: text(),
  ip: text(),
  requested_at: ts('requested_at').notNull(),
  expires_at: ts('expires_at'),
  used_at: ts('used_at'),
});

export const emailOutbox = pgTable('email_outbox', {
  email_id: bigserial({ mode: 'number' }).primaryKey(),
  to_address: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  status: text().$type<'queued' | 'sent' | 'failed' | 'stored'>().notNull(),
  attempts: integer().notNull(),
  last_error: text(),
  created_at: ts('created_at').notNull(),
  sent_at: ts('sent_at'),
  /** 0005: a receipt's HTML part (body stays the plain-text part). */
  html_body: text(),
  /** 0005: the sale a receipt e-mail belongs to. */
  local_trx_id: text(),
});

export const appointments = pgTable('appointments', {
  appointment_id: bigserial({ mode: 'number' }).primaryKey(),
  local_appointment_id: text().notNull(),
  business_outlet_id: integer().notNull(),
  business_user_id: integer(),
  user_code: text(),
  user_name: text(),
  pos_sales_type_id: integer(),
  business_commission_worker_id: integer(),
  appointment_date: date({ mode: 'string' }),
  start_time: text(),
  end_time: text(),
  appointment_notes: text(),
  pos_local_trx_id: text(),
  pos_trx: jsonb().$type<Json>(),
  tags: jsonb().$type<unknown[]>().notNull(),
  status: text().notNull(),
  created_at: ts('created_at').notNull(),
  updated_at: ts('updated_at').notNull(),
});

export const catalogueEntities = pgTable(
  'catalogue_entities',
  {
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    kind: text().notNull(),
    entity_id: text().notNull(),
    outlet_ids: integer().array(),
    sort_order: integer().notNull(),
    doc: json().$type<Json>().notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.business_outlet_id, t.kind, t.entity_id] })],
);

/** migrations/0007: every change of a priced catalogue document (items, promos); seq is the catalogue version. */
export const catalogueHistory = pgTable('catalogue_history', {
  seq: bigserial({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  business_outlet_id: integer().notNull(),
  kind: text().notNull(),
  entity_id: text().notNull(),
  outlet_ids: integer().array(),
  /** null: deleted at this version */
  doc: json().$type<Json>(),
  changed_at: ts('changed_at').notNull(),
});

/** migrations/0007: the catalogue versions the configuration served to a brand's devices. */
export const catalogueVersionsServed = pgTable(
  'catalogue_versions_served',
  {
    business_id: integer().notNull(),
    catalogue_version: bigint({ mode: 'number' }).notNull(),
    first_served_at: ts('first_served_at').notNull(),
    last_served_at: ts('last_served_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.catalogue_version] })],
);
