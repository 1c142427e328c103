import { PAYMENT_CHECK_MESSAGES, totalMismatchMessage } from './sale';
// The server answers' texts shown to users, verbatim from the specification (typos included) unless listed in
// OWN_TEXTS (./own.ts) with the reason. Import them from here (no other module re-exports them; test/domain/texts-imports.test.ts).

/** The spec's fixed messages for the statuses every call may answer (conventions, 003 §8). */
export const API_MESSAGES = {
  sessionExpired: 'Sesi telah berakhir, silakan sign in kembali.',
  forbidden: 'Anda tidak memiliki akses untuk fitur ini.',
  rateLimited: 'Terlalu banyak percobaan sign in, silakan coba lagi dalam beberapa menit.',
  emailRequired: 'Email harus diisi!',
  passwordRequired: 'Password harus diisi!',
  wrongCredentials: 'Email atau password salah.',
  outletNotAllowed: 'Outlet tidak ditemukan.',
  invalidInput: 'Data tidak valid.',
  notFound: 'Data tidak ditemukan.',
  serverError: 'Terjadi kesalahan pada server, silakan coba lagi.',
} as const;

/** Messages of these calls the specification does not write (its own come from src/domain). */
export const POS_MESSAGES = {
  localTrxIdRequired: 'local_trx_id harus diisi!',
  trxsRequired: 'Transaksi harus diisi!',
  /** The device's drv_* total differs from the server's pricing of the same transaction. */
  totalMismatch: totalMismatchMessage,
  notCompleted: 'Hanya transaksi selesai yang dapat dikirim.',
  trxTypeNotSupported: 'Jenis transaksi ini belum dapat diproses.',
  insufficientDeposit: 'Saldo deposit tidak mencukupi.',
  wrongWalletCode: 'Kode Receh salah.',
  /** The shared payment check's text: the device refuses with it too. */
  customerRequiredForPayment: PAYMENT_CHECK_MESSAGES.customerRequired,
  customerNotFound: 'Customer tidak ditemukan.',
  wrongPassword: 'Password salah.',
  reasonRequired: 'Alasan pembatalan harus diisi!',
  trxNotFound: 'Transaksi tidak ditemukan.',
  repeatDiffers:
    'Transaksi ini sudah tersimpan di server dengan isi yang berbeda. Buat transaksi baru untuk perubahan.',
  /** No outlet chosen yet (a user with several): the same answer as the other cashier calls. */
  outletRequired: API_MESSAGES.outletNotAllowed,
  savedTrxNotFound: 'Transaksi tersimpan tidak ditemukan.',
  /** Our own text: a local_trx_id already saved by another outlet or brand is not taken over (issue 11). */
  trxOfAnotherOutlet: 'Transaksi ini milik outlet lain.',
  // A sale is priced from the server's catalogue with the cashier's role flags (issue 11): what it refuses.
  itemNotInCatalogue: 'Item tidak ditemukan di katalog.',
  variantNotInCatalogue: 'Varian item tidak ditemukan di katalog.',
  priceNotInCatalogue: 'Harga item tidak sesuai dengan katalog.',
  customPriceNotAllowed: 'Harga item ini tidak dapat diubah.',
  modifierNotInCatalogue: 'Modifier tidak sesuai dengan katalog.',
  /** A line's worker, seller or commission share is not a commission worker this outlet has had. */
  workerNotInCatalogue: 'Pekerja tidak ditemukan di outlet ini.',
  customItemNotAllowed: 'Item custom tidak diizinkan di outlet ini.',
  itemDiscountNotAllowed: 'Diskon custom tidak diizinkan untuk item ini.',
  promoNotAllowed: 'Promo tidak diizinkan untuk kasir ini.',
  promoNotValid: 'Promo tidak berlaku untuk transaksi ini.',
  discountNotAllowed: 'Diskon transaksi tidak diizinkan untuk kasir ini.',
  // Issue 14 (our own texts): what a top-up or receivable payment may not carry.
  /** A special sale's one line is the synthetic one (pos_item_id 1, variant 1, qty 1), nothing on it. */
  specialLineInvalid: 'Item transaksi ini tidak sesuai.',
  /** 000 §5 Deposit: the deposit form is hidden for a top-up. */
  topUpByDeposit: 'Top up deposit tidak dapat dibayar dengan deposit.',
  /** 000 §5 Credit: 'Gunakan Piutang' is not offered on a receivable payment. */
  receivableByCredit: 'Pembayaran piutang tidak dapat dibayar dengan piutang.',
} as const;

/** Messages of these calls that the spec does not write (the spec's own come from src/domain). */
export const LOOKUP_MESSAGES = {
  wrongSupervisorPassword: 'Password salah.',
  pinRateLimited: 'Terlalu banyak percobaan password, silakan coba lagi dalam beberapa menit.',
} as const;
