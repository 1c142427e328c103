// Drizzle mirror of migrations/0079_planner_statistics.sql (one row: the embedded database's last ANALYZE).
import { bigint, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

export const plannerStatistics = pgTable('planner_statistics', {
  id: smallint().primaryKey().default(1),
  analyzed_at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  table_bytes: bigint({ mode: 'number' }).notNull(),
});
