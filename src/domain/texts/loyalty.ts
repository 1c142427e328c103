// The loyalty screens' texts (001 §2.3–2.6, §5, §8): point award, redemption by QR and by SMS, coupon use by
// QR. Verbatim from the specification unless listed in LOYALTY_OWN_TEXTS with the reason.

export const LOYALTY_TEXTS = {
  awardTitle: 'Pemberian Poin',
  redeemQrTitle: 'Penukaran Poin - Melalui Kode QR',
  redeemSmsTitle: 'Penukaran Poin - Melalui SMS',
  couponQrTitle: 'Penggunaan Kupon - Melalui Kode QR',
  purchaseNo: 'Purchase No.',
  amount: 'Transaction Amount',
  check: 'Check',
  codeLabel: 'Kode QR',
  changeCustomer: 'Change Customer',
  submit: 'Submit',
  newCustomer: '(New Customer)',
  male: 'Laki-laki',
  female: 'Perempuan',
  successTitle: 'Loyalty Transaction Success!',
  successOnline: 'The transaction has been done online.',
  successLocal: 'Saving transaction to local device.',
  redeemNow: 'Redeem Now',
  cancel: 'Cancel',
  redeemSuccess: 'Redeem Success',
  /** the placeholders are filled by redeemSuccessText (src/domain/loyalty.ts) */
  redeemSuccessText:
    '{user_name} telah berhasil menukarkan {item_name} ({scancode}) dengan {drv_total_point} {reward_name}',
  trxSuccessTitle: 'Transaction Success!',
  trxSuccessText: 'Purchase no. telah disimpan, transaksi redeem telah berhasil dilakukan.',
  save: 'Simpan',
  close: 'Tutup',
  sendSms: 'Send SMS',
  smsCode: 'Redeem Code dari SMS',
  // 001 §5 messages
  purchaseNoRequired: 'Purchase No. harus diisi!',
  customerRequired: 'Data customer harus diisi!',
  contactRequired: 'Please fill out the user contact.',
  invalidPhone: 'Please input a valid phone number.',
  invalidEmail: 'Please input a valid email.',
  codeRequired: 'Redeem code harus diisi!',
  noItems: 'Tidak ada barang yang ditemukan!',
  phoneRequired: 'Nomor HP harus diisi!',
  // 001 §8
  connectionError: 'Telah terjadi kesalahan koneksi, silakan coba lagi.',
} as const;

/** Texts of ours, each with its reason (test/domain/texts.test.ts accepts them through OWN_TEXTS). */
export const LOYALTY_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: 'Transaksi loyalty ditolak server',
    reason:
      'ruling 17: an award saved on the device that the server refuses for good is listed with its reason instead of blocking the others; the spec gives no text',
  },
  {
    text: 'Kode redeem sudah digunakan.',
    reason:
      'ruling 20: the server refuses a redeem or coupon code already used (a second till at once); the spec gives no text',
  },
  {
    text: 'Transaksi loyalty menunggu dikirim: {n}',
    reason: 'ruling 17: the point award screen shows how many awards saved on the device wait for the sync',
  },
  {
    text: 'Jumlah transaksi harus lebih dari 0.',
    reason: 'the server refuses a loyalty transaction without an amount; the spec gives no text',
  },
];

export const LOYALTY_OWN = {
  codeUsed: 'Kode redeem sudah digunakan.',
  pending: (n: number | string) => `Transaksi loyalty menunggu dikirim: ${n}`,
  amountRequired: 'Jumlah transaksi harus lebih dari 0.',
  refusedTitle: 'Transaksi loyalty ditolak server',
} as const;
