// Issue 24: GET cashier/pos/member-search over 100,000 customers of the demo brand (seed:large-style names,
// phones, e-mails, references added by one bulk INSERT … SELECT, then ANALYZE), through app.inject: a name
// prefix, a phone (typed after '+62'), a phone with its +62, an e-mail prefix, a reference, no match, and the
// activation lookup by phone (POST cashier/pos/user). p50/p95 of --runs runs; PGlite in memory, PostgreSQL when
// TEST_DATABASE_URL is set (target ≤ 50 ms at the server for a name prefix and a phone).
// npx tsx bench/member-search.bench.ts [--customers 100000] [--runs 30] [--db pglite|pg]
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { createDb, type Database } from '../server/db/create-db';
import { demoBusiness } from '../server/db/demo';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { standInIntegrations } from '../server/integrations';
import { fixedClock } from '../server/lib/clock';
import { call, signIn } from '../test/server/helpers';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const CUSTOMERS = Number(arg('--customers', '100000'));
const RUNS = Number(arg('--runs', '30'));
const only = arg('--db', '');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const FIRST = [
  'Ayu',
  'Budi',
  'Citra',
  'Dewi',
  'Eko',
  'Fajar',
  'Gita',
  'Hadi',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
];
const LAST = [
  'Santoso',
  'Wijaya',
  'Pratama',
  'Saputra',
  'Lestari',
  'Nugroho',
  'Hidayat',
  'Kusuma',
  'Permata',
];

async function bench(kind: 'pglite' | 'pg'): Promise<void> {
  const schema = kind === 'pg' ? `bench_members_${randomBytes(4).toString('hex')}` : undefined;
  const database: Database = await createDb(
    kind === 'pg' ? { databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 4 } : {},
  );
  try {
    await migrate(database);
    const clock = fixedClock(new Date());
    await seedIfEmpty(database, () => demoBusiness(clock.now()), clock);
    const t0 = performance.now();
    // names from two lists and a number, phones 0812 + 8 digits, e-mails and references from the number
    await database.query(
      `INSERT INTO customers (business_id, user_code, user_name, user_phone, user_email, user_ref, user_gender,
         user_notes, nik, user_email_notification, is_signed_up, extra, created_at, updated_at)
       SELECT 1, 'LG' || lpad(g::text, 8, '0'),
         (ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}])[1 + g % ${FIRST.length}] || ' ' ||
           (ARRAY[${LAST.map((n) => `'${n}'`).join(',')}])[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g,
         '0812' || lpad((50000000 + g)::text, 8, '0'),
         'pelanggan' || g || '@contoh.id', 'LREF-' || g, 1 + g % 2, NULL, NULL, 0, 1, '{}'::jsonb, now(), now()
       FROM generate_series(1, $1::int) g`,
      [CUSTOMERS],
    );
    await database.withConnection((c) => c.exec('ANALYZE customers'));
    console.log(
      `${kind}: ${CUSTOMERS} customers loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ db: database, clock, integrations: standInIntegrations() });
    const owner = await signIn(app, 'demo@serambi.id');
    const g = Math.floor(CUSTOMERS / 2);
    const phoneDigits = `812${String(50000000 + g).padStart(8, '0')}`;
    const cases: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      [
        'name prefix "dewi"',
        () => call(app, owner, { method: 'GET', url: '/cashier/pos/member-search?keyword=dewi' }),
      ],
      [
        'name prefix "Kartika Kus"',
        () =>
          call(app, owner, {
            method: 'GET',
            url: `/cashier/pos/member-search?keyword=${encodeURIComponent('Kartika Kus')}`,
          }),
      ],
      [
        'phone typed after +62',
        () => call(app, owner, { method: 'GET', url: `/cashier/pos/member-search?keyword=${phoneDigits}` }),
      ],
      [
        'phone with +62',
        () =>
          call(app, owner, {
            method: 'GET',
            url: `/cashier/pos/member-search?keyword=${encodeURIComponent(`+62${phoneDigits}`)}`,
          }),
      ],
      [
        'phone prefix 0812500',
        () => call(app, owner, { method: 'GET', url: '/cashier/pos/member-search?keyword=0812500' }),
      ],
      [
        'e-mail prefix',
        () => call(app, owner, { method: 'GET', url: `/cashier/pos/member-search?keyword=pelanggan${g}@` }),
      ],
      [
        'reference',
        () => call(app, owner, { method: 'GET', url: `/cashier/pos/member-search?keyword=LREF-${g}` }),
      ],
      [
        'no match',
        () => call(app, owner, { method: 'GET', url: '/cashier/pos/member-search?keyword=zzzzzz' }),
      ],
      [
        'lookup by phone (pos/user)',
        () =>
          call(app, owner, {
            method: 'POST',
            url: '/cashier/pos/user',
            payload: {
              transaction_type: 'membership_activation',
              user_identifier_type: 'phone',
              user_identifier_string: `+62${phoneDigits}`,
            },
          }),
      ],
    ];
    for (const [name, run] of cases) {
      const first = await run();
      if (first.statusCode !== 200) throw new Error(`${name}: ${first.body}`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
      const rows = (JSON.parse(first.body).data.members ?? [1]).length;
      console.log(
        `${kind}  ${name.padEnd(28)} p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  (${rows} rows)`,
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
