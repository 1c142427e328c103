/**
 * Event log benchmark: replay (rebuild) of 100k events and the latency of a one-event commit.
 * Runs in Node on fake-indexeddb (an in-memory IndexedDB in JavaScript), not a browser's
 * IndexedDB: the numbers compare versions of our code, they do not predict a till's timings
 * (bench/replay-browser.bench.ts runs the same in Chromium's IndexedDB).
 * Issue 28: the rebuild from scratch (the whole log, in pages) and the rebuild from the read models'
 * snapshot with the most events a snapshot can be behind (the store takes one every 5,000), and the
 * heap's peak during each.
 *   npx tsx bench/replay.bench.ts [events=100000]
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { Dexie } from 'dexie';
import { uuid } from '../src/events';
import { createStore } from '../src/projections';
import { eventAt } from './replay-events';

const TOTAL = Number(process.argv[2] ?? 100_000);
const BATCH = 1000;
const SNAPSHOT_EVERY = 5000;

const ms = (t: number) => `${t.toFixed(1)} ms`;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main(): Promise<void> {
  const store = createStore({ dbName: `bench-${uuid()}`, locks: null, snapshotEvery: 0 });
  const snapshotAt = Math.max(0, TOTAL - SNAPSHOT_EVERY + 1);
  try {
    let t = performance.now();
    for (let i = 0; i < TOTAL; i += BATCH) {
      if (i <= snapshotAt && snapshotAt < i + BATCH) {
        await store.commit(Array.from({ length: snapshotAt - i }, (_, j) => eventAt(i + j)));
        await store.snapshot();
        await store.commit(
          Array.from({ length: Math.min(BATCH, TOTAL - i) - (snapshotAt - i) }, (_, j) =>
            eventAt(snapshotAt + j),
          ),
        );
        continue;
      }
      await store.commit(Array.from({ length: Math.min(BATCH, TOTAL - i) }, (_, j) => eventAt(i + j)));
    }
    const snap = await store.db.snapshots.get('read-models');
    if (!snap) throw new Error('no snapshot');
    const append = performance.now() - t;
    console.log(`fake-indexeddb, Node ${process.version}`);
    console.log(
      `append ${TOTAL} events in commits of ${BATCH}: ${ms(append)} (${Math.round(TOTAL / (append / 1000))} events/s)`,
    );

    for (const fromScratch of [true, false]) {
      const rebuilds: number[] = [];
      const peaks: number[] = [];
      let replayed = 0;
      for (let r = 0; r < 3; r++) {
        await store.db.snapshots.put(snap); // the rebuild leaves its own at the end: start each run from the same one
        globalThis.gc?.();
        const base = process.memoryUsage().heapUsed;
        let peak = base;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().heapUsed);
        }, 5);
        t = performance.now();
        const { events } = await store.rebuild({ fromScratch });
        rebuilds.push(performance.now() - t);
        clearInterval(sampler);
        peaks.push((Math.max(peak, process.memoryUsage().heapUsed) - base) / 2 ** 20);
        replayed = events;
      }
      console.log(
        `rebuild ${fromScratch ? 'from scratch' : `from the snapshot at seq ${snap.seq}`} (replays ${replayed} of ${TOTAL} events): ${rebuilds.map(ms).join(', ')}; best ${ms(Math.min(...rebuilds))}; heap peak above the start (fake-indexeddb keeps the database in it) ${peaks.map((m) => m.toFixed(0)).join(', ')} MB`,
      );
    }

    for (const durability of ['default', 'strict'] as const) {
      const lat: number[] = [];
      for (let i = 0; i < 300; i++) {
        const e = eventAt(TOTAL + i);
        t = performance.now();
        await store.commit([e], { durability });
        lat.push(performance.now() - t);
      }
      const mean = lat.reduce((a, b) => a + b, 0) / lat.length;
      console.log(
        `commit 1 event (${durability}, log of ${TOTAL}): median ${ms(pct(lat, 0.5))}, p95 ${ms(pct(lat, 0.95))}, mean ${ms(mean)}`,
      );
    }
    const mb = process.memoryUsage().heapUsed / 2 ** 20;
    console.log(`heap used at end: ${mb.toFixed(0)} MB`);
  } finally {
    store.close();
    await Dexie.delete(store.db.name);
  }
}

await main();
