// Ingest A/B in one process (issue 28): the apps of two trees (e.g. main extracted with `git worktree add` and
// this branch), each with its own module graph and database, fed the same sale mix in alternating batches of
// 25, so both see the same machine load; prints the process CPU per new sale and per repeat of each side.
//   ROOTS=/tmp/base,$PWD [N=400] [DB=pglite] [BATCH_CALL=1] TEST_DATABASE_URL=… npx tsx bench/ingest-ab.bench.ts
// BATCH_CALL=1: each 25 sales go as ONE request of cashier/pos-trx-batch (else one sale per request). On a local
// PostgreSQL each side's backends are found by their application_name and their CPU per sale printed too.
// biome-ignore-all lint/suspicious/noExplicitAny: two trees' modules are loaded by path, untyped
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { saleMix } from './sale-mix';

const roots = process.env.ROOTS!.split(',');
const N = Number(process.env.N ?? 400),
  BATCH = 25;
type Side = any;
const sides = [] as Side[];
const BATCH_CALL = process.env.BATCH_CALL === '1';
/** CPU (ms) of the PostgreSQL backends of one side (by application_name); 0 with PGlite. */
async function backendMs(s: Side): Promise<number> {
  if (process.env.DB === 'pglite') return 0;
  const pids = await s.db.withConnection((c: any) =>
    c.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [s.appName]),
  );
  let ms = 0;
  for (const { pid } of pids as { pid: number }[]) {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ms += (Number(f[11]) + Number(f[12])) * 10;
  }
  return ms;
}
for (const root of roots) {
  const m = (p: string) => import(`${root}/${p}`);
  const { buildApp } = await m('server/app');
  const { createDb } = await m('server/db/create-db');
  const { demoBusiness } = await m('server/db/demo');
  const { migrate } = await m('server/db/migrate');
  const { seedIfEmpty } = await m('server/db/seed');
  const { standInIntegrations } = await m('server/integrations');
  const { systemClock } = await m('server/lib/clock');
  const { signIn, call } = await m('test/server/helpers');
  const { line, outletConfig, sale, submit } = await m('test/server/pos/fixtures');
  const schema = `benchab_${Date.now()}_${sides.length}`;
  const appName = `ingest_ab_${sides.length}`;
  const url = process.env.TEST_DATABASE_URL ?? '';
  const db =
    process.env.DB === 'pglite'
      ? await createDb({})
      : await createDb({
          databaseUrl: `${url}${url.includes('?') ? '&' : '?'}application_name=${appName}`,
          schema,
          poolSize: 10,
        });
  await migrate(db);
  await seedIfEmpty(db, () => demoBusiness(), systemClock);
  const app = await buildApp({ db, clock: systemClock, integrations: standInIntegrations() });
  const t = await signIn(app, 'demo@serambi.id');
  const config = await outletConfig(app, t, 1);
  const customer = demoBusiness().customers[1].user_code;
  const makeSales = (n: number) => saleMix({ line, sale }, config, n, customer);
  for (const trx of makeSales(30)) await submit(app, t, [trx], 1);
  const post = async (trxs: unknown[]) => {
    if (!BATCH_CALL) {
      for (const trx of trxs) {
        const r = await submit(app, t, [trx], 1);
        if (r.statusCode !== 200) throw new Error(r.body);
      }
      return;
    }
    const r = await call(app, t, {
      method: 'POST',
      url: '/cashier/pos-trx-batch',
      payload: { is_offline: 1, local_sync_time: '2026-11-22 10:00:00', trxs },
    });
    const answers = r.statusCode === 200 ? (r.json().data as { status: string }[]) : [];
    if (answers.length !== trxs.length || answers.some((a) => a.status !== 'success'))
      throw new Error(r.body);
  };
  sides.push({
    root,
    app,
    db,
    schema,
    appName,
    t,
    post,
    sales: makeSales(N),
    cpu: 0,
    wall: 0,
    rcpu: 0,
    dbms: 0,
    rdbms: 0,
  });
}
for (let i = 0; i < N; i += BATCH)
  for (const s of (i / BATCH) % 2 ? [...sides].reverse() : sides) {
    const b0 = await backendMs(s);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await s.post(s.sales.slice(i, i + BATCH));
    const d = process.cpuUsage(c0);
    s.cpu += d.user + d.system;
    s.wall += performance.now() - t0;
    s.dbms += (await backendMs(s)) - b0;
  }
// replay (repeats)
for (let i = 0; i < N; i += BATCH)
  for (const s of sides) {
    const b0 = await backendMs(s);
    const c0 = process.cpuUsage();
    await s.post(s.sales.slice(i, i + BATCH));
    const d = process.cpuUsage(c0);
    s.rcpu += d.user + d.system;
    s.rdbms += (await backendMs(s)) - b0;
  }
for (const s of sides)
  console.log(
    `${s.root.padEnd(16)} ${BATCH_CALL ? 'batches of 25' : 'one per request'} ${N} new sales: ${(s.cpu / 1000 / N).toFixed(2)} + ${(s.dbms / N).toFixed(2)} ms CPU/sale (process + database), ${(N / (s.wall / 1000)).toFixed(0)}/s wall; repeats ${(s.rcpu / 1000 / N).toFixed(2)} + ${(s.rdbms / N).toFixed(2)} ms  (load ${loadavg()[0].toFixed(1)})`,
  );
for (const s of sides) {
  await s.app.close();
  if (process.env.DB !== 'pglite')
    await s.db.withConnection((c: { exec(sql: string): Promise<unknown> }) =>
      c.exec(`DROP SCHEMA ${s.schema} CASCADE`),
    );
  await s.db.close();
}
