// Drizzle mirror of migrations/0048_customer_emr.sql (the medical sub-records and their audit, issue 25).
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customerEmr = pgTable('customer_emr', {
  customer_id: bigint({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  screening_rawat_jalan: jsonb().$type<unknown[]>().notNull().default([]),
  riwayat_alergi: jsonb().$type<unknown[]>().notNull().default([]),
  rekam_medis_tubuh: jsonb().$type<unknown[]>().notNull().default([]),
  persetujuan_medis: jsonb().$type<unknown[]>().notNull().default([]),
  discharge_planning: jsonb().$type<unknown[]>().notNull().default([]),
  updated_at: ts('updated_at').notNull(),
  updated_by: integer().notNull(),
});

export const emrAccessLog = pgTable('emr_access_log', {
  emr_access_id: bigserial({ mode: 'number' }).primaryKey(),
  business_id: integer().notNull(),
  business_outlet_id: integer(),
  business_user_id: integer().notNull(),
  customer_id: bigint({ mode: 'number' }),
  record: text().notNull(),
  action: text().notNull(),
  item_count: integer(),
  at: ts('at').notNull(),
});
