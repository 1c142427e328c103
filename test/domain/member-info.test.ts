// Member info's pure rules (001 §2.7, §4, §5, §9).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  birthdayBanners,
  canGenerateReference,
  formatLastTrx,
  HISTORY_TYPE_FILTERS,
  historyMinDate,
  initialMemberInfoFlow,
  isBirthdayToday,
  isValidNik,
  matchesHistoryType,
  memberInfoFlow,
  referenceCodeFrom,
  validateHistoryRange,
  validateNfcForm,
} from '../../src/domain/member-info';

describe('birthday banners', () => {
  it("'Selamat Ulang Tahun' on the birth date's month and day; 'TODAY IS…' only with is_birthday = 1", () => {
    expect(birthdayBanners({ user_birth_date: '1990-11-27' }, '2026-11-27')).toEqual({
      greeting: true,
      today: false,
    });
    expect(birthdayBanners({ user_birth_date: '1990-11-26', is_birthday: 1 }, '2026-11-27')).toEqual({
      greeting: false,
      today: true,
    });
    expect(isBirthdayToday('2000-02-29', '2026-02-28')).toBe(false);
    expect(isBirthdayToday(null, '2026-02-28')).toBe(false);
    expect(isBirthdayToday('bukan tanggal', '2026-02-28')).toBe(false);
  });
});

describe('history type filter', () => {
  const bill = {
    trx_type: 'NORMAL',
    redeem: null,
    coupon: null,
    payments: [] as { payment_type: string }[],
  };
  it('each of the eight values as 001 §2.7 words it', () => {
    expect(HISTORY_TYPE_FILTERS).toHaveLength(8);
    expect(matchesHistoryType(bill, 'all')).toBe(true);
    expect(matchesHistoryType({ ...bill, redeem: { redeem_code: 'X' } }, 'redeem')).toBe(true);
    expect(matchesHistoryType(bill, 'redeem')).toBe(false);
    expect(matchesHistoryType({ ...bill, trx_type: 'COUPON_SALES' }, 'coupon-sell')).toBe(true);
    expect(matchesHistoryType({ ...bill, coupon: { coupon_user_id: 1 } }, 'coupon-use')).toBe(true);
    expect(matchesHistoryType({ ...bill, trx_type: 'TOP_UP_DEPOSIT' }, 'deposit-topup')).toBe(true);
    expect(matchesHistoryType({ ...bill, payments: [{ payment_type: 'DEPOSIT' }] }, 'deposit-use')).toBe(
      true,
    );
    expect(matchesHistoryType({ ...bill, payments: [{ payment_type: 'CREDIT' }] }, 'piutang')).toBe(true);
    expect(matchesHistoryType({ ...bill, trx_type: 'ACCOUNT_RECEIVABLE' }, 'piutang-pembayaran')).toBe(true);
    expect(matchesHistoryType({ ...bill, payments: [{ payment_type: 'NORMAL' }] }, 'deposit-use')).toBe(
      false,
    );
  });
  it("every bill passes 'all'; a plain sale passes nothing else", () => {
    fc.assert(
      fc.property(fc.constantFrom('NORMAL', 'COUPON_SALES', 'TOP_UP_DEPOSIT', 'ACCOUNT_RECEIVABLE'), (t) => {
        expect(matchesHistoryType({ ...bill, trx_type: t }, 'all')).toBe(true);
      }),
    );
    for (const f of HISTORY_TYPE_FILTERS.filter((x) => x !== 'all'))
      expect(matchesHistoryType(bill, f)).toBe(false);
  });
});

