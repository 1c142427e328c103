/**
 * Refusals the engine needs where the specification has no text of its own. Only two; every
 * other refusal is a specification message from src/domain's MESSAGES.
 */
export const ENGINE_MESSAGES = {
  /** The lists' own empty-state text (000 §2), reused for a transaction this device does not hold. */
  trxNotFound: 'Transaksi tidak ditemukan',
  /** Ruling: a completed (3) or void (4) transaction is never edited or submitted again. */
  trxNotEditable: 'Transaksi sudah selesai dan tidak dapat diubah.',
} as const;
