// Drizzle mirror of migrations/0020_device_events.sql (the SQL file is the source of truth).
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const deviceEvents = pgTable('device_events', {
  device_event_id: bigserial({ mode: 'number' }).primaryKey(),
  event_id: text().notNull().unique('device_events_event_id_key'),
  device_id: text(),
  chain_n: bigint({ mode: 'number' }),
  hash: text(),
  prev_hash: text(),
  event_type: text().notNull(),
  event_at: timestamp('event_at', { withTimezone: true, mode: 'date' }).notNull(),
  local_trx_id: text(),
  actor_user_id: integer(),
  event: jsonb().$type<Record<string, unknown>>().notNull(),
  business_id: integer().notNull(),
  business_outlet_id: integer(),
  business_user_id: integer().notNull(),
  received_at: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  flags: text().array().notNull().default([]),
});
