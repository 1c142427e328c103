// The redeem dialog's texts (000 §2 "Cashier dialogs", §4 "Redeem and coupon dialogs", 003 §8), verbatim from
// the specification unless listed in REDEEM_OWN_TEXTS with the reason.

export const REDEEM_TEXTS = {
  title: 'Redeem',
  typeQr: 'QR Code',
  typeSms: 'SMS',
  typeDirect: 'Direct',
  typeAgent: 'Agent',
  /** 003 §8 confirms: opening the dialog with a redeem already set */
  alreadySetTitle: 'Item Redeem Telah Diset Sebelumnya',
  alreadySetMessage: 'Apakah Anda mau menghapusnya?',
  /** 000 §2: cancelling the redeem-item modal */
  cancelTitle: 'Apakah Anda ingin membatalkan proses redeem?',
  cancelMessage: 'Proses redeem akan dibatalkan',
  applied: 'Redeem berhasil diaplikasikan',
  smsResent: 'SMS berhasil dikirim ulang',
  smsSent: 'SMS Berhasil dikirimkan',
  /** 003 §8: redeem scan time-out */
  connectionError: 'Telah terjadi kesalahan koneksi, silakan coba lagi.',
  /** 001 §2.5: the SMS code the customer received */
  smsCodeLabel: 'Redeem Code dari SMS',
  sendSms: 'Send SMS',
  check: 'Check',
  remove: 'hapus',
  noItems: 'Tidak ada barang yang ditemukan!',
} as const;

/** Texts of ours, each with its reason (test/domain/texts.test.ts accepts them through OWN_TEXTS). */
export const REDEEM_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: 'SMS redeem dapat dikirim ulang setelah {n} detik.',
    reason:
      'ruling 20: the server refuses a resend within 30 s of the last; the spec gives the countdown, not a text for the refusal',
  },
  {
    text: 'Tidak ada transaksi agent untuk customer ini.',
    reason: "the redeem dialog's Agent list when the customer has none; the spec gives no empty text for it",
  },
  {
    text: 'Terlalu banyak percobaan kode redeem, silakan coba lagi dalam beberapa menit.',
    reason:
      "issue 23 item 7: five wrong SMS redeem codes for a customer within 15 minutes are refused (429), as the wallet PIN's are; worded like the spec's other attempt limits",
  },
];

export const REDEEM_OWN = {
  resendTooEarly: (n: number | string) => `SMS redeem dapat dikirim ulang setelah ${n} detik.`,
  noAgentTransactions: 'Tidak ada transaksi agent untuk customer ini.',
  redeemCodeRateLimited: 'Terlalu banyak percobaan kode redeem, silakan coba lagi dalam beberapa menit.',
} as const;
