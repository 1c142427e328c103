// Drizzle mirror of migrations/0042_member_info.sql (member info photos, issue 24).
import { bigint, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea: a Buffer on both drivers (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => Buffer.from(v),
});

export const customerPhotos = pgTable('customer_photos', {
  photo_token: text().primaryKey(),
  business_id: integer().notNull(),
  customer_id: bigint({ mode: 'number' }).notNull(),
  content_type: text().notNull(),
  byte_size: integer().notNull(),
  bytes: bytea().notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
