// Inventory (002 §2.2–2.7, §5): the spec's messages word for word, and our server's own refusals
// (INVENTORY_OWN_TEXTS says why each is ours).

/** The spec's item-entry and submit messages and success texts (002 §2.3–2.7, §5), word for word. */
export const INVENTORY_MESSAGES = {
  skuRequired: 'SKU produk harus diisi',
  itemNotFound: 'Barang tidak ditemukan',
  itemNotFoundStockOut: 'Barang tidak ditemukan, mohon masukkan SKU yang tepat',
  itemInList: 'Barang ini sudah ada dalam daftar, silakan hapus terlebih dahulu untuk mengganti jumlah qty.',
  itemInTransferList:
    'Barang ini sudah ada dalam daftar transfer, silakan hapus terlebih dahulu untuk mengganti jumlah qty transfer.',
  qtyZero: 'Qty barang tidak boleh nol.',
  qtyNotNumber: 'Qty barang hanya boleh angka.',
  itemsRequired: 'Barang harus dipilih',
  adjustmentItemRequired: 'Barang harus dipilih.',
  adjustmentTypeRequired: 'Tipe penyesuaian harus diisi.',
  sourceRequired: 'Lokasi stok asal harus dipilih',
  targetRequired: 'Lokasi stok tujuan harus dipilih',
  sameLocation: 'Lokasi stok asal dan tujuan tidak boleh sama',
  transferItemsRequired: 'Barang harus dipilih minimal satu',
  receivingRequired: 'Lokasi stok penerimaan harus dipilih',
  stockInDone: 'Barang berhasil diterima.',
  stockOutDone: 'Barang berhasil dikeluarkan.',
  adjustmentDone: 'Barang berhasil disesuaikan.',
  transferOutDone: 'Barang berhasil ditransfer keluar.',
  transferInDone: 'Barang berhasil ditransfer masuk.',
} as const;

/** Our server's refusals of inventory calls (the spec leaves the server to us; docs/api.md). */
export const INVENTORY_SERVER_MESSAGES = {
  locationRequired: 'Lokasi stok harus dipilih.',
  locationUnknown: 'Lokasi stok tidak ditemukan.',
  notOwnLocation: 'Lokasi stok bukan milik outlet ini.',
  vendorUnknown: 'Vendor tidak ditemukan.',
  qtyNegative: 'Qty barang tidak boleh negatif.',
  qtyTooLarge: 'Qty barang terlalu besar.',
  discount: 'Diskon hanya boleh 0 sampai 100.',
  price: 'Harga tidak boleh negatif.',
  insufficient: (itemName: string, qty: string) => `Stok tidak mencukupi: ${itemName} tersisa ${qty}.`,
  insufficientBad: (itemName: string, qty: string) =>
    `Stok buruk tidak mencukupi: ${itemName} tersisa ${qty}.`,
  duplicateItem: 'Barang yang sama tidak boleh lebih dari sekali dalam satu transaksi.',
  trxTypeInvalid: 'Jenis barang keluar tidak valid.',
  consumptionTypeRequired: 'Tipe konsumsi harus diisi.',
  saleRequired: 'Transaksi penjualan harus dipilih.',
  saleUnknown: 'Transaksi penjualan tidak ditemukan.',
  localTrxIdReused: 'local_trx_id ini sudah dipakai untuk transaksi inventory dengan isi yang berbeda.',
  transferUnknown: 'Transfer tidak ditemukan.',
  transferAccepted: 'Transfer ini sudah diterima.',
  searchRequired: 'Nama barang atau SKU harus diisi.',
} as const;

/**
 * What an inventory screen says when its submit got no answer (issue 13: a submit that times out is retried
 * with the same local_trx_id and is never applied twice; the screen says what happened).
 */
export const INVENTORY_SUBMIT_TEXTS = {
  retrying: (attempt: number, of: number) => `Koneksi terputus, mengirim ulang (${attempt}/${of})…`,
  unknown:
    'Tidak ada jawaban dari server. Data masih tersimpan di layar: tekan tombol sekali lagi untuk mengirim ulang; transaksi yang sama tidak akan tercatat dua kali.',
} as const;

const SERVER =
  "a refusal of our inventory server (002 §7: 'What the server does with the stock movements is not shown')";

export const INVENTORY_OWN_TEXTS: readonly { text: string; reason: string }[] = Object.values(
  INVENTORY_SERVER_MESSAGES,
)
  .map((t) => ({
    text: typeof t === 'string' ? t : (t as (...a: string[]) => string)('{n}', '{q}'),
    reason: SERVER,
  }))
  .concat([
    {
      text: INVENTORY_SUBMIT_TEXTS.retrying(1, 3),
      reason: 'issue 13: an inventory submit without an answer is resent with the same local_trx_id',
    },
    {
      text: INVENTORY_SUBMIT_TEXTS.unknown,
      reason: 'issue 13: the outcome of an unanswered submit is not known yet',
    },
  ]);
