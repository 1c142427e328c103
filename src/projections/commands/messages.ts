/**
 * Refusals the engine needs where the specification has no text of its own. Every other refusal is a
 * specification message from src/domain's MESSAGES (or the server's, from src/domain's payment check).
 */
export const ENGINE_MESSAGES = {
  /** The lists' own empty-state text (000 §2), reused for a transaction this device does not hold. */
  trxNotFound: 'Transaksi tidak ditemukan',
  /** Ruling: a completed (3) or void (4) transaction is never edited or submitted again. */
  trxNotEditable: 'Transaksi sudah selesai dan tidak dapat diubah.',
  /** 'Gunakan Piutang' is not offered (000 §5 Credit: pos_account_receivable = 0, or a receivable payment). */
  creditNotAllowed: 'Pembayaran piutang tidak tersedia untuk transaksi ini.',
} as const;
