import { describe, expect, it } from 'vitest';
import type { PosUser, UserSearchHit } from '../../src/api/contract';
import { ApiError } from '../../src/api/http';
import { type Customer, normalizeBirthDate } from '../../src/domain';
import {
  CUSTOMER_SEARCH_MESSAGES,
  lookupCustomer,
  pickSearchResult,
  searchCustomers,
} from '../../src/ui/features/customers/search/search-outcomes';
import type { CustomerApi } from '../../src/ui/features/pos/customer/customer-api';
import {
  customerDataLabel,
  customerPanelView,
  journalRows,
  phoneIdentifier,
  searchResultView,
} from '../../src/ui/features/pos/customer/customer-view';

const NOW = '2026-11-22 10:00:00';
/** A server answer: the contract's required fields filled. */
const user = (c: Partial<PosUser> & Pick<PosUser, 'user_code'>): PosUser => ({
  user_identifier_type: 'phone',
  user_identifier_string: '',
  retrieve_time: NOW,
  account_receivables: [],
  active_coupons: [],
  deposit_amount: 0,
  is_signed_up: c.user_code ? 1 : 0,
  ...c,
});
const hit = (h: Partial<UserSearchHit> & Pick<UserSearchHit, 'user_code' | 'user_name'>): UserSearchHit => ({
  user_ref: null,
  user_phone: null,
  user_email: null,
  user_notes: null,
  user_birth_date: null,
  user_gender: null,
  has_account_receivable: 0,
  ...h,
});

const ani: PosUser = user({
  user_code: 'C-001',
  user_name: 'Ani Wijaya',
  user_phone: '+6281234567890',
  user_email: 'ani@example.com',
  user_ref: 'R-9',
  user_notes: 'Alergi lateks',
  user_birth_date: '1990-11-22',
  membership_name: 'Gold',
  account_receivables: [{ account_receivable_id: 1, business_outlet_id: 1, drv_balance: 50000 }],
});

const timeout = () => new ApiError({ kind: 'timeout', status: 0, statusText: 'timeout', message: 'x' });
const network = () => new ApiError({ kind: 'network', status: 0, statusText: '', message: 'x' });
const refused = (message: string) =>
  new ApiError({ kind: 'http', status: 400, statusText: 'Bad Request', message });

function fakeApi(
  answer: (type: string, value: string) => Promise<PosUser>,
): CustomerApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    findCustomer: ({ user_identifier_type: type, user_identifier_string: value }) => {
      calls.push(`${type}:${value}`);
      return answer(type, value);
    },
    searchUsers: async () => ({ users: [] }),
    customerActivity: async () => ({ customer_activities: [] }),
  };
}

const opts = { noUserEdit: false, online: true, now: NOW };

describe('customer panel view', () => {
  it('shows name, membership, receivables, birthday and contact of a customer', () => {
    expect(customerPanelView(ani, { now: NOW, customer_journal: 1 })).toEqual({
      name: 'Ani Wijaya',
      membership: ' (Gold)',
      receivables: true,
      birthday: true,
      contact: '+6281234567890',
      showJournalLink: true,
    });
  });
  it("reads 'New Customer' and 'No information' without a customer, and hides the journal link", () => {
    const v = customerPanelView(null, { now: NOW, customer_journal: 1 });
    expect(v).toMatchObject({
      name: 'New Customer',
      contact: 'No information',
      membership: '',
      showJournalLink: false,
    });
  });
  it('a new customer found by e-mail shows the e-mail as contact; no birthday on another day', () => {
    const c: Customer = {
      user_code: null,
      user_identifier_type: 'email',
      user_identifier_string: 'b@x.id',
      user_birth_date: '1990-11-23',
    };
    const v = customerPanelView(c, { now: NOW, customer_journal: 0 });
    expect(v).toMatchObject({
      name: 'New Customer',
      contact: 'b@x.id',
      birthday: false,
      receivables: false,
      showJournalLink: false,
    });
  });
  it('a QR identifier is not a contact', () => {
    const c: Customer = {
      user_code: 'C-2',
      user_name: 'B',
      user_identifier_type: 'qr',
      user_identifier_string: 'QR123',
    };
    expect(customerPanelView(c, { now: NOW, customer_journal: 0 }).contact).toBe('No information');
  });
  it("labels the Customer Data section '(New Customer)' / 'No customer chosen'", () => {
    expect(customerDataLabel(null)).toBe('No customer chosen');
    expect(customerDataLabel({ user_code: null })).toBe('(New Customer)');
    expect(customerDataLabel({ user_code: 'C-001' })).toBe('C-001');
  });
  it('lists a search row with (code), $$, Ref:, phone, email, notes', () => {
    expect(searchResultView(ani)).toEqual({
      name: 'Ani Wijaya',
      code: '(C-001)',
      receivables: true,
      ref: 'Ref: R-9',
      phone: '+6281234567890',
      email: 'ani@example.com',
      notes: 'Alergi lateks',
    });
    expect(
      searchResultView(hit({ user_code: 'C-3', user_name: 'C', has_account_receivable: 1 })).receivables,
    ).toBe(true);
    expect(searchResultView(hit({ user_code: 'C-4', user_name: 'C' })).receivables).toBe(false);
    expect(searchResultView({ user_code: null, user_name: 'D' }).code).toBe('');
  });
});

