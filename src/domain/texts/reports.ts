// The reports' texts (002 §2.13–2.14, §5), verbatim from the specification, and ours.

export const REPORT_TEXTS = {
  sales: 'Penjualan',
  daily: 'Penjualan harian',
  detail: 'Detail penjualan',
  byProduct: 'Berdasarkan service / retail',
  itemNature: 'Jenis Barang',
  both: 'Service & Retail',
  dates: 'Pilih tanggal laporan',
  submit: 'Submit',
  typeRequired: 'Jenis laporan harus dipilih',
  dateRequired: 'Tanggal harus dipilih',
  outlet: 'Outlet',
  cashier: 'Kasir',
  reportDate: 'Tanggal Laporan',
  createdAt: 'Waktu Pembuatan Laporan',
  no: 'No',
  itemName: 'Item Name',
  category: 'Category',
  qtySold: 'Qty Terjual',
} as const;

export const REPORT_OWN = {
  reportType: 'Jenis Laporan',
  total: 'Total',
  empty: 'Tidak ada data pada tanggal ini.',
  csv: 'Unduh CSV',
  chartTitle: 'Penjualan per hari',
  invalidDate: 'Tanggal laporan tidak valid.',
  endBeforeStart: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  spanTooLong: 'Rentang tanggal laporan paling lama 366 hari.',
  print: 'Print',
} as const;

const NO_TEXT = 'the spec describes the report but gives no text for this (docs/decisions.md)';
export const REPORT_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  { text: REPORT_OWN.reportType, reason: `002 §2.14 'Report type' field label; ${NO_TEXT}` },
  { text: REPORT_OWN.empty, reason: `002 §2.13 'an empty state when there is no data'; ${NO_TEXT}` },
  { text: REPORT_OWN.csv, reason: 'issue 27: each report downloads as CSV (not in the spec)' },
  { text: REPORT_OWN.chartTitle, reason: 'issue 27: charts above the report tables (not in the spec)' },
  { text: REPORT_OWN.invalidDate, reason: 'a refusal of our server: request dates YYYY-MM-DD (002 §9)' },
  { text: REPORT_OWN.endBeforeStart, reason: 'a refusal of our server: the range ends before it starts' },
  {
    text: REPORT_OWN.spanTooLong,
    reason: "a refusal of our server: a report's period is bounded (docs/decisions.md)",
  },
];
