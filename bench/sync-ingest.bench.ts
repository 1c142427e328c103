// Sync ingest: 1,000 offline sales posted one per request (POST cashier/pos-trx {is_offline: 1, trxs:[one]}),
// through app.inject, on PGlite in memory and on PostgreSQL when TEST_DATABASE_URL is set. Prints sales per
// second for: one device (sequential), eight devices at once (PostgreSQL only: PGlite is one connection),
// and the whole outbox replayed (every sale a repeat: the stored answer, nothing written).
// Run: npx tsx bench/sync-ingest.bench.ts [--sales 1000] [--db pglite|pg] [--batch 25]
// --batch N (issue 28): the sales posted N per request through cashier/pos-trx-batch instead.
// PROFILE=file.cpuprofile: a CPU profile (node:inspector) of the sequential section only (one device).
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { createDb, type Database } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { countRows, seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { systemClock } from '../server/lib/clock';
import { call, signIn, type Tokens } from '../test/server/helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from '../test/server/pos/fixtures';
import { saleMix } from './sale-mix';

const argv = process.argv.slice(2);
const salesArg = argv.indexOf('--sales');
const SALES = salesArg >= 0 ? Number(argv[salesArg + 1]) : 1000;
const DEVICES = 8;
const dbArg = argv.indexOf('--db');
const only = dbArg >= 0 ? argv[dbArg + 1] : null;
const batchArg = argv.indexOf('--batch');
const BATCH = batchArg >= 0 ? Number(argv[batchArg + 1]) : 0;

type Trx = ReturnType<typeof sale>;

/** The bench's PostgreSQL connections carry this name, so their server processes can be found. */
const APP_NAME = 'sync_ingest_bench';
const TICK_MS = 10; // /proc/<pid>/stat counts in clock ticks (USER_HZ = 100 on Linux)

/** CPU (ms) of the PostgreSQL backends serving the bench; null when the server is not on this machine. */
async function backendCpuMs(database: Database): Promise<Map<number, number> | null> {
  if (database.kind !== 'pg') return null;
  const pids = await database.withConnection((c) =>
    c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP_NAME]),
  );
  const out = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      return null;
    }
  }
  return out;
}

/**
 * CPU per sale (user + system) of this process and, on a local PostgreSQL, of its backends. On a shared,
 * loaded machine wall-clock rates mostly measure the queue for the cores; CPU per sale is the work, so
 * 1000 / (sum) ≈ sales/s per core. With PGlite (in process) this process is the whole work.
 */
async function cpuMeter(database: Database): Promise<() => Promise<string>> {
  const cpu0 = process.cpuUsage();
  const db0 = await backendCpuMs(database);
  return async () => {
    const d = process.cpuUsage(cpu0);
    const own = `this process: ${((d.user + d.system) / 1000 / SALES).toFixed(2)} ms CPU per sale`;
    const db1 = await backendCpuMs(database);
    if (!db0 || !db1) return `(${own})`;
    let ms = 0;
    for (const [pid, t] of db1) ms += t - (db0.get(pid) ?? 0);
    return `(${own}, database: ${(ms / SALES).toFixed(2)} ms)`;
  };
}

const makeSales = (config: ServedConfig, n: number, customerCode: string): Trx[] =>
  saleMix({ line, sale }, config, n, customerCode);

