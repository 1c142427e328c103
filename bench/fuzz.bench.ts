// The fuzz test of every route (test/server/fuzz/fuzz.suite.ts) run long: FUZZ_RUNS inputs per route
// (default 300) with FUZZ_SEED (default: a new one each run, printed so a failure can be replayed), on PGlite
// and, when TEST_DATABASE_URL is set, on PostgreSQL. CI runs the same test with 12 inputs per route and a
// fixed seed. Prints the requests made and the time taken; exits non-zero on the first 500.
// Run: FUZZ_RUNS=1000 npx tsx bench/fuzz.bench.ts
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '300';
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 2_147_483_647);
const files = ['test/server/fuzz/fuzz.test.ts'];
if (process.env.TEST_DATABASE_URL) files.push('test/server/fuzz/fuzz.pg.test.ts');
console.log(`fuzz: ${runs} inputs per route, seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs})`);
const started = performance.now();
const r = spawnSync('npx', ['vitest', 'run', '--testTimeout', '0', ...files], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
});
console.log(`fuzz: ${((performance.now() - started) / 1000).toFixed(1)} s, exit ${r.status}`);
process.exit(r.status ?? 1);
