/** The part of the Web Locks API the writer uses (navigator.locks satisfies it). */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
  /** Web Locks' snapshot of the held and waiting requests: lets a holder see another tab waiting. */
  query?(): Promise<{ pending?: ReadonlyArray<{ name?: string }> }>;
}

export type RunExclusive = <T>(work: () => Promise<T>) => Promise<T>;

/** navigator.locks where the platform has it (browsers; Node ≥ 22), else undefined. */
export function platformLocks(): LockManagerLike | undefined {
  const nav: { locks?: LockManagerLike } | undefined = (
    globalThis as { navigator?: { locks?: LockManagerLike } }
  ).navigator;
  return nav?.locks;
}

export interface WriterLockOptions {
  /**
   * Keep the Web Lock up to this long after the tab's last work, so the tab's next work runs without asking
   * again (issue 29: at 4× CPU a grant took 44–115 ms of 'Selesai' → paper). The lease ends at once when
   * another tab waits for the lock (seen by query() every pollMs), when the page is hidden, or after lingerMs
   * without work. 0 (default), or a lock manager without query(): released after each work.
   */
  lingerMs?: number;
  /** How often a holder looks for another tab waiting; default 50 ms. */
  pollMs?: number;
  /** The page's visibility (default: the document's); a hidden page never keeps the lock. */
  hidden?: () => boolean;
  /** Called when the page's visibility changes or it is hidden (default: the document's events). */
  onHide?: (listener: () => void) => void;
  now?: () => number;
}

const documentHidden = () =>
  typeof document !== 'undefined' && (document as { visibilityState?: string }).visibilityState === 'hidden';

function documentOnHide(listener: () => void): void {
  if (typeof document === 'undefined' || typeof document.addEventListener !== 'function') return;
  document.addEventListener('visibilitychange', listener);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', listener);
}

/** A timer that does not keep a Node process alive (tests); a plain one in browsers. */
function later(fn: () => void, ms: number): void {
  const t = setTimeout(fn, ms) as unknown as { unref?: () => void };
  t.unref?.();
}

interface Lease {
  end: () => void;
  busy: boolean;
  lastUse: number;
}

/**
 * One writer at a time: an in-process queue (always, so one tab never asks the lock twice at
 * once) and, where given, a Web Lock so two tabs never interleave. Not re-entrant: work must not
 * call back into the same RunExclusive.
 */
export function createWriterLock(
  name: string,
  locks: LockManagerLike | undefined,
  options: WriterLockOptions = {},
): RunExclusive {
  let tail: Promise<unknown> = Promise.resolve();
  const lingerMs = locks?.query ? (options.lingerMs ?? 0) : 0;
  const pollMs = options.pollMs ?? 50;
  const hidden = options.hidden ?? documentHidden;
  const now = options.now ?? (() => Date.now());
  let lease: Lease | null = null;

  /** Ends the lease unless a work runs under it (that work's end looks again). */
  const endLease = () => {
    const l = lease;
    if (!l || l.busy) return;
    lease = null;
    l.end();
  };
  if (lingerMs > 0) (options.onHide ?? documentOnHide)(() => hidden() && endLease());

  const watch = (l: Lease) => {
    const tick = async () => {
      if (lease !== l) return;
      let waiting = false;
      try {
        const state = await locks?.query?.();
        waiting = (state?.pending ?? []).some((p) => p.name === name);
      } catch {
        waiting = true;
      }
      if (lease !== l) return;
      if (!l.busy && (waiting || hidden() || now() - l.lastUse >= lingerMs)) endLease();
      else later(tick, pollMs);
    };
    later(tick, pollMs);
  };

  const underLock = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!locks) return work();
    const held = lease;
    if (held) {
      held.busy = true;
      try {
        return await work();
      } finally {
        held.busy = false;
        held.lastUse = now();
      }
    }
    return new Promise<T>((resolve, reject) => {
      // the work's outcome: given at once when the lock is kept, else once it is let go (as before the lease)
      let outcome: (() => void) | undefined;
      locks
        .request(
          name,
          () =>
            new Promise<void>((release) => {
              const l: Lease = { end: release, busy: true, lastUse: 0 };
              work()
                .then(
                  (value) => {
                    outcome = () => resolve(value);
                  },
                  (error) => {
                    outcome = () => reject(error);
                  },
                )
                .finally(() => {
                  l.busy = false;
                  l.lastUse = now();
                  if (lingerMs > 0 && !hidden()) {
                    lease = l;
                    watch(l);
                    outcome?.();
                  } else release();
                });
            }),
        )
        .then(
          () =>
            (outcome ?? (() => reject(new Error(`Lock ${name} was released without running the work`))))(),
          reject,
        );
    });
  };
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(() => underLock(work));
    tail = run.catch(() => undefined);
    return run;
  };
}
