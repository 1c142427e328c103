// The planner's statistics on the embedded database. PGlite is PostgreSQL in one process with no autovacuum,
// so nothing runs ANALYZE by itself: a data folder keeps the statistics of its last ANALYZE (or none), and
// with none the planner guesses a few rows per table. The stock list over 47,444 variants then ran as
// nested index lookups in 320–540 ms instead of hash joins in 90–150 ms (issue 13). A PostgreSQL server's
// autovacuum keeps them itself.
import type { Database } from './create-db';

/** Every 6 hours while the server runs: catalogues, ledgers and customers grow over a day. */
export const STATISTICS_INTERVAL_MS = 6 * 60 * 60_000;

/** ANALYZE on PGlite (it samples at most 30,000 rows a table: about 2 s for 100,000 items); nothing on PostgreSQL. */
export async function refreshPlannerStatistics(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.withConnection((c) => c.exec('ANALYZE'));
  return true;
}
