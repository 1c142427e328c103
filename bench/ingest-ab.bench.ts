// Ingest A/B in one process (issue 28): the apps of two trees (e.g. main extracted with `git worktree add` and
// this branch), each with its own module graph and database, fed the same sale mix in alternating batches of
// 25, so both see the same machine load; prints the process CPU per new sale and per repeat of each side.
//   ROOTS=/tmp/base,$PWD [N=400] [DB=pglite] TEST_DATABASE_URL=… npx tsx bench/ingest-ab.bench.ts
// biome-ignore-all lint/suspicious/noExplicitAny: two trees' modules are loaded by path, untyped
import { loadavg } from 'node:os';
import { saleMix } from './sale-mix';

const roots = process.env.ROOTS!.split(',');
const N = Number(process.env.N ?? 400),
  BATCH = 25;
type Side = any;
const sides = [] as Side[];
for (const root of roots) {
  const m = (p: string) => import(`${root}/${p}`);
  const { buildApp } = await m('server/app');
  const { createDb } = await m('server/db/create-db');
  const { demoBusiness } = await m('server/db/demo');
  const { migrate } = await m('server/db/migrate');
  const { seedIfEmpty } = await m('server/db/seed');
  const { standInIntegrations } = await m('server/integrations');
  const { systemClock } = await m('server/lib/clock');
  const { signIn } = await m('test/server/helpers');
  const { line, outletConfig, sale, submit } = await m('test/server/pos/fixtures');
  const schema = `benchab_${Date.now()}_${sides.length}`;
  const db =
    process.env.DB === 'pglite'
      ? await createDb({})
      : await createDb({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 10 });
  await migrate(db);
  await seedIfEmpty(db, () => demoBusiness(), systemClock);
  const app = await buildApp({ db, clock: systemClock, integrations: standInIntegrations() });
  const t = await signIn(app, 'demo@serambi.id');
  const config = await outletConfig(app, t, 1);
  const customer = demoBusiness().customers[1].user_code;
  const makeSales = (n: number) => saleMix({ line, sale }, config, n, customer);
  for (const trx of makeSales(30)) await submit(app, t, [trx], 1);
  sides.push({ root, app, db, schema, t, submit, sales: makeSales(N), cpu: 0, wall: 0, rcpu: 0 });
}
for (let i = 0; i < N; i += BATCH)
  for (const s of (i / BATCH) % 2 ? [...sides].reverse() : sides) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const trx of s.sales.slice(i, i + BATCH)) {
      const r = await s.submit(s.app, s.t, [trx], 1);
      if (r.statusCode !== 200) throw new Error(r.body);
    }
    const d = process.cpuUsage(c0);
    s.cpu += d.user + d.system;
    s.wall += performance.now() - t0;
  }
// replay (repeats)
for (let i = 0; i < N; i += BATCH)
  for (const s of sides) {
    const c0 = process.cpuUsage();
    for (const trx of s.sales.slice(i, i + BATCH)) await s.submit(s.app, s.t, [trx], 1);
    const d = process.cpuUsage(c0);
    s.rcpu += d.user + d.system;
  }
for (const s of sides)
  console.log(
    `${s.root.padEnd(16)} ${N} new sales: ${(s.cpu / 1000 / N).toFixed(2)} ms CPU/sale, ${(N / (s.wall / 1000)).toFixed(0)}/s wall; repeats ${(s.rcpu / 1000 / N).toFixed(2)} ms CPU/sale  (load ${loadavg()[0].toFixed(1)})`,
  );
for (const s of sides) {
  await s.app.close();
  if (process.env.DB !== 'pglite')
    await s.db.withConnection((c: { exec(sql: string): Promise<unknown> }) =>
      c.exec(`DROP SCHEMA ${s.schema} CASCADE`),
    );
  await s.db.close();
}
