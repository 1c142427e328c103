// The special-sale forms' texts (000 §2 step 2), verbatim.
export const SPECIAL_TEXTS = {
  topUpTitle: 'Top Up Deposit',
  topUpAmount: 'Nominal Top Up',
  seller: 'Seller',
  receivableTitle: 'Pembayaran Piutang',
  receivableAmount: 'Nominal Pembayaran Piutang',
  chooseReceivable: 'Pilih Transaksi Piutang',
  noReceivables: 'Tidak ada transaksi piutang untuk customer ini',
} as const;
