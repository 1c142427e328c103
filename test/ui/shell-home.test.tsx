import { describe, expect, it } from 'vitest';
import { DEVICE_TEXTS } from '../../src/domain/texts/device';
import { DEFAULT_DEVICE } from '../../src/ui/app/session-context';
import type { ShellUserData } from '../../src/ui/app/user-data';
import { HomeView, type HomeViewProps, STALE_SIGN_IN_MESSAGE } from '../../src/ui/features/home/HomeView';
import type { SummaryTrx } from '../../src/ui/features/home/summary';
import { ALL_FLAGS, demoUser, flags } from './fixtures';
import { render, textOf } from './shell-render';

const now = new Date(2026, 10, 22, 10, 0, 0);
const methods = [
  { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 },
  { payment_method_name: 'QRIS', table_name: 'payment_method', table_id: 2 },
];
const trxs: SummaryTrx[] = [
  {
    trx_status_id: 3,
    drv_grand_total: 150000,
    payments: [{ payment_type: 'NORMAL', payment_amount: 200000, payment_method: methods[0] }],
  },
  { trx_status_id: 2, drv_grand_total: 90000 },
];

function home(user: ShellUserData, extra: Partial<HomeViewProps> = {}): string {
  const props: HomeViewProps = {
    userData: user,
    device: DEFAULT_DEVICE,
    transactions: trxs,
    now,
    reloading: false,
    switching: false,
    onReloadConfig: () => {},
    onSwitchAccount: () => {},
    onDeviceChange: () => {},
    ...extra,
  };
  return render(<HomeView {...props} />);
}

const kemang = () =>
  demoUser({
    is_getpos: 1,
    payment_method: methods,
    signed_in_at: '2026-11-22 08:00:00',
    retrieve_time: '2026-11-22 09:30:00',
  });

describe('Home', () => {
  it('shows the version, the configuration time with "Perbarui Konfigurasi" and "Ganti Akun Kasir"', () => {
    const text = textOf(home(kemang()));
    expect(text).toContain('1.8.70');
    expect(text).toContain('22 Nov 2026, 09:30');
    expect(text).toContain('Perbarui Konfigurasi');
    expect(text).toContain('Ganti Akun Kasir');
  });

  it('shows device settings, closing card with the sign-in time and the summary with CASHIER_SYSTEM', () => {
    const html = home(kemang());
    const text = textOf(html);
    for (const label of ['Desktop', 'Tablet', '8cm', '6cm', 'Closing', '22 Nov 2026, 08:00'])
      expect(text).toContain(label);
    expect(html).toContain('data-testid="trx-summary"');
    // 1 completed of 150 000, 1 pending of 90 000.
    expect(text).toMatch(/Transaksi Selesai 1 Total Transaksi Selesai 150,000/);
    expect(text).toMatch(/Transaksi Pending 1 Total Transaksi Pending 90,000/);
  });

  it('says what the chosen display mode changes (issue 22 item 8)', () => {
    expect(textOf(home(kemang()))).toContain(DEVICE_TEXTS.DESKTOP);
    const tablet = textOf(home(kemang(), { device: { ...DEFAULT_DEVICE, displayMode: 'TABLET' } }));
    expect(tablet).toContain(DEVICE_TEXTS.TABLET.replaceAll("'", '&#x27;'));
    expect(tablet).toContain('kotak produk lebih besar');
    expect(tablet).not.toContain(DEVICE_TEXTS.DESKTOP);
  });

  it('opens the three settlement printouts in a new tab', () => {
    const html = home(kemang());
    for (const href of ['/settlement/signed-in', '/settlement/today', '/settlement/today-by-outlet']) {
      expect(html).toMatch(
        new RegExp(`<a[^>]*href="${href}"[^>]*target="_blank"|<a[^>]*target="_blank"[^>]*href="${href}"`),
      );
    }
  });

  it('hides device, closing and summary sections without CASHIER_SYSTEM', () => {
    const user = { ...kemang(), auth_role_accesses: flags(ALL_FLAGS.filter((f) => f !== 'CASHIER_SYSTEM')) };
    const html = home(user);
    expect(html).not.toContain('data-testid="device-settings"');
    expect(html).not.toContain('data-testid="closing-card"');
    expect(html).not.toContain('data-testid="trx-summary"');
    expect(html).not.toContain('data-testid="payment-method-summary"');
    expect(textOf(html)).toContain('Perbarui Konfigurasi');
  });

  it('shows the payment-method summary only when is_getpos = 1', () => {
    const withPos = home(kemang());
    expect(withPos).toContain('data-testid="payment-method-summary"');
    const cards = [...withPos.matchAll(/data-method="([^"]+)"/g)].map((m) => m[1]);
    expect(cards).toEqual(['Deposit', 'Piutang', 'Cash', 'QRIS']);
    expect(home({ ...kemang(), is_getpos: 0 })).not.toContain('data-testid="payment-method-summary"');
  });

  it('nets the change out of the Cash card', () => {
    const text = textOf(home(kemang()));
    expect(text).toMatch(/Cash Jumlah Transaksi 1 Nominal 150,000/);
  });

  it('alerts when the sign-in is more than 48 hours old', () => {
    expect(textOf(home(kemang()))).not.toContain(STALE_SIGN_IN_MESSAGE);
    expect(textOf(home({ ...kemang(), signed_in_at: '2026-11-20 09:59:00' }))).toContain(
      STALE_SIGN_IN_MESSAGE,
    );
  });

  it('uses the device thousand separator', () => {
    const text = textOf(home(kemang(), { device: { ...DEFAULT_DEVICE, thousandSeparator: '.' } }));
    expect(text).toContain('150.000');
  });
});
