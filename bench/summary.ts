// Issue 28 "Guard the gains": every figure of the issue's table in one table, by running the benches that measure
// them (this script only calls them; each bench's own header says what it measures and how). Small, quick settings
// by default (a few minutes on the 2-core machine; the figures are then indicative, not the issue's sizes); --full
// runs the issue's sizes (20,000 items, 1,000 sales, 100,000 events …; PostgreSQL rows need TEST_DATABASE_URL /
// BENCH_DATABASE_URL, as the benches say). Prints numbers only, as one markdown table; asserts nothing. CI does not
// run it: the quick run took 9 minutes on the 2-core machine on 2026-11-28 (nine benches of 24–80 s each, load 7–20),
// far over the minute CI could spare; CI prints the sizes (the JS budgets) in its bundle-budgets step instead.
// The /sign-in rows need a build (`npx vite build`); the browser rows Debian's Chromium at /usr/bin/chromium.
// Usage: npx tsx bench/summary.ts [--full] [--only sign-in,tap,...] [--json]      (npm run bench:summary)
import { spawn } from 'node:child_process';

const full = process.argv.includes('--full');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '').split(',') : null;
const pg = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;

interface Bench {
  key: string;
  /** The rows of the issue's table this run fills: [measure, goal]. */
  rows: [string, string][];
  cmd: string[];
  env?: Record<string, string>;
  /** The output lines that carry the figures. */
  pick: RegExp;
  timeoutMin: number;
}

const BENCHES: Bench[] = [
  {
    key: 'sign-in',
    rows: [
      ['Lighthouse-like /sign-in, mobile (slow 4G, 4× CPU)', 'score ≥ 95; LCP ≤ 2.0 s, TBT ≤ 150 ms'],
      ['Lighthouse-like /sign-in, desktop', '100'],
      ['JS a first visit to /sign-in fetches until idle (gzip)', '≤ 150 KB'],
    ],
    cmd: ['npx', 'tsx', 'bench/sign-in-paint.bench.ts', '--runs', full ? '3' : '1'],
    pick: /mobile|desktop|JS until idle/,
    timeoutMin: 20,
  },
  {
    key: 'bundle',
    rows: [
      [
        'JS budgets (CI fails on these sizes only)',
        'sign-in first visit ≤ 150 KB (guard 10 KB), once touched ≤ 268 KB; receipt ≤ 122 KB',
      ],
    ],
    cmd: ['node', 'scripts/check-bundle-budget.mjs'],
    pick: /sign-in|receipt|EXCEEDED/,
    timeoutMin: 5,
  },
  {
    key: 'tap',
    rows: [
      ['tap tile → cart line, real /pos, p95 plain / 4× CPU', '≤ 16 / ≤ 50 ms'],
      ['… the runs with the missing-worker question', 'fixed, measured'],
    ],
    cmd: ['npx', 'tsx', 'bench/tap-to-cart.bench.ts'],
    env: { REAL: '1', ITEMS: full ? '20000' : '2000', SAMPLES: full ? '30' : '8' },
    pick: /p95|p50|question|worker/i,
    timeoutMin: full ? 30 : 15,
  },
  {
    key: 'ingest',
    rows: [['sync ingest, one device / eight (sales/s)', '≥ 1,000 per server core']],
    cmd: [
      'npx',
      'tsx',
      'bench/sync-ingest.bench.ts',
      '--sales',
      full ? '1000' : '200',
      ...(pg ? ['--db', 'pg'] : []),
    ],
    pick: /sales\/s|per sale|device/i,
    timeoutMin: full ? 30 : 10,
  },
  {
    key: 'offline',
    rows: [['end-to-end sync pass of offline sales (sales/s)', '≥ 500 /s']],
    cmd: ['npx', 'tsx', 'bench/sync-offline.bench.ts', full ? '1000' : '100'],
    pick: /\/s|per second/i,
    timeoutMin: full ? 30 : 10,
  },
  {
    key: 'replay',
    rows: [['cold replay of events', '100,000 in ≤ 1 s, bounded memory']],
    cmd: ['npx', 'tsx', 'bench/replay.bench.ts', full ? '100000' : '10000'],
    pick: /replay|rebuild|heap|events/i,
    timeoutMin: full ? 20 : 10,
  },
  {
    key: 'config',
    rows: [['config for N items', '20,000: ≤ 150 ms (cached per catalogue version, ETag/304)']],
    cmd: ['npx', 'tsx', 'bench/config.bench.ts', '--items', full ? '20000' : '2000'],
    pick: /ms|KB|304|etag/i,
    timeoutMin: full ? 20 : 10,
  },
  {
    key: 'audit',
    rows: [["audit: upload a day / open an outlet's day", '≤ 1 s / ≤ 300 ms']],
    cmd: [
      'npx',
      'tsx',
      'bench/audit.bench.ts',
      '--events',
      full ? '20000' : '2000',
      '--runs',
      full ? '5' : '2',
    ],
    pick: /upload|open|replay/i,
    timeoutMin: full ? 30 : 10,
  },
  {
    key: 'stock',
    rows: [['stock list keystroke (pure filter)', '≤ 16 ms p95']],
    cmd: ['npx', 'tsx', 'bench/stock-list-filter.bench.ts', '--rows', full ? '50000' : '5000'],
    pick: /keystroke|p95/i,
    timeoutMin: 10,
  },
];

