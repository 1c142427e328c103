// The writer's lock (src/projections/lock.ts): one work at a time per tab and across tabs, and the lease that
// keeps the Web Lock between a tab's works (issue 29) until another tab waits, the page hides, or it idles.
import { describe, expect, it } from 'vitest';
import { createWriterLock, type LockManagerLike } from '../../src/projections/lock';

/** Web Locks as the tabs of one origin share them: one FIFO exclusive lock per name, with query(). */
function fakeLocks() {
  const held = new Set<string>();
  const queues = new Map<string, (() => void)[]>();
  let requests = 0;
  const manager: LockManagerLike = {
    request(name, callback) {
      requests += 1;
      return new Promise((resolve, reject) => {
        const start = () => {
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              const next = queues.get(name)?.shift();
              next?.();
            });
        };
        if (!held.has(name)) start();
        else {
          const q = queues.get(name) ?? [];
          q.push(start);
          queues.set(name, q);
        }
      });
    },
    async query() {
      const pending = [...queues].flatMap(([name, q]) => q.map(() => ({ name })));
      return { pending, held: [...held].map((name) => ({ name })) };
    },
  };
  return {
    manager,
    held: (name: string) => held.has(name),
    get requests() {
      return requests;
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Records when each work runs, to show two never overlap. */
function recorder() {
  const log: string[] = [];
  let inside = 0;
  let overlapped = false;
  const work =
    (label: string, ms = 5) =>
    async () => {
      inside += 1;
      if (inside > 1) overlapped = true;
      log.push(`${label}:start`);
      await pause(ms);
      log.push(`${label}:end`);
      inside -= 1;
      return label;
    };
  return { log, work, overlapped: () => overlapped };
}

describe('writer lock', () => {
  it('without a lease, asks the Web Lock for every work and lets it go after', async () => {
    const locks = fakeLocks();
    const run = createWriterLock('w', locks.manager);
    const r = recorder();
    expect(await run(r.work('a'))).toBe('a');
    expect(locks.held('w')).toBe(false);
    await run(r.work('b'));
    expect(locks.requests).toBe(2);
  });

  it('with a lease, the tab’s next work runs under the lock it still holds (no new grant)', async () => {
    const locks = fakeLocks();
    const run = createWriterLock('w', locks.manager, { lingerMs: 10_000, pollMs: 5, hidden: () => false });
    const r = recorder();
    await run(r.work('a'));
    expect(locks.held('w')).toBe(true);
    await run(r.work('b'));
    await Promise.all([run(r.work('c')), run(r.work('d'))]);
    expect(locks.requests).toBe(1);
    expect(r.log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end', 'd:start', 'd:end']);
  });

  it('ends the lease when another tab waits: its work runs next, never beside this tab’s', async () => {
    const locks = fakeLocks();
    const tabA = createWriterLock('w', locks.manager, { lingerMs: 10_000, pollMs: 5, hidden: () => false });
    const tabB = createWriterLock('w', locks.manager, { lingerMs: 10_000, pollMs: 5, hidden: () => false });
    const r = recorder();
    await tabA(r.work('a1'));
    const started = Date.now();
    await tabB(r.work('b1'));
    // one look (5 ms) and the work, not the 10 s lease
    expect(Date.now() - started).toBeLessThan(2_000);
    // now B holds the lease; A's next work waits for B to see it and let go
    await Promise.all([tabA(r.work('a2', 20)), tabB(r.work('b2', 20))]);
    expect(r.overlapped()).toBe(false);
    expect(r.log.filter((l) => l.endsWith(':start'))).toEqual([
      'a1:start',
      'b1:start',
      'b2:start',
      'a2:start',
    ]);
  });

  it('does not end the lease while a work runs under it', async () => {
    const locks = fakeLocks();
    const tabA = createWriterLock('w', locks.manager, { lingerMs: 10_000, pollMs: 2, hidden: () => false });
    const tabB = createWriterLock('w', locks.manager);
    const r = recorder();
    await tabA(r.work('a1'));
    const long = tabA(r.work('a2', 60));
    await pause(1);
    const other = tabB(r.work('b', 5));
    await Promise.all([long, other]);
    expect(r.overlapped()).toBe(false);
    expect(r.log).toEqual(['a1:start', 'a1:end', 'a2:start', 'a2:end', 'b:start', 'b:end']);
  });

  it('lets go after lingerMs without work, and at once when the page is hidden', async () => {
    const locks = fakeLocks();
    const run = createWriterLock('w', locks.manager, { lingerMs: 30, pollMs: 5, hidden: () => false });
    await run(async () => 1);
    expect(locks.held('w')).toBe(true);
    await pause(120);
    expect(locks.held('w')).toBe(false);

    let hidden = false;
    let onHide: () => void = () => {};
    const run2 = createWriterLock('v', locks.manager, {
      lingerMs: 10_000,
      pollMs: 10_000,
      hidden: () => hidden,
      onHide: (l) => {
        onHide = l;
      },
    });
    await run2(async () => 1);
    expect(locks.held('v')).toBe(true);
    hidden = true;
    onHide();
    await pause(0);
    expect(locks.held('v')).toBe(false);
    // a hidden page releases after each work
    await run2(async () => 2);
    expect(locks.held('v')).toBe(false);
  });

  it('a failing work fails alone: the lease and the next work go on', async () => {
    const locks = fakeLocks();
    const run = createWriterLock('w', locks.manager, { lingerMs: 10_000, pollMs: 5, hidden: () => false });
    await expect(
      run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await run(async () => 'after')).toBe('after');
    await expect(
      run(async () => {
        throw new Error('again');
      }),
    ).rejects.toThrow('again');
    expect(await run(async () => 'still')).toBe('still');
    expect(locks.requests).toBe(1);
  });

  it('keeps no lease with a lock manager that cannot tell another tab waits (no query)', async () => {
    const locks = fakeLocks();
    const { query: _q, ...noQuery } = locks.manager;
    const run = createWriterLock('w', noQuery as LockManagerLike, { lingerMs: 10_000, hidden: () => false });
    await run(async () => 1);
    expect(locks.held('w')).toBe(false);
  });
});
