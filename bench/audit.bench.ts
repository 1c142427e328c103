// Audit log (issue 15): uploading a day's log of 5,000 events (5 batches of 1,000, chain verified) — target
// ≤ 2 s; with N background events of 40 days in device_events (the target names 1,000,000), opening an
// outlet's day of ~5,000 events (≤ 500 ms) and replaying one transaction (≤ 100 ms). Through app.inject
// (routing, auth, validation, queries, re-verification, JSON). PGlite in memory.
// Run: npx tsx bench/audit.bench.ts [--events 100000] [--runs 10]
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { createDb } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { fixedClock } from '../server/lib/clock';
import { outletDate } from '../src/domain/history';
import { linkEvents, randomGenesis } from '../src/events/chain';
import { call, signIn } from '../test/server/helpers';
import { outletConfig } from '../test/server/pos/fixtures';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const BACKGROUND = Number(arg('--events', '100000'));
const RUNS = Number(arg('--runs', '10'));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const database = await createDb({});
  await migrate(database);
  const clock = fixedClock(new Date());
  await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
  const app = await buildApp({ db: database, clock, integrations: standInIntegrations() });
  const owner = await signIn(app, 'demo@serambi.id');
  await outletConfig(app, owner, 1);

  // background: N events over the 40 days before today, one INSERT … SELECT
  let t = performance.now();
  await database.query(
    `INSERT INTO device_events (event_id, device_id, chain_n, hash, prev_hash, event_type, event_at, local_trx_id,
       actor_user_id, event, business_id, business_outlet_id, business_user_id, received_at)
     SELECT 'bg-' || g, 'bg-device-' || (g % 50), g, md5(g::text) || md5(g::text), md5((g-1)::text) || md5((g-1)::text),
       'trx.notesSet', now() - ((1 + g % 40) || ' days')::interval, 'bg-trx-' || (g / 20), 2,
       jsonb_build_object('id', 'bg-' || g, 'type', 'trx.notesSet', 'v', 1, 'at', now(), 'actor', 2, 'payload', '{}'::jsonb),
       1, 1 + g % 2, 2, now()
     FROM generate_series(1, $1::int) AS g`,
    [BACKGROUND],
  );
  console.log(`seeded ${BACKGROUND} background events in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // a day's log: 250 sales of 20 events, one device
  const raw = Array.from({ length: 5000 }, (_, i) => ({
    id: `day-${i}`,
    type: i % 20 === 0 ? 'trx.started' : i % 20 === 5 ? 'trx.lineRemoved' : 'trx.lineAdded',
    v: 1,
    at: new Date(Date.now() - (5000 - i) * 1000).toISOString(),
    actor: 2,
    trxId: `day-trx-${Math.floor(i / 20)}`,
    payload: {
      line: { local_trx_detail_id: `d-${i}`, qty: 1, itemMeta: { item_name: 'Potong Rambut' } },
      totals: { drv_gross_total: 100_000, drv_total_discount_nominal: 5_000, drv_grand_total: 95_000 },
    },
  }));
  const { events } = await linkEvents(raw, { device: 'bench-device', n: 0, hash: randomGenesis() });
  t = performance.now();
  for (let i = 0; i < events.length; i += 1000) {
    const r = await call(app, owner, {
      method: 'POST',
      url: '/cashier/audit/events',
      payload: { events: events.slice(i, i + 1000) },
    });
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  console.log(`upload of 5,000 events (5 × 1,000): ${(performance.now() - t).toFixed(0)} ms (target ≤ 2000)`);

  const day = outletDate(new Date());
  const dayTimes: number[] = [];
  const trxTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    const r = await call(app, owner, { method: 'GET', url: `/cashier/audit/day?outlet_id=1&date=${day}` });
    dayTimes.push(performance.now() - t);
    if (r.statusCode !== 200) throw new Error(r.body);
    t = performance.now();
    const q = await call(app, owner, { method: 'GET', url: `/cashier/audit/trx/day-trx-${i * 7}` });
    trxTimes.push(performance.now() - t);
    if (q.statusCode !== 200) throw new Error(q.body);
  }
  console.log(
    `open an outlet's day (~5,000 events of ${BACKGROUND + 5000}): p50 ${pct(dayTimes, 50).toFixed(0)} ms p95 ${pct(dayTimes, 95).toFixed(0)} ms (target ≤ 500)`,
  );
  console.log(
    `replay one transaction (20 events): p50 ${pct(trxTimes, 50).toFixed(1)} ms p95 ${pct(trxTimes, 95).toFixed(1)} ms (target ≤ 100)`,
  );
  await app.close();
  await database.close();
}

void main();
