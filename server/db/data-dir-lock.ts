import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file's name inside a PGlite data folder (PostgreSQL ignores files it does not know there). */
export const LOCK_FILE = 'serambi.lock';

/** Another live process holds the folder: the server must not open it (two writers lose sales). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly command: string | null,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Serambi server (pid ${pid}${command ? `: ${command}` : ''}). ` +
        'Stop that process first, or start this one with another DATA_DIR. ' +
        `If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's; harmless twice. */
  release(): void;
}

const readLock = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** The command line of a running process (Linux), or null where it cannot be read. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner still runs: its pid answers signal 0 (EPERM: it runs under another user), and,
 * where /proc tells, it is a node process (a pid reused by something else after a crash is no owner).
 */
function ownerRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // a zombie (exited, not yet reaped by its parent) holds nothing
    if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) return false;
  } catch {
    // no /proc here: the signal's answer stands
  }
  const command = commandOf(pid);
  return command === null || /node|tsx|serambi/i.test(command);
}

const ownerPid = (content: string | null): number | null => {
  const pid = Number.parseInt(content?.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

/**
 * Takes the data folder for this process: creates `serambi.lock` with O_EXCL holding the pid (one creator
 * wins, even on a race). A lock left by a dead process (a crash, kill -9) is taken over; one of a live
 * process refuses with DataDirInUseError naming it. The lock is released by `release()` and, as a last
 * resort, when the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine = `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const content = readLock(path);
      if (content === null) continue; // released meanwhile: try again
      const pid = ownerPid(content);
      // an empty file: its creator is between open and write; give it a moment, then call it stale
      if (pid === null && content === '' && attempt < 3) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      if (pid !== null && ownerRuns(pid)) throw new DataDirInUseError(dataDir, pid, commandOf(pid));
      // stale: move it aside atomically, and put it back if what moved was a newer owner's lock
      const aside = `${path}.stale-${process.pid}`;
      try {
        renameSync(path, aside);
      } catch {
        continue;
      }
      if (readLock(aside) !== content) {
        try {
          linkSync(aside, path);
        } catch {
          // a third process locked meanwhile: that lock stands, this one is gone anyway
        }
      }
      unlinkSync(aside);
      continue;
    }
    try {
      writeSync(fd, mine);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readLock(path) === mine) unlinkSync(path);
    };
    process.on('exit', release);
    return { path, release };
  }
  throw new Error(`could not lock DATA_DIR ${dataDir} (${path} keeps changing)`);
}
