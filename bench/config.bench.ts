// Config call (GET cashier/config?outlet_id=1): server time and response size, for the demo catalogue and
// for the demo plus a generated 20,000-item catalogue. Run: npx tsx bench/config.bench.ts [--items 20000]
// BENCH_RUNS=N changes the 15 runs. A device holding the answer revalidates it: the `304` line.
// On PGlite in memory by default; BENCH_DATABASE_URL=postgres://… measures on a PostgreSQL server instead.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { createDb } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { largeCatalogue } from '../server/db/demo/large';
import { migrate } from '../server/db/migrate';
import { loadLargeCatalogue, seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { systemClock } from '../server/lib/clock';

const argv = process.argv.slice(2);
const itemsArg = argv.indexOf('--items');
const LARGE_ITEMS = itemsArg >= 0 ? Number(argv[itemsArg + 1]) : 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const pgUrl = process.env.BENCH_DATABASE_URL;
const schema = pgUrl ? `bench_${Date.now()}` : undefined;

const ms = (ns: bigint) => Number(ns) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(app: FastifyInstance, headers: Record<string, string>, label: string) {
  const url = '/cashier/config?outlet_id=1';
  for (const encoding of ['identity', 'gzip', 'br'] as const) {
    const times: number[] = [];
    let size = 0;
    let items = 0;
    for (let i = 0; i < RUNS + 2; i++) {
      const t0 = process.hrtime.bigint();
      const r = await app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-encoding': encoding },
      });
      const t = ms(process.hrtime.bigint() - t0);
      if (r.statusCode !== 200) throw new Error(`config answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
      if (i >= 2) times.push(t); // the first two warm the caches and the JIT
      size = r.rawPayload.length;
      if (encoding === 'identity' && i === 0) items = (r.json().data.pos_items as unknown[]).length;
    }
    const extra = encoding === 'identity' ? ` pos_items=${items}` : '';
    console.log(
      `${label.padEnd(22)} ${encoding.padEnd(8)} median=${pct(times, 0.5).toFixed(1)} ms p90=${pct(times, 0.9).toFixed(1)} ms size=${(size / 1024).toFixed(1)} KiB${extra}`,
    );
  }
  // a device that holds the answer revalidates it (If-None-Match → 304, issue 28)
  const first = await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'gzip' } });
  const etag = first.headers.etag;
  if (typeof etag !== 'string') return;
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = process.hrtime.bigint();
    const r = await app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    if (i >= 2) times.push(ms(process.hrtime.bigint() - t0));
    status = r.statusCode;
  }
  console.log(
    `${label.padEnd(22)} ${'304'.padEnd(8)} median=${pct(times, 0.5).toFixed(1)} ms p90=${pct(times, 0.9).toFixed(1)} ms status=${status}`,
  );
}

const database = await createDb(pgUrl ? { databaseUrl: pgUrl, schema } : {});
try {
  await migrate(database);
  await seedIfEmpty(database, () => demoBusiness(), systemClock);
  const app = await buildApp({ db: database, clock: systemClock, integrations: standInIntegrations() });
  const signIn = await app.inject({
    method: 'POST',
    url: '/cashier/pos/auth/sign-in',
    payload: { email: 'demo@serambi.id', password: 'demo1234' },
  });
  const { client_key, login_token } = signIn.json().data;
  const headers = {
    Authorization: client_key,
    'APP-Token': login_token,
    'Authorization-Type': 'business_user',
  };
  console.log(`database: ${pgUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; ${RUNS} runs each`);
  await measure(app, headers, 'demo');
  const t0 = Date.now();
  await loadLargeCatalogue(
    database,
    1,
    largeCatalogue({ items: LARGE_ITEMS, customers: 0, seed: 1 }),
    systemClock,
  );
  console.log(`(loaded ${LARGE_ITEMS} generated items in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await measure(app, headers, `demo + ${LARGE_ITEMS} items`);
  await app.close();
} finally {
  if (schema) await database.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
  await database.close();
}
