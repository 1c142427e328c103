import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/ui/app/AppRoutes';
import { SideMenu } from '../../src/ui/app/Layout';
import { buildMenu } from '../../src/ui/app/menu';
import { preloadRoutePages } from '../../src/ui/app/route-pages';
import type { SessionView } from '../../src/ui/app/session-context';
import { demoUser, kasirUser } from './fixtures';
import { render, sessionView, textOf } from './shell-render';

function open(path: string, view: SessionView) {
  const ssrContext: { redirectTo?: string } = {};
  const html = render(<AppRoutes />, { view, path, ssrContext });
  return { html, text: textOf(html), redirectTo: ssrContext.redirectTo };
}

const signedIn = sessionView(demoUser());

// The pages are lazy chunks (route-pages.tsx); loaded first, they render synchronously here.
beforeAll(preloadRoutePages);

describe('routes with their guard and wrapping', () => {
  it('guard step 1: a protected page sends the signed-out user to /sign-in', () => {
    expect(open('/', sessionView(null)).redirectTo).toBe('/sign-in');
    expect(open('/pos', sessionView(null)).redirectTo).toBe('/sign-in');
    expect(open('/report/coupon/print', sessionView(null)).redirectTo).toBe('/sign-in');
  });

  it('guard step 2: no outlet sends to /choose-outlet', () => {
    expect(open('/', sessionView(demoUser({ outlet_id: null }))).redirectTo).toBe('/choose-outlet');
  });

  it('guard step 3: shift enforced without an active shift sends to /shift-management with its notice', () => {
    const view = sessionView(demoUser({ pos_shift_enforced: 1 }));
    expect(open('/pos', view).redirectTo).toBe('/shift-management');
    const shift = open('/shift-management', view);
    expect(shift.redirectTo).toBeUndefined();
    expect(shift.text).toContain('Shift harus dimulai terlebih dahulu sebelum dapat mulai beraktivitas');
    expect(open('/pos', { ...view, hasActiveShift: true }).redirectTo).toBeUndefined();
  });

  it('waits for the stored session before deciding', () => {
    expect(open('/', { ...sessionView(null), ready: false }).redirectTo).toBeUndefined();
  });

  it('public pages need no sign-in', () => {
    expect(open('/receipt/tok123', sessionView(null)).redirectTo).toBeUndefined();
    const purgatory = open('/purgatory', sessionView(null));
    expect(purgatory.redirectTo).toBeUndefined();
    expect(purgatory.text).toContain('Clearing Storage..');
    expect(open('/backdoor', sessionView(null)).redirectTo).toBeUndefined();
  });

  it('layout pages show the header, the menu and the footer', () => {
    const page = open('/report/treatment-reminder', signedIn);
    expect(page.html).toContain('data-testid="header-title"');
    expect(page.text).toContain('Serambi Beauty - Serambi Salon Kemang');
    expect(page.text).toContain('Pengingat Treatment');
    expect(page.html).toContain('data-testid="reminder-report-form"');
    expect(page.text).not.toContain('Belum tersedia');
    expect(page.text).toContain('Sistem Kasir');
    expect(page.html).toMatch(/href="\/backdoor"/);
    expect(page.text).toContain('©');
  });

  it('the header shows the cashier first name', () => {
    expect(open('/', signedIn).html).toMatch(/data-testid="header-cashier"[^>]*>Demo</);
  });

  it('print pages and /pos have no layout', () => {
    for (const path of ['/pos', '/settlement/today', '/report/pos-all-trx/print', '/trx-history/abc']) {
      const page = open(path, signedIn);
      expect(page.redirectTo).toBeUndefined();
      expect(page.html).not.toContain('data-testid="header-title"');
    }
  });

  it('/sign-in sends a signed-in user to /', () => {
    expect(open('/sign-in', signedIn).redirectTo).toBe('/');
    const page = open('/sign-in', sessionView(null));
    expect(page.redirectTo).toBeUndefined();
    expect(page.text).toContain('Email');
    expect(page.text).toContain('Password');
  });

  it('/choose-outlet needs sign-in and lists outlet name and address', () => {
    expect(open('/choose-outlet', sessionView(null)).redirectTo).toBe('/sign-in');
    const page = open(
      '/choose-outlet',
      sessionView(
        demoUser({
          outlet_id: null,
          business_outlets: [
            {
              business_outlet_id: 1,
              outlet_name: 'Serambi Salon Kemang',
              outlet_address: 'Jl. Kemang Raya 12',
            },
            {
              business_outlet_id: 2,
              outlet_name: 'Serambi Klinik Menteng',
              outlet_address: 'Jl. Menteng 45',
            },
          ],
        }),
      ),
    );
    expect(page.text).toMatch(
      /Serambi Salon Kemang Jl\. Kemang Raya 12 Serambi Klinik Menteng Jl\. Menteng 45/,
    );
  });

  it('the restricted kasir sees no Laporan in the menu', () => {
    const demo = open('/', signedIn);
    const kasir = open('/', sessionView(kasirUser()));
    expect(demo.html).toContain('data-menu="report"');
    expect(kasir.html).not.toContain('data-menu="report"');
    expect(kasir.html).toContain('data-menu="pos"');
  });

  it('settlement menu links open in a new tab; other links stay in the app', () => {
    // A group opens when one of its entries is the current page.
    const html = render(
      <SideMenu entries={buildMenu(demoUser())} onNavigate={() => {}} onSignOut={() => {}} />,
      {
        path: '/settlement/today',
      },
    );
    const anchors = [...html.matchAll(/<a[^>]*>/g)].map((m) => m[0]);
    const settlement = anchors.filter((a) => a.includes('href="/settlement/'));
    expect(settlement).toHaveLength(3);
    for (const a of settlement) expect(a).toContain('target="_blank"');
    const pos = anchors.find((a) => a.includes('href="/pos"'));
    expect(pos).toBeDefined();
    expect(pos).not.toContain('target=');
  });
});