describe('history date range', () => {
  it('not before 1 January of the previous year, not after today, a start date before an end date', () => {
    expect(historyMinDate('2026-11-27')).toBe('2025-01-01');
    expect(validateHistoryRange({ start_date: '', end_date: '' }, '2026-11-27')).toBeNull();
    expect(validateHistoryRange({ start_date: '', end_date: '2026-11-01' }, '2026-11-27')).toBe(
      'startRequired',
    );
    expect(validateHistoryRange({ start_date: '2025-01-01', end_date: '' }, '2026-11-27')).toBeNull();
    expect(validateHistoryRange({ start_date: '2024-12-31', end_date: '' }, '2026-11-27')).toBe('range');
    expect(validateHistoryRange({ start_date: '2026-11-28', end_date: '' }, '2026-11-27')).toBe('range');
    expect(validateHistoryRange({ start_date: '2026-11-10', end_date: '2026-11-01' }, '2026-11-27')).toBe(
      'range',
    );
  });
});

describe('flow (001 §4)', () => {
  it('search → view → edit | NIK → view; Back resets; Cancel returns to the view', () => {
    let s = initialMemberInfoFlow<string>();
    expect(memberInfoFlow(s, { type: 'edit' })).toEqual(s);
    s = memberInfoFlow(s, { type: 'found', customer: 'A' });
    expect(s).toEqual({ step: 2, customer: 'A' });
    expect(memberInfoFlow(s, { type: 'edit' }).step).toBe(3);
    const nik = memberInfoFlow(s, { type: 'editNik' });
    expect(nik.step).toBe(5);
    expect(memberInfoFlow(nik, { type: 'cancel' })).toEqual({ step: 2, customer: 'A' });
    expect(memberInfoFlow(nik, { type: 'saved', customer: 'A2' })).toEqual({ step: 2, customer: 'A2' });
    expect(memberInfoFlow(s, { type: 'back' })).toEqual({ step: 1, customer: null });
  });
  it('a fresh read refreshes the open view only: after Back (or during an edit) it changes nothing', () => {
    const view = memberInfoFlow(initialMemberInfoFlow<string>(), { type: 'found', customer: 'A' });
    expect(memberInfoFlow(view, { type: 'refreshed', customer: 'A2' })).toEqual({ step: 2, customer: 'A2' });
    const back = memberInfoFlow(view, { type: 'back' });
    expect(memberInfoFlow(back, { type: 'refreshed', customer: 'A2' })).toEqual(back);
    const edit = memberInfoFlow(view, { type: 'edit' });
    expect(memberInfoFlow(edit, { type: 'refreshed', customer: 'A2' })).toEqual(edit);
  });
});

describe('small rules', () => {
  it('NIK is 16 digits', () => {
    expect(isValidNik('3171234567890123')).toBe(true);
    expect(isValidNik('317123456789012')).toBe(false);
    expect(isValidNik('317123456789012a')).toBe(false);
  });
  it("'Generate' is disabled with a user_ref and after generating", () => {
    expect(canGenerateReference(null, false)).toBe(true);
    expect(canGenerateReference('  ', false)).toBe(true);
    expect(canGenerateReference('REF-1', false)).toBe(false);
    expect(canGenerateReference(null, true)).toBe(false);
  });
  it('NFC: code and password required, Ref ID on a new card when asked', () => {
    const f = { mode: 'new' as const, code: 'C1', password: 'p', ref_id: '' };
    expect(validateNfcForm(f, false)).toBeNull();
    expect(validateNfcForm({ ...f, code: ' ' }, false)).toBe('invalidCard');
    expect(validateNfcForm({ ...f, password: '' }, false)).toBe('invalidCard');
    expect(validateNfcForm(f, true)).toBe('refIdRequired');
    expect(validateNfcForm({ ...f, mode: 'change' }, true)).toBeNull();
  });
  it("last transaction as 'dddd, D MMM YYYY - HH:mm' in WIB", () => {
    expect(formatLastTrx('2026-11-27 15:04:05')).toBe('Jumat, 27 Nov 2026 - 15:04');
    expect(formatLastTrx(new Date('2026-11-26T18:30:00Z'))).toBe('Jumat, 27 Nov 2026 - 01:30');
    expect(formatLastTrx(null)).toBe('');
  });
  it('a generated reference code is M and 8 characters without look-alikes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (b) => {
        expect(referenceCodeFrom(b)).toMatch(/^M[2-9A-HJ-NP-Z]{8}$/);
      }),
    );
  });
});
