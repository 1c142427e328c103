// Drizzle mirror of migrations/0005_receipts.sql (the SQL file is the source of truth).
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
type Json = Record<string, unknown>;

/** queued → sent | failed (after the last attempt); stored = kept here because no transport is configured. */
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'stored';

export const receiptTokens = pgTable('receipt_tokens', {
  local_trx_id: text().primaryKey(),
  receipt_token: text().notNull(),
  created_at: ts('created_at').notNull(),
});

// email_outbox's columns added by 0005 (html_body, local_trx_id, status 'stored') are declared with the rest
// of the table in core.ts (test/server/schema checks every column against the migrated database).

export const smsOutbox = pgTable('sms_outbox', {
  sms_id: bigserial({ mode: 'number' }).primaryKey(),
  to_phone: text().notNull(),
  message: text().notNull(),
  local_trx_id: text(),
  status: text().$type<OutboxStatus>().notNull(),
  attempts: integer().notNull(),
  last_error: text(),
  created_at: ts('created_at').notNull(),
  sent_at: ts('sent_at'),
});

export const trxEdits = pgTable('trx_edits', {
  trx_edit_id: bigserial({ mode: 'number' }).primaryKey(),
  edit_session_id: text().notNull(),
  local_trx_id: text().notNull(),
  business_user_id: integer().notNull(),
  session_id: bigint({ mode: 'number' }),
  before: jsonb().$type<Json>().notNull(),
  after: jsonb().$type<Json>().notNull(),
  edited_at: ts('edited_at').notNull(),
});
