// The route table of 000 §2, in its order (first match wins), with each route's wrapping.
// Pure data so tests can check order and wrapping without rendering.

/** layout = sign-in guard + app layout; signIn = guard only (print pages, /pos); none = public. */
export type Wrap = 'layout' | 'signIn' | 'none';

export type PageKey = 'signIn' | 'chooseOutlet' | 'home' | 'purgatory' | 'placeholder';

export interface RouteDef {
  /** wouter pattern; the spec's {name} written as :name. */
  path: string;
  wrap: Wrap;
  title: string;
  page: PageKey;
}

const r = (path: string, wrap: Wrap, title: string, page: PageKey = 'placeholder'): RouteDef => ({
  path,
  wrap,
  title,
  page,
});

export const ROUTES: readonly RouteDef[] = [
  // /sign-in and /choose-outlet handle their own redirects (000 §2).
  r('/sign-in', 'none', 'Sign In', 'signIn'),
  r('/choose-outlet', 'none', 'Pilih Outlet', 'chooseOutlet'),
  r('/loyalty-transaction', 'layout', 'Pemberian Poin'),
  r('/redeem-qr-transaction', 'layout', 'Penukaran Poin - Melalui Kode QR'),
  r('/redeem-sms-transaction', 'layout', 'Penukaran Poin - Melalui SMS'),
  r('/coupon-use-qr', 'layout', 'Penggunaan Kupon - Melalui Kode QR'),
  r('/member-info/:user_identifier_type/:user_identifier_string', 'layout', 'Informasi Pelanggan'),
  r('/member-info', 'layout', 'Informasi Pelanggan'),
  r('/member-activation', 'layout', 'Aktivasi Member'),
  r('/customer-journal/:user_identifier_type/:user_identifier_string', 'layout', 'Jurnal Pelanggan'),
  r('/customer-journal', 'layout', 'Jurnal Pelanggan'),
  r('/customer-registration', 'layout', 'Registrasi dan Proses'),
  r('/shift-management', 'layout', 'Shift Management'),
  r('/inventory/stock-in', 'layout', 'Inventory - Stok Masuk'),
  r('/inventory/stock-out', 'layout', 'Inventory - Stok Keluar'),
  r('/inventory/stock', 'layout', 'Daftar Stok'),
  r('/inventory/transfer-in', 'layout', 'Inventory - Transfer Masuk'),
  r('/inventory/transfer-out', 'layout', 'Inventory - Transfer Keluar'),
  r('/inventory/stock-adjustment', 'layout', 'Inventory - Penyesuaian Stok'),
  r('/inventory/history', 'layout', 'Daftar Stok'),
  r('/pos/receipt/:local_trx_id/:modifier', 'signIn', 'Receipt'),
  r('/pos', 'signIn', 'Sistem Kasir'),
  r('/receipt/:receipt_token', 'none', 'Receipt'),
  r('/trx-edit/:local_trx_id', 'layout', 'Edit Transaksi'),
  r('/trx-history/:local_trx_id', 'signIn', 'THIS IS A COPY'),
  r('/trx-history', 'layout', 'Riwayat Transaksi'),
  r('/account-receivable', 'layout', 'Daftar Piutang'),
  r('/settlement/:settlement_type', 'signIn', 'CASHIER SETTLEMENT'),
  r('/report/worker-commission/print', 'signIn', 'Aktivitas Pekerja'),
  r('/report/emr-statistic/patient-visit', 'layout', 'Report Statistik RME - Laporan Kunjungan Pasien'),
  r('/report/emr-statistic/diagnosis', 'layout', 'Report Statistik RME - Laporan Diagnosa'),
  r('/report/emr-statistic/patient-gender', 'layout', 'Report Statistik RME - Gender Pasien'),
  r('/report/worker-commission', 'layout', 'Aktivitas Pekerja'),
  r('/report/pos-all-trx/print', 'signIn', 'Penjualan'),
  r('/report/pos-all-trx', 'layout', 'Penjualan'),
  r('/report/product-consumption/print', 'signIn', 'Konsumsi Produk'),
  r('/report/product-consumption', 'layout', 'Konsumsi Produk'),
  r('/report/coupon/print', 'signIn', 'Kupon Expired'),
  r('/report/coupon', 'layout', 'Kupon Expired'),
  r('/report/custom/omzet-recap/print', 'signIn', 'Rekapitulasi Omset'),
  r('/report/custom/omzet-recap', 'layout', 'Rekapitulasi Omset'),
  r('/report/customer-birthday/print', 'signIn', 'Ulang Tahun Pelanggan'),
  r('/report/customer-birthday', 'layout', 'Ulang Tahun Pelanggan'),
  r('/report/treatment-reminder/print', 'signIn', 'Pengingat Treatment'),
  r('/report/treatment-reminder', 'layout', 'Pengingat Treatment'),
  r('/appointment/:appointment_id', 'layout', 'Appointment'),
  r('/appointment', 'layout', 'Appointment'),
  r('/emr/organization/initialization', 'layout', 'Inisialisasi Struktur Organisasi'),
  r('/emr/organization/:organization_id', 'layout', 'Struktur Organisasi'),
  r('/emr/organization', 'layout', 'Daftar Struktur Organisasi'),
  r('/emr/location/:location_id', 'layout', 'Lokasi'),
  r('/emr/location', 'layout', 'Daftar Lokasi'),
  // ours (issue 15, docs/decisions.md): the auditor's replay, behind AUDIT_LOG
  r('/audit', 'layout', 'Audit Log'),
  // ours (issue 15): the device's storage, the export and import of unsynced sales
  r('/storage', 'layout', 'Penyimpanan Perangkat'),
  r('/help', 'layout', 'Bantuan Penggunaan'),
  r('/purgatory', 'none', 'Clearing Storage..', 'purgatory'),
  r('/backdoor', 'none', 'Maintenance'),
  r('/', 'layout', 'Home', 'home'),
];

/** First route whose pattern matches the path (the Switch does the same at run time). */
export function matchRoute(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of ROUTES) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    const g = got[i];
    if (w.startsWith(':')) {
      if (g === '') return null;
      params[w.slice(1)] = decodeURIComponent(g);
    } else if (w !== g) return null;
  }
  return params;
}
