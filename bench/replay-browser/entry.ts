// The replay bench's page (bench/replay-browser.bench.ts): the app's own store over Chromium's IndexedDB, with the
// event mix of bench/replay.bench.ts. Built by esbuild into one script; exposes window.__replay.
import { uuid } from '../../src/events';
import { createStore } from '../../src/projections';
import { eventAt } from '../replay-events';

// biome-ignore lint/suspicious/noExplicitAny: the store of the branch measured (older ones have no snapshot)
const store: any = createStore({ dbName: `bench-${uuid()}`, locks: null, snapshotEvery: 0 } as never);
let snap: unknown;

const api = {
  /** Appends `total` events in commits of 1,000; the snapshot (when the store has one) `behind` events before the end. */
  async append(total: number, behind: number): Promise<number> {
    const t = performance.now();
    const at = Math.max(0, total - behind);
    for (let i = 0; i < total; ) {
      const end = i < at && at < i + 1000 ? at : Math.min(total, i + 1000);
      await store.commit(Array.from({ length: end - i }, (_, j) => eventAt(i + j)));
      i = end;
      if (i === at && store.snapshot) {
        await store.snapshot();
        snap = await store.db.snapshots.get('read-models');
      }
    }
    return performance.now() - t;
  },
  async rebuild(fromScratch: boolean): Promise<{ ms: number; events: number }> {
    if (snap) await store.db.snapshots.put(snap);
    const t = performance.now();
    const { events } = await store.rebuild({ fromScratch });
    return { ms: performance.now() - t, events };
  },
  hasSnapshot: () => !!store.snapshot,
};
(window as unknown as { __replay: typeof api }).__replay = api;