describe('inputs', () => {
  it("puts the '+62' prefix in front of the typed phone", () => {
    expect(phoneIdentifier('81234567890')).toBe('+6281234567890');
    expect(phoneIdentifier('081234567890')).toBe('+6281234567890');
    expect(phoneIdentifier('+6281234567890')).toBe('+6281234567890');
    expect(phoneIdentifier('0812-3456-7890')).toBe('+6281234567890');
    expect(phoneIdentifier('  ')).toBe('');
  });
  it('keeps birth dates between 1930-01-01 and today', () => {
    expect(normalizeBirthDate('1930-01-01', '2026-11-22')).toBe('1930-01-01');
    expect(normalizeBirthDate('1929-12-31', '2026-11-22')).toBeNull();
    expect(normalizeBirthDate('2026-11-22 00:00:00', '2026-11-22')).toBe('2026-11-22');
    expect(normalizeBirthDate('2026-11-23', '2026-11-22')).toBeNull();
    expect(normalizeBirthDate('', '2026-11-22')).toBeNull();
  });
  it("journal rows: today's activities with notes_for_cashier, by time", () => {
    const rows = journalRows(
      [
        { created_at: '2026-11-22 14:05:00', notes_for_cashier: 'Minta terapis yang sama' },
        { created_at: '2026-11-22 09:30:00', notes_for_cashier: 'Datang terlambat' },
        { created_at: '2026-11-22 11:00:00', notes_for_cashier: '  ' },
        { created_at: '2026-11-21 11:00:00', notes_for_cashier: 'Kemarin' },
      ],
      NOW,
    );
    expect(rows).toEqual([
      { time: '09:30', note: 'Datang terlambat' },
      { time: '14:05', note: 'Minta terapis yang sama' },
    ]);
  });
});

