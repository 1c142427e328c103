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
  /** Ours (RECEIVABLE_OWN_TEXTS): what the red '$$' beside a customer means. */
  hasReceivable: 'Pelanggan ini memiliki piutang yang belum lunas',
  /** Ours: a receivable's sale by the number its receipt prints ('Receipt Number', the short id). */
  receiptNo: (id: string) => `Struk #${id}`,
} as const;

/** The texts of ours among them (issue 22 item 6), with the reason. */
export const RECEIVABLE_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: 'Pelanggan ini memiliki piutang yang belum lunas',
    reason: "the red '$$' (000 §2) explained in a tooltip and as text; the spec gives no words for it",
  },
  {
    text: 'Struk #{id}',
    reason:
      "a receivable's sale also by its receipt's number (the short id), so the list matches the receipt",
  },
];
