// The fault scenario of sync-faults.test.ts against PostgreSQL: the server process runs with
// DATABASE_URL on a fresh schema of TEST_DATABASE_URL (concurrent duplicates really race here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, requirePg } from '../server/helpers';
import { problems, summary } from './checks';
import { runScenario } from './scenario';
import { createServerControl, type ServerControl } from './server-control';

const skip = requirePg();
const SALES = 10;

describe.skipIf(skip)('sync under faults (PostgreSQL server process)', () => {
  let server: ServerControl;
  beforeAll(async () => {
    server = await createServerControl({ kind: 'pg', url: PG_URL as string });
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const cases: [number, NodeJS.Signals[]][] = [
    [11, ['SIGTERM']],
    [12, ['SIGKILL']],
  ];
  it.each(cases)(
    'seed %i: every completed sale on the server once, totals equal, replay changes nothing',
    async (seed, restarts) => {
      const stopsBefore = server.stats.stops.length;
      const r = await runScenario({ seed, sales: SALES, server, restarts });
      const stops = server.stats.stops.slice(stopsBefore);
      console.log(summary(r, stops));
      expect(problems(r)).toEqual([]);
      expect(r.outcomes.filter((o) => o.completed)).toHaveLength(SALES);
      expect(r.faults.restarts).toEqual({ [restarts[0]]: 1 });
      expect(r.fingerprintAfter).toEqual(r.fingerprintBefore);
      expect(r.batchPosts).toBeGreaterThan(0);
    },
    300_000,
  );
});
