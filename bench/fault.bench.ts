/**
 * The seeded fault harness (test/fault) as a long run: SEEDS seeds × SALES sales, each with random
 * drops, lost answers, duplicates, delays past the time-out and server restarts (SIGTERM and SIGKILL)
 * while sales are posted; then sync until the outbox is empty and the double replay. Prints one line
 * per seed and every problem found (a lost or doubled sale, a total that differs, a ledger row
 * written twice, a database changed by the replay); exits 1 when any seed failed — pin that seed in
 * test/fault/sync-faults.test.ts.
 *   SEEDS=10 SALES=40 npx tsx bench/fault.bench.ts            (PGlite server process)
 *   BACKEND=pg TEST_DATABASE_URL=postgres://… npx tsx bench/fault.bench.ts
 *   FIRST_SEED=100 to start elsewhere. The sync uses the batch call (issue 28) except on every fourth seed
 *   (one sale per request); BATCH=0 (or BATCH=n) sets it for every seed.
 */
import 'fake-indexeddb/auto';
import { problems, summary } from '../test/fault/checks';
import { runScenario } from '../test/fault/scenario';
import { createServerControl, type FaultBackend } from '../test/fault/server-control';

const SEEDS = Number(process.env.SEEDS ?? 5);
const SALES = Number(process.env.SALES ?? 30);
const FIRST = Number(process.env.FIRST_SEED ?? 1000);
const backend: FaultBackend =
  process.env.BACKEND === 'pg'
    ? { kind: 'pg', url: process.env.TEST_DATABASE_URL ?? '' }
    : { kind: 'pglite' };
if (backend.kind === 'pg' && !backend.url) throw new Error('BACKEND=pg needs TEST_DATABASE_URL');

async function main(): Promise<void> {
  console.log(`fault harness: ${SEEDS} seeds × ${SALES} sales on ${backend.kind} (seeds ${FIRST}…)`);
  const server = await createServerControl(backend);
  const failed: number[] = [];
  let sales = 0;
  let requests = 0;
  const t0 = performance.now();
  try {
    for (let i = 0; i < SEEDS; i++) {
      const seed = FIRST + i;
      // alternate the restart kinds; every third seed does both
      const restarts: NodeJS.Signals[] =
        i % 3 === 2 ? ['SIGTERM', 'SIGKILL'] : i % 2 === 0 ? ['SIGTERM'] : ['SIGKILL'];
      const stopsBefore = server.stats.stops.length;
      // the sync's batch call (issue 28) on most seeds, one sale per request on every fourth (BATCH=n: all n)
      const batch = process.env.BATCH !== undefined ? Number(process.env.BATCH) : i % 4 === 3 ? 0 : undefined;
      const r = await runScenario({ seed, sales: SALES, server, restarts, batch });
      const stops = server.stats.stops.slice(stopsBefore);
      const found = problems(r);
      // known (test/fault/shutdown.test.ts): a request in flight at SIGTERM keeps the process alive
      const hung = stops.filter((s) => s.forced && s.signal === 'SIGTERM').length;
      sales += r.outcomes.length;
      requests += r.faults.requests;
      console.log(`${found.length === 0 ? 'ok  ' : 'FAIL'} ${summary(r, stops)}`);
      for (const p of found) console.log(`     ${p}`);
      if (hung) console.log(`     note: ${hung} SIGTERM stop(s) did not exit within the grace; SIGKILLed`);
      if (found.length > 0) failed.push(seed);
    }
  } finally {
    await server.dispose();
  }
  const s = (performance.now() - t0) / 1000;
  console.log(
    `${SEEDS - failed.length}/${SEEDS} seeds passed · ${sales} sales · ${requests} faulty-channel requests · ${s.toFixed(0)} s` +
      (failed.length ? ` · failing seeds: ${failed.join(', ')}` : ''),
  );
  if (failed.length) process.exitCode = 1;
}

void main();
