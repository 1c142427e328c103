// The embedded database has no autovacuum, so the server refreshes the planner's statistics itself
// (server/db/statistics.ts): without them PGlite planned the stock list as 47,444 nested index lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  refreshPlannerStatistics,
  refreshPlannerStatisticsIfStale,
  STATISTICS_INTERVAL_MS,
} from '../../server/db/statistics';
import { PG_URL, startTestServer, type TestServer } from './helpers';

const statsOf = async (s: TestServer, table: string) =>
  Number(
    (
      await s.database.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1',
        [table],
      )
    )[0].n,
  );

describe('planner statistics on PGlite', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(() => s?.close());

  it('a seeded database has none until refreshed; then every column of the stock list’s tables has them', async () => {
    expect(await statsOf(s, 'stock_variants')).toBe(0);
    expect(await refreshPlannerStatistics(s.database)).toBe(true);
    expect(await statsOf(s, 'stock_variants')).toBeGreaterThan(0);
    expect(await statsOf(s, 'stock_balances')).toBeGreaterThan(0);
  });

  it('a start refreshes them only when the last refresh is old or the tables changed size by more than a quarter', async () => {
    const t0 = new Date('2026-11-28T00:00:00Z');
    const at = async () =>
      (await s.database.query<{ at: Date }>('SELECT analyzed_at AS at FROM planner_statistics', []))[0]?.at;
    expect(await refreshPlannerStatistics(s.database, t0)).toBe(true);
    expect(new Date(await at()).toISOString()).toBe(t0.toISOString());
    // an hour later, nothing grew: skipped (the browser tests' servers all start on one seeded copy)
    expect(await refreshPlannerStatisticsIfStale(s.database, new Date(t0.getTime() + 3_600_000))).toBe(false);
    // the interval passed: refreshed, and the time recorded
    const late = new Date(t0.getTime() + STATISTICS_INTERVAL_MS);
    expect(await refreshPlannerStatisticsIfStale(s.database, late)).toBe(true);
    expect(new Date(await at()).toISOString()).toBe(late.toISOString());
    // a bulk load right after: the tables' size moved, so the next start refreshes although it is recent
    await s.database.query(
      `CREATE TABLE bulk_probe AS SELECT g AS n, repeat('x', 200) AS pad FROM generate_series(1, 60000) g`,
      [],
    );
    expect(await statsOf(s, 'bulk_probe')).toBe(0);
    expect(await refreshPlannerStatisticsIfStale(s.database, new Date(late.getTime() + 60_000))).toBe(true);
    expect(await statsOf(s, 'bulk_probe')).toBeGreaterThan(0);
    await s.database.query('DROP TABLE bulk_probe', []);
  });
});

describe.runIf(PG_URL)('planner statistics on PostgreSQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pg');
  });
  afterAll(() => s?.close());

  it('are left to the server’s autovacuum', async () => {
    expect(await refreshPlannerStatistics(s.database)).toBe(false);
    expect(await refreshPlannerStatisticsIfStale(s.database)).toBe(false);
  });
});
