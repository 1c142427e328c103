import { describe, expect, it } from 'vitest';
import { type GuardInput, guard } from '../../src/ui/app/guard';
import { matchRoute, ROUTES } from '../../src/ui/app/route-table';

// The route table of 000 §2, copied from the spec in its order ({x} written :x), with ours: /audit and /storage (issue 15).
const SPEC_ORDER =
  `/sign-in; /choose-outlet; /loyalty-transaction; /redeem-qr-transaction; /redeem-sms-transaction; /coupon-use-qr; /member-info/{user_identifier_type}/{user_identifier_string}; /member-info; /member-activation; /customer-journal/{user_identifier_type}/{user_identifier_string}; /customer-journal; /customer-registration; /shift-management; /inventory/stock-in; /inventory/stock-out; /inventory/stock; /inventory/transfer-in; /inventory/transfer-out; /inventory/stock-adjustment; /inventory/history; /pos/receipt/{local_trx_id}/{modifier}; /pos; /receipt/{receipt_token}; /trx-edit/{local_trx_id}; /trx-history/{local_trx_id}; /trx-history; /account-receivable; /settlement/{settlement_type}; /report/worker-commission/print; /report/emr-statistic/patient-visit; /report/emr-statistic/diagnosis; /report/emr-statistic/patient-gender; /report/worker-commission; /report/pos-all-trx/print; /report/pos-all-trx; /report/product-consumption/print; /report/product-consumption; /report/coupon/print; /report/coupon; /report/custom/omzet-recap/print; /report/custom/omzet-recap; /report/customer-birthday/print; /report/customer-birthday; /report/treatment-reminder/print; /report/treatment-reminder; /appointment/{appointment_id}; /appointment; /emr/organization/initialization; /emr/organization/{organization_id}; /emr/organization; /emr/location/{location_id}; /emr/location; /audit; /storage; /help; /purgatory; /backdoor; /`
    .split('; ')
    .map((p) => p.replace(/\{(\w+)\}/g, ':$1'));

describe('route table', () => {
  it('has every route of 000 §2 in its order', () => {
    expect(ROUTES.map((r) => r.path)).toEqual(SPEC_ORDER);
  });

  it('wraps print pages and /pos with sign-in only', () => {
    const signInOnly = ROUTES.filter((r) => r.wrap === 'signIn').map((r) => r.path);
    expect(signInOnly).toEqual([
      '/pos/receipt/:local_trx_id/:modifier',
      '/pos',
      '/trx-history/:local_trx_id',
      '/settlement/:settlement_type',
      '/report/worker-commission/print',
      '/report/pos-all-trx/print',
      '/report/product-consumption/print',
      '/report/coupon/print',
      '/report/custom/omzet-recap/print',
      '/report/customer-birthday/print',
      '/report/treatment-reminder/print',
    ]);
  });

  it('needs no sign-in for the receipt, /purgatory and /backdoor (and the session pages)', () => {
    expect(ROUTES.filter((r) => r.wrap === 'none').map((r) => r.path)).toEqual([
      '/sign-in',
      '/choose-outlet',
      '/receipt/:receipt_token',
      '/purgatory',
      '/backdoor',
    ]);
  });

  it('matches first route wins, parameterised before bare forms', () => {
    expect(matchRoute('/member-info/phone/0812')?.params).toEqual({
      user_identifier_type: 'phone',
      user_identifier_string: '0812',
    });
    expect(matchRoute('/member-info')?.route.path).toBe('/member-info');
    expect(matchRoute('/report/coupon/print')?.route.wrap).toBe('signIn');
    expect(matchRoute('/report/coupon')?.route.wrap).toBe('layout');
    expect(matchRoute('/inventory/history')?.route.title).toBe('Daftar Stok');
    expect(matchRoute('/emr/organization/initialization')?.route.title).toBe(
      'Inisialisasi Struktur Organisasi',
    );
    expect(matchRoute('/emr/organization/new')?.params).toEqual({ organization_id: 'new' });
    expect(matchRoute('/')?.route.page).toBe('home');
    expect(matchRoute('/nope')).toBeNull();
  });
});

describe('guard', () => {
  const ok: GuardInput = {
    authenticated: true,
    outletId: 1,
    posShiftEnforced: false,
    cashierSystem: true,
    hasActiveShift: false,
    pendingSignOut: false,
    pathname: '/',
  };

  it('step 1: not authenticated goes to /sign-in', () => {
    expect(guard({ ...ok, authenticated: false, outletId: null })).toEqual({
      kind: 'redirect',
      to: '/sign-in',
    });
  });
  it('step 2: no outlet goes to /choose-outlet', () => {
    expect(guard({ ...ok, outletId: null })).toEqual({ kind: 'redirect', to: '/choose-outlet' });
  });
  it('step 3: shift enforced with CASHIER_SYSTEM and no active shift goes to /shift-management', () => {
    expect(guard({ ...ok, posShiftEnforced: true })).toEqual({ kind: 'redirect', to: '/shift-management' });
    expect(guard({ ...ok, posShiftEnforced: true, pathname: '/shift-management' })).toEqual({
      kind: 'allow',
    });
    expect(guard({ ...ok, posShiftEnforced: true, hasActiveShift: true })).toEqual({ kind: 'allow' });
    expect(guard({ ...ok, posShiftEnforced: true, cashierSystem: false })).toEqual({ kind: 'allow' });
  });
  it('ruling 25: the stock-out opens without a shift while the consumption is due (and only then)', () => {
    const menteng = { ...ok, posShiftEnforced: true, pathname: '/inventory/stock-out' };
    expect(guard({ ...menteng, consumptionDue: true })).toEqual({ kind: 'allow' });
    expect(guard({ ...menteng, consumptionDue: false })).toEqual({
      kind: 'redirect',
      to: '/shift-management',
    });
    expect(guard({ ...menteng, consumptionDue: true, pathname: '/pos' })).toEqual({
      kind: 'redirect',
      to: '/shift-management',
    });
  });
  it('step 4: a pending sign-out is resumed', () => {
    expect(guard({ ...ok, pendingSignOut: true })).toEqual({ kind: 'resumeSignOut' });
  });
  it('otherwise allows', () => {
    expect(guard(ok)).toEqual({ kind: 'allow' });
  });
});
