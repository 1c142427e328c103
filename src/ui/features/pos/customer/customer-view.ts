// What the customer panel and the Set Customer modal show (000 §2 "Cashier dialogs"), as pure
// functions so the texts and rules are tested without a browser.
import {
  type Customer,
  formatOutletStamp,
  type IdentifierType,
  isBirthdayToday,
  type Now,
  parseServerDateTime,
  toWallClock,
} from '../../../../domain';

export const NEW_CUSTOMER_LABEL = 'New Customer';
export const NO_INFORMATION_LABEL = 'No information';
export const BIRTHDAY_GREETING = 'Selamat Ulang Tahun';
export const JOURNAL_LINK_LABEL = 'Lihat Catatan Jurnal Pelanggan';
export const RECEIVABLE_MARK = '$$';
/** The panel's visible call to action, and so its accessible name with the customer shown (000 §2 'Set Customer'). */
export const SET_CUSTOMER_LABEL = 'Set Customer';
export const NEW_CUSTOMER_DATA_LABEL = '(New Customer)';
export const NO_CUSTOMER_CHOSEN_LABEL = 'No customer chosen';
/** 003 §9: the phone input's prefix. */
export const PHONE_PREFIX = '+62';
/** 000 §5 Amount input: the birth-date picker shows DD-MM-YYYY (its bounds: src/domain birthDateBounds). */
export const BIRTH_DATE_FORMAT = 'DD-MM-YYYY';

/** The search types of Set Customer, in the specification's order ('search' is 'Nama'). */
export const IDENTIFIER_OPTIONS: readonly { value: IdentifierType; label: string }[] = [
  { value: 'phone', label: 'Phone' },
  { value: 'qr', label: 'QR Code' },
  { value: 'email', label: 'Email' },
  { value: 'reference', label: 'Reference' },
  { value: 'search', label: 'Nama' },
];

/** 000 §3: 1 = Laki-laki (male), 2 = Perempuan (female). */
export const GENDER_OPTIONS: readonly { value: '1' | '2'; label: string }[] = [
  { value: '1', label: 'Laki-laki' },
  { value: '2', label: 'Perempuan' },
];

const text = (v: string | null | undefined): string => (v ?? '').trim();

export const hasReceivables = (customer: Pick<Customer, 'account_receivables'> | null | undefined): boolean =>
  (customer?.account_receivables ?? []).length > 0;

/**
 * The customer's contact: phone, else e-mail, else the identifier it was found by when that is a
 * phone or an e-mail (a QR code or a reference is not a contact).
 */
export const customerContact = (customer: Customer | null | undefined): string | null => {
  if (!customer) return null;
  const phone = text(customer.user_phone);
  if (phone) return phone;
  const email = text(customer.user_email);
  if (email) return email;
  const t = customer.user_identifier_type;
  const id = text(customer.user_identifier_string);
  return (t === 'phone' || t === 'email') && id ? id : null;
};

export interface CustomerPanelView {
  /** user_name, or 'New Customer' (no name yet, or no customer). */
  name: string;
  /** ' (membership_name)' or ''. */
  membership: string;
  /** A red '$$' when the customer has account receivables. */
  receivables: boolean;
  birthday: boolean;
  /** The contact, or 'No information'. */
  contact: string;
  /** 'Lihat Catatan Jurnal Pelanggan' shows only with customer_journal = 1 and a customer. */
  showJournalLink: boolean;
}

export const customerPanelView = (
  customer: Customer | null | undefined,
  ctx: { now: Now; customer_journal: number | boolean | null | undefined },
): CustomerPanelView => {
  const membership = text(customer?.membership_name);
  return {
    name: text(customer?.user_name) || NEW_CUSTOMER_LABEL,
    membership: membership ? ` (${membership})` : '',
    receivables: hasReceivables(customer),
    birthday: customer ? isBirthdayToday(customer.user_birth_date, ctx.now) : false,
    contact: customerContact(customer) ?? NO_INFORMATION_LABEL,
    showJournalLink: Number(ctx.customer_journal ?? 0) === 1 && !!customer,
  };
};

