// Stock list (GET cashier/inventory/outlet-stock, reading A, issue 13): server time and gzip size for N
// stock-tracked variants at Kemang (target: 50,000 variants ≤ 500 ms, ≤ 3 MB gzip). The variants are added
// by bulk SQL (items of 4 RETAIL variants each, two ledger entries per variant at each Kemang location).
// Run: npx tsx bench/stock-list.bench.ts [--variants 50000] [--runs 7] [--compare] [--explain]
// --compare also times the statement as it was before migration 0016 on the same data, alternating with the
// endpoint; --explain prints the plan of today's statement.
// On PGlite in memory by default; BENCH_DATABASE_URL=postgres://… measures on a PostgreSQL server instead.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../server/app';
import { createDb } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { systemClock } from '../server/lib/clock';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const VARIANTS = arg('--variants', 50_000);
const RUNS = arg('--runs', 7);
const pgUrl = process.env.BENCH_DATABASE_URL;
const schema = pgUrl ? `bench_${Date.now()}` : undefined;
const FIRST_ITEM = 600_000;
const COMPARE = argv.includes('--compare');
const LOCS = 'SELECT inv_sloc_id FROM storage_locations WHERE business_outlet_id = 1';
/** the list's statement before migration 0016: the ledger summed and the catalogue JSON expanded per call */
const BEFORE_SQL = `
  WITH st AS (
    SELECT l.pos_item_variant_id, sum(l.qty) AS qty, sum(l.bad_qty) AS bad_qty
    FROM stock_ledger l WHERE l.inv_sloc_id IN (${LOCS}) GROUP BY l.pos_item_variant_id),
  units AS (
    SELECT entity_id, doc->>'unit_name' AS unit_name FROM catalogue_entities
    WHERE business_id = 1 AND business_outlet_id = 0 AND kind = 'units'),
  list AS (
    SELECT (v->>'pos_item_variant_id')::int AS pos_item_variant_id, i.doc->>'item_nature' AS item_type,
      i.doc->>'category_name' AS category_name, v->>'sku' AS sku, i.doc->>'item_name' AS item_name,
      v->>'variant_name' AS variant_name, coalesce(st.qty, 0)::float8 AS qty,
      coalesce(st.bad_qty, 0)::float8 AS drv_bad_qty, units.unit_name
    FROM catalogue_entities i
    CROSS JOIN LATERAL json_array_elements(i.doc->'pos_item_variants') v
    LEFT JOIN st ON st.pos_item_variant_id = (v->>'pos_item_variant_id')::int
    LEFT JOIN units ON units.entity_id = v->>'inv_unit_id'
    WHERE i.business_id = 1 AND i.business_outlet_id = 0 AND i.kind = 'pos_items'
      AND i.doc->>'item_nature' = 'RETAIL' AND (i.outlet_ids IS NULL OR 1 = ANY (i.outlet_ids)))
  SELECT json_agg(list)::text AS data FROM list`;
/** the statement of server/services/inventory.ts stockListJson for Kemang (outlet 1), for --explain and the
 * database CPU per statement (the tuple wire format of migration 0021) */
const NEW_SQL = `
  SELECT '{"units":' || coalesce((
      SELECT json_object_agg(entity_id, doc->>'unit_name')::text FROM catalogue_entities
      WHERE business_id = 1 AND business_outlet_id = 0 AND kind = 'units'), '{}')
    || ',"rows":[' || coalesce(string_agg(v.json_head || ',' || (coalesce(b0.qty, 0) + coalesce(b1.qty, 0))::float8::text
      || ',' || (coalesce(b0.bad_qty, 0) + coalesce(b1.bad_qty, 0))::float8::text || ']', ','), '') || ']}' AS data
  FROM stock_variants v
  LEFT JOIN stock_balances b0 ON b0.inv_sloc_id = 31 AND b0.pos_item_variant_id = v.pos_item_variant_id
  LEFT JOIN stock_balances b1 ON b1.inv_sloc_id = 32 AND b1.pos_item_variant_id = v.pos_item_variant_id
  WHERE v.business_id = 1 AND (v.outlet_ids IS NULL OR 1 = ANY (v.outlet_ids))`;

