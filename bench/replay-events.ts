// The event mix of the replay benches (bench/replay.bench.ts in Node, bench/replay-browser in Chromium).
import { posTransactionSchema } from '../src/domain/model';
import { makeEvent, type NewEvent } from '../src/events';

/** A mix shaped like a day's log: appointments with lines, settings, session events. */
export function eventAt(i: number): NewEvent {
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
