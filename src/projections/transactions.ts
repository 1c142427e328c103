import { type Draft, Immer } from 'immer';
import { isEmptyTransaction } from '../domain/flags';
import type { DrvTotals, PosTransaction, StoredEvent, TransactionRecord } from '../events';
import type { Projection } from './projection';

/** A transaction as the read model holds it: is_synced mirrored as an indexable 0/1. */
export function toTransactionRecord(trx: PosTransaction): TransactionRecord {
  const { is_synced_key: _key, ...rest } = trx as PosTransaction & { is_synced_key?: unknown };
  return { ...rest, is_synced_key: trx.is_synced ? 1 : 0 };
}

/**
 * Nested updates of a row written as changes to a draft (immer). Rows stay plain, unfrozen data:
 * the read model is stored in IndexedDB and read back as such, so nothing relies on freezing.
 */
const { produce } = new Immer({ autoFreeze: false });

/** 000 §4 "Editing lines": a line or global-discount change clears payments and unsyncs; drv_* from the event. */
const edited = (d: Draft<TransactionRecord>, totals: DrvTotals): void => {
  d.payments = [];
  d.is_synced = false;
  d.is_synced_key = 0;
  Object.assign(d, totals);
};

/** The line of a row with this local_trx_detail_id (index into details), or -1. */
const lineIndex = (d: Draft<TransactionRecord>, local_trx_detail_id: string): number =>
  d.details.findIndex((l) => l.local_trx_detail_id === local_trx_detail_id);

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
    case 'trx.lineAdded':
      return produce(row, (d) => {
        const { line, merged, totals } = event.payload;
        const i = lineIndex(d, line.local_trx_detail_id);
        if (!merged) d.details.push(line);
        else if (i >= 0) d.details[i] = line;
        edited(d, totals);
      });
    case 'trx.lineChanged':
      return produce(row, (d) => {
        const { line, log, totals } = event.payload;
        const i = lineIndex(d, line.local_trx_detail_id);
        if (i >= 0) d.details[i] = line;
        if (log) d.deleted_details.push(log);
        edited(d, totals);
      });
    case 'trx.lineRemoved':
      return produce(row, (d) => {
        const { local_trx_detail_id, log, clearDiscounts, totals } = event.payload;
        d.details = d.details.filter((l) => l.local_trx_detail_id !== local_trx_detail_id);
        d.deleted_details.push(log);
        if (clearDiscounts) d.discounts = [];
        edited(d, totals);
      });
    case 'trx.discountsChanged':
      return produce(row, (d) => {
        const { discounts, states, totals } = event.payload;
        Object.assign(d, { discounts, states });
        edited(d, totals);
      });
    case 'trx.couponSet':
      return produce(row, (d) => {
        const { coupon, removedLineIds, logs, totals } = event.payload;
        d.coupon = coupon;
        d.details = d.details.filter((l) => !removedLineIds.includes(l.local_trx_detail_id));
        d.deleted_details.push(...logs);
        edited(d, totals);
      });
    case 'trx.memberDiscountRemoved':
      return produce(row, (d) => {
        if (d.customer) d.customer.discount_level = null;
        Object.assign(d, event.payload.totals);
      });
    case 'trx.customerSet':
      return produce(row, (d) => {
        // another customer (or none): a receivable chosen for the previous one no longer applies
        if ((event.payload.customer?.user_code ?? null) !== (d.customer?.user_code ?? null))
          d.account_receivable = null;
        d.customer = event.payload.customer;
        Object.assign(d, event.payload.totals);
      });
    case 'trx.labelSet':
      return { ...row, trx_label: event.payload.trx_label };
    case 'trx.documentDateSet':
      return { ...row, document_date: event.payload.document_date };
    case 'trx.tagsSet':
      return { ...row, tags: event.payload.tags };
    case 'trx.appointmentEdited':
      return produce(row, (d) => {
        const { pos_salesType_id, trx_name, pos_sales_type, tags, totals } = event.payload;
        const before = d.pos_salesType_id;
        for (const line of d.details) {
          const own = line.pos_sales_type?.pos_salesType_id;
          if (own == null || Number(own) === Number(before)) line.pos_sales_type = pos_sales_type;
        }
        Object.assign(d, { pos_salesType_id, trx_name, tags });
        edited(d, totals);
      });
    case 'trx.notesSet':
      return { ...row, trx_notes: event.payload.trx_notes };
    case 'trx.serviceAreaSet':
      return { ...row, service_area: event.payload.service_area };
    case 'trx.recehCodeSet':
      return { ...row, receh_code: event.payload.receh_code };
    case 'trx.accountReceivableSet':
      return { ...row, account_receivable: event.payload.account_receivable };
    case 'trx.redeemSet':
      return produce(row, (d) => {
        d.redeem = event.payload.redeem;
        edited(d, event.payload.totals);
      });
    case 'trx.redeemRemoved':
      return produce(row, (d) => {
        const gone = new Set(event.payload.logs.map((l) => l.local_trx_detail_id));
        d.redeem = null;
        d.details = d.details.filter((l) => !l.redeem && !gone.has(l.local_trx_detail_id));
        d.deleted_details.push(...event.payload.logs);
        edited(d, event.payload.totals);
      });
    case 'trx.redeemCodeSet':
      return row.redeem ? { ...row, redeem: { ...row.redeem, redeem_code: event.payload.redeem_code } } : row;
    case 'trx.membershipItemSet':
      return { ...row, membership_item: event.payload.membership_item };
    case 'trx.paymentAdded':
      return produce(row, (d) => {
        d.payments.push(event.payload.payment);
      });
    case 'trx.paymentRemoved':
      return produce(row, (d) => {
        d.payments = d.payments.filter((p) => p.local_payment_id !== event.payload.local_payment_id);
      });
    case 'trx.stockOutRecorded': {
      const { sales, consumptions, ingredients } = event.payload;
      return { ...row, sales, consumptions, ingredients };
    }
    case 'trx.reset':
      return toTransactionRecord(event.payload.trx);
    case 'trx.printed':
      return produce(row, (d) => {
        for (const l of d.details) l.last_printed_at = event.payload.last_printed_at;
      });
    case 'trx.checkedOut':
      return row.trx_status_id === 1 ? { ...row, trx_status_id: 2 } : row;
    case 'trx.workersEdited':
      // Workers only: totals, payments and the sync state stay as the server holds them.
      return produce(row, (d) => {
        const { edit_session_id, local_trx_detail_id, workers } = event.payload;
        const i = lineIndex(d, local_trx_detail_id);
        if (i >= 0) Object.assign(d.details[i], workers, { edit_session_id });
      });
    case 'trx.lineWorkersSet':
      // Workers only: the total does not move, so payments and drv_* stay; the sale is unsynced.
      return produce(row, (d) => {
        const { local_trx_detail_id, workers } = event.payload;
        const i = lineIndex(d, local_trx_detail_id);
        if (i < 0) return;
        Object.assign(d.details[i], workers);
        d.is_synced = false;
        d.is_synced_key = 0;
      });
    case 'trx.submitted': {
      if (Number(row.trx_status_id) !== 2)
        throw new TrxConflictError(`${row.local_trx_id} is not pending (status ${row.trx_status_id})`);
      const p = event.payload;
      return produce(row, (d) => {
        for (const l of d.details)
          l.item_discount_type = p.item_discount_types[l.local_trx_detail_id] ?? null;
        // A lost answer's mark ends with the submit: the server did not hold it, this is the sale now.
        delete (d as { submission_unconfirmed_at?: unknown }).submission_unconfirmed_at;
        Object.assign(d, {
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
          ...p.totals,
        });
      });
    }
    case 'trx.serverAccepted':
      return produce(row, (d) => {
        delete (d as { sync_error?: unknown }).sync_error;
        Object.assign(d, event.payload, { is_synced: true, is_synced_key: 1 });
      });
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
    case 'trx.discarded':
      // Ruling 27: only an empty transaction is discarded; anything else in it is someone's work.
      if (!isEmptyTransaction(row)) throw new TrxConflictError(`${row.local_trx_id} is not empty`);
      return undefined;
    case 'trx.corrected':
      // issue 27: the hand-corrected transaction stands from here on (same local_trx_id: the envelope's)
      return toTransactionRecord({ ...event.payload.trx, local_trx_id: row.local_trx_id });
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
