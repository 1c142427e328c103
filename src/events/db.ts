import { Dexie, type DexieOptions, type Table } from 'dexie';
import type { ShiftExpense } from '../domain/model';
import type { ShiftTotals } from '../domain/shift';
import type { RawEvent } from './envelope';
import type { DeviceSettings, PosTransaction, SignHistoryEntry, UserData } from './model';
import type { ShiftEndBody } from './shift';

/** The session read model: one row, id 'current' (000 §3 flags and the user data). */
export interface SessionRecord {
  id: 'current';
  /** Sign-in user data with client_key and login_token; null when signed out. */
  user: UserData | null;
  pending_sign_in: 0 | 1;
  pending_sign_out: 0 | 1;
  signed_out: 0 | 1;
  has_done_inventory_consumption: 0 | 1;
}

/** The device configuration: one row, id 'current'. */
export interface DeviceRecord extends DeviceSettings {
  id: 'current';
}

/** One sign history entry; added_seq (the seq of the event that added it) keeps the order. */
export interface SignHistoryRecord extends SignHistoryEntry {
  added_seq: number;
}

/**
 * A transaction held locally. is_synced stays the spec's boolean; IndexedDB cannot index
 * booleans, so the projection mirrors it as is_synced_key (0/1) for queries.
 */
export interface TransactionRecord extends PosTransaction {
  is_synced_key: 0 | 1;
}

/**
 * A transaction deleted on this device (000 §4 "Pending transactions": DELETE_TRX), kept until
 * the sign-out sends it as deletedTrxs. deleted_seq (the deleting event's seq) keeps the order.
 */
export interface DeletedTrxRecord extends PosTransaction {
  deleted_seq: number;
}

/**
 * A shift on this device (002 §3 Shift): the active one ('active') and the ended ones ('ended'), the
 * history newest first by ended_seq. expenses keep their order of addition.
 */
export interface ShiftRecord {
  local_shift_id: string;
  status: 'active' | 'ended';
  pos_shift_id: number | null;
  shift_start: string;
  shift_end: string | null;
  business_id: number | null;
  business_user_id: number;
  business_outlet_id: number | null;
  outlet_id: number;
  cash_start: number;
  cash_end_actual: number | null;
  cash_end_expected: number | null;
  cashier_name: string;
  outlet_name: string | null;
  expenses: ShiftExpense[];
  trxs: ShiftTotals | null;
  isSynced: boolean;
  /** The outlet's pos_shift_enforced when it started (ruling 26); absent on older records. */
  pos_shift_enforced?: number;
  /** The server's refusal of the queued start, shown on the shift screen (ruling 26). */
  start_error?: string | null;
  /** An end sent without an answer yet: a retry sends this very body (issue 23 item 8). */
  pending_end?: ShiftEndBody | null;
  /** expensesDigest of the expense list the server holds for the open shift; absent: none sent yet. */
  expenses_sent?: string | null;
  started_seq: number;
  /** The seq of the end event; 0 while active (IndexedDB cannot index null). */
  ended_seq: number;
}

/**
 * The device's hash chain state (issue 15), never cleared by a sign-out: 'head' (the last linked event's
 * position and hash, with the chain id) and 'upload' (the highest seq of the log the server holds).
 */
export interface ChainStateRecord {
  id: 'head' | 'upload';
  device?: string;
  n?: number;
  hash?: string;
  seq?: number;
}

/** An event the server did not yet hold when the log was cleared: kept until an upload succeeds. */
export type AuditBacklogRecord = Omit<RawEvent, 'seq'> & { bseq?: number };

/**
 * The read models as they stood after the log's event `seq` (issue 28): a rebuild starts from here and replays
 * only the events after it. `key` names what the rows were made by (the projections' version, the schema, the
 * event versions); a snapshot with another key is ignored. Never a source of truth: the log is.
 */
export interface SnapshotRecord {
  id: 'read-models';
  key: string;
  seq: number;
  tables: Record<string, unknown[]>;
}

export type SerambiDb = Dexie & {
  events: Table<RawEvent, number, Omit<RawEvent, 'seq'>>;
  session: Table<SessionRecord, 'current'>;
  device: Table<DeviceRecord, 'current'>;
  signHistory: Table<SignHistoryRecord, number>;
  transactions: Table<TransactionRecord, string>;
  deletedTrxs: Table<DeletedTrxRecord, string>;
  shifts: Table<ShiftRecord, string>;
  chain: Table<ChainStateRecord, 'head' | 'upload'>;
  auditBacklog: Table<AuditBacklogRecord, number>;
  snapshots: Table<SnapshotRecord, 'read-models'>;
};

/** Read-model tables (everything but the log); rebuild clears and refills these. */
export const READ_MODEL_TABLES = [
  'session',
  'device',
  'signHistory',
  'transactions',
  'deletedTrxs',
  'shifts',
] as const;
export type ReadModelTable = (typeof READ_MODEL_TABLES)[number];

/**
 * Schema versions, oldest first. Later issues append a version that adds their tables
 * (shifts, outbox …) and list them in READ_MODEL_TABLES; never edit a published version.
 */
const SCHEMA_VERSIONS: ReadonlyArray<Record<string, string>> = [
  {
    events: '++seq, &id, type, trxId, at',
    session: 'id',
    device: 'id',
    signHistory: 'business_user_id, added_seq',
    transactions:
      'local_trx_id, trx_status_id, is_synced_key, trx_type, local_shift_id, local_appointment_id',
  },
  // Cashier (issue 4): order_no for the next number; deleted transactions for sign-out.
  {
    transactions:
      'local_trx_id, trx_status_id, is_synced_key, trx_type, local_shift_id, local_appointment_id, order_no',
    deletedTrxs: 'local_trx_id, deleted_seq',
  },
  // Shift management (issue 12): the active shift and the history of ended ones.
  { shifts: 'local_shift_id, status, [outlet_id+business_user_id], ended_seq' },
  // The audit log (issue 15): the chain's head and upload mark, and the events kept for a later upload.
  { chain: 'id', auditBacklog: '++bseq, &id' },
  // Replay (issue 28): a snapshot of the read models and the last seq it covers.
  { snapshots: 'id' },
];

export const DEFAULT_DB_NAME = 'serambi';

/** Opens (lazily) the device database. Pass indexedDB / IDBKeyRange in options to run elsewhere. */
export function openDb(name: string = DEFAULT_DB_NAME, options?: DexieOptions): SerambiDb {
  const db = new Dexie(name, options) as SerambiDb;
  SCHEMA_VERSIONS.forEach((stores, i) => {
    db.version(i + 1).stores(stores);
  });
  return db;
}
