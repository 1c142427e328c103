// Drizzle mirror of migrations/0020_device_events.sql and 0033_device_events_owner.sql (the SQL files are the
// source of truth).
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const deviceEvents = pgTable(
  'device_events',
  {
    device_event_id: bigserial({ mode: 'number' }).primaryKey(),
    event_id: text().notNull(),
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
    /** the uploading session's outlet (business_outlet_id is the outlet the event is filed under) */
    upload_outlet_id: integer(),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    flags: text().array().notNull().default([]),
  },
  (t) => [unique('device_events_business_event_key').on(t.business_id, t.event_id)],
);

/** The business that first wrote each device id's chain, and whether another business uploaded under it. */
export const deviceChains = pgTable('device_chains', {
  device_id: text().primaryKey(),
  business_id: integer().notNull(),
  business_outlet_id: integer(),
  business_user_id: integer().notNull(),
  first_at: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull(),
  claimed_at: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  claimed_events: integer().notNull().default(0),
});