async function post(app: FastifyInstance, t: Tokens, trx: Trx): Promise<void> {
  const r = await submit(app, t, [trx], 1);
  if (r.statusCode !== 200) throw new Error(`pos-trx answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
}

/** N sales in one request of the batch call; every one must be answered 'success'. */
async function postBatch(app: FastifyInstance, t: Tokens, trxs: Trx[]): Promise<void> {
  const r = await call(app, t, {
    method: 'POST',
    url: '/cashier/pos-trx-batch',
    payload: { is_offline: 1, local_sync_time: '2026-11-22 10:00:00', trxs },
  });
  const answers = r.statusCode === 200 ? (r.json().data as { status: string }[]) : [];
  if (answers.length !== trxs.length || answers.some((a) => a.status !== 'success'))
    throw new Error(`pos-trx-batch answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
}

/** The list posted one after the other: one sale per request, or --batch at a time. */
async function postAll(app: FastifyInstance, t: Tokens, list: Trx[]): Promise<void> {
  if (BATCH <= 0) {
    for (const trx of list) await post(app, t, trx);
    return;
  }
  for (let i = 0; i < list.length; i += BATCH) await postBatch(app, t, list.slice(i, i + BATCH));
}

async function run(label: string, database: Database, concurrent: boolean): Promise<void> {
  await migrate(database);
  await seedIfEmpty(database, () => demoBusiness(), systemClock);
  const app = await buildApp({ db: database, clock: systemClock, integrations: standInIntegrations() });
  try {
    const t = await signIn(app, 'demo@serambi.id');
    const config = await outletConfig(app, t, 1);
    const customer = demoBusiness().customers[1].user_code;
    // warm the JIT and the caches with a few sales that are not counted
    for (const trx of makeSales(config, 20, customer)) await post(app, t, trx);

    const sequential = makeSales(config, SALES, customer);
    const profile = process.env.PROFILE ? new Session() : null;
    if (profile) {
      profile.connect();
      await profile.post('Profiler.enable');
      await profile.post('Profiler.start');
    }
    let meter = await cpuMeter(database);
    let t0 = performance.now();
    await postAll(app, t, sequential);
    let secs = (performance.now() - t0) / 1000;
    if (profile) {
      const { profile: taken } = await profile.post('Profiler.stop');
      writeFileSync(`${process.env.PROFILE}.${label}.cpuprofile`, JSON.stringify(taken));
      profile.disconnect();
    }
    const how = BATCH > 0 ? `(batches of ${BATCH})` : '(one per request)';
    console.log(
      `${label.padEnd(11)} ${how} 1 device    ${SALES} sales in ${secs.toFixed(2)} s = ${(SALES / secs).toFixed(0)} sales/s ${await meter()}`,
    );

    if (concurrent) {
      const batch = makeSales(config, SALES, customer);
      let next = 0;
      meter = await cpuMeter(database);
      t0 = performance.now();
      const step = Math.max(1, BATCH);
      await Promise.all(
        Array.from({ length: DEVICES }, async () => {
          while (next < batch.length) {
            const part = batch.slice(next, next + step);
            next += step;
            await postAll(app, t, part);
          }
        }),
      );
      secs = (performance.now() - t0) / 1000;
      console.log(
        `${label.padEnd(11)} ${DEVICES} devices   ${SALES} sales in ${secs.toFixed(2)} s = ${(SALES / secs).toFixed(0)} sales/s ${await meter()}`,
      );
    }

    const heads = await countRows(database, 'pos_sales_trx_heads');
    meter = await cpuMeter(database);
    t0 = performance.now();
    await postAll(app, t, sequential);
    secs = (performance.now() - t0) / 1000;
    const cpu = await meter();
    const unchanged = (await countRows(database, 'pos_sales_trx_heads')) === heads;
    console.log(
      `${label.padEnd(11)} replay      ${SALES} repeats in ${secs.toFixed(2)} s = ${(SALES / secs).toFixed(0)} sales/s ${cpu} (nothing written: ${unchanged})`,
    );
  } finally {
    await app.close();
  }
}

if (only !== 'pg') {
  const pglite = await createDb({});
  try {
    await run('PGlite', pglite, false);
  } finally {
    await pglite.close();
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (only === 'pglite') {
  // PGlite only
} else if (pgUrl) {
  const schema = `bench_${Date.now()}`;
  const url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}application_name=${APP_NAME}`;
  const pg = await createDb({ databaseUrl: url, schema, poolSize: DEVICES + 2 });
  try {
    await run('PostgreSQL', pg, true);
  } finally {
    await pg.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
    await pg.close();
  }
} else {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL)');
}
