// The real server as a child process (test/server/process.ts's serverArgs: the run's bundle or tsx, one process: a SIGKILL
// really kills the process holding the database), restartable on the same port and the same data
// (PGlite DATA_DIR, or a PostgreSQL schema), plus direct database access for the checks.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Database, type RawConnection } from '../../server/db/create-db';
import { serverArgs } from '../server/process';

const ROOT = join(import.meta.dirname, '..', '..');

export type FaultBackend = { kind: 'pglite' } | { kind: 'pg'; url: string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface Running {
  proc: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

function spawnServer(env: Record<string, string>, timeoutMs: number): Promise<Running> {
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Serambi listening on')) {
        clearTimeout(timer);
        resolve({ proc, exited, output: () => out });
      }
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

export interface ServerControl {
  readonly url: string;
  readonly backend: FaultBackend;
  /** How many times the process was started, and stopped by each signal. */
  readonly stats: {
    starts: number;
    startMs: number[];
    signals: Record<string, number>;
    /** Each stop: its signal, how long the process took to exit, and whether it had to be SIGKILLed after the grace. */
    stops: { signal: string; ms: number; forced: boolean; output?: string }[];
  };
  isUp(): boolean;
  /** The running server process's id (benches read its CPU time in /proc), null when it is down. */
  pid(): number | null;
  start(): Promise<void>;
  /** Sends the signal and waits for the process to exit (SIGTERM: graceful close, PGlite flushed). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  restart(signal: NodeJS.Signals): Promise<void>;
  /** Resolves once the running process has printed `text` (stdout or stderr) since it started. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /**
   * Runs queries on the server's database. PGlite allows one process per data folder: the server
   * is stopped (SIGTERM) first and left stopped; PostgreSQL is queried while it runs.
   */
  inspect<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  /** Stops the process and removes the data folder / drops the schema. */
  dispose(): Promise<void>;
}

/**
 * `graceMs`: how long a stop waits for the process to exit before it SIGKILLs it (default 5 s).
 * `env`: extra environment for the process (e.g. LOG_LEVEL).
 */
export async function createServerControl(
  backend: FaultBackend,
  options: { graceMs?: number; env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<ServerControl> {
  const graceMs = options.graceMs ?? 5_000;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'serambi-fault-'));
  const schema = `f_${Math.random().toString(16).slice(2, 10)}`;
  let databaseUrl = '';
  if (backend.kind === 'pg') {
    const setup = await createDb({ databaseUrl: backend.url, schema }); // creates the schema
    await setup.close();
    const u = new URL(backend.url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const openDb = (): Promise<Database> =>
    backend.kind === 'pg'
      ? createDb({ databaseUrl: backend.url, schema, poolSize: 2 })
      : createDb({ dataDir });
  let running: Running | null = null;
  const stats: ServerControl['stats'] = { starts: 0, startMs: [], signals: {}, stops: [] };

  const control: ServerControl = {
    url,
    backend,
    stats,
    isUp: () => running !== null,
    pid: () => running?.proc.pid ?? null,
    async start() {
      if (running) return;
      const t0 = performance.now();
      running = await spawnServer(
        { ...options.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
        options.startTimeoutMs ?? 120_000,
      );
      stats.starts += 1;
      stats.startMs.push(performance.now() - t0);
    },
    async stop(signal = 'SIGTERM') {
      const r = running;
      if (!r) return;
      running = null;
      stats.signals[signal] = (stats.signals[signal] ?? 0) + 1;
      const t0 = performance.now();
      let forced = false;
      if (r.proc.exitCode === null) r.proc.kill(signal);
      const timer = setTimeout(() => {
        forced = true;
        r.proc.kill('SIGKILL');
      }, graceMs);
      await r.exited;
      clearTimeout(timer);
      stats.stops.push({
        signal,
        ms: Math.round(performance.now() - t0),
        forced,
        ...(forced ? { output: r.output().slice(-2000) } : {}),
      });
    },
    async waitForOutput(text, timeoutMs = 30_000) {
      const r = running;
      if (!r) throw new Error('server is not running');
      const deadline = performance.now() + timeoutMs;
      while (!r.output().includes(text)) {
        if (performance.now() > deadline)
          throw new Error(`server never printed ${text}:\n${r.output().slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async restart(signal) {
      await control.stop(signal);
      await control.start();
    },
    async inspect(fn) {
      if (backend.kind === 'pglite') await control.stop('SIGTERM');
      const database = await openDb();
      try {
        return await database.withConnection(fn);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      await control.stop('SIGKILL');
      if (backend.kind === 'pg') {
        const database = await createDb({ databaseUrl: backend.url, schema });
        await database.withConnection((c) => c.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
        await database.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return control;
}
