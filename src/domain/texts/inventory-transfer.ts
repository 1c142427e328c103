// Transfer out and transfer in (002 §2.6–2.7): the screens' labels, word for word; the messages are
// INVENTORY_MESSAGES (inventory.ts).

/** The two transfer screens' labels (002 §2.6, §2.7, §8 confirmations). */
export const TRANSFER_TEXTS = {
  outTitle: 'Inventory - Transfer Keluar',
  inTitle: 'Inventory - Transfer Masuk',
  source: 'Lokasi Stok Asal',
  target: 'Lokasi Stok Tujuan',
  notes: 'Catatan / Keterangan',
  listTitle: 'Detail Barang Transfer',
  itemName: 'Nama Barang',
  qtyNow: 'Qty Saat Ini',
  qty: 'Qty Transfer',
  unit: 'Unit',
  delete: 'Delete',
  deleteTitle: 'Hapus Barang Transfer',
  deleteMessage: 'Apakah Anda yakin ingin menghapus?',
  addItem: 'Tambah Barang',
  stockNow: 'Stok Saat Ini',
  qtyOut: 'Qty Barang Keluar',
  addToList: 'Masukkan ke dalam Daftar',
  submitOut: 'Transfer Keluar',
  transferId: 'Transfer ID',
  transferTime: 'Waktu Transfer',
  qtyTotal: 'Jumlah Barang',
  from: 'Transfer Dari',
  detail: 'Detail Barang',
  receiving: 'Lokasi Stok Penerimaan',
  submitIn: 'Transfer Masuk',
  cancel: 'Cancel',
} as const;

/** Our own texts on these screens (the spec names none for these places). */
export const TRANSFER_OWN = {
  noIncoming: 'Belum ada transfer masuk.',
  emptyList: 'Belum ada barang dalam daftar.',
} as const;

export const TRANSFER_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: TRANSFER_OWN.noIncoming,
    reason: "002 §2.7 shows no empty state for step 1's list of incoming transfers",
  },
  {
    text: TRANSFER_OWN.emptyList,
    reason: "002 §2.6 shows no empty state for the table 'Detail Barang Transfer'",
  },
];
