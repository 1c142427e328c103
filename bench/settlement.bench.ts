// Settlement (GET cashier/pos/settlement, issue 12): 10,000 stored sales of one outlet on one day (three
// lines and one or two payments each; some voids, top-ups and coupon sales), and as much again on the
// days before and at another outlet, seeded with bulk SQL; then the settlement of the day for the whole
// outlet (group_by=outlet) and for one cashier (group_by=user) through app.inject. Prints the median and
// the worst of several runs, on PGlite in memory and on PostgreSQL when TEST_DATABASE_URL is set.
// Target: ≤ 1 s on both. Run: npx tsx bench/settlement.bench.ts [--sales 10000] [--runs 5] [--db pglite|pg]
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { createDb, type Database } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { systemClock } from '../server/lib/clock';
import { formatOutletStamp, outletDay } from '../src/domain/time-wall';
import { call, signIn, type Tokens } from '../test/server/helpers';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const SALES = arg('--sales', 10_000);
const RUNS = arg('--runs', 5);
const dbArg = argv.indexOf('--db');
const only = dbArg >= 0 ? argv[dbArg + 1] : null;

/**
 * `count` sales at `outlet` spread over the day starting at `dayStart`, by the given cashiers in turn:
 * heads, then three lines each (two services and a retail item), then a cash payment (with change)
 * and, for every third sale, a card payment beside it.
 */
