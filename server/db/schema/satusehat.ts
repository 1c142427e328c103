// Drizzle mirror of migrations/0050_satusehat.sql (EMR setup, spec 001 §2.14, ruling 11).
import { bigint, bigserial, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const emrOrganizations = pgTable('emr_organizations', {
  emr_organization_id: bigserial({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  organization_name: text().notNull(),
  parent_emr_organization_id: bigint({ mode: 'number' }),
  satusehat_organization_id: text(),
  is_active: smallint().notNull().default(1),
  created_at: ts('created_at').notNull(),
  updated_at: ts('updated_at').notNull(),
});

export const emrLocations = pgTable('emr_locations', {
  emr_location_id: bigserial({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  location_name: text().notNull(),
  parent_emr_location_id: bigint({ mode: 'number' }),
  emr_organization_id: bigint({ mode: 'number' }),
  satusehat_location_id: text(),
  is_active: smallint().notNull().default(1),
  created_at: ts('created_at').notNull(),
  updated_at: ts('updated_at').notNull(),
});