const database = await createDb(pgUrl ? { databaseUrl: pgUrl, schema } : {});
try {
  await migrate(database);
  await seedIfEmpty(database, () => demoBusiness(), systemClock);
  const items = Math.ceil(VARIANTS / 4);
  const t0 = Date.now();
  await database.query(
    `INSERT INTO catalogue_entities (business_id, business_outlet_id, kind, entity_id, outlet_ids, sort_order, doc, updated_at)
     SELECT 1, 0, 'pos_items', (${FIRST_ITEM} + g)::text, NULL, 0,
       json_build_object('pos_item_id', ${FIRST_ITEM} + g, 'item_name', 'Produk Uji ' || g, 'item_nature', 'RETAIL',
         'category_name', 'Kategori ' || (g % 40), 'pos_item_variants', (
           SELECT json_agg(json_build_object('pos_item_variant_id', (${FIRST_ITEM} + g) * 10 + n,
             'variant_name', 'Ukuran ' || n, 'sku', 'SKU' || ((${FIRST_ITEM} + g) * 10 + n), 'inv_unit_id', 1,
             'variant_cost', 10000))
           FROM generate_series(1, 4) n)),
       now()
     FROM generate_series(1, $1::int) g`,
    [items],
  );
  await database.query(
    `INSERT INTO stock_ledger (inv_sloc_id, pos_item_id, pos_item_variant_id, entry_type, qty, bad_qty, unit_cost, created_at)
     SELECT loc, ${FIRST_ITEM} + g, (${FIRST_ITEM} + g) * 10 + n, e, (g % 17) + n, CASE WHEN n = 1 THEN 1 ELSE 0 END, 10000, now()
     FROM generate_series(1, $1::int) g, generate_series(1, 4) n, (VALUES (31), (32)) l(loc),
       (VALUES ('opening'), ('from_supplier')) t(e)`,
    [items],
  );
  // the planner's statistics, as autovacuum would have them after a bulk load (without them PostgreSQL sorts
  // 200,000 ledger rows on disk instead of a HashAggregate: about twice the time)
  for (const t of ['stock_ledger', 'catalogue_entities', 'stock_balances', 'stock_variants'])
    await database.query(`ANALYZE ${t}`, []);
  console.log(
    `database: ${pgUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; added ${items * 4} variants and ${items * 4 * 4} ledger rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
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
  await app.inject({ method: 'GET', url: '/cashier/config?outlet_id=1', headers });
  if (argv.includes('--explain')) {
    const plan = await database.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${NEW_SQL}`, []);
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  }
  const times: number[] = [];
  const compressed: number[] = [];
  let wire = 0;
  let encoding = '';
  const before: number[] = [];
  let rows = 0;
  let raw = 0;
  let gz = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    const t = process.hrtime.bigint();
    const r = await app.inject({ method: 'GET', url: '/cashier/inventory/outlet-stock', headers });
    const took = Number(process.hrtime.bigint() - t) / 1e6;
    if (r.statusCode !== 200)
      throw new Error(`outlet-stock answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
    if (i > 0) times.push(took); // the first warms the caches and the JIT
    // as a browser asks (Chromium: gzip, deflate, br, zstd): @fastify/compress compresses the body per request
    const tc = process.hrtime.bigint();
    const rc = await app.inject({
      method: 'GET',
      url: '/cashier/inventory/outlet-stock',
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    if (i > 0) compressed.push(Number(process.hrtime.bigint() - tc) / 1e6);
    wire = rc.rawPayload.length;
    encoding = String(rc.headers['content-encoding']);
    if (COMPARE) {
      // the query before migration 0016 (ledger SUM over the catalogue's JSON), same data, alternating
      const t1 = process.hrtime.bigint();
      await database.query(BEFORE_SQL, []);
      if (i > 0) before.push(Number(process.hrtime.bigint() - t1) / 1e6);
    }
    rows = (r.json().data as { rows: unknown[] }).rows.length;
    raw = r.rawPayload.length;
    gz = gzipSync(r.rawPayload).length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `stock list: rows=${rows} median=${times[Math.floor(times.length / 2)].toFixed(0)} ms worst=${times[times.length - 1].toFixed(0)} ms size=${(raw / 1048576).toFixed(2)} MiB gzip=${(gz / 1048576).toFixed(2)} MiB (targets ≤ 500 ms, ≤ 3 MB gzip)`,
  );
  compressed.sort((a, b) => a - b);
  console.log(
    `as a browser asks (accept-encoding gzip, deflate, br, zstd): median=${compressed[Math.floor(compressed.length / 2)].toFixed(0)} ms worst=${compressed[compressed.length - 1].toFixed(0)} ms, ${encoding} ${(wire / 1048576).toFixed(2)} MiB`,
  );
  if (COMPARE && pgUrl) {
    // the database's own CPU time per statement (its backend's utime + stime in /proc, 10 ms ticks): on a
    // loaded machine this compares the two statements where wall-clock time cannot
    await database.withConnection(async (c) => {
      const [{ pid }] = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', []);
      const cpu = () => {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(f[11]) + Number(f[12])) * 10;
      };
      const spent: Record<string, number[]> = { before: [], after: [] };
      for (let i = 0; i < RUNS; i++)
        for (const [name, text] of [
          ['after', NEW_SQL],
          ['before', BEFORE_SQL],
        ] as const) {
          const c0 = cpu();
          await c.query(text, []);
          spent[name].push(cpu() - c0);
        }
      for (const [name, xs] of Object.entries(spent))
        console.log(
          `database CPU per statement (${name === 'after' ? 'today' : 'before 0016'}): median ${xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]} ms`,
        );
    });
  }
  if (COMPARE) {
    before.sort((a, b) => a - b);
    console.log(
      `before 0016 (SQL alone, no HTTP): median=${before[Math.floor(before.length / 2)].toFixed(0)} ms worst=${before[before.length - 1].toFixed(0)} ms`,
    );
  }
  await app.close();
} finally {
  if (schema && !process.env.BENCH_KEEP)
    await database.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
  await database.close();
}
