// The embedded database has no autovacuum, so the server refreshes the planner's statistics itself
// (server/db/statistics.ts): without them PGlite planned the stock list as 47,444 nested index lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlannerStatistics } from '../../server/db/statistics';
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
});

describe.runIf(PG_URL)('planner statistics on PostgreSQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pg');
  });
  afterAll(() => s?.close());

  it('are left to the server’s autovacuum', async () => {
    expect(await refreshPlannerStatistics(s.database)).toBe(false);
  });
});
