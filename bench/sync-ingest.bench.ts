// Sync ingest: 1,000 offline sales posted one per request (POST cashier/pos-trx {is_offline: 1, trxs:[one]}),
// through app.inject, on PGlite in memory and on PostgreSQL when TEST_DATABASE_URL is set. Prints sales per
// second for: one device (sequential), eight devices at once (PostgreSQL only: PGlite is one connection),
// and the whole outbox replayed (every sale a repeat: the stored answer, nothing written).
// Run: npx tsx bench/sync-ingest.bench.ts [--sales 1000] [--db pglite|pg]
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { createDb, type Database } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { countRows, seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { systemClock } from '../server/lib/clock';
import { signIn, type Tokens } from '../test/server/helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from '../test/server/pos/fixtures';

const argv = process.argv.slice(2);
const salesArg = argv.indexOf('--sales');
const SALES = salesArg >= 0 ? Number(argv[salesArg + 1]) : 1000;
const DEVICES = 8;
const dbArg = argv.indexOf('--db');
const only = dbArg >= 0 ? argv[dbArg + 1] : null;

type Trx = ReturnType<typeof sale>;

/**
 * CPU of this process per sale (user + system). On a shared, loaded machine wall-clock rates mostly measure
 * the queue for the cores; with PGlite (in process) this is the whole work, so 1000 / it ≈ sales/s per core.
 */
const cpuPerSale = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return `(this process: ${((d.user + d.system) / 1000 / SALES).toFixed(2)} ms CPU per sale)`;
};

/** A mix like a salon's day: retail, services with recipes, a customer on a quarter of them. */
function makeSales(config: ServedConfig, n: number, customerCode: string): Trx[] {
  const services = config.pos_items.filter((i) => i.item_nature === 'SERVICE' && Number(i.is_package) !== 1);
  const retail = config.pos_items.filter((i) => i.item_nature === 'RETAIL');
  return Array.from({ length: n }, (_, k) => {
    const lines = [
      line(config, services[k % services.length].pos_item_id, 1),
      line(config, retail[k % retail.length].pos_item_id, 1 + (k % 3)),
    ];
    if (k % 5 === 0) lines.push(line(config, services[(k * 7) % services.length].pos_item_id, 1));
    return sale(config, lines, k % 4 === 0 ? { customer: { user_code: customerCode } } : {});
  });
}

async function post(app: FastifyInstance, t: Tokens, trx: Trx): Promise<void> {
  const r = await submit(app, t, [trx], 1);
  if (r.statusCode !== 200) throw new Error(`pos-trx answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
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
    let t0 = performance.now();
    let cpu0 = process.cpuUsage();
    for (const trx of sequential) await post(app, t, trx);
    let secs = (performance.now() - t0) / 1000;
    console.log(
      `${label.padEnd(11)} 1 device    ${SALES} sales in ${secs.toFixed(2)} s = ${(SALES / secs).toFixed(0)} sales/s ${cpuPerSale(cpu0)}`,
    );

    if (concurrent) {
      const batch = makeSales(config, SALES, customer);
      let next = 0;
      t0 = performance.now();
      await Promise.all(
        Array.from({ length: DEVICES }, async () => {
          while (next < batch.length) await post(app, t, batch[next++]);
        }),
      );
      secs = (performance.now() - t0) / 1000;
      console.log(
        `${label.padEnd(11)} ${DEVICES} devices   ${SALES} sales in ${secs.toFixed(2)} s = ${(SALES / secs).toFixed(0)} sales/s`,
      );
    }

    const heads = await countRows(database, 'pos_sales_trx_heads');
    t0 = performance.now();
    cpu0 = process.cpuUsage();
    for (const trx of sequential) await post(app, t, trx);
    secs = (performance.now() - t0) / 1000;
    const cpu = cpuPerSale(cpu0);
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
  const pg = await createDb({ databaseUrl: pgUrl, schema, poolSize: DEVICES + 2 });
  try {
    await run('PostgreSQL', pg, true);
  } finally {
    await pg.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
    await pg.close();
  }
} else {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL)');
}