/** The 'Customer Data' heading: '(New Customer)' when user_code is null, 'No customer chosen' when none. */
export const customerDataLabel = (customer: Pick<Customer, 'user_code'> | null | undefined): string => {
  if (!customer) return NO_CUSTOMER_CHOSEN_LABEL;
  return customer.user_code === null || customer.user_code === undefined
    ? NEW_CUSTOMER_DATA_LABEL
    : customer.user_code;
};

/** A row of the Nama search list. */
export interface SearchResultView {
  name: string;
  /** '(user_id)' of a member-search row, else '(user_code)', or ''. */
  code: string;
  receivables: boolean;
  /** 'Ref: user_ref' or ''. */
  ref: string;
  phone: string;
  email: string;
  notes: string;
}

export const searchResultView = (
  user: Pick<
    Customer,
    'user_code' | 'user_name' | 'user_ref' | 'user_phone' | 'user_email' | 'user_notes'
  > & {
    account_receivables?: Customer['account_receivables'];
    has_account_receivable?: number | null;
    /** a member-search row (001 §2.2 shows user_id); the cashier's rows show user_code */
    user_id?: number | null;
  },
): SearchResultView => {
  const code = user.user_id != null ? String(user.user_id) : text(user.user_code);
  const ref = text(user.user_ref);
  return {
    name: text(user.user_name),
    code: code ? `(${code})` : '',
    receivables: hasReceivables(user) || Number(user.has_account_receivable ?? 0) === 1,
    ref: ref ? `Ref: ${ref}` : '',
    phone: text(user.user_phone),
    email: text(user.user_email),
    notes: text(user.user_notes),
  };
};

/**
 * The phone typed after the '+62' prefix, as the identifier sent to the server: spaces and dashes
 * dropped, a leading 0 (or a repeated 62 / +62) removed, the prefix put in front.
 */
export const phoneIdentifier = (typed: string): string => {
  let digits = typed.trim().replace(/[\s-]/g, '');
  if (digits.startsWith('+62')) digits = digits.slice(3);
  else if (digits.startsWith('62') && digits.length > 11) digits = digits.slice(2);
  digits = digits.replace(/^0+/, '');
  return digits === '' ? '' : `${PHONE_PREFIX}${digits}`;
};

/** The typed value of a search type as the identifier string sent to the server. */
export const identifierValue = (type: IdentifierType, typed: string): string =>
  type === 'phone' ? phoneIdentifier(typed) : typed.trim();

/** A journal activity as the customer-activity call answers it. */
export interface JournalActivity {
  created_at?: string | null;
  notes_for_cashier?: string | null;
  [field: string]: unknown;
}

/**
 * A server time as the outlet's wall clock: "YYYY-MM-DD HH:mm:ss" is read as written; an ISO
 * time with a zone (…Z, +07:00) is converted to the outlet's (WIB).
 */
export const localStamp = (value: string | null | undefined): string | null => {
  const v = text(value);
  if (v === '') return null;
  if (/T.*(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const at = parseServerDateTime(v);
    return Number.isNaN(at) ? null : formatOutletStamp(at);
  }
  return /^\d{4}-\d{2}-\d{2}/.test(v) ? v.replace('T', ' ') : null;
};

/**
 * The Customer Journals table: activities created today that carry notes_for_cashier, as
 * { time: 'HH:mm', note } in creation order.
 */
export const journalRows = (
  activities: readonly JournalActivity[],
  now: Now,
): { time: string; note: string }[] => {
  const today = toWallClock(now).date;
  return activities
    .map((a) => ({ at: localStamp(a.created_at), note: text(a.notes_for_cashier) }))
    .filter(
      (a): a is { at: string; note: string } => a.at !== null && a.note !== '' && a.at.slice(0, 10) === today,
    )
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((a) => ({ time: a.at.slice(11, 16), note: a.note }));
};
