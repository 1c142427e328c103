import type { DrvTotals, PosTransaction, StoredEvent, TransactionRecord } from '../events';
import type { Projection } from './projection';

/** A transaction as the read model holds it: is_synced mirrored as an indexable 0/1. */
export function toTransactionRecord(trx: PosTransaction): TransactionRecord {
  const { is_synced_key: _key, ...rest } = trx as PosTransaction & { is_synced_key?: unknown };
  return { ...rest, is_synced_key: trx.is_synced ? 1 : 0 };
}

/** The drv_* fields of an event (src/domain's numbers, never computed here). */
const withTotals = (row: TransactionRecord, totals: DrvTotals): TransactionRecord => ({ ...row, ...totals });

/** 000 §4 "Editing lines": a line or global-discount change clears payments and unsyncs. */
const edited = (row: TransactionRecord): TransactionRecord => ({
  ...row,
  payments: [],
  is_synced: false,
  is_synced_key: 0,
});

/**
 * A trx.* event that contradicts the row it lands on (a second submit). Thrown inside the commit's
 * IndexedDB transaction, it aborts that commit: even two tabs without a shared Web Lock cannot
 * both complete one sale, because IndexedDB serialises their read-write transactions.
 */
export class TrxConflictError extends Error {
  override name = 'TrxConflictError';
}

