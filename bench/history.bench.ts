// Transaction history: a page of 50 out of N stored sales of one outlet (issue 12: ≤ 100 ms with
// N = 100,000). The sales are one real ingested sale copied N times by one INSERT … SELECT (fast), spread
// over the 40-day window (2,500 a day at N = 100,000), the history reading today; `--one-day` puts all N
// on today (a stress case: the count and the search then walk N index entries). Measured through app.inject (routing,
// auth, validation, the queries, JSON): the first page, a deep page (the last 50), a search by short id,
// a search by customer name, a search that finds nothing. PGlite in memory; PostgreSQL too when
// TEST_DATABASE_URL is set. Run: npx tsx bench/history.bench.ts [--sales 100000] [--db pglite|pg] [--runs 20]
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { createDb, type Database } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { fixedClock } from '../server/lib/clock';
import { outletDate } from '../src/domain/history';
import { addDays } from '../src/domain/time';
import { shortId } from '../src/domain/transaction-labels';
import { call, signIn } from '../test/server/helpers';
import { line, outletConfig, sale, submit } from '../test/server/pos/fixtures';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const SALES = Number(arg('--sales', process.env.HISTORY_BENCH_SALES ?? '100000'));
const RUNS = Number(arg('--runs', '20'));
const only = arg('--db', '');
const ONE_DAY = argv.includes('--one-day');
const DAYS = ONE_DAY ? 1 : 41;
const RETAIL = 1072;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function bench(kind: 'pglite' | 'pg'): Promise<void> {
  const schema = kind === 'pg' ? `bench_history_${randomBytes(4).toString('hex')}` : undefined;
  const database: Database = await createDb(
    kind === 'pg' ? { databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 4 } : {},
  );
  try {
    await migrate(database);
    const today = outletDate(new Date());
    const clock = fixedClock(new Date(`${today}T22:00:00+07:00`));
    await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
    const app = await buildApp({ db: database, clock, integrations: standInIntegrations() });
    const owner = await signIn(app, 'demo@serambi.id');
    const kemang = await outletConfig(app, owner, 1);
    const template = sale(kemang, [line(kemang, RETAIL)], {
      extra: { trx_local_start_time: `${today} 08:00:00`, trx_local_end_time: `${today} 08:00:30` },
    });
    const r = await submit(app, owner, [template]);
    if (r.statusCode !== 200) throw new Error(r.body);

    const t0 = performance.now();
    const cols = (
      await database.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = 'pos_sales_trx_heads'
           AND column_name NOT IN ('pos_sales_trx_head_id', 'search_text', 'local_trx_id', 'trx_id', 'trx_time', 'trx', 'order_no')
         ORDER BY ordinal_position`,
        [],
      )
    ).map((c) => c.column_name);
    const list = cols.join(', ');
    // spread evenly from 00:00 WIB of the window's first day to 22:00 today; every 10th with a customer;
    // ids unique; the trx document's own ids and names follow, so the search text is the real one
    await database.query(
      `INSERT INTO pos_sales_trx_heads (local_trx_id, trx_id, trx_time, order_no, trx, ${list})
       SELECT id, 'KMG-B-' || lpad(g::text, 7, '0'),
         $2::timestamptz + (g * $4::double precision * interval '1 millisecond'),
         g % 1000,
         jsonb_set(jsonb_set(t.trx, '{local_trx_id}', to_jsonb(id)), '{customer}',
           CASE WHEN g % 10 = 0 THEN jsonb_build_object('user_name', 'Pelanggan ' || g) ELSE 'null'::jsonb END),
         ${cols.map((c) => `t.${c}`).join(', ')}
       FROM pos_sales_trx_heads t,
         LATERAL generate_series(1, $1::int) g,
         LATERAL (SELECT md5(g::text || 'bench') AS id) i
       WHERE t.local_trx_id = $3`,
      [
        SALES,
        new Date(`${addDays(today, 1 - DAYS)}T00:00:00+07:00`).toISOString(),
        template.local_trx_id,
        (((DAYS - 1) * 24 + 22) * 3600_000) / SALES,
      ],
    );
    await database.query('VACUUM ANALYZE pos_sales_trx_heads', []);
    const seeded = performance.now() - t0;
    const [{ n, day }] = await database.query<{ n: string; day: string }>(
      'SELECT count(*) AS n, count(*) FILTER (WHERE trx_time >= $1::timestamptz) AS day FROM pos_sales_trx_heads',
      [new Date(`${today}T00:00:00+07:00`).toISOString()],
    );
    const [{ id }] = await database.query<{ id: string }>(
      `SELECT local_trx_id AS id FROM pos_sales_trx_heads WHERE trx_id = 'KMG-B-' || lpad($1::text, 7, '0')`,
      [SALES - 10],
    );

    const base = `/cashier/pos-trx-history?start_date=${today}&end_date=${today}&num_of_rows=50`;
    const cases: [string, string][] = [
      ['first page', `${base}&start_row=0`],
      ['deep page (last 50)', `${base}&start_row=${Math.max(0, Number(day) - 50)}`],
      ['search: short id', `${base}&start_row=0&search_term=${shortId(id)}`],
      ['search: customer', `${base}&start_row=0&search_term=${encodeURIComponent('pelanggan 9')}`],
      ['search: no match', `${base}&start_row=0&search_term=tidak-ada`],
    ];
    console.log(
      `\n${kind}: ${Number(n).toLocaleString('en')} sales of one outlet over ${DAYS} day(s) (${Number(day).toLocaleString('en')} today; seeded + vacuum in ${(seeded / 1000).toFixed(1)} s), ${RUNS} runs each`,
    );
    for (const [name, url] of cases) {
      const times: number[] = [];
      let total = 0;
      let rows = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const t = performance.now();
        const res = await call(app, owner, { method: 'GET', url });
        const took = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        if (i >= 2) times.push(took); // two warm-up calls
        const data = res.json().data;
        total = data.total_trx_count;
        rows = data.trxs.length;
      }
      console.log(
        `  ${name.padEnd(22)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms  (${rows} rows of ${total})`,
      );
    }
    await app.close();
  } finally {
    if (schema) await database.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
    await database.close();
  }
}

if (only !== 'pg') await bench('pglite');
if (only !== 'pglite' && process.env.TEST_DATABASE_URL) await bench('pg');
else if (only === 'pg') console.log('pg: TEST_DATABASE_URL is not set');
