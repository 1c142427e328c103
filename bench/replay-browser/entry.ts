// The replay bench's page (bench/replay-browser.bench.ts): the app's own store over Chromium's IndexedDB, with the
// event mix of bench/replay.bench.ts. Built by esbuild into one script; exposes window.__replay.
import { posTransactionSchema } from '../../src/domain/model';
import { makeEvent, type NewEvent, uuid } from '../../src/events';
import { createStore } from '../../src/projections';

/** The same mix as bench/replay.bench.ts: appointments with lines, settings, session events. */
function eventAt(i: number): NewEvent {
  const actor = 1 + (i % 3);
  switch (i % 10) {
    case 0:
      return makeEvent(
        'device.settingsChanged',
        { displayMode: i % 20 === 0 ? 'TABLET' : 'DESKTOP' },
        { actor },
      );
    case 1:
      return makeEvent('session.outletChosen', { outlet_id: 1 + (i % 2) }, { actor });
    case 2:
      return makeEvent(
        'session.signInConfirmed',
        { business_user_id: actor, cashier_name: `Kasir ${actor}` },
        { actor },
      );
    default: {
      const local_trx_id = `trx-${i % 2000}`;
      const pos_trx = posTransactionSchema.parse({
        local_trx_id,
        trx_status_id: 1,
        trx_local_start_time: '2026-11-22 08:00:00',
        trx_notes: `appointment ${i}`,
        details: Array.from({ length: 3 }, (_, d) => ({
          local_trx_detail_id: `${local_trx_id}-${d}`,
          pos_item_id: 100 + d,
          pos_item_variant_id: 200 + d,
          qty: 1,
          itemMeta: { pos_item_id: 100 + d, item_name: `Creambath ${d}`, pos_item_variants: [] },
        })),
        drv_grand_total: 453000,
      });
      return makeEvent(
        'appointment.trxLoaded',
        { local_appointment_id: `apt-${i}`, start_time: '2026-11-22 10:00:00', pos_trx },
        { actor, trxId: local_trx_id },
      );
    }
  }
}

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
