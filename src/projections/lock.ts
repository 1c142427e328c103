/** The part of the Web Locks API the writer uses (navigator.locks satisfies it). */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
}

export type RunExclusive = <T>(work: () => Promise<T>) => Promise<T>;

/** navigator.locks where the platform has it (browsers; Node ≥ 22), else undefined. */
export function platformLocks(): LockManagerLike | undefined {
  const nav: { locks?: LockManagerLike } | undefined = (
    globalThis as { navigator?: { locks?: LockManagerLike } }
  ).navigator;
  return nav?.locks;
}

/**
 * One writer at a time: an in-process queue (always, so one tab never asks the lock twice at
 * once) and, where given, a Web Lock so two tabs never interleave. Not re-entrant: work must not
 * call back into the same RunExclusive.
 */
export function createWriterLock(name: string, locks: LockManagerLike | undefined): RunExclusive {
  let tail: Promise<unknown> = Promise.resolve();
  const underLock = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!locks) return work();
    let out: { value: T } | undefined;
    await locks.request(name, async () => {
      out = { value: await work() };
    });
    if (!out) throw new Error(`Lock ${name} was released without running the work`);
    return out.value;
  };
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(() => underLock(work));
    tail = run.catch(() => undefined);
    return run;
  };
}
