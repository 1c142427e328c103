// 'Daftar Piutang' (002 §2.12, §8), word for word from the specification.

export const RECEIVABLE_TEXTS = {
  title: 'Daftar Piutang',
  userName: 'Nama Pelanggan',
  trxId: 'No Transaksi',
  trxTime: 'Tanggal Transaksi',
  balance: 'Jumlah Piutang',
  outlet: 'Outlet',
  reference: 'Referensi',
  pay: 'Bayar',
  /** The receivable-payment transaction's name (002 §2.12). */
  paymentName: 'Pembayaran Piutang',
  /** The per-column search input's placeholder (001 §2 'Cari..'). */
  search: 'Cari..',
  /** An empty list (002 §8, empty states of transaction lists). */
  empty: 'Belum ada transaksi',
  /** The search filters match no row (002 §8, transaction lists). */
  notFound: 'Transaksi tidak ditemukan',
  /** 002 §8: a time-out of the accounts receivable calls; any other error shows the server's message. */
  timeout: 'Telah terjadi kegagalan koneksi, silakan coba lagi.',
} as const;
