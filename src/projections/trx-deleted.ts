import type { DeletedTrxRecord, StoredEvent } from '../events';
import type { Projection } from './projection';

/**
 * Transactions deleted on this device (000 §4 "Pending transactions"), kept for the sign-out's
 * deletedTrxs: the snapshot the trx.deleted event carries, with its DELETE_TRX entries.
 */
export function reduceDeletedTrx(
  row: DeletedTrxRecord | undefined,
  event: StoredEvent,
): DeletedTrxRecord | undefined {
  if (event.type !== 'trx.deleted') return row;
  const { is_synced_key: _key, ...trx } = event.payload.trx as typeof event.payload.trx & {
    is_synced_key?: unknown;
  };
  return { ...trx, deleted_seq: event.seq };
}

export const deletedTrxsProjection: Projection<DeletedTrxRecord, string> = {
  table: 'deletedTrxs',
  keyOf: (row) => row.local_trx_id,
  keysOf: (event) => (event.type === 'trx.deleted' ? [event.trxId ?? event.payload.trx.local_trx_id] : []),
  reduce: (row, event) => reduceDeletedTrx(row, event),
};
