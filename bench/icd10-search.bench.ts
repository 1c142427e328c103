// ICD-10 search (issue 25: ≤ 20 ms for a 3-letter term): the real route GET cashier/satu-sehat-icd-10-search
// on PGlite and on PostgreSQL (TEST_DATABASE_URL), through the app (inject), after the list is loaded.
// Prints p50/p95/max per term (the indexed search, the full scan it replaced, the route); asserts nothing.
// Run: npx tsx bench/icd10-search.bench.ts   (TEST_DATABASE_URL=postgres://… adds the PostgreSQL run)
import { performance } from 'node:perf_hooks';
import { icd10Index, scanIcd10, searchIcd10 } from '../server/services/icd10';
import { call, signIn, startTestServer } from '../test/server/helpers';

const TERMS = ['dem', 'kol', 'A09', 'fev', 'demam berdarah', 'diabetes melitus', 'J1', 'zzz'];
const RUNS = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function run(backend: 'pglite' | 'pg') {
  const s = await startTestServer(backend);
  try {
    const t = await signIn(s.app, 'dokter@serambi.id');
    const get = (term: string) =>
      call(s.app, t, {
        method: 'GET',
        url: `/cashier/satu-sehat-icd-10-search?search_term=${encodeURIComponent(term)}`,
      });
    const t0 = performance.now();
    await get('a');
    console.log(
      `${backend}: first call (loads the list when empty) ${(performance.now() - t0).toFixed(0)} ms`,
    );
    const list = await icd10Index(s.database);
    const base: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = performance.now();
      await call(s.app, t, { method: 'GET', url: '/cashier/pos-area' });
      base.push(performance.now() - a);
    }
    console.log(
      `${backend}: an authenticated call with one small query (GET cashier/pos-area) p50 ${pct(base, 50).toFixed(2)} ms`,
    );
    for (const term of TERMS) {
      const pure: number[] = [];
      const scan: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const a = performance.now();
        searchIcd10(list, term);
        pure.push(performance.now() - a);
        const b = performance.now();
        scanIcd10(list.items, term);
        scan.push(performance.now() - b);
      }
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < RUNS; i++) {
        const a = performance.now();
        const r = await get(term);
        times.push(performance.now() - a);
        n = r.json().data.length;
      }
      console.log(
        `${backend.padEnd(6)} ${JSON.stringify(term).padEnd(20)} hits ${String(n).padStart(2)}  search p50 ${pct(pure, 50).toFixed(2)} ms p95 ${pct(pure, 95).toFixed(2)} ms (full scan p50 ${pct(scan, 50).toFixed(2)} ms) | route p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  max ${Math.max(...times).toFixed(2)} ms`,
      );
    }
  } finally {
    await s.close();
  }
}

await run('pglite');
if (process.env.TEST_DATABASE_URL) await run('pg');
