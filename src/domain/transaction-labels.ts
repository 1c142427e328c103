// How a transaction is named and numbered on lists and receipts: its short id, the guest label, order_no.

/** Short id: the last 6 characters of local_trx_id, upper-cased (receipt number, lists). */
export const shortId = (localTrxId: string): string => localTrxId.slice(-6).toUpperCase();

/** The guest label when a transaction has no customer. */
export const GUEST_LABEL = 'GUEST';

/** order_no = one more than the largest order_no among local transactions (starting at 1). */
export const nextOrderNo = (transactions: readonly { order_no?: number | null }[]): number =>
  transactions.reduce((max, t) => Math.max(max, Number(t.order_no ?? 0) || 0), 0) + 1;
