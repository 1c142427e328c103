import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuEntry, type MenuGroup, menuLinks } from '../../src/ui/app/menu';
import { ALL_FLAGS, demoUser, flags, kasirUser } from './fixtures';

const groupOf = (entries: MenuEntry[], key: string) =>
  entries.find((e): e is MenuGroup => e.kind === 'group' && e.key === key);
const hrefs = (entries: MenuEntry[]) => menuLinks(entries).map((l) => l.href);

describe('buildMenu', () => {
  it('is empty without user data', () => {
    expect(buildMenu(null)).toEqual([]);
  });

  it('shows the loyalty menus only when is_getpos = 0', () => {
    const offPos = buildMenu(demoUser({ is_getpos: 0 }));
    expect(groupOf(offPos, 'loyalty')?.children.map((c) => [c.label, c.href])).toEqual([
      ['Pemberian Poin', '/loyalty-transaction'],
      ['Penukaran Poin via QR', '/redeem-qr-transaction'],
      ['Penukaran Poin via SMS', '/redeem-sms-transaction'],
    ]);
    expect(groupOf(buildMenu(demoUser({ is_getpos: 1 })), 'loyalty')).toBeUndefined();
    expect(groupOf(buildMenu(demoUser({ is_getpos: undefined })), 'loyalty')).toBeUndefined();
  });

  it('lists the spec order with every flag set', () => {
    const entries = buildMenu(demoUser({ is_getpos: 0 }));
    expect(entries.map((e) => e.label)).toEqual([
      'Loyalty',
      'Sistem Kasir',
      'Appointment',
      'Informasi Pelanggan',
      'Customer Journal',
      'Registrasi dan Proses',
      'Member Activation',
      'Transaction History',
      'Account Receivable',
      'Shift Management',
      'Inventory',
      'Laporan',
      'Statistik RME',
      'Settlement',
      'Penyimpanan',
      'Bantuan Penggunaan',
      'Sign Out',
    ]);
    expect(entries.at(-1)).toEqual({ kind: 'action', key: 'sign-out', label: 'Sign Out' });
  });

  it.each([
    ['CASHIER_SYSTEM', '/pos'],
    ['APPOINTMENT', '/appointment'],
    ['CUSTOMER_INFORMATION', '/member-info'],
    ['CUSTOMER_JOURNAL', '/customer-journal'],
    ['CUSTOMER_FLOW', '/customer-registration'],
    ['MEMBERSHIP_ACTIVATION', '/member-activation'],
    ['TRX_HISTORY', '/trx-history'],
    ['ACCOUNT_RECEIVABLE_LIST', '/account-receivable'],
    ['SHIFT_MANAGEMENT', '/shift-management'],
    ['INV_STOCK_IN', '/inventory/stock-in'],
    ['INV_STOCK_OUT', '/inventory/stock-out'],
    ['INV_STOCK_ADJUSTMENT', '/inventory/stock-adjustment'],
    ['INV_TRANSFER_IN', '/inventory/transfer-in'],
    ['INV_TRANSFER_OUT', '/inventory/transfer-out'],
    ['SALES_REPORT', '/report/pos-all-trx'],
    ['WORKER_ACTIVITY', '/report/worker-commission'],
    ['PRODUCT_CONSUMPTION', '/report/product-consumption'],
    ['EXPIRED_COUPON', '/report/coupon'],
    ['OMZET_RECAPITULATION', '/report/custom/omzet-recap'],
    ['CUSTOMER_BIRTHDAY', '/report/customer-birthday'],
    ['TREATMENT_REMINDER', '/report/treatment-reminder'],
  ])('%s gates %s', (flag, href) => {
    expect(hrefs(buildMenu(demoUser()))).toContain(href);
    const without = demoUser({
      auth_role_accesses: flags(
        ALL_FLAGS.filter((f) => f !== flag),
        [flag],
      ),
    });
    expect(hrefs(buildMenu(without))).not.toContain(href);
  });

  it('INV_STOCK_LIST gates the stock list and the history entry', () => {
    const without = demoUser({
      auth_role_accesses: flags(ALL_FLAGS.filter((f) => f !== 'INV_STOCK_LIST')),
    });
    expect(hrefs(buildMenu(without))).not.toContain('/inventory/stock');
    expect(hrefs(buildMenu(without))).not.toContain('/inventory/history');
    expect(hrefs(buildMenu(without))).toContain('/inventory/stock-in');
  });

  it('hides the whole Inventory and Laporan groups without INVENTORY / REPORT', () => {
    const entries = buildMenu(
      demoUser({ auth_role_accesses: flags(ALL_FLAGS.filter((f) => f !== 'INVENTORY' && f !== 'REPORT')) }),
    );
    expect(groupOf(entries, 'inventory')).toBeUndefined();
    expect(groupOf(entries, 'report')).toBeUndefined();
    expect(hrefs(entries).some((h) => h.startsWith('/inventory') || h.startsWith('/report/p'))).toBe(false);
  });

  it('drops a group whose entries are all hidden', () => {
    const entries = buildMenu(demoUser({ auth_role_accesses: flags(['REPORT']) }));
    expect(groupOf(entries, 'report')).toBeUndefined();
  });

  it('shows the EMR statistics submenu only when all three RME flags are set', () => {
    const rme = ['RME_STATISTICS_KUNJUNGAN', 'RME_STATISTICS_DIAGNOSA', 'RME_STATISTICS_GENDER'];
    expect(
      groupOf(buildMenu(demoUser({ auth_role_accesses: flags(rme) })), 'rme')?.children.map((c) => c.href),
    ).toEqual([
      '/report/emr-statistic/patient-visit',
      '/report/emr-statistic/diagnosis',
      '/report/emr-statistic/patient-gender',
      '/emr/organization',
    ]);
    for (const missing of rme) {
      const entries = buildMenu(demoUser({ auth_role_accesses: flags(rme.filter((f) => f !== missing)) }));
      expect(groupOf(entries, 'rme')).toBeUndefined();
    }
  });

  it('opens every settlement printout in a new tab', () => {
    const settlement = groupOf(buildMenu(demoUser()), 'settlement');
    expect(settlement?.children.map((c) => [c.href, c.newTab])).toEqual([
      ['/settlement/today', true],
      ['/settlement/today-by-outlet', true],
      ['/settlement/signed-in', true],
    ]);
    const others = menuLinks(buildMenu(demoUser())).filter((l) => !l.href.startsWith('/settlement'));
    expect(others.every((l) => l.newTab === undefined)).toBe(true);
  });

  it('the restricted kasir account sees no Laporan', () => {
    const entries = buildMenu(kasirUser());
    expect(entries.map((e) => e.label)).not.toContain('Laporan');
    expect(hrefs(entries).filter((h) => h.startsWith('/report/'))).toEqual([
      '/report/emr-statistic/patient-visit',
      '/report/emr-statistic/diagnosis',
      '/report/emr-statistic/patient-gender',
    ]);
    expect(hrefs(entries)).toContain('/pos');
  });

  it('treats anything but 1/true as not granted', () => {
    const entries = buildMenu(demoUser({ auth_role_accesses: { CASHIER_SYSTEM: 0, TRX_HISTORY: null } }));
    // the device's storage page (issue 15) is every signed-in user's: the export needs no role flag
    expect(entries.map((e) => e.label)).toEqual(['Penyimpanan', 'Bantuan Penggunaan', 'Sign Out']);
  });

  it("shows 'Audit Log' (issue 15) only with AUDIT_LOG, before the help link", () => {
    expect(hrefs(buildMenu(demoUser()))).not.toContain('/audit');
    const auditor = hrefs(buildMenu(demoUser({ auth_role_accesses: flags([...ALL_FLAGS, 'AUDIT_LOG']) })));
    expect(auditor.slice(-3)).toEqual(['/audit', '/storage', '/help']);
  });
});
