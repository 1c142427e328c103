import type {
  DeviceRecord,
  SerambiDb,
  SessionRecord,
  SignHistoryRecord,
  TransactionRecord,
  TrxStatusId,
} from '../events';
import { DEVICE_RECORD_DEFAULTS } from './device';
import { SESSION_DEFAULTS } from './session';

/**
 * Read helpers over the read-model tables. Plain Dexie reads, so they also work inside
 * useLiveQuery(() => readSession(db)) and re-run when a commit changes the table.
 */
export async function readSession(db: SerambiDb): Promise<SessionRecord> {
  return (await db.session.get('current')) ?? SESSION_DEFAULTS;
}

export async function readDevice(db: SerambiDb): Promise<DeviceRecord> {
  // a record stored before a setting existed (the printer's, issue 29) reads that setting's default
  return { ...DEVICE_RECORD_DEFAULTS, ...(await db.device.get('current')) };
}

/** The sign history in order of first confirmed sign-in. */
export function readSignHistory(db: SerambiDb): Promise<SignHistoryRecord[]> {
  return db.signHistory.orderBy('added_seq').toArray();
}

export interface TransactionFilter {
  trx_status_id?: TrxStatusId;
}

export function listTransactions(
  db: SerambiDb,
  filter: TransactionFilter = {},
): Promise<TransactionRecord[]> {
  if (filter.trx_status_id !== undefined) {
    return db.transactions.where('trx_status_id').equals(filter.trx_status_id).toArray();
  }
  return db.transactions.toArray();
}

export function readTransaction(db: SerambiDb, local_trx_id: string): Promise<TransactionRecord | undefined> {
  return db.transactions.get(local_trx_id);
}
