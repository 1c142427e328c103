import {
  GUEST_LABEL,
  isSyncEligible,
  nextOrderNo,
  pendingForSignOut,
  pendingWork,
  shortId,
} from '../../domain';
import type { DeletedTrxRecord, SerambiDb, TransactionRecord } from '../../events';

/** Newest first by trx_local_start_time (then local id, for a stable order). */
export const byNewestStart = (a: TransactionRecord, b: TransactionRecord): number =>
  (b.trx_local_start_time ?? '').localeCompare(a.trx_local_start_time ?? '') ||
  b.local_trx_id.localeCompare(a.local_trx_id);

/** Newest first by trx_local_end_time (completed list). */
export const byNewestEnd = (a: TransactionRecord, b: TransactionRecord): number =>
  (b.trx_local_end_time ?? '').localeCompare(a.trx_local_end_time ?? '') ||
  b.local_trx_id.localeCompare(a.local_trx_id);

/**
 * What a list shows that is worded by the screen (the summary '{qty} Produk, Total …', the time as
 * displayed): the search looks in it too, not only in the stored fields.
 */
export type ShownTexts = (trx: TransactionRecord) => readonly string[];

/** The texts a list search looks in (000 §2): name, contact, short/local id, summary, time, label. */
export function searchableTexts(trx: TransactionRecord, shown: readonly string[] = []): string[] {
  const c = trx.customer;
  return [
    trx.local_trx_id,
    shortId(trx.local_trx_id),
    trx.trx_name ?? '',
    c?.user_name ?? GUEST_LABEL,
    c?.user_phone ?? '',
    c?.user_email ?? '',
    c?.user_identifier_string ?? '',
    trx.trx_label ?? '',
    trx.trx_local_start_time ?? '',
    trx.trx_local_end_time ?? '',
    trx.service_area?.area_name ?? '',
    ...shown,
  ];
}

/** Case-insensitive 'contains' over the searchable texts; a blank keyword matches everything. */
export function matchesKeyword(
  trx: TransactionRecord,
  keyword: string | null | undefined,
  shown?: ShownTexts,
): boolean {
  const k = (keyword ?? '').trim().toLowerCase();
  if (k === '') return true;
  return searchableTexts(trx, shown?.(trx)).some((t) => t.toLowerCase().includes(k));
}

/**
 * Pending list: status 2 (an empty status reads as 2), newest first, filtered by keyword. An empty
 * transaction is nobody's work and is not listed (ruling 27).
 */
export async function listPending(
  db: SerambiDb,
  filter: { keyword?: string; shown?: ShownTexts } = {},
): Promise<TransactionRecord[]> {
  const rows = pendingWork(await db.transactions.where('trx_status_id').equals(2).toArray());
  return rows.filter((t) => matchesKeyword(t, filter.keyword, filter.shown)).sort(byNewestStart);
}

/**
 * Completed list: status 3 and 4 (void shows [VOID]), newest first, filtered by keyword over the
 * stored fields and what the list shows (`shown`: the summary text and the displayed time, 000 §2).
 */
export async function listCompleted(
  db: SerambiDb,
  filter: { keyword?: string; shown?: ShownTexts } = {},
): Promise<TransactionRecord[]> {
  const rows = await db.transactions.where('trx_status_id').anyOf(3, 4).toArray();
  return rows.filter((t) => matchesKeyword(t, filter.keyword, filter.shown)).sort(byNewestEnd);
}

/** '[VOID]' before a voided transaction in the completed list, else ''. */
export const voidMark = (trx: Pick<TransactionRecord, 'trx_status_id'>): string =>
  Number(trx.trx_status_id) === 4 ? '[VOID]' : '';

/** The sync outbox: status 3, not synced, trx_type NORMAL — oldest first (posted one at a time). */
export async function listOutbox(db: SerambiDb): Promise<TransactionRecord[]> {
  const rows = await db.transactions.where('is_synced_key').equals(0).toArray();
  return rows.filter(isSyncEligible).sort((a, b) => -byNewestEnd(a, b));
}

/** The next order number: one more than the largest local order_no (starting at 1). */
export async function nextLocalOrderNo(db: SerambiDb): Promise<number> {
  const top = await db.transactions.orderBy('order_no').last();
  return nextOrderNo(top ? [top] : []);
}

/** Pending transactions sent at sign-out: status 2 with details or deleted details. */
export async function pendingTrxsForSignOut(db: SerambiDb): Promise<TransactionRecord[]> {
  return pendingForSignOut(await db.transactions.where('trx_status_id').equals(2).toArray());
}

/** Transactions deleted on this device (DELETE_TRX), in deletion order, for the sign-out. */
export function deletedTrxs(db: SerambiDb): Promise<DeletedTrxRecord[]> {
  return db.deletedTrxs.orderBy('deleted_seq').toArray();
}
