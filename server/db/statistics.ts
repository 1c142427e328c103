// The planner's statistics on the embedded database. PGlite is PostgreSQL in one process with no autovacuum,
// so nothing runs ANALYZE by itself: a data folder keeps the statistics of its last ANALYZE (or none), and
// with none the planner guesses a few rows per table. The stock list over 47,444 variants then ran as
// nested index lookups in 320–540 ms instead of hash joins in 90–150 ms (issue 13). A PostgreSQL server's
// autovacuum keeps them itself.
import type { Database } from './create-db';

/** Every 6 hours while the server runs: catalogues, ledgers and customers grow over a day. */
export const STATISTICS_INTERVAL_MS = 6 * 60 * 60_000;
/** A start refreshes them anyway when the tables grew or shrank by more than this share since (a bulk load). */
const SIZE_DRIFT = 0.25;

const TABLE_BYTES = `SELECT coalesce(sum(pg_table_size(c.oid)), 0)::text AS bytes
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname = current_schema()`;

/** ANALYZE on PGlite (it samples at most 30,000 rows a table: about 2 s for 100,000 items); nothing on PostgreSQL. */
export async function refreshPlannerStatistics(database: Database, now = new Date()): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.withConnection((c) => c.exec('ANALYZE'));
  const [{ bytes }] = await database.query<{ bytes: string }>(TABLE_BYTES, []);
  await database.query(
    `INSERT INTO planner_statistics (id, analyzed_at, table_bytes) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET analyzed_at = excluded.analyzed_at, table_bytes = excluded.table_bytes`,
    [now.toISOString(), bytes],
  );
  return true;
}

/**
 * At start: the refresh above unless the last one is younger than the interval and the tables' size has not
 * moved by more than a quarter since (every browser-test server starts on a copy of one seeded folder, and a
 * restart of an outlet's server does not need it).
 */
export async function refreshPlannerStatisticsIfStale(
  database: Database,
  now = new Date(),
): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  const [last] = await database.query<{ analyzed_at: Date | string; table_bytes: string }>(
    'SELECT analyzed_at, table_bytes::text AS table_bytes FROM planner_statistics WHERE id = 1',
    [],
  );
  if (last) {
    const [{ bytes }] = await database.query<{ bytes: string }>(TABLE_BYTES, []);
    const age = now.getTime() - new Date(last.analyzed_at).getTime();
    const drift = Math.abs(Number(bytes) - Number(last.table_bytes)) / Math.max(1, Number(last.table_bytes));
    if (age >= 0 && age < STATISTICS_INTERVAL_MS && drift <= SIZE_DRIFT) return false;
  }
  return refreshPlannerStatistics(database, now);
}