describe('lookupCustomer', () => {
  it('refuses invalid input with the spec messages and calls nothing', async () => {
    const api = fakeApi(async () => ani);
    expect(await lookupCustomer(api, 'phone', '123', opts)).toEqual({
      kind: 'refused',
      message: 'Mohon masukkan nomor handphone yang valid.',
    });
    expect(await lookupCustomer(api, 'email', 'ani@', opts)).toEqual({
      kind: 'refused',
      message: 'Mohon masukkan alamat email yang valid.',
    });
    expect(await lookupCustomer(api, 'qr', ' ', opts)).toEqual({
      kind: 'refused',
      message: 'Customer harus dipilih.',
    });
    expect(api.calls).toEqual([]);
  });
  it('sets the found customer with the identifier it was searched by', async () => {
    const api = fakeApi(async () => ani);
    const out = await lookupCustomer(api, 'phone', '081234567890', opts);
    expect(api.calls).toEqual(['phone:+6281234567890']);
    expect(out).toMatchObject({
      kind: 'set',
      customer: {
        user_code: 'C-001',
        user_identifier_type: 'phone',
        user_identifier_string: '+6281234567890',
      },
    });
  });
  it("pos_trx_no_user_edit = 1: an unknown user is refused 'Data customer tidak ditemukan'", async () => {
    const api = fakeApi(async (_type, value) =>
      user({ user_code: null, user_identifier_type: 'email', user_identifier_string: value }),
    );
    expect(await lookupCustomer(api, 'email', 'new@x.id', { ...opts, noUserEdit: true })).toEqual({
      kind: 'refused',
      message: 'Data customer tidak ditemukan',
    });
    const allowed = await lookupCustomer(api, 'email', 'new@x.id', opts);
    expect(allowed).toMatchObject({
      kind: 'set',
      customer: { user_code: null, user_identifier_string: 'new@x.id' },
    });
  });
  it('time-out on QR or reference: internet needed, nothing set', async () => {
    const api = fakeApi(async () => {
      throw timeout();
    });
    for (const type of ['qr', 'reference'] as const)
      expect(await lookupCustomer(api, type, 'ABC', opts)).toEqual({
        kind: 'refused',
        message: CUSTOMER_SEARCH_MESSAGES.needsInternet,
      });
  });
  it('time-out on phone/e-mail: warning and an empty new customer with the identifier', async () => {
    const api = fakeApi(async () => {
      throw timeout();
    });
    const out = await lookupCustomer(api, 'phone', '81234567890', opts);
    expect(out).toEqual({
      kind: 'set-with-warning',
      message:
        'Koneksi internet tidak stabil, data customer akan disinkronisasi otomatis ketika koneksi telah pulih kembali',
      customer: expect.objectContaining({
        user_code: null,
        user_name: null,
        user_identifier_type: 'phone',
        user_identifier_string: '+6281234567890',
      }),
    });
  });
  it('offline: no call; phone/e-mail set as new with the offline message, QR refused', async () => {
    const api = fakeApi(async () => ani);
    const out = await lookupCustomer(api, 'email', 'ani@example.com', { ...opts, online: false });
    expect(out).toMatchObject({
      kind: 'set-with-warning',
      message: 'No internet connection, customer data will be synchronized later.',
      customer: { user_code: null, user_email: 'ani@example.com' },
    });
    expect(await lookupCustomer(api, 'qr', 'QR1', { ...opts, online: false })).toEqual({
      kind: 'refused',
      message: CUSTOMER_SEARCH_MESSAGES.needsInternet,
    });
    expect(api.calls).toEqual([]);
  });
  it('a network failure reads as offline; pos_trx_no_user_edit then refuses instead of a new customer', async () => {
    const api = fakeApi(async () => {
      throw network();
    });
    expect(await lookupCustomer(api, 'phone', '81234567890', opts)).toMatchObject({
      kind: 'set-with-warning',
      message: CUSTOMER_SEARCH_MESSAGES.offline,
    });
    expect(await lookupCustomer(api, 'phone', '81234567890', { ...opts, noUserEdit: true })).toEqual({
      kind: 'refused',
      message: CUSTOMER_SEARCH_MESSAGES.offline,
    });
  });
  it("shows the server's 400 message", async () => {
    const api = fakeApi(async () => {
      throw refused('Mohon masukkan nomor handphone yang valid.');
    });
    expect(await lookupCustomer(api, 'reference', 'R-1', opts)).toEqual({
      kind: 'refused',
      message: 'Mohon masukkan nomor handphone yang valid.',
    });
  });
});

describe('keyword search', () => {
  const api = (impl: () => Promise<{ users: UserSearchHit[] }>): CustomerApi => ({
    findCustomer: async () => ani,
    searchUsers: impl,
    customerActivity: async () => ({ customer_activities: [] }),
  });
  const rows = { users: [hit({ user_code: 'C-001', user_name: 'Ani Wijaya' })] };
  it('empty keyword, offline and time-out messages', async () => {
    expect(
      await searchCustomers(
        api(async () => rows),
        '  ',
        { online: true },
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Kata kunci pencarian harus diisi.',
    });
    expect(
      await searchCustomers(
        api(async () => rows),
        'ani',
        { online: false },
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Tidak ada koneksi internet. Mohon coba kembali.',
    });
    const slow = api(async () => {
      throw timeout();
    });
    expect(await searchCustomers(slow, 'ani', { online: true })).toEqual({
      kind: 'refused',
      message: 'Tidak ada koneksi internet. Mohon coba kembali.',
    });
    expect(
      await searchCustomers(
        api(async () => rows),
        ' ani ',
        { online: true },
      ),
    ).toEqual({
      kind: 'results',
      users: rows.users,
    });
  });
  it('a picked row is re-read by its user_code (type search); on failure the row is set as it is', async () => {
    const full = user({ ...ani, deposit_amount: 120000 });
    const ok = fakeApi(async () => full);
    const picked = await pickSearchResult(ok, hit({ user_code: 'C-001', user_name: 'Ani' }), {
      online: true,
      now: NOW,
    });
    expect(ok.calls).toEqual(['search:C-001']);
    expect(picked).toMatchObject({
      deposit_amount: 120000,
      user_identifier_type: 'search',
      user_identifier_string: 'C-001',
    });
    const failing = fakeApi(async () => {
      throw timeout();
    });
    const row = hit({ user_code: 'C-9', user_name: 'Nina', user_ref: 'R-1' });
    expect(await pickSearchResult(failing, row, { online: true, now: NOW })).toMatchObject({
      user_code: 'C-9',
      user_name: 'Nina',
      user_identifier_type: 'search',
      user_identifier_string: 'C-9',
    });
    const offline = fakeApi(async () => ani);
    expect(await pickSearchResult(offline, row, { online: false, now: NOW })).toMatchObject({
      user_code: 'C-9',
    });
    expect(offline.calls).toEqual([]);
  });
});
