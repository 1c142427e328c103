// The void's refusals of ours (000 §4 "Void (3 → 4)" gives none): a void must not take back what the customer
// already consumed (docs/decisions.md). Each text is listed in VOID_OWN_TEXTS with its reason.

export const VOID_OWN = {
  walletSpent: 'Transaksi tidak dapat divoid karena saldo deposit dari transaksi ini sudah terpakai.',
  couponsUsed: 'Transaksi tidak dapat divoid karena kupon dari transaksi ini sudah digunakan.',
  pointsSpent: 'Transaksi tidak dapat divoid karena poin dari transaksi ini sudah terpakai.',
  receivablePaid: 'Transaksi tidak dapat divoid karena piutang dari transaksi ini sudah dibayar.',
  /** The void confirmation names the sale (issue 22 item 8): its receipt number and its total. */
  which: (id: string, total: string) => `Transaksi #${id} - Total ${total}`,
} as const;

const WHY =
  "000 §4 Void gives no refusal for it; the server refuses a void whose reversal would drive the customer's balance below zero (docs/decisions.md)";

export const VOID_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  { text: VOID_OWN.walletSpent, reason: `a top-up whose deposit was spent: ${WHY}` },
  { text: VOID_OWN.couponsUsed, reason: `a coupon sale whose coupons were used: ${WHY}` },
  { text: VOID_OWN.pointsSpent, reason: `a sale whose points were redeemed: ${WHY}` },
  { text: VOID_OWN.receivablePaid, reason: `a credit sale whose receivable was paid down: ${WHY}` },
  {
    text: 'Transaksi #{id} - Total {total}',
    reason:
      "the void confirmation names the sale (its receipt's number and total); 000 §4 asks only 'Apakah Anda yakin…'",
  },
];
