// Member info (001 §2.7, §5 'Member info', §9): the rules of the screen and of its server calls, pure.
import { formatOutletTime } from './time-format';
import { type Now, pad, parseServerDateTime, wibFields } from './time-wall';

/** The steps of 001 §4 'Member info' (4 is not used by the spec). */
export type MemberInfoStep = 1 | 2 | 3 | 5;

/** 001 §2.7 History tabs: the type filter's eight values, in the spec's order. */
export const HISTORY_TYPE_FILTERS = [
  'all',
  'redeem',
  'coupon-sell',
  'coupon-use',
  'deposit-topup',
  'deposit-use',
  'piutang',
  'piutang-pembayaran',
] as const;
export type HistoryTypeFilter = (typeof HISTORY_TYPE_FILTERS)[number];

/** 001 §9: num_of_rows of the bill and item history. */
export const HISTORY_NUM_OF_ROWS = 100;

/** A bill row as far as the type filter reads it (ruling 8's literals). */
export interface FilterableBill {
  trx_type?: string | null;
  redeem?: unknown;
  coupon?: unknown;
  payments?: readonly { payment_type?: string | null }[] | null;
}

const present = (v: unknown): boolean =>
  v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether a bill passes the type filter of 001 §2.7 (each value as the spec words it). */
export function matchesHistoryType(bill: FilterableBill, filter: HistoryTypeFilter): boolean {
  const payments = bill.payments ?? [];
  switch (filter) {
    case 'all':
      return true;
    case 'redeem':
      return present(bill.redeem);
    case 'coupon-sell':
      return bill.trx_type === 'COUPON_SALES';
    case 'coupon-use':
      return present(bill.coupon);
    case 'deposit-topup':
      return bill.trx_type === 'TOP_UP_DEPOSIT';
    case 'deposit-use':
      return payments.some((p) => p.payment_type === 'DEPOSIT');
    case 'piutang':
      return payments.some((p) => p.payment_type === 'CREDIT');
    case 'piutang-pembayaran':
      return bill.trx_type === 'ACCOUNT_RECEIVABLE';
  }
}

/** 001 §5/§9: the history's date range cannot start before 1 January of the previous year (outlet date). */
export function historyMinDate(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}-01-01`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The history filter of 001 §5 'Member info': null when it may be sent, else the message (spec text)
 * or, for bounds, 'range' (the picker never offers those dates; the server refuses them with its own text).
 */
export function validateHistoryRange(
  range: { start_date: string; end_date: string },
  today: string,
): 'startRequired' | 'range' | null {
  const { start_date, end_date } = range;
  if (start_date === '' && end_date === '') return null;
  if (start_date === '') return 'startRequired';
  if (!DATE.test(start_date) || (end_date !== '' && !DATE.test(end_date))) return 'range';
  if (start_date < historyMinDate(today) || start_date > today) return 'range';
  if (end_date !== '' && (end_date < start_date || end_date > today)) return 'range';
  return null;
}

/** 'Selamat Ulang Tahun': the birth date's month and day are today's (outlet date). */
export function isBirthdayToday(birthDate: string | null | undefined, today: string): boolean {
  if (!birthDate || !DATE.test(birthDate.slice(0, 10))) return false;
  return birthDate.slice(5, 10) === today.slice(5, 10);
}

/** The two banners of 001 §2.7, each on its own condition. */
export function birthdayBanners(
  customer: { user_birth_date?: string | null; is_birthday?: number | null },
  today: string,
): { greeting: boolean; today: boolean } {
  return { greeting: isBirthdayToday(customer.user_birth_date, today), today: customer.is_birthday === 1 };
}

const WEEKDAYS_ID = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

/** last_trx as 'dddd, D MMM YYYY - HH:mm' (001 §2.7, §9), in WIB with Indonesian names; '' if unreadable. */
export function formatLastTrx(value: Now | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = typeof value === 'string' ? parseServerDateTime(value) : value.getTime();
  if (Number.isNaN(ms)) return '';
  const rest = formatOutletTime(new Date(ms), "d MMM yyyy '-' HH:mm", 'id');
  return rest ? `${WEEKDAYS_ID[wibFields(ms).getUTCDay()]}, ${rest}` : '';
}

/** 16 digits (issue 24: "a NIK that is not 16 digits"); empty means no NIK. */
export const NIK_PATTERN = /^\d{16}$/;
export const isValidNik = (nik: string): boolean => NIK_PATTERN.test(nik);

/** The NFC modal's checks (001 §5): the spec's messages by key, or null. */
export function validateNfcForm(
  form: { mode: 'new' | 'change'; code: string; password: string; ref_id: string },
  nfcWithRefId: boolean,
): 'invalidCard' | 'refIdRequired' | null {
  if (form.code.trim() === '' || form.password === '') return 'invalidCard';
  if (form.mode === 'new' && nfcWithRefId && form.ref_id.trim() === '') return 'refIdRequired';
  return null;
}

/** 'Generate' is disabled while the customer has a user_ref and after generating (001 §2.7). */
export const canGenerateReference = (userRef: string | null | undefined, generated: boolean): boolean =>
  !generated && (userRef ?? '').trim() === '';

/** A generated reference code: 'M' and 8 characters without look-alikes (0/O, 1/I). */
const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function referenceCodeFrom(random: Uint8Array): string {
  let out = 'M';
  for (let i = 0; i < 8; i++) out += REF_ALPHABET[(random[i] ?? 0) % REF_ALPHABET.length];
  return out;
}

/** 'IDR' after an item price in the item history (001 §2.7). */
export const idrPrice = (n: number, format: (n: number) => string): string => `${format(n)} IDR`;

/** Today's date in YYYY-MM-DD from wall fields (the UI's date inputs). */
export const ymdOf = (d: Date): string =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The screen's flow (001 §4 'Member info'): 1 search → 2 view → 3 edit member | 5 edit NIK → 2. */
export interface MemberInfoFlow<C> {
  step: MemberInfoStep;
  customer: C | null;
}
export type MemberInfoEvent<C> =
  | { type: 'found'; customer: C }
  | { type: 'edit' }
  | { type: 'editNik' }
  | { type: 'cancel' }
  | { type: 'saved'; customer: C }
  /** Fresh data read after an NFC or reference change: only for the view still open (never after Back). */
  | { type: 'refreshed'; customer: C }
  | { type: 'back' };

export const initialMemberInfoFlow = <C>(): MemberInfoFlow<C> => ({ step: 1, customer: null });

/** Back resets everything; Cancel or a successful edit returns to the view; edits need a customer in view. */
export function memberInfoFlow<C>(state: MemberInfoFlow<C>, event: MemberInfoEvent<C>): MemberInfoFlow<C> {
  switch (event.type) {
    case 'found':
      return { step: 2, customer: event.customer };
    case 'edit':
      return state.step === 2 && state.customer ? { ...state, step: 3 } : state;
    case 'editNik':
      return state.step === 2 && state.customer ? { ...state, step: 5 } : state;
    case 'cancel':
      return state.step === 3 || state.step === 5 ? { ...state, step: 2 } : state;
    case 'saved':
      return state.step === 3 || state.step === 5 ? { step: 2, customer: event.customer } : state;
    case 'refreshed':
      return state.step === 2 ? { step: 2, customer: event.customer } : state;
    case 'back':
      return initialMemberInfoFlow<C>();
  }
}
