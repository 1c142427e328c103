// Drizzle mirror of migrations/0067_config_catalogue_cache.sql (derived data: the configuration's catalogue part per
// outlet and catalogue generation; the SQL file is the source of truth, its triggers live there).
import { bigint, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './member';

export const catalogueGenerations = pgTable('catalogue_generations', {
  business_id: integer().primaryKey(),
  generation: bigint({ mode: 'number' }).notNull(),
});

export const configCatalogueCache = pgTable(
  'config_catalogue_cache',
  {
    business_id: integer().notNull(),
    business_outlet_id: integer().notNull(),
    generation: bigint({ mode: 'number' }).notNull(),
    body_deflate: bytea().notNull(),
    body_bytes: integer().notNull(),
    body_crc32: bigint({ mode: 'number' }).notNull(),
    built_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.business_outlet_id] })],
);
