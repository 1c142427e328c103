// The receipt texts shown to users, verbatim from the specification (typos included) unless listed in
// OWN_TEXTS (./own.ts) with the reason. Import them from here (no other module re-exports them; test/domain/texts-imports.test.ts).

/** The texts of the receipt pages, verbatim from the specification. */
export const RECEIPT_TEXTS = {
  preSettlement: 'PRE-SETTLEMENT',
  copy: 'THIS IS A COPY',
  empty: 'No items yet',
  print: 'Print',
  printReceipt: 'Print Struk',
  close: 'Tutup',
  back: 'Kembali',
  loading: 'Loading receipt, please wait..',
  loadFailed: 'Failed to load receipt, please try again.',
  editHint: 'Klik pada nama item untuk melakukan perubahan',
  itemEdited: 'Item successfully edited!',
  services: 'SERVICES',
  retail: 'ITEMS (RETAIL)',
  totalService: 'Total Service',
  totalRetail: 'Total Retail',
  subtotal: 'Subtotal',
  discount: 'Discount',
  serviceCharge: 'Service Charge',
  additionalCharge: 'Additional Charge',
  total: 'TOTAL',
  change: 'Change',
  bonusTopUp: 'BONUS TOP UP',
  bonusDeposit: 'Bonus Deposit',
  bonusCoupon: 'Bonus Kupon',
  bonusPoint: 'Bonus Poin',
  depositBalance: 'Saldo Deposit',
  customer: 'Customer',
  customerId: 'Customer ID',
  cashier: 'Cashier',
  receiptNumber: 'Receipt Number',
  orderNo: 'Order No',
  area: 'Area',
  /** Ruling 28: a membership sale's validity under its line (ours: RECEIPT_OWN_TEXTS). */
  membershipValid: (from: string, to: string) => `Berlaku ${from} s/d ${to}`,
} as const;

/** The receipt's texts of ours (the spec has none for them), with the reason. */
export const RECEIPT_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: 'Berlaku {from} s/d {to}',
    reason: "ruling 28: a membership sale's receipt shows the membership's validity; 003 §9 gives no wording",
  },
];

/** The button texts as the history screen names them (002 §2.9). */
export const DIGITAL_TEXTS = {
  sms: 'SMS',
  waWeb: 'WA Web',
  waApp: 'WA App',
  email: 'e-Mail',
  phone: 'Nomor HP',
  emailField: 'Email',
} as const;

/** Success texts are the spec's (003 §8); the refusals are ours (the spec leaves the server to us). */
export const RECEIPT_MESSAGES = {
  smsSent: 'SMS Berhasil dikirimkan',
  emailSent: 'Email Berhasil dikirimkan',
  itemEdited: 'Item successfully edited!',
  receiptNotFound: 'Struk tidak ditemukan.',
  trxNotFound: 'Transaksi tidak ditemukan.',
  localTrxIdRequired: 'local_trx_id harus diisi!',
  editSessionRequired: 'edit_session_id harus diisi!',
  inputDataRequired: 'input_data harus diisi!',
  /** Post-edit changed something other than the workers (the field names the first difference). */
  onlyWorkersEditable: 'Hanya pekerja (worker) yang dapat diubah pada transaksi yang sudah selesai.',
  voidNotEditable: 'Transaksi yang sudah divoid tidak dapat diubah.',
  /** A post-edit names a worker who is not one of the outlet's commission workers. */
  workerNotFound: 'Pekerja tidak ditemukan.',
  editSessionUsed: 'Sesi edit ini sudah dipakai untuk transaksi lain.',
} as const;
