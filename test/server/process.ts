import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * How a test starts the server as a process: node itself (not the tsx wrapper: a SIGKILL sent to the wrapper
 * cannot be relayed, and left the real server running as an orphan after the tests), on the run's bundle of
 * server/ when the global setup made one (SERAMBI_SERVER_BUNDLE, scripts/bundle-server.ts), else through tsx.
 */
export function serverArgs(): string[] {
  const bundle = process.env.SERAMBI_SERVER_BUNDLE;
  return bundle && existsSync(bundle)
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', 'server/main.ts'];
}

/** Starts the server (serverArgs) on a random port and waits for "Serambi listening on …". */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  command: readonly [string, string[]] = [process.execPath, serverArgs()],
): Promise<ServerProcess> {
  const proc = spawn(command[0], command[1], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Serambi listening on (https?:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          proc,
          output: () => out,
          stop: async (signal = 'SIGTERM') => {
            if (proc.exitCode === null) proc.kill(signal);
            return exited;
          },
        });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { status: string; data: Record<string, unknown> } };
}
