// The side menu of 000 §2 with its gating (000 §6, 001 §6, 002 §6) as one pure function.
import { hasAccess, type ShellUserData } from './user-data';

export interface MenuLink {
  kind: 'link';
  key: string;
  label: string;
  href: string;
  /** Settlement printouts open in a new tab. */
  newTab?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  label: string;
  children: MenuLink[];
}

export interface MenuAction {
  kind: 'action';
  key: 'sign-out';
  label: string;
}

export type MenuEntry = MenuLink | MenuGroup | MenuAction;

const link = (key: string, label: string, href: string, newTab = false): MenuLink =>
  newTab ? { kind: 'link', key, label, href, newTab } : { kind: 'link', key, label, href };

/** Keeps the children whose flag is set; a group with none left is dropped. */
function group(key: string, label: string, children: Array<[MenuLink, boolean]>): MenuGroup[] {
  const shown = children.filter(([, ok]) => ok).map(([entry]) => entry);
  return shown.length > 0 ? [{ kind: 'group', key, label, children: shown }] : [];
}

export function buildMenu(userData: ShellUserData | null | undefined): MenuEntry[] {
  if (!userData) return [];
  const can = (flag: string) => hasAccess(userData, flag);
  const entries: MenuEntry[] = [];

  // Loyalty menus only for outlets that are not on the POS (is_getpos = 0).
  if (userData.is_getpos === 0) {
    entries.push(
      ...group('loyalty', 'Loyalty', [
        [link('loyalty-transaction', 'Pemberian Poin', '/loyalty-transaction'), true],
        [link('redeem-qr-transaction', 'Penukaran Poin via QR', '/redeem-qr-transaction'), true],
        [link('redeem-sms-transaction', 'Penukaran Poin via SMS', '/redeem-sms-transaction'), true],
      ]),
    );
  }

  const plain: Array<[MenuLink, boolean]> = [
    [link('pos', 'Sistem Kasir', '/pos'), can('CASHIER_SYSTEM')],
    [link('appointment', 'Appointment', '/appointment'), can('APPOINTMENT')],
    [link('member-info', 'Informasi Pelanggan', '/member-info'), can('CUSTOMER_INFORMATION')],
    [link('customer-journal', 'Customer Journal', '/customer-journal'), can('CUSTOMER_JOURNAL')],
    [link('customer-registration', 'Registrasi dan Proses', '/customer-registration'), can('CUSTOMER_FLOW')],
    [link('member-activation', 'Member Activation', '/member-activation'), can('MEMBERSHIP_ACTIVATION')],
    [link('trx-history', 'Transaction History', '/trx-history'), can('TRX_HISTORY')],
    [link('account-receivable', 'Account Receivable', '/account-receivable'), can('ACCOUNT_RECEIVABLE_LIST')],
    [link('shift-management', 'Shift Management', '/shift-management'), can('SHIFT_MANAGEMENT')],
  ];
  for (const [entry, ok] of plain) if (ok) entries.push(entry);

  if (can('INVENTORY')) {
    entries.push(
      ...group('inventory', 'Inventory', [
        [link('inventory-stock', 'Daftar Stok', '/inventory/stock'), can('INV_STOCK_LIST')],
        [link('inventory-stock-in', 'Stok Masuk', '/inventory/stock-in'), can('INV_STOCK_IN')],
        [link('inventory-stock-out', 'Stok Keluar', '/inventory/stock-out'), can('INV_STOCK_OUT')],
        [
          link('inventory-stock-adjustment', 'Penyesuaian Stok', '/inventory/stock-adjustment'),
          can('INV_STOCK_ADJUSTMENT'),
        ],
        [link('inventory-transfer-in', 'Transfer Masuk', '/inventory/transfer-in'), can('INV_TRANSFER_IN')],
        [
          link('inventory-transfer-out', 'Transfer Keluar', '/inventory/transfer-out'),
          can('INV_TRANSFER_OUT'),
        ],
        // /inventory/history renders the stock list, so it follows the stock list's flag.
        [link('inventory-history', 'Riwayat Stok', '/inventory/history'), can('INV_STOCK_LIST')],
      ]),
    );
  }

  if (can('REPORT')) {
    entries.push(
      ...group('report', 'Laporan', [
        [link('report-sales', 'Penjualan', '/report/pos-all-trx'), can('SALES_REPORT')],
        [link('report-worker', 'Aktivitas Pekerja', '/report/worker-commission'), can('WORKER_ACTIVITY')],
        [
          link('report-consumption', 'Konsumsi Produk', '/report/product-consumption'),
          can('PRODUCT_CONSUMPTION'),
        ],
        [link('report-coupon', 'Kupon Expired', '/report/coupon'), can('EXPIRED_COUPON')],
        [
          link('report-omzet', 'Rekapitulasi Omset', '/report/custom/omzet-recap'),
          can('OMZET_RECAPITULATION'),
        ],
        [
          link('report-birthday', 'Ulang Tahun Pelanggan', '/report/customer-birthday'),
          can('CUSTOMER_BIRTHDAY'),
        ],
        [
          link('report-treatment', 'Pengingat Treatment', '/report/treatment-reminder'),
          can('TREATMENT_REMINDER'),
        ],
      ]),
    );
  }

  // The EMR statistics submenu needs all three flags.
  if (can('RME_STATISTICS_KUNJUNGAN') && can('RME_STATISTICS_DIAGNOSA') && can('RME_STATISTICS_GENDER')) {
    entries.push(
      ...group('rme', 'Statistik RME', [
        [link('rme-visit', 'Laporan Kunjungan Pasien', '/report/emr-statistic/patient-visit'), true],
        [link('rme-diagnosis', 'Laporan Diagnosa', '/report/emr-statistic/diagnosis'), true],
        [link('rme-gender', 'Gender Pasien', '/report/emr-statistic/patient-gender'), true],
        // The spec's "/emr" entry has no route of its own; the organization list is its landing page.
        [link('emr', 'EMR', '/emr/organization'), true],
      ]),
    );
  }

  // Settlement printouts belong with the Home closing card, which needs CASHIER_SYSTEM.
  if (can('CASHIER_SYSTEM')) {
    entries.push(
      ...group('settlement', 'Settlement', [
        [link('settlement-today', 'Settlement Hari Ini', '/settlement/today', true), true],
        [
          link(
            'settlement-today-by-outlet',
            'Settlement Hari Ini (Outlet)',
            '/settlement/today-by-outlet',
            true,
          ),
          true,
        ],
        [link('settlement-signed-in', 'Settlement Sign In', '/settlement/signed-in', true), true],
      ]),
    );
  }

  // ours (issue 15): the auditor's replay of the event logs
  if (can('AUDIT_LOG')) entries.push(link('audit', 'Audit Log', '/audit'));

  // ours (issue 15): the device's storage, the export and import of unsynced sales
  entries.push(link('storage', 'Penyimpanan', '/storage'));
  entries.push(link('help', 'Bantuan Penggunaan', '/help'));
  entries.push({ kind: 'action', key: 'sign-out', label: 'Sign Out' });
  return entries;
}

/** Every link of the menu, groups flattened (handy for tests and the active-item check). */
export function menuLinks(entries: MenuEntry[]): MenuLink[] {
  return entries.flatMap((entry) =>
    entry.kind === 'group' ? entry.children : entry.kind === 'link' ? [entry] : [],
  );
}
