// Drizzle mirror of migrations/0053_customer_sessions.sql (the SQL file is the source of truth).
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customerFlowStatuses = pgTable(
  'customer_flow_statuses',
  {
    business_id: integer().notNull(),
    status_name: text().notNull(),
    sort_order: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.status_name] })],
);

export const customerSessionCounters = pgTable(
  'customer_session_counters',
  {
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    session_date: date({ mode: 'string' }).notNull(),
    last_number: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.business_outlet_id, t.session_date] })],
);

export const customerSessions = pgTable(
  'customer_sessions',
  {
    user_business_session_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    business_user_id: integer().notNull(),
    local_session_id: text().notNull(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    session_date: date({ mode: 'string' }).notNull(),
    nomor_urut: integer().notNull(),
    pendaftaran_time: text().notNull(),
    status: text().notNull(),
    created_at: ts('created_at').notNull(),
    deleted_at: ts('deleted_at'),
    deleted_by: integer(),
  },
  (t) => [
    unique('customer_sessions_local_key').on(t.business_id, t.local_session_id),
    unique('customer_sessions_number_key').on(
      t.business_id,
      t.business_outlet_id,
      t.session_date,
      t.nomor_urut,
    ),
    index('customer_sessions_day_idx').on(t.business_id, t.business_outlet_id, t.session_date),
  ],
);

export const customerSessionChanges = pgTable(
  'customer_session_changes',
  {
    change_id: bigserial({ mode: 'number' }).primaryKey(),
    business_id: integer().notNull(),
    user_business_session_id: bigint({ mode: 'number' }).notNull(),
    local_change_id: text().notNull(),
    status_before: text().notNull(),
    status_after: text().notNull(),
    action_date: text().notNull(),
    business_user_id: integer().notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    unique('customer_session_changes_local_key').on(t.business_id, t.local_change_id),
    index('customer_session_changes_session_idx').on(t.user_business_session_id, t.change_id),
  ],
);
