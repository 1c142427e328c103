// Two server processes on one database (issue 28): each process is an app (app.inject) on the SAME schema,
// posting N sales of one outlet eight at a time; run one alone, then two started at the same moment (START,
// ms since the epoch), and compare the sum of the rates and the CPU per sale.
//   SCHEMA=bench_two MODE=seed npx tsx bench/ingest-processes.bench.ts      (once; MODE=drop at the end)
//   SCHEMA=bench_two N=300 [START=…] TEST_DATABASE_URL=… npx tsx bench/ingest-processes.bench.ts
import { loadavg } from 'node:os';
import { saleMix } from './sale-mix';

const root = process.env.ROOT ?? '..';
// biome-ignore lint/suspicious/noExplicitAny: a tree's modules loaded by path (ROOT)
const m = (p: string): Promise<any> => import(`${root}/${p}`);
const { buildApp } = await m('server/app');
const { createDb } = await m('server/db/create-db');
const { demoBusiness } = await m('server/db/demo');
const { migrate } = await m('server/db/migrate');
const { seedIfEmpty } = await m('server/db/seed');
const { standInIntegrations } = await m('server/integrations');
const { systemClock } = await m('server/lib/clock');
const { signIn } = await m('test/server/helpers');
const { line, outletConfig, sale, submit } = await m('test/server/pos/fixtures');
const schema = process.env.SCHEMA!;
const db = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 10 });
if (process.env.MODE === 'seed') {
  await migrate(db);
  await seedIfEmpty(db, () => demoBusiness(), systemClock);
  await db.close();
  process.exit(0);
}
if (process.env.MODE === 'drop') {
  await db.withConnection((c: { exec(sql: string): Promise<unknown> }) =>
    c.exec(`DROP SCHEMA ${schema} CASCADE`),
  );
  await db.close();
  process.exit(0);
}
const N = Number(process.env.N ?? 300);
const app = await buildApp({ db, clock: systemClock, integrations: standInIntegrations() });
const t = await signIn(app, 'demo@serambi.id');
const config = await outletConfig(app, t, 1);
const customer = demoBusiness().customers[1].user_code;
const makeSales = (n: number) => saleMix({ line, sale }, config, n, customer);
for (const trx of makeSales(20)) await submit(app, t, [trx], 1);
const batch = makeSales(N);
// start together: wait for the wall-clock second given in START
if (process.env.START)
  await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.START) - Date.now())));
let next = 0;
const c0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < batch.length) {
      const r = await submit(app, t, [batch[next++]], 1);
      if (r.statusCode !== 200) throw new Error(r.body);
    }
  }),
);
const secs = (performance.now() - t0) / 1000;
const d = process.cpuUsage(c0);
console.log(
  `pid ${process.pid}: ${N} sales in ${secs.toFixed(2)} s = ${(N / secs).toFixed(0)}/s, ${((d.user + d.system) / 1000 / N).toFixed(2)} ms CPU/sale, load ${loadavg()[0].toFixed(1)}`,
);
await app.close();
await db.close();