async function seedSales(
  database: Database,
  tag: string,
  outlet: number,
  dayStart: Date,
  count: number,
  users: number[],
) {
  const stepMs = Math.floor((24 * 3600_000 - 1000) / count);
  await database.withConnection(async (c) => {
    await c.query(
      `INSERT INTO pos_sales_trx_heads (local_trx_id, business_id, business_outlet_id, business_user_id, trx_id,
         trx_type, trx_status_id, trx_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
         drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty, trx, created_at)
       SELECT $1 || '-' || g, 1, $2::int, ($3::int[])[1 + g % array_length($3::int[], 1)], $1 || '-' || g,
         CASE WHEN g % 40 = 0 THEN 'TOP_UP_DEPOSIT' WHEN g % 45 = 0 THEN 'COUPON_SALES' ELSE 'NORMAL' END,
         CASE WHEN g % 50 = 0 THEN 4 ELSE 3 END,
         $4::timestamptz + (g * $5::int) * interval '1 millisecond',
         350000, 320000, 10000, 15500, 0, 35805, 361305, 3, '{}'::jsonb, now()
       FROM generate_series(1, $6::int) g`,
      [tag, outlet, users, dayStart.toISOString(), stepMs, count],
    );
    await c.query(
      `INSERT INTO pos_sales_trx_details (pos_sales_trx_head_id, local_trx_detail_id, line_no, pos_item_id,
         pos_item_variant_id, item_name, variant_name, item_nature, qty, unit_price, gross_total, discount_total,
         line_total, global_discount_share, service_charge, additional_charge)
       SELECT h.pos_sales_trx_head_id, h.local_trx_id || '-' || k, k, 1000 + (h.pos_sales_trx_head_id + k) % 30,
         10000 + (h.pos_sales_trx_head_id + k) % 30, 'Item ' || (h.pos_sales_trx_head_id + k) % 30, 'Reguler',
         CASE WHEN k = 3 THEN 'RETAIL' ELSE 'SERVICE' END, 1,
         CASE k WHEN 1 THEN 150000 WHEN 2 THEN 120000 ELSE 80000 END,
         CASE k WHEN 1 THEN 150000 WHEN 2 THEN 120000 ELSE 80000 END,
         CASE k WHEN 1 THEN 30000 ELSE 0 END,
         CASE k WHEN 1 THEN 120000 WHEN 2 THEN 120000 ELSE 80000 END, 0, 0, 0
       FROM pos_sales_trx_heads h CROSS JOIN generate_series(1, 3) k
       WHERE h.local_trx_id LIKE $1 || '-%'`,
      [tag],
    );
    await c.query(
      `INSERT INTO pos_sales_trx_payments (pos_sales_trx_head_id, local_payment_id, payment_type,
         payment_method_name, table_name, table_id, payment_amount, payment_charge)
       SELECT h.pos_sales_trx_head_id, h.local_trx_id || '-cash', 'NORMAL', 'Cash', 'payment_methods', 1,
         CASE WHEN h.pos_sales_trx_head_id % 3 = 0 THEN 200000 ELSE 400000 END, 0
       FROM pos_sales_trx_heads h WHERE h.local_trx_id LIKE $1 || '-%'
       UNION ALL
       SELECT h.pos_sales_trx_head_id, h.local_trx_id || '-card', 'NORMAL', 'Debit Card', 'payment_methods', 2,
         161305, 0
       FROM pos_sales_trx_heads h WHERE h.local_trx_id LIKE $1 || '-%' AND h.pos_sales_trx_head_id % 3 = 0`,
      [tag],
    );
    await c.query('ANALYZE pos_sales_trx_heads');
    await c.query('ANALYZE pos_sales_trx_details');
    await c.query('ANALYZE pos_sales_trx_payments');
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(label: string, database: Database): Promise<void> {
  await migrate(database);
  await seedIfEmpty(database, () => demoBusiness(), systemClock);
  const app: FastifyInstance = await buildApp({
    db: database,
    clock: systemClock,
    integrations: standInIntegrations(),
  });
  try {
    const t: Tokens = await signIn(app, 'demo@serambi.id');
    const r = await call(app, t, { method: 'GET', url: '/cashier/config?outlet_id=1' });
    if (r.statusCode !== 200) throw new Error(`config: ${r.statusCode}`);
    const users = (
      await database.withConnection((c) =>
        c.query<{ id: number }>('SELECT business_user_id AS id FROM business_users WHERE business_id = 1'),
      )
    ).map((u) => Number(u.id));
    const me = Number(r.json().data.business_user_id ?? users[0]);
    const today = outletDay(new Date());
    const seeded = performance.now();
    await seedSales(database, 'today', 1, today.start, SALES, users);
    // the noise an index must skip: the days before at this outlet, and today at another outlet
    await seedSales(database, 'before', 1, new Date(today.start.getTime() - 3 * 86_400_000), SALES, users);
    await seedSales(database, 'menteng', 2, today.start, SALES, users);
    console.log(
      `${label}: seeded ${3 * SALES} sales (${SALES} today at Kemang) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const q = (groupBy: string) =>
      `/cashier/pos/settlement?start_datetime=${encodeURIComponent(formatOutletStamp(today.start))}` +
      `&end_datetime=${encodeURIComponent(formatOutletStamp(today.end.getTime() - 1000))}&all_trx=1&group_by=${groupBy}`;
    for (const groupBy of ['outlet', 'user']) {
      const times: number[] = [];
      let body: { trx_summary?: { drv_grand_total: number }; item_summary?: unknown[] } = {};
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await call(app, t, { method: 'GET', url: q(groupBy) });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`settlement: ${res.statusCode} ${res.body}`);
        body = res.json().data;
      }
      console.log(
        `${label.padEnd(11)} group_by=${groupBy.padEnd(6)} median ${median(times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms over ${RUNS} runs` +
          ` (net ${body.trx_summary?.drv_grand_total}, ${body.item_summary?.length} item rows${groupBy === 'user' ? `, cashier ${me}` : ''})`,
      );
    }
  } finally {
    await app.close();
  }
}

if (only !== 'pg') {
  const pglite = await createDb({});
  try {
    await run('PGlite', pglite);
  } finally {
    await pglite.close();
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (only === 'pglite') {
  // PGlite only
} else if (pgUrl) {
  const schema = `bench_settlement_${Date.now()}`;
  const pg = await createDb({ databaseUrl: pgUrl, schema, poolSize: 2 });
  try {
    await run('PostgreSQL', pg);
  } finally {
    await pg.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
    await pg.close();
  }
} else {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL)');
}
