// Cold start: time from spawning `tsx server/main.ts` to the first 200 from /healthz, on an existing PGlite
// data folder (the demo already loaded), plus the very first start (migrations + demo load) for contrast.
// Run: npx tsx bench/cold-start.bench.ts [--runs 3]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startAndTime(dataDir: string): Promise<{ ms: number; proc: ChildProcess }> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.status === 200) return { ms: performance.now() - t0, proc };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

const dir = mkdtempSync(join(tmpdir(), 'serambi-cold-'));
try {
  const first = await startAndTime(dir);
  console.log(`first start (migrations + demo load): ${first.ms.toFixed(0)} ms`);
  await stop(first.proc);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await startAndTime(dir);
    times.push(run.ms);
    await stop(run.proc);
  }
  times.sort((a, b) => a - b);
  console.log(
    `cold start on the existing data folder (${RUNS} runs): ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${times[Math.floor(times.length / 2)].toFixed(0)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
