// Storage safety on the device (issue 15): the spec writes no text for any of it, so every text here is
// ours (listed in STORAGE_OWN_TEXTS with the reason), plain and short Indonesian.

const OURS = 'issue 15 storage safety on the device; the spec has no text for it (docs/decisions.md)';

export const STORAGE_TEXTS = {
  title: 'Penyimpanan Perangkat',
  menu: 'Penyimpanan',
  persisted: 'Penyimpanan permanen: aktif',
  notPersisted:
    'Penyimpanan permanen: tidak aktif. Browser dapat menghapus data saat ruang penyimpanan penuh.',
  persistUnsupported: 'Penyimpanan permanen: tidak didukung browser ini',
  usage: (used: string, quota: string, percent: string) => `Terpakai ${used} dari ${quota} (${percent}%)`,
  usageUnknown: 'Ruang penyimpanan tidak diketahui',
  quotaWarning: 'Penyimpanan perangkat hampir penuh. Lakukan sync atau ekspor transaksi yang belum sync.',
  unsyncedCount: (n: number | string) => `Transaksi belum sync: ${n}`,
  unsyncedOld: 'Ada transaksi belum sync lebih dari 24 jam. Segera lakukan sync atau ekspor ke file.',
  exportTitle: 'Ekspor Transaksi Belum Sync',
  exportHelp: 'Simpan transaksi yang belum sync ke file, lalu impor di perangkat lain pada outlet yang sama.',
  exportButton: 'Ekspor ke File',
  exportNone: 'Tidak ada transaksi yang belum sync.',
  exportDone: (n: number | string) => `${n} transaksi diekspor ke file.`,
  lastExport: (time: string) => `Ekspor terakhir: ${time}`,
  importTitle: 'Impor dari File',
  importButton: 'Pilih File Ekspor',
  importNotExport: 'File ini bukan file ekspor transaksi Serambi.',
  importVersion: 'Versi file ekspor tidak dikenal. Perbarui aplikasi lalu coba lagi.',
  importAltered: 'File ekspor sudah diubah atau rusak. Impor dibatalkan.',
  importOtherOutlet: 'File ekspor ini dari outlet lain. Impor hanya bisa di outlet yang sama.',
  importEmpty: 'File ekspor tidak berisi transaksi.',
  importResult: (sent: number | string, already: number | string, failed: number | string) =>
    `Impor selesai: ${sent} terkirim ke server, ${already} sudah ada di server, ${failed} gagal.`,
  recoveredTitle: 'Data perangkat dipulihkan',
  recovered: 'Data di perangkat ini hilang atau rusak. Sesi, shift dan konfigurasi sudah dipulihkan.',
  lostNone: 'Semua transaksi yang belum sync sudah ada di server.',
  lostSome: (n: number | string) => `${n} transaksi belum sync tidak dapat dipulihkan:`,
  lostUnknown:
    'Daftar transaksi belum sync sebelum kejadian ini tidak diketahui, jadi tidak dapat dipulihkan.',
  lostSale: (order: string, total: string, time: string) => `Order ${order}, ${total}, ${time}`,
  lostInExport: 'ada di file ekspor terakhir, impor file tersebut',
  lostNotExported: 'tidak ada di file ekspor',
  openStorage: 'Lihat Penyimpanan',
  dismiss: 'Mengerti',
} as const;

/** Issue 27: the brand owner's full data export, a card on /storage (docs/decisions.md). */
export const BRAND_EXPORT_TEXTS = {
  title: 'Ekspor Data Brand',
  help: 'Unduh seluruh data brand: pelanggan, transaksi, pembayaran, stok dan saldo pelanggan. JSON + dokumen transaksi menyertakan dokumen lengkap setiap transaksi (berkas jauh lebih besar). Hanya pemilik brand yang dapat mengunduh.',
  zip: 'Unduh ZIP (CSV)',
  json: 'Unduh JSON',
  jsonDocs: 'Unduh JSON + dokumen transaksi',
  done: 'Data brand selesai diunduh.',
  failed: 'Ekspor data brand gagal, silakan coba lagi.',
} as const;

const BRAND_OURS =
  "issue 27 the brand owner's full data export; the spec has no screen for it (docs/decisions.md)";

export const STORAGE_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  ...Object.values(STORAGE_TEXTS).map((entry) => ({
    text: typeof entry === 'string' ? entry : (entry as (...a: string[]) => string)('{a}', '{b}', '{c}'),
    reason: OURS,
  })),
  ...Object.values(BRAND_EXPORT_TEXTS).map((text) => ({ text, reason: BRAND_OURS })),
];
