// Drizzle mirror of migrations/0011_pos_shifts.sql and 0023_pos_shift_open.sql (the SQL file is the source of truth).
import { bigint, bigserial, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const money = () => numeric({ precision: 18, scale: 2 });
type Json = Record<string, unknown>;

export const posShifts = pgTable('pos_shifts', {
  pos_shift_id: bigserial({ mode: 'number' }).primaryKey(),
  local_shift_id: text().notNull().unique('pos_shifts_local_shift_id_key'),
  business_id: integer().notNull(),
  business_outlet_id: integer().notNull(),
  business_user_id: integer().notNull(),
  session_id: bigint({ mode: 'number' }),
  shift_start: text().notNull(),
  /** NULL while the shift is open (ruling 26). */
  shift_end: text(),
  cash_start: money().notNull(),
  /** NULL: not counted (issue 23 item 11). */
  cash_end_actual: money(),
  cash_end_expected: money(),
  cashier_name: text(),
  outlet_name: text(),
  device_trxs: jsonb().$type<Json>(),
  server_trxs: jsonb().$type<Json>(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const posShiftExpenses = pgTable('pos_shift_expenses', {
  pos_shift_expense_id: bigserial({ mode: 'number' }).primaryKey(),
  pos_shift_id: bigint({ mode: 'number' }).notNull(),
  expense_key: text().notNull(),
  expense_title: text().notNull(),
  expense_amount: money().notNull(),
});
