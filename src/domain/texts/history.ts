// The transaction history texts (002 §2.9, §8), verbatim from the specification unless listed in
// OWN_TEXTS (./own.ts) with the reason.

export const HISTORY_TEXTS = {
  title: 'Riwayat Transaksi',
  trxPrefix: 'Transaksi #',
  orderNo: 'Order No.',
  notes: 'Catatan',
  edit: 'Edit',
  print: 'Print',
  guest: 'GUEST',
  /** The mark of a void sale's card (our addition: the list holds void sales). */
  void: 'VOID',
  empty: 'Belum ada transaksi',
  notFound: 'Transaksi tidak ditemukan',
  /** Field labels (the spec names the filters, not their labels). */
  dateLabel: 'Tanggal',
  searchLabel: 'Cari transaksi',
  searchPlaceholder: 'No. transaksi, Order No., pelanggan, label, catatan',
  pageSizeLabel: 'Jumlah baris',
  previewHint: 'Pilih transaksi untuk melihat struk',
  listLabel: 'Daftar transaksi',
  previewLabel: 'Struk transaksi',
} as const;

/** The server's refusals of a history query (our texts: the spec's backend is not shown). */
export const HISTORY_MESSAGES = {
  dateRequired: 'Tanggal harus dipilih',
  dateOutOfRange:
    'Tanggal riwayat transaksi hanya boleh dalam 40 hari terakhir dan tidak boleh di masa depan.',
  oneDay: 'Tanggal awal dan akhir riwayat transaksi harus sama.',
  pageSize: 'Jumlah baris hanya boleh 10, 20, 30, 40 atau 50.',
  startRow: 'Baris awal tidak valid.',
} as const;
