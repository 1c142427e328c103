// 'Daftar Stok' (002 §2.2 reading A, ruling 6; 002 §8 time-out text): the spec's words.
export const STOCK_LIST_TEXTS = {
  title: 'Daftar Stok',
  itemType: 'Tipe Barang',
  category: 'Kategori',
  sku: 'SKU',
  itemName: 'Nama Barang',
  variant: 'Varian',
  qty: 'Qty Baik',
  badQty: 'Qty Rusak',
  unit: 'Unit',
  /** The per-column search input's placeholder (001 §2 'Cari..'). */
  search: 'Cari..',
  /** No row matches the filters, or the outlet has no stock-tracked item (002 §5 'Barang tidak ditemukan'). */
  notFound: 'Barang tidak ditemukan',
  /** 002 §8: a time-out of the stock list call; any other error shows the server's error.message. */
  timeout: 'Telah terjadi kegagalan koneksi, silakan coba lagi.',
} as const;
