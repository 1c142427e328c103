// 'Inventory - Stok Masuk' and 'Inventory - Penyesuaian Stok' (002 §2.3, §2.5, §8): the screens' labels,
// word for word from the specification, and the few of ours (INVENTORY_ENTRY_OWN_TEXTS says why).

export const STOCK_IN_TEXTS = {
  title: 'Inventory - Stok Masuk',
  vendor: 'Vendor',
  poNumber: 'PO Number',
  invoiceNumber: 'Invoice Number',
  documentNo: 'Document No.',
  location: 'Lokasi Stok Tujuan',
  notes: 'Catatan / Keterangan',
  addItem: 'Tambah Barang',
  qtyNow: 'Qty Baik Saat Ini',
  badQtyNow: 'Qty Buruk Saat Ini',
  qty: 'Qty Baik',
  badQty: 'Qty Buruk',
  discount: 'Discount (%)',
  price: 'Harga',
  addToList: 'Masukkan ke dalam Daftar',
  /** Under the grey 'Masukkan ke dalam Daftar' while no location is chosen (issue 22 item 8; ours). */
  locationFirst: "Pilih 'Lokasi Stok Tujuan' terlebih dahulu: stok barang dibaca dari lokasi itu.",
  list: 'Detail Barang Masuk',
  itemName: 'Nama Barang',
  unit: 'Unit',
  discountColumn: 'Discount %',
  delete: 'Delete',
  deleteTitle: 'Hapus Barang',
  deleteMessage: 'Apakah Anda yakin ingin menghapus?',
  submit: 'Terima Barang',
  // ours
  empty: 'Belum ada barang dalam daftar.',
} as const;

export const ADJUSTMENT_TEXTS = {
  title: 'Inventory - Penyesuaian Stok',
  location: 'Lokasi Stok',
  notes: 'Catatan / Keterangan',
  type: 'Tipe Penyesuaian',
  final: 'Stok Final',
  increase: 'Penambahan',
  decrease: 'Pengurangan',
  good: 'Stok Baik',
  bad: 'Stok Buruk',
  qtyNow: 'Qty Saat Ini',
  submit: 'Sesuaikan Stok',
  // ours
  input: 'Qty',
  difference: 'Selisih',
  finalQty: 'Qty Akhir',
} as const;

const NO_TEXT = 'the specification describes this part of the screen (002 §2.3, §2.5) but gives it no words';

export const INVENTORY_ENTRY_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  { text: STOCK_IN_TEXTS.empty, reason: `the empty 'Detail Barang Masuk' list; ${NO_TEXT}` },
  {
    text: STOCK_IN_TEXTS.locationFirst,
    reason: `why 'Masukkan ke dalam Daftar' is grey before a location is chosen (issue 22 item 8); ${NO_TEXT}`,
  },
  {
    text: ADJUSTMENT_TEXTS.difference,
    reason: `the figure beside the input in 'Stok Final' mode (input − current); ${NO_TEXT}`,
  },
  {
    text: ADJUSTMENT_TEXTS.finalQty,
    reason: `the figure beside the input in addition and reduction modes (current ± input); ${NO_TEXT}`,
  },
];