/** Applies a trx.* event to its transaction (the row exists: checked by the caller). */
function reduceTrx(row: TransactionRecord, event: StoredEvent): TransactionRecord | undefined {
  switch (event.type) {
    case 'trx.lineAdded': {
      const { line, merged, totals } = event.payload;
      const details = merged
        ? row.details.map((l) => (l.local_trx_detail_id === line.local_trx_detail_id ? line : l))
        : [...row.details, line];
      return withTotals(edited({ ...row, details }), totals);
    }
    case 'trx.lineChanged': {
      const { line, log, totals } = event.payload;
      const details = row.details.map((l) => (l.local_trx_detail_id === line.local_trx_detail_id ? line : l));
      const deleted_details = log ? [...row.deleted_details, log] : row.deleted_details;
      return withTotals(edited({ ...row, details, deleted_details }), totals);
    }
    case 'trx.lineRemoved': {
      const { local_trx_detail_id, log, clearDiscounts, totals } = event.payload;
      const next: TransactionRecord = {
        ...row,
        details: row.details.filter((l) => l.local_trx_detail_id !== local_trx_detail_id),
        deleted_details: [...row.deleted_details, log],
      };
      if (clearDiscounts) next.discounts = [];
      return withTotals(edited(next), totals);
    }
    case 'trx.discountsChanged': {
      const { discounts, states, totals } = event.payload;
      return withTotals(edited({ ...row, discounts, states }), totals);
    }
    case 'trx.memberDiscountRemoved': {
      const customer = row.customer ? { ...row.customer, discount_level: null } : row.customer;
      return withTotals({ ...row, customer }, event.payload.totals);
    }
    case 'trx.customerSet':
      return withTotals({ ...row, customer: event.payload.customer }, event.payload.totals);
    case 'trx.labelSet':
      return { ...row, trx_label: event.payload.trx_label };
    case 'trx.documentDateSet':
      return { ...row, document_date: event.payload.document_date };
    case 'trx.tagsSet':
      return { ...row, tags: event.payload.tags };
    case 'trx.notesSet':
      return { ...row, trx_notes: event.payload.trx_notes };
    case 'trx.serviceAreaSet':
      return { ...row, service_area: event.payload.service_area };
    case 'trx.recehCodeSet':
      return { ...row, receh_code: event.payload.receh_code };
    case 'trx.paymentAdded':
      return { ...row, payments: [...row.payments, event.payload.payment] };
    case 'trx.paymentRemoved':
      return {
        ...row,
        payments: row.payments.filter((p) => p.local_payment_id !== event.payload.local_payment_id),
      };
    case 'trx.stockOutRecorded': {
      const { sales, consumptions, ingredients } = event.payload;
      return { ...row, sales, consumptions, ingredients };
    }
    case 'trx.reset':
      return toTransactionRecord(event.payload.trx);
    case 'trx.printed': {
      const { last_printed_at } = event.payload;
      return { ...row, details: row.details.map((l) => ({ ...l, last_printed_at })) };
    }
    case 'trx.checkedOut':
      return row.trx_status_id === 1 ? { ...row, trx_status_id: 2 } : row;
    case 'trx.workersEdited': {
      const { edit_session_id, local_trx_detail_id, workers } = event.payload;
      // Workers only: totals, payments and the sync state stay as the server holds them.
      const details = row.details.map((l) =>
        l.local_trx_detail_id === local_trx_detail_id ? { ...l, ...workers, edit_session_id } : l,
      );
      return { ...row, details };
    }
    case 'trx.submitted': {
      if (Number(row.trx_status_id) !== 2)
        throw new TrxConflictError(`${row.local_trx_id} is not pending (status ${row.trx_status_id})`);
      const p = event.payload;
      const details = row.details.map((l) => ({
        ...l,
        item_discount_type: p.item_discount_types[l.local_trx_detail_id] ?? null,
      }));
      // A lost answer's mark ends with the submit: the server did not hold it, this is the sale now.
      const { submission_unconfirmed_at: _u, ...unmarked } = row as TransactionRecord & {
        submission_unconfirmed_at?: unknown;
      };
      return withTotals(
        {
          ...unmarked,
          details,
          trx_status_id: p.trx_status_id,
          order_no: p.order_no,
          trx_local_end_time: p.trx_local_end_time,
          trx_discount_type: p.trx_discount_type,
          cashier_configs: p.cashier_configs,
          nfc_code: p.nfc_code,
          receh_code: p.receh_code,
          local_shift_id: p.local_shift_id,
          is_synced: false,
          is_synced_key: 0,
        },
        p.totals,
      );
    }
    case 'trx.serverAccepted': {
      const { sync_error: _e, ...rest } = row as TransactionRecord & { sync_error?: unknown };
      return { ...rest, ...event.payload, is_synced: true, is_synced_key: 1 };
    }
    case 'trx.submissionUnconfirmed':
      return { ...row, submission_unconfirmed_at: event.at, sync_error: event.payload.message };
    case 'trx.adoptedFromServer': {
      // The server's copy replaces the local one whole: what it stored is the sale (000 §4).
      const { trx, acceptance } = event.payload;
      const status = Number(trx.trx_status_id) === 4 ? 4 : 3;
      return toTransactionRecord({ ...trx, ...acceptance, trx_status_id: status, is_synced: true });
    }
    case 'trx.syncFailed':
      return { ...row, sync_error: event.payload.message, sync_failed_at: event.at };
    case 'trx.voided':
      return { ...row, trx_status_id: 4, void_reason: event.payload.reason };
    case 'trx.archived':
    case 'trx.deleted':
      return undefined;
    default:
      return row;
  }
}

/**
 * (transaction, event) → transaction, for one local_trx_id. Events for a transaction this
 * device no longer holds (archived, deleted) leave nothing behind.
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
    case 'trx.started':
    case 'trx.downloaded':
      return toTransactionRecord(event.payload.trx);
    default:
      if (!event.type.startsWith('trx.') || !row) return row;
      return reduceTrx(row, event);
  }
}

/** The local_trx_id(s) an event concerns: trx.* events name theirs in the envelope's trxId. */
export function transactionKeys(event: StoredEvent): readonly string[] {
  switch (event.type) {
    case 'appointment.trxLoaded':
      return event.payload.pos_trx ? [event.payload.pos_trx.local_trx_id] : [];
    case 'trx.started':
    case 'trx.downloaded':
      return [event.trxId ?? event.payload.trx.local_trx_id];
    default:
      return event.type.startsWith('trx.') && event.trxId ? [event.trxId] : [];
  }
}

export const transactionsProjection: Projection<TransactionRecord, string> = {
  table: 'transactions',
  keyOf: (row) => row.local_trx_id,
  keysOf: transactionKeys,
  reduce: (row, event) => reduceTransaction(row, event),
};
