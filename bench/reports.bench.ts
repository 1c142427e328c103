// The reports and the owner's export over 1,000,000 sales (issue 27: each report over a month of one outlet ≤ 1 s,
// over a year ≤ 3 s; the export ≥ 20,000 sales/s with flat memory). One real ingested sale (a service line with its
// worker and a retail line, cash) is copied N times by server/db/large-sales.ts (INSERT … SELECT generate_series),
// spread over the year before today and over Kemang and Menteng in turn, then VACUUM ANALYZE. Each report is asked
// through app.inject (routing, auth, validation, the queries, JSON) for the last month and the last year of Kemang;
// the export is downloaded over real HTTP from the listening server and thrown away as it arrives, the process's
// RSS sampled every 100 ms. The seeded database is kept and reused by the next run (`--fresh` seeds again).
// Run: npx tsx bench/reports.bench.ts [--sales 1000000] [--db pglite|pg] [--runs 3] [--fresh] [--seed-only] [--spans month,year|none]
//   [--tag NAME] (a schema/folder of its own) [--reports worker,omzet] (only the reports whose names contain one) [--no-export] [--csv] [--formats zip]
// PostgreSQL: TEST_DATABASE_URL (schema bench_reports_<sales>); PGlite: a folder in the system's temp directory.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { createDb, type Database } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { copySales } from '../server/db/large-sales';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { fixedClock } from '../server/lib/clock';
import { outletDate } from '../src/domain/history';
import { addDays } from '../src/domain/time';
import { call, sessionHeaders, signIn } from '../test/server/helpers';
import { line, outletConfig, RETAIL, sale, submit } from '../test/server/pos/fixtures';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const SALES = Number(arg('--sales', '1000000'));
const RUNS = Number(arg('--runs', '3'));
const only = arg('--db', '');
const FRESH = argv.includes('--fresh');
const SEED_ONLY = argv.includes('--seed-only');
/** which spans to time ('month,year'; 'none' for the export alone) */
const SPANS = arg('--spans', 'month,year').split(',');
/** a name of its own for the seeded schema/folder, so two helpers' runs do not share one (`--tag rep`) */
const TAG = arg('--tag', '').replace(/[^a-z0-9_]/g, '');
/** only the reports whose names contain one of these ('worker,sales'; all by default) */
const ONLY = arg('--reports', '').split(',').filter(Boolean);
const NO_EXPORT = argv.includes('--no-export');
/** also time the paged reports' CSV of the whole range (the server's stream) */
const WITH_CSV = argv.includes('--csv');
/** the export's formats to time ('zip,json') */
const FORMATS = arg('--formats', 'zip,json').split(',') as ('zip' | 'json')[];
const NAME = `${SALES}${TAG ? `_${TAG}` : ''}`;
type Doc = Record<string, unknown>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = async () =>
  (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function open(kind: 'pglite' | 'pg'): Promise<Database> {
  if (kind === 'pg')
    return createDb({
      databaseUrl: process.env.TEST_DATABASE_URL,
      schema: `bench_reports_${NAME}`,
      poolSize: 4,
    });
  return createDb({ dataDir: join(tmpdir(), `serambi-bench-reports-${NAME}`) });
}

async function bench(kind: 'pglite' | 'pg'): Promise<void> {
  let database = await open(kind);
  if (FRESH) {
    await database.withConnection((c) =>
      c.exec(`DROP SCHEMA ${kind === 'pg' ? `bench_reports_${NAME}` : 'public'} CASCADE`),
    );
    await database.close();
    database = await open(kind);
  }
  await migrate(database);
  const today = outletDate(new Date());
  const clock = fixedClock(new Date(`${today}T22:00:00+07:00`));
  await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
  const app = await buildApp({ db: database, clock, integrations: standInIntegrations() });
  try {
    const owner = await signIn(app, 'demo@serambi.id');
    const kemang = (await outletConfig(app, owner, 1)) as Awaited<ReturnType<typeof outletConfig>> & {
      commission_worker: Doc[];
    };
    const [{ n: stored }] = await database.query<{ n: string }>(
      `SELECT count(*) AS n FROM pos_sales_trx_heads WHERE trx_id LIKE 'BENCH-%'`,
      [],
    );
    if (Number(stored) < SALES) {
      const service = kemang.pos_items.find(
        (i) =>
          i.item_nature === 'SERVICE' &&
          Number(i.is_package ?? 0) === 0 &&
          Number(i.pos_item_variants[0]?.variant_price ?? 0) > 0,
      );
      if (!service) throw new Error('no service item at Kemang');
      const worker = kemang.commission_worker[0];
      const template = sale(kemang, [
        { ...line(kemang, service.pos_item_id, 1), commission_worker: worker },
        line(kemang, RETAIL, 2),
      ]);
      const r = await submit(app, owner, [template]);
      if (r.statusCode !== 200) throw new Error(r.body);
      const t0 = performance.now();
      await copySales(database, {
        template: template.local_trx_id,
        count: SALES - Number(stored),
        outlets: [1, 2],
        from: new Date(`${addDays(today, -365)}T00:00:00+07:00`),
        to: clock.now(),
        onBatch: (done) => process.stdout.write(`\r${kind}: ${done.toLocaleString('en')} sales copied`),
      });
      const copied = performance.now() - t0;
      await database.query('VACUUM ANALYZE', []);
      console.log(
        `\n${kind}: seeded ${SALES.toLocaleString('en')} sales in ${(copied / 1000).toFixed(0)} s (+ VACUUM ANALYZE ${((performance.now() - t0 - copied) / 1000).toFixed(0)} s), load ${await load()}`,
      );
    }
    if (SEED_ONLY) return;
    // the planner's statistics as they are after the migrations (0069 fills two columns of every line)
    await database.query('VACUUM ANALYZE pos_sales_trx_heads', []);
    await database.query('VACUUM ANALYZE pos_sales_trx_details', []);
    await database.query('VACUUM ANALYZE report_sale_sums', []);
    const [counts] = await database.query<Doc>(
      `SELECT (SELECT count(*) FROM pos_sales_trx_heads) AS heads,
         (SELECT count(*) FROM pos_sales_trx_heads WHERE business_outlet_id = 1
            AND trx_time >= $1::timestamptz) AS month_kemang,
         (SELECT count(*) FROM pos_sales_trx_details) AS lines`,
      [new Date(`${addDays(today, -30)}T00:00:00+07:00`).toISOString()],
    );
    console.log(
      `\n${kind}: ${Number(counts.heads).toLocaleString('en')} sales, ${Number(counts.lines).toLocaleString('en')} lines; Kemang's last month ${Number(counts.month_kemang).toLocaleString('en')} sales; load ${await load()}`,
    );

    const reports: [string, string][] = [
      ['sales daily', '/cashier/pos-trx-detail?report_type=by-transaction'],
      ['sales detail', '/cashier/pos-trx-detail?report_type=by-transaction-detail'],
      ['sales by product', '/cashier/pos-sales-item-summary?item_nature='],
      ['worker summary', '/cashier/pos-sales-trx-commission-summary?report_type=summary'],
      ['worker by product', '/cashier/pos-sales-trx-commission?report_type=by-product&item_nature=SERVICE'],
      // paged on the branch (issue 27: limit and cursor; a server before ignores limit and answers the whole list)
      [
        'worker by transaction',
        '/cashier/pos-sales-trx-commission-by-trx?report_type=by-transaction&limit=1000',
      ],
      ['product consumption', '/cashier/product-consumption?'],
      ['expired coupons', '/cashier/coupon-expired?'],
      ['omzet recap', '/cashier/omzet-recapitulation?'],
      ['customer birthdays', '/cashier/customer-birthday?'],
      ['treatment reminder', '/cashier/treatment-reminder?'],
    ];
    const spans: [string, string, number][] = [
      ['month', addDays(today, -30), 1000],
      ['year', addDays(today, -364), 3000],
    ];
    for (const [span, start, goal] of spans.filter(([name]) => SPANS.includes(name))) {
      console.log(
        `  ${span} of Kemang (${start} – ${today}), goal ≤ ${goal} ms, median of ${RUNS} after a warm-up:`,
      );
      for (const [name, path] of reports.filter(([n]) => !ONLY.length || ONLY.some((o) => n.includes(o)))) {
        const url = `${path}&start_date=${start}&end_date=${today}`;
        const times: number[] = [];
        const cpus: number[] = [];
        let size = 0;
        let rows = 0;
        for (let i = 0; i <= RUNS; i++) {
          const t = performance.now();
          const c = process.cpuUsage();
          const res = await call(app, owner, { method: 'GET', url });
          const took = performance.now() - t;
          const cpu = process.cpuUsage(c);
          if (i > 0) cpus.push((cpu.user + cpu.system) / 1000);
          if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (i > 0) times.push(took);
          size = res.rawPayload.length;
          const data = res.json().data;
          rows = Array.isArray(data)
            ? data.length
            : Array.isArray(data?.payload)
              ? data.payload.length
              : Array.isArray(data?.rows)
                ? data.rows.length
                : 0;
        }
        const m = median(times);
        console.log(
          `    ${name.padEnd(22)} ${m.toFixed(0).padStart(6)} ms (max ${Math.max(...times).toFixed(0)})  ${rows.toLocaleString('en').padStart(9)} rows  ${(size / 1024 / 1024).toFixed(1)} MiB  ${m <= goal ? 'met' : 'NOT met'}  (this process's CPU ${median(cpus).toFixed(0)} ms; load ${await load()})`,
        );
        // a paged report (issue 27): the further pages, and the whole range as the server's CSV stream
        let cursor: string | null = null;
        try {
          cursor = (await call(app, owner, { method: 'GET', url })).json().data?.next_cursor ?? null;
        } catch {}
        if (cursor) {
          const pages: number[] = [];
          for (let i = 0; i < 5 && cursor; i++) {
            const t = performance.now();
            const res = await call(app, owner, { method: 'GET', url: `${url}&cursor=${cursor}` });
            pages.push(performance.now() - t);
            if (res.statusCode !== 200)
              throw new Error(`${name} page: ${res.statusCode} ${res.body.slice(0, 300)}`);
            cursor = res.json().data.next_cursor;
          }
          console.log(
            `      further pages: median ${median(pages).toFixed(0)} ms, max ${Math.max(...pages).toFixed(0)} ms (${pages.length} pages)`,
          );
          if (WITH_CSV) {
            const t = performance.now();
            const c = process.cpuUsage();
            const res = await call(app, owner, { method: 'GET', url: `${url}&format=csv` });
            const took = performance.now() - t;
            const cpu = process.cpuUsage(c);
            const lines = res.body.split('\r\n').length - 2;
            console.log(
              `      CSV of the range: ${lines.toLocaleString('en')} rows, ${(res.rawPayload.length / 1024 / 1024).toFixed(1)} MiB in ${took.toFixed(0)} ms = ${Math.round(lines / (took / 1000)).toLocaleString('en')} rows/s (this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; load ${await load()})`,
            );
          }
        }
      }
    }

    if (NO_EXPORT) return;
    // the export over real HTTP, read and dropped as it arrives; RSS sampled
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const [{ n: brandSales }] = await database.query<{ n: string }>(
      'SELECT count(*) AS n FROM pos_sales_trx_heads WHERE business_id = 1',
      [],
    );
    // PostgreSQL's share: the CPU time of the pool's 4 backends (same machine), read from /proc
    const backends =
      kind === 'pg'
        ? (
            await Promise.all(
              [0, 1, 2, 3].map(() =>
                database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.2)', []),
              ),
            )
          ).map((r) => r[0].pid)
        : [];
    const backendCpu = () =>
      backends.reduce((sum, pid) => {
        try {
          const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
          return sum + (Number(f[11]) + Number(f[12])) / 100;
        } catch {
          return sum;
        }
      }, 0);
    for (const format of FORMATS) {
      const rss: number[] = [];
      const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 100);
      const t = performance.now();
      const cpu0 = process.cpuUsage();
      const db0 = backendCpu();
      const bytes = await new Promise<number>((resolve, reject) => {
        get(
          {
            host: '127.0.0.1',
            port,
            path: `/cashier/brand-export?format=${format}`,
            headers: sessionHeaders(owner),
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`export ${res.statusCode}`));
            let n = 0;
            res.on('data', (c: Buffer) => {
              n += c.length;
            });
            res.on('end', () => resolve(n));
            res.on('error', reject);
          },
        ).on('error', reject);
      });
      const s = (performance.now() - t) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const dbCpu = backendCpu() - db0;
      clearInterval(sampler);
      const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
      const q = (p: number) => [...rss].sort((a, b) => a - b)[Math.floor(p * (rss.length - 1))];
      const tenth = Math.max(1, Math.floor(rss.length / 10));
      console.log(
        `  export ${format}: ${Number(brandSales).toLocaleString('en')} sales, ${(bytes / 1024 / 1024).toFixed(0)} MiB in ${s.toFixed(1)} s = ${Math.round(Number(brandSales) / s).toLocaleString('en')} sales/s (goal ≥ 20,000); RSS MiB first tenth median ${mb(median(rss.slice(0, tenth)))}, last tenth median ${mb(median(rss.slice(-tenth)))}, min ${mb(q(0))}, max ${mb(q(1))} (${rss.length} samples); process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s${kind === 'pg' ? `, PostgreSQL backends CPU ${dbCpu.toFixed(1)} s` : ''}; load ${await load()}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

if (only !== 'pg') await bench('pglite');
if (only !== 'pglite' && process.env.TEST_DATABASE_URL) await bench('pg');
else if (only === 'pg') console.log('pg: TEST_DATABASE_URL is not set');
