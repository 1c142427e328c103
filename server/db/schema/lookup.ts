// Drizzle mirror of migrations/0004_cashier_lookups.sql (the SQL file is the source of truth; its
// pin_validation_attempts moved to auth_attempts in 0010, see core.ts).
import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './member';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customerActivities = pgTable('customer_activities', {
  customer_activity_id: bigserial({ mode: 'number' }).primaryKey(),
  local_trx_id: text().notNull(),
  customer_id: bigint({ mode: 'number' }).notNull(),
  business_outlet_id: integer(),
  business_user_id: integer(),
  activity_notes: text(),
  notes_for_cashier: text(),
  pos_area_id: integer(),
  icd_10_id: integer(),
  skri: text(),
  str: text(),
  soap_subject: text(),
  soap_object: text(),
  soap_assessment: text(),
  soap_planning: text(),
  synced_at: ts('synced_at'),
  modified_by: integer(),
  modified_at: ts('modified_at'),
  created_at: ts('created_at').notNull(),
  // 0050: the SATUSEHAT outbox (server/services/satusehat-outbox.ts)
  sync_attempts: integer().notNull().default(0),
  sync_next_at: ts('sync_next_at'),
  sync_claim: text(),
  sync_claimed_until: ts('sync_claimed_until'),
  sync_error: text(),
  satusehat_encounter_id: text(),
  /** 0045: the customer's business; Hapus sets deleted_at (the row stays) */
  business_id: integer(),
  deleted_at: ts('deleted_at'),
});

export const customerActivityPhotos = pgTable('customer_activity_photos', {
  customer_activity_photo_id: bigserial({ mode: 'number' }).primaryKey(),
  customer_activity_id: bigint({ mode: 'number' }).notNull(),
  photo_url: text().notNull(),
  photo_desc: text(),
  created_at: ts('created_at').notNull(),
  /** 0045: the photo's blob, served by /cashier/customer-activity/photo/{photo_token} */
  photo_token: text(),
  content_type: text(),
  byte_size: integer(),
  bytes: bytea(),
  position: integer().notNull().default(0),
});

/** 0045: the shipped ICD-10 list (server/db/data/icd10.csv); icd_10_id is the file's line number. */
export const icd10 = pgTable('icd_10', {
  icd_10_id: integer().primaryKey(),
  skri: text().notNull(),
  str: text().notNull(),
  str_id: text().notNull(),
});
