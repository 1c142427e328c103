// One writer per PGlite data folder (issue 11 item 3): the server locks its DATA_DIR, a second server on it
// refuses to start naming the first, a crashed owner's lock is taken over, and `npm run serve` hands a
// SIGTERM to the server itself, which closes its port and releases the lock.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../server/db/data-dir-lock';
import { type ServerProcess, startServerProcess } from './process';

const root = mkdtempSync(join(tmpdir(), 'serambi-lock-'));
let n = 0;
const freshDir = () => mkdtempSync(join(root, `d${n++}-`));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  rmSync(root, { recursive: true, force: true });
});

/** The pid of a process that has exited: a crashed owner. */
function deadPid(): Promise<number> {
  const p = spawn(process.execPath, ['-e', '0']);
  return new Promise((resolve) => p.once('exit', () => resolve(p.pid as number)));
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('lockDataDir', () => {
  it('one holder at a time; the refusal names the holder; released, the folder is free again', () => {
    const dir = freshDir();
    const first = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(`is in use by another Serambi server (pid ${process.pid}`);
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock whose process is dead, or whose content is not a pid', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE), `${await deadPid()}\nhost\n2026-01-01T00:00:00.000Z\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    lockDataDir(dir).release();
  });

  it('createDb refuses a PGlite folder another holder has locked, before opening it', async () => {
    const dir = freshDir();
    const held = lockDataDir(dir);
    await expect(createDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    held.release();
  });
});

describe('the server process and its DATA_DIR', () => {
  it('`npm run serve` holds the folder; a second server refuses naming it; SIGTERM to npm stops the server and frees it', async () => {
    const dataDir = freshDir();
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0', DIST_DIR: join(root, 'no-dist') };
    const npm = await startServerProcess(env, 150_000, ['npm', ['run', '--silent', 'serve']]);
    running.push(npm);
    const owner = Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]);
    expect(isAlive(owner)).toBe(true);
    expect((await fetch(`${npm.url}/healthz`)).status).toBe(200);

    const second = await startServerProcess(env, 150_000).then(
      (p) => {
        running.push(p);
        return 'started';
      },
      (e: Error) => e.message,
    );
    expect(second).toContain(`DATA_DIR ${dataDir} is in use by another Serambi server (pid ${owner}`);
    expect(second).toContain('exited with 1');

    // the signal goes to npm's pid, as a process manager or a terminal's kill would
    expect(npm.proc.pid).toBeDefined();
    process.kill(npm.proc.pid as number, 'SIGTERM');
    await new Promise((resolve) => npm.proc.once('exit', resolve));
    // the server itself (not only npm) is gone: its port is closed and the lock released
    for (let i = 0; i < 100 && isAlive(owner); i++) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(owner)).toBe(false);
    await expect(fetch(`${npm.url}/healthz`)).rejects.toThrow();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 300_000);
});
