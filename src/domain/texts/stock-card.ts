// The stock card (ours, issue 22 item 9): one item's movements at the outlet's locations with the running
// balance, opened from a row of 'Daftar Stok'. The spec has no such screen: every text is ours
// (STOCK_CARD_OWN_TEXTS), in Indonesian, beside the spec's own words where it has them ('Qty Baik',
// 'Qty Rusak', 'Lokasi Stok', 'Catatan').
export const STOCK_CARD_TEXTS = {
  title: 'Kartu Stok',
  /** Above Daftar Stok: what a row does. */
  rowHint: 'Klik baris barang untuk melihat kartu stoknya.',
  location: 'Lokasi Stok',
  allLocations: 'Semua Lokasi',
  stockNow: 'Stok saat ini',
  date: 'Tanggal',
  kind: 'Jenis',
  reference: 'Referensi',
  who: 'Oleh',
  place: 'Lokasi',
  qty: 'Qty Baik',
  badQty: 'Qty Rusak',
  balance: 'Saldo Baik',
  badBalance: 'Saldo Rusak',
  notes: 'Catatan',
  empty: 'Belum ada pergerakan stok.',
  forSale: (saleId: string) => `untuk transaksi ${saleId}`,
  movements: (total: string) => `${total} pergerakan`,
  opening: 'Stok Awal',
  fromSupplier: 'Stok Masuk',
  toBadStock: 'Stok Buruk/Rusak',
  consumption: 'Konsumsi',
  adjustment: 'Penyesuaian Stok',
  transferOut: 'Transfer Keluar',
  transferIn: 'Transfer Masuk',
  sales: 'Penjualan',
  ingredients: 'Bahan Penjualan',
  salesVoid: 'Void Penjualan',
  ingredientsVoid: 'Void Bahan Penjualan',
} as const;

const REASON = 'the stock card (issue 22 item 9): the spec has no such screen';

/** The ones the spec does not write anywhere (the others are its words: 'Qty Baik', 'Transfer Keluar', …). */
const OWN_KEYS = [
  'title',
  'rowHint',
  'allLocations',
  'stockNow',
  'who',
  'balance',
  'badBalance',
  'empty',
  'forSale',
  'movements',
  'opening',
  'ingredients',
  'salesVoid',
  'ingredientsVoid',
] as const satisfies readonly (keyof typeof STOCK_CARD_TEXTS)[];

export const STOCK_CARD_OWN_TEXTS: readonly { text: string; reason: string }[] = OWN_KEYS.map((k) => {
  const t: string | ((a: string) => string) = STOCK_CARD_TEXTS[k];
  return { text: typeof t === 'string' ? t : t('{n}'), reason: REASON };
});
