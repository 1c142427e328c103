// Audit log (issue 15): uploading a day's log of 5,000 events (chain verified; A/B 5 calls of 1,000 vs 10 of 500; one call
// holds ≤ 1,000 since issue 23 item 3, and a flood of 5,000 one-event chains with sales timed meanwhile) — target
// ≤ 2 s; with N background events of 40 days in device_events (the target names 1,000,000), opening an
// outlet's day of ~5,000 events (≤ 500 ms) and replaying one transaction (≤ 100 ms). Issue 28's goals: upload ≤ 1 s,
// day ≤ 300 ms; a sale's wait is timed while today's log and the flood are uploaded. Through app.inject
// (routing, auth, validation, queries, re-verification, JSON). PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL.
// Run: [BENCH_DATABASE_URL=postgres://…] npx tsx bench/audit.bench.ts [--events 100000] [--runs 10] [--ab 2]
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
import { line, outletConfig, sale, submit } from '../test/server/pos/fixtures';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const BACKGROUND = Number(arg('--events', '100000'));
const RUNS = Number(arg('--runs', '10'));
const AB_ROUNDS = Number(arg('--ab', '2'));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  // PGlite in memory by default; BENCH_DATABASE_URL=postgres://… measures on a PostgreSQL server (own schema)
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const schema = pgUrl ? `bench_audit_${Date.now()}` : undefined;
  const database = await createDb(pgUrl ? { databaseUrl: pgUrl, schema } : {});
  await migrate(database);
  const clock = fixedClock(new Date());
  await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
  const app = await buildApp({ db: database, clock, integrations: standInIntegrations() });
  const owner = await signIn(app, 'demo@serambi.id');
  await outletConfig(app, owner, 1);

  // background: N events over the 40 days before today, one INSERT … SELECT
  const t = performance.now();
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
  const dayLog = (prefix: string, daysAgo: number) =>
    Array.from({ length: 5000 }, (_, i) => ({
      id: `${prefix}-${i}`,
      type: i % 20 === 0 ? 'trx.started' : i % 20 === 5 ? 'trx.lineRemoved' : 'trx.lineAdded',
      v: 1,
      at: new Date(Date.now() - daysAgo * 86_400_000 - (5000 - i) * 1000).toISOString(),
      actor: 2,
      trxId: `${prefix}-trx-${Math.floor(i / 20)}`,
      payload: {
        line: { local_trx_detail_id: `d-${i}`, qty: 1, itemMeta: { item_name: 'Potong Rambut' } },
        totals: { drv_gross_total: 100_000, drv_total_discount_nominal: 5_000, drv_grand_total: 95_000 },
      },
    }));
  const upload = async (events: unknown[], batch: number) => {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < events.length; i += batch) {
      const r = await call(app, owner, {
        method: 'POST',
        url: '/cashier/audit/events',
        payload: { events: events.slice(i, i + batch) },
      });
      if (r.statusCode !== 200) throw new Error(r.body);
    }
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - t0, cpuMs: (used.user + used.system) / 1000 };
  };
  // A/B, alternating (the machine is shared): 5 calls of 1,000 (before) vs 1 call of 5,000 (now), each a fresh
  // device's day 10+ days back (the day measured below stays ~5,000 events). CPU: this process's (PGlite runs in it).
  const ab: Record<string, Array<{ ms: number; cpuMs: number }>> = { '5 × 1,000': [], '10 × 500': [] };
  for (let round = 0; round < AB_ROUNDS; round++) {
    for (const [name, batch] of [
      ['5 × 1,000', 1000],
      ['10 × 500', 500],
    ] as const) {
      const { events } = await linkEvents(dayLog(`ab-${round}-${batch}`, 10 + round), {
        device: `ab-device-${round}-${batch}`,
        n: 0,
        hash: randomGenesis(),
      });
      ab[name].push(await upload(events, batch));
    }
  }
  for (const [name, xs] of Object.entries(ab))
    console.log(
      `upload of 5,000 events (${name}): wall ${xs.map((x) => x.ms.toFixed(0)).join(' / ')} ms, CPU ${xs.map((x) => x.cpuMs.toFixed(0)).join(' / ')} ms (target ≤ 2000)`,
    );
  const { events } = await linkEvents(dayLog('day', 0), {
    device: 'bench-device',
    n: 0,
    hash: randomGenesis(),
  });
  // issue 28: a sale's wait while a day's log of one device is uploaded (bigger chunks than issue 23's 50)
  const till = await outletConfig(app, owner, 1);
  const timeSale = async () => {
    const t = performance.now();
    const r = await submit(app, owner, [sale(till, [line(till, 1072)])]);
    if (r.statusCode !== 200) throw new Error(r.body);
    return performance.now() - t;
  };
  await timeSale();
  const quiet: number[] = [];
  for (let i = 0; i < 10; i++) quiet.push(await timeSale());
  let todayDone = false;
  const uploading = upload(events, 1000).finally(() => {
    todayDone = true;
  });
  const meanwhile: number[] = [];
  while (!todayDone) {
    meanwhile.push(await timeSale());
    await new Promise((r) => setTimeout(r, 20));
  }
  const today = await uploading;
  console.log(
    `upload of today's 5,000 events (5 × 1,000): ${today.ms.toFixed(0)} ms, CPU ${today.cpuMs.toFixed(0)} ms (sales included); sale alone p50 ${pct(quiet, 50).toFixed(0)} max ${Math.max(...quiet).toFixed(0)} ms; ${meanwhile.length} sales meanwhile p50 ${pct(meanwhile, 50).toFixed(0)} p95 ${pct(meanwhile, 95).toFixed(0)} max ${Math.max(...meanwhile).toFixed(0)} ms`,
  );
  // issue 23 item 3: 5,000 one-event chains (5 calls of 1,000 at once) while sales are timed
  const flood = Array.from({ length: 5000 }, (_, i) => i);
  const floodEvents: unknown[] = [];
  for (const i of flood)
    floodEvents.push(
      (
        await linkEvents(
          [
            {
              id: `flood-${i}`,
              type: 'trx.notesSet',
              v: 1,
              at: new Date().toISOString(),
              actor: 1,
              trxId: `flood-trx-${i}`,
              payload: {},
            },
          ],
          { device: `flood-device-${i}`, n: 0, hash: randomGenesis() },
        )
      ).events[0],
    );
  const kemang = till;
  const saleMs = async () => {
    const t = performance.now();
    const r = await submit(app, owner, [sale(kemang, [line(kemang, 1072)])]);
    if (r.statusCode !== 200) throw new Error(r.body);
    return performance.now() - t;
  };
  await saleMs();
  const alone: number[] = [];
  for (let i = 0; i < 10; i++) alone.push(await saleMs());
  let floodDone = false;
  const f0 = performance.now();
  const floodCalls = Promise.all(
    [0, 1, 2, 3, 4].map((k) =>
      call(app, owner, {
        method: 'POST',
        url: '/cashier/audit/events',
        payload: { events: floodEvents.slice(k * 1000, (k + 1) * 1000) },
      }),
    ),
  ).finally(() => {
    floodDone = true;
  });
  const during: number[] = [];
  while (!floodDone) {
    during.push(await saleMs());
    await new Promise((r) => setTimeout(r, 20));
  }
  await floodCalls;
  console.log(
    `5,000 one-event chains (5 × 1,000 at once): ${(performance.now() - f0).toFixed(0)} ms; sale alone p50 ${pct(alone, 50).toFixed(0)} max ${Math.max(...alone).toFixed(0)} ms; ${during.length} sales meanwhile p50 ${pct(during, 50).toFixed(0)} p95 ${pct(during, 95).toFixed(0)} max ${Math.max(...during).toFixed(0)} ms (target: ≤ 200 ms beyond a sale alone)`,
  );

  const day = outletDate(new Date());
  const measureDay = async (label: string) => {
    const dayTimes: number[] = [];
    const dayCpu: number[] = [];
    const trxTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let cpu = process.cpuUsage();
      let t = performance.now();
      const r = await call(app, owner, { method: 'GET', url: `/cashier/audit/day?outlet_id=1&date=${day}` });
      dayTimes.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      dayCpu.push((used.user + used.system) / 1000);
      if (r.statusCode !== 200) throw new Error(r.body);
      cpu = process.cpuUsage();
      t = performance.now();
      const q = await call(app, owner, { method: 'GET', url: `/cashier/audit/trx/day-trx-${i * 7}` });
      trxTimes.push(performance.now() - t);
      if (q.statusCode !== 200) throw new Error(q.body);
    }
    console.log(
      `[${label}] open an outlet's day (~5,000 events of ${BACKGROUND + 5000 * (1 + 2 * AB_ROUNDS)}): p50 ${pct(dayTimes, 50).toFixed(0)} ms p95 ${pct(dayTimes, 95).toFixed(0)} ms, CPU p50 ${pct(dayCpu, 50).toFixed(0)} ms (target ≤ 500)`,
    );
    console.log(
      `[${label}] replay one transaction (20 events): p50 ${pct(trxTimes, 50).toFixed(1)} ms p95 ${pct(trxTimes, 95).toFixed(1)} ms (target ≤ 100)`,
    );
  };
  // A/B of migration 0024's index, alternating: now (0024) / before (0020's index) / now
  const before = async () => {
    await database.query('DROP INDEX device_events_outlet_day_trx_idx', []);
    await database.query(
      'CREATE INDEX device_events_outlet_day_idx ON device_events (business_id, business_outlet_id, event_at)',
      [],
    );
    await database.query('ANALYZE device_events', []);
  };
  const after = async () => {
    await database.query('DROP INDEX device_events_outlet_day_idx', []);
    await database.query(
      'CREATE INDEX device_events_outlet_day_trx_idx ON device_events (business_id, business_outlet_id, event_at, device_id, chain_n) WHERE local_trx_id IS NOT NULL',
      [],
    );
    await database.query('ANALYZE device_events', []);
  };
  await database.query('ANALYZE device_events', []);
  await measureDay('0024');
  await before();
  await measureDay('0020');
  await after();
  await measureDay('0024');
  await app.close();
  if (schema) await database.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
  await database.close();
}

void main();