/** Not measured by any bench yet (the issue's notes): printed so the table stays complete. */
const UNMEASURED: [string, string][] = [['sign-in → Home with a big catalogue', '≤ 2 s for 50,000 items']];

function run(b: Bench): Promise<{ code: number | null; out: string; ms: number }> {
  return new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(b.cmd[0] as string, b.cmd.slice(1), {
      env: { ...process.env, ...b.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), b.timeoutMin * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ms: Date.now() - start });
    });
  });
}

/** The terminal colours some benches print. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const clean = (line: string) => line.replace(ANSI, '').replace(/\s+/g, ' ').trim().slice(0, 170);

const results: {
  bench: string;
  rows: [string, string][];
  figures: string[];
  ok: boolean;
  seconds: number;
}[] = [];
for (const b of BENCHES) {
  if (only && !only.includes(b.key)) continue;
  process.stderr.write(
    `running ${b.key}: ${Object.entries(b.env ?? {})
      .map(([k, v]) => `${k}=${v} `)
      .join('')}${b.cmd.join(' ')}\n`,
  );
  const { code, out, ms } = await run(b);
  const lines = out.split('\n').map(clean).filter(Boolean);
  let figures = lines.filter((l) => b.pick.test(l)).slice(-8);
  if (figures.length === 0) figures = lines.slice(-3);
  if (code !== 0)
    figures.push(`(exit ${code ?? 'killed'}${code === null ? `, over ${b.timeoutMin} min` : ''})`);
  results.push({ bench: b.key, rows: b.rows, figures, ok: code === 0, seconds: Math.round(ms / 1000) });
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else {
  // One markdown table (pasteable into the issue's note): a row per measure of the issue's table, the figures of
  // the bench that measures it on the bench's first row.
  console.log(
    `\nIssue 28's figures (${full ? 'full' : 'quick'} settings; ${new Date().toISOString()}; load ${(
      await import('node:os')
    )
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})\n`,
  );
  console.log('| measure | goal | figures | bench |');
  console.log('|---|---|---|---|');
  for (const r of results) {
    r.rows.forEach(([measure, goal], i) => {
      const figures = i === 0 ? r.figures.map(cell).join('<br>') : '(above)';
      const bench = i === 0 ? `${r.bench}, ${r.seconds} s${r.ok ? '' : ', FAILED'}` : '';
      console.log(`| ${cell(measure)} | ${cell(goal)} | ${figures} | ${bench} |`);
    });
  }
  for (const [m, g] of UNMEASURED) console.log(`| ${cell(m)} | ${cell(g)} | (no bench measures it yet) | |`);
}
