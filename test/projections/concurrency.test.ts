import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READ_MODEL_TABLES, type StoredEvent, uuid } from '../../src/events';
import { getDb, getStore, type LockManagerLike } from '../../src/projections';
import { ev, freshStore, snapshot } from './helpers';

/** navigator.locks as two tabs of one origin share it: one FIFO exclusive lock per name. */
function sharedLocks(): LockManagerLike & { requests: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const requests: string[] = [];
  return {
    requests,
    request(name, callback) {
      requests.push(name);
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

const network = () => new Promise((resolve) => setTimeout(resolve, 15));
const outlets = (events: StoredEvent[]) =>
  events.map((e) => (e.type === 'session.outletChosen' ? e.payload.outlet_id : null));

afterEach(() => vi.unstubAllGlobals());

describe('one writer at a time', () => {
  it('concurrent commits land whole and in call order', async () => {
    const store = freshStore();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.commit([0, 1, 2].map((j) => ev('session.outletChosen', { outlet_id: i * 10 + j }))),
      ),
    );
    const ids = outlets(await store.listEvents());
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => [i * 10, i * 10 + 1, i * 10 + 2]).flat());
  });

  it('exclusive work (read, network, commit) is not interleaved by another commit', async () => {
    const store = freshStore();
    const sync = store.exclusive(async (writer) => {
      await store.getSession();
      await network();
      return writer.commit([ev('session.outletChosen', { outlet_id: 1 })]);
    });
    const other = store.commit([ev('session.outletChosen', { outlet_id: 2 })]);
    const [[fromSync], [fromOther]] = await Promise.all([sync, other]);
    expect(fromSync.seq).toBeLessThan(fromOther.seq);
    expect(outlets(await store.listEvents())).toEqual([1, 2]);
  });

  it('a failed commit does not block the ones queued behind it', async () => {
    const store = freshStore();
    const bad = store.exclusive(async () => {
      await network();
      throw new Error('network down');
    });
    const good = store.commit([ev('session.outletChosen', { outlet_id: 3 })]);
    await expect(bad).rejects.toThrow('network down');
    await expect(good).resolves.toHaveLength(1);
  });

  it('two tabs on one database take turns through the Web Lock', async () => {
    const locks = sharedLocks();
    const dbName = `test-${uuid()}`;
    const tabA = freshStore({ dbName, locks });
    const tabB = freshStore({ dbName, locks });
    const a = tabA.exclusive(async (writer) => {
      await network();
      return writer.commit([ev('session.outletChosen', { outlet_id: 1 })]);
    });
    const b = tabB.commit([ev('session.outletChosen', { outlet_id: 2 })]);
    await Promise.all([a, b]);
    expect(outlets(await tabB.listEvents())).toEqual([1, 2]);
    expect(locks.requests).toEqual([`${dbName}-writer`, `${dbName}-writer`]);
    // Tab A's incremental read models agree with a replay of the shared log.
    const incremental = await snapshot(tabA);
    await tabB.rebuild();
    expect(await snapshot(tabA)).toEqual(incremental);
  });

  it('uses navigator.locks when the platform has it', async () => {
    const locks = sharedLocks();
    vi.stubGlobal('navigator', { locks });
    const store = freshStore({ locks: undefined });
    await store.commit([ev('inventory.consumptionDone', {})]);
    await store.rebuild();
    expect(locks.requests).toEqual([`${store.db.name}-writer`, `${store.db.name}-writer`]);
  });
});

describe('the app store', () => {
  it("is one instance over the 'serambi' database", () => {
    expect(getStore()).toBe(getStore());
    expect(getDb()).toBe(getStore().db);
    expect(getDb().name).toBe('serambi');
    expect(
      getDb()
        .tables.map((t) => t.name)
        .sort(),
    ).toEqual(['events', 'chain', 'auditBacklog', 'snapshots', ...READ_MODEL_TABLES].sort());
    getStore().close();
  });
});
