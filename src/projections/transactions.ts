import type { StoredEvent, TransactionRecord } from '../events';
import type { Projection } from './projection';

/**
 * (transaction, event) → transaction, for one local_trx_id. The cashier issue adds its trx.*
 * cases here (and to transactionKeys).
 */
export function reduceTransaction(
  row: TransactionRecord | undefined,
  event: StoredEvent,
): TransactionRecord | undefined {
  switch (event.type) {
    case 'appointment.trxLoaded': {
      const trx = event.payload.pos_trx;
      if (!trx) return row;
      // A reload of the appointments must not undo a checkout (1 → 2) done on this device.
      if (row && row.trx_status_id !== 1) return row;
      const is_synced = trx.is_synced === true;
      return {
        ...trx,
        trx_status_id: 1,
        local_appointment_id: event.payload.local_appointment_id,
        is_synced,
        is_synced_key: is_synced ? 1 : 0,
      };
    }
    default:
      return row;
  }
}

/** The local_trx_id(s) an event concerns. */
export function transactionKeys(event: StoredEvent): readonly string[] {
  switch (event.type) {
    case 'appointment.trxLoaded':
      return event.payload.pos_trx ? [event.payload.pos_trx.local_trx_id] : [];
    default:
      return [];
  }
}

export const transactionsProjection: Projection<TransactionRecord, string> = {
  table: 'transactions',
  keyOf: (row) => row.local_trx_id,
  keysOf: transactionKeys,
  reduce: (row, event) => reduceTransaction(row, event),
};
