// The cashier texts shown to users, verbatim from the specification (typos included) unless listed in
// OWN_TEXTS (./own.ts) with the reason. Import them from here (no other module re-exports them; test/domain/texts-imports.test.ts).

/** The specification's texts, verbatim (000 §2, §4; 003 §8). */
export const CASHIER_MESSAGES = {
  submitFailed: 'Transaksi gagal, mohon coba kembali.',
  submitBadNetwork: 'Transaksi gagal karena jariangan internet buruk, mohon coba kembali beberapa saat lagi.',
  /** 000 §4 writes 'Transaksi Sukses! ... secara online'; completed like the offline text (ruling). */
  submitOnline: 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.',
  submitOffline: 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.',
  voidConfirm: 'Apakah Anda yakin ingin void transaksi ini?',
  voidReasonLabel: 'Alasan Pembatalan',
  /** Not written by the spec: the server's message for a blank void reason (src/api/contract/pos.ts). */
  voidReasonRequired: 'Alasan pembatalan harus diisi!',
  voidSyncFailed: 'Gagal melakukan proses sinkronisasi, silakan mencoba kembali dengan refresh halaman ini.',
  voided: 'Transaksi berhasil divoid',
  passwordRequired: 'Password harus diisi!',
  deleteReasonRequired: 'Alasan penghapusan harus diisi!',
  archiveTitle: 'Simpan Transaksi',
  archiveConfirm: 'Apakah anda ingin menyimpan transaksi ini?',
  archived: 'Transaksi telah berhasil disimpan.',
  deleteTitle: 'Hapus Transaksi',
  deleteConfirm: 'Apakah Anda yakin?',
  /** The open transaction's 'Hapus' (steps 2 and 3). */
  deleteOpenConfirm: 'Apakah anda ingin menghapus transaksi ini?',
  deleteAuthorizationTitle: 'Otorisasi Hapus Transaksi',
  deleteReasonLabel: 'Alasan Penghapusan',
  deleted: 'Transaksi telah berhasil dihapus.',
  /** The spec asks for a confirmation without giving its text (ruling). */
  downloadTitle: 'Download Transaksi',
  downloadConfirm: 'Apakah anda ingin mendownload transaksi ini?',
  downloaded: 'Transaksi telah berhasil didownload.',
  appointmentCheckoutConfirm: 'Apakah Anda yakin ingin mengubah appointment ini menjadi penjualan?',
  appointmentLeaveConfirm: 'Apakah Anda yakin ingin keluar tanpa menyimpan transaksi?',
  appointmentSaved: 'Detail sales appointment berhasil disimpan.',
} as const;

export const ENGINE_MESSAGES = {
  /** The lists' own empty-state text (000 §2), reused for a transaction this device does not hold. */
  trxNotFound: 'Transaksi tidak ditemukan',
  /** Ruling: a completed (3) or void (4) transaction is never edited or submitted again. */
  trxNotEditable: 'Transaksi sudah selesai dan tidak dapat diubah.',
  /** 'Gunakan Piutang' is not offered (000 §5 Credit: pos_account_receivable = 0, or a receivable payment). */
  creditNotAllowed: 'Pembayaran piutang tidak tersedia untuk transaksi ini.',
  /** 'Gunakan Deposit' is not offered on a top-up (000 §5 Deposit); the server refuses it with the same text. */
  depositNotAllowed: 'Top up deposit tidak dapat dibayar dengan deposit.',
} as const;

export const PAYMENT_TEXTS = {
  remaining: 'Sisa Pembayaran',
  change: 'Uang Kembalian',
  empty: 'Belum ada pembayaran',
  deleteTitle: 'Pembayaran akan dihapus',
  deleteConfirm: 'Apakah Anda yakin ingin menghapus?',
  addTitle: 'Tambah Pembayaran Baru',
  allUsed: 'Seluruh metode pembayaran telah terpakai.',
  deposit: 'Gunakan Deposit',
  refreshBalance: 'Refresh Saldo',
  refreshing: 'Memuat ulang saldo..',
  refreshed: 'Saldo berhasil dimuat ulang',
  receh: 'Kode Receh',
  credit: 'Gunakan Piutang',
  notes: 'Notes:',
} as const;

/** 003 §8, customer search (cashier), verbatim. */
export const CUSTOMER_SEARCH_MESSAGES = {
  needsInternet: 'Koneksi internet dibutuhkan untuk pencarian customer, mohon coba kembali',
  unstable:
    'Koneksi internet tidak stabil, data customer akan disinkronisasi otomatis ketika koneksi telah pulih kembali',
  offline: 'No internet connection, customer data will be synchronized later.',
  keywordOffline: 'Tidak ada koneksi internet. Mohon coba kembali.',
} as const;

/** The three modals' titles and reason labels, verbatim. */
export const AUTHORIZATION_TITLES = {
  deleteTransaction: 'Otorisasi Hapus Transaksi',
  deleteItem: 'Otorisasi Hapus Item',
  changeQty: 'Otorisasi Pengubahan Qty Item',
} as const;
