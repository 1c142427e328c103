// Issue 28: the read models' snapshot — a rebuild replays only the events after it; a snapshot of other reducers,
// or of a cleared log, is never used; the log itself is never changed by it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { uuid } from '../../src/events';
import { createStore } from '../../src/projections';
import { ev, freshStore, nodeSha256, posTrx, snapshot, user } from './helpers';

const sale = (id: string, notes = '') =>
  ev(
    'appointment.trxLoaded',
    {
      local_appointment_id: `apt-${id}`,
      start_time: '2026-11-22 10:00:00',
      pos_trx: posTrx(id, { trx_notes: notes }),
    },
    1,
    id,
  );

describe('the read models snapshot', () => {
  it('a rebuild replays only the events after it, and leaves the log as it was', async () => {
    const store = freshStore({ snapshotEvery: 0 });
    await store.commit([ev('session.signedIn', { user: user(1) }, 1), sale('t-1')]);
    expect(await store.snapshot()).toEqual({ seq: 2 });
    await store.commit([sale('t-2'), sale('t-1', 'diubah')]);
    const log = await store.db.events.toArray();
    const incremental = await snapshot(store);
    expect(await store.rebuild()).toEqual({ events: 2 });
    expect(await snapshot(store)).toEqual(incremental);
    expect(await store.db.events.toArray()).toEqual(log);
    // the rebuild left a snapshot at the log's end: the next one replays nothing
    expect((await store.db.snapshots.get('read-models'))?.seq).toBe(4);
    expect(await store.rebuild()).toEqual({ events: 0 });
    expect(await snapshot(store)).toEqual(incremental);
  });

  it('a snapshot made by other reducers (a version bump) is ignored: the whole log is replayed', async () => {
    const name = `test-${uuid()}`;
    const older = createStore({ dbName: name, locks: null, digest: nodeSha256, projectionsVersion: 'old' });
    await older.commit([sale('t-1'), sale('t-2')]);
    await older.snapshot();
    older.close();
    const newer = freshStore({ dbName: name, projectionsVersion: 'new' });
    await newer.commit([sale('t-3')]);
    expect(await newer.rebuild()).toEqual({ events: 3 });
    // and the same reducers use it
    const same = freshStore({ dbName: name, projectionsVersion: 'new' });
    expect(await same.rebuild()).toEqual({ events: 0 });
  });

  it('the default store keys it by the registry’s PROJECTIONS_VERSION', async () => {
    const store = freshStore();
    await store.commit([sale('t-1')]);
    await store.snapshot();
    const row = await store.db.snapshots.get('read-models');
    expect(JSON.parse(row?.key ?? '{}')).toMatchObject({ projections: 1 });
  });

  it('clearing the local data drops it with the log', async () => {
    const store = freshStore({ snapshotEvery: 0 });
    await store.commit([sale('t-1'), sale('t-2')]);
    await store.snapshot();
    await store.clearLocalData();
    expect(await store.db.snapshots.count()).toBe(0);
    await store.commit([sale('t-3')]);
    expect(await store.rebuild()).toEqual({ events: 1 });
    expect((await store.listTransactions()).map((t) => t.local_trx_id)).toEqual(['t-3']);
  });

  it('fromScratch replays the whole log whatever the snapshot holds', async () => {
    const store = freshStore({ snapshotEvery: 0 });
    await store.commit([sale('t-1')]);
    await store.snapshot();
    // a snapshot that does not match the log (never written by the app): only a rebuild from scratch repairs it
    await store.db.snapshots.update('read-models', { tables: {} });
    await store.commit([sale('t-2')]);
    expect(await store.rebuild({ fromScratch: true })).toEqual({ events: 2 });
    expect((await store.listTransactions()).map((t) => t.local_trx_id).sort()).toEqual(['t-1', 't-2']);
  });

  it('a commit that crosses a multiple of snapshotEvery stores one in the background', async () => {
    const store = freshStore({ snapshotEvery: 3 });
    await store.commit([sale('t-1'), sale('t-2')]);
    expect(await store.db.snapshots.count()).toBe(0);
    await store.commit([sale('t-3'), sale('t-4')]);
    // the snapshot takes the next turn of the writer lock: the next write waits for it
    await store.commit([sale('t-5')]);
    expect((await store.db.snapshots.get('read-models'))?.seq).toBe(4);
    expect(await store.rebuild()).toEqual({ events: 1 });
  });
});
