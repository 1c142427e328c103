// The shared customer search's rules (001 §2.2, §5 'Customer search', §9): which types each screen offers,
// the identifier checks and their messages by area. The cashier's own checks stay validateCustomerSearch
// (000 §5); the server checks an identifier with the same functions (src/api/contract/customer.ts).

import { isEmailAddress } from './helpers';
import type { IdentifierType } from './model/common';
import { canonicalPhone } from './pos/phone';
import { CUSTOMER_PANEL_TEXTS, CUSTOMER_SEARCH_OWN } from './texts/customer-search';
import { MESSAGES } from './texts/sale';

/** Where the panel runs: its empty-contact and format messages differ (001 §5). */
export type SearchArea = 'cashier' | 'member' | 'journal';

/** The screens' type sets, in the specification's order (001 §2.2 'Which types each screen offers'). */
export const SEARCH_TYPES = {
  /** 000 §2 Set Customer: Phone, QR Code, Email, Reference, Nama. */
  cashier: ['phone', 'qr', 'email', 'reference', 'search'],
  loyalty: ['phone', 'qr', 'email', 'reference'],
  memberActivation: ['phone', 'qr', 'email'],
  memberInfo: ['phone', 'qr', 'email', 'reference', 'search', 'nik'],
  journal: ['phone', 'qr', 'email', 'reference', 'search', 'nik'],
  registration: ['phone', 'qr', 'email', 'reference', 'search', 'nik'],
} as const satisfies Record<string, readonly IdentifierType[]>;

/** 001 §9: member activation looks up by phone, QR or e-mail only. */
export const MEMBERSHIP_ACTIVATION_TYPES = SEARCH_TYPES.memberActivation;

/** A NIK (national ID number) is 16 digits. */
export const isNik = (value: string): boolean => /^\d{16}$/.test(value.trim());

/**
 * An Indonesian number: written with +62, 62, 0 or after the '+62' prefix (a '+' with any other country code
 * is not), 62 then 7 to 13 digits not starting with 0 once canonical.
 */
export const isIndonesianPhone = (value: string): boolean => {
  const v = value.trim().replace(/[\s-]/g, '');
  if (v.startsWith('+') && !v.startsWith('+62')) return false;
  return /^62[1-9]\d{6,12}$/.test(canonicalPhone(v) ?? '');
};

/**
 * The panel's check of a type and value, by area: empty → the area's 'fill out' message (the cashier's
 * 'Customer harus dipilih.'), a phone of '+' and 9–15 digits that is Indonesian, an e-mail, a 16-digit NIK;
 * a Nama keyword must not be empty. Null when the search may run.
 */
export const validatePanelSearch = (
  area: SearchArea,
  type: IdentifierType | null | undefined,
  value: string | null | undefined,
): string | null => {
  const v = (value ?? '').trim();
  const cashier = area === 'cashier';
  const empty = cashier
    ? MESSAGES.customerRequired
    : area === 'journal'
      ? CUSTOMER_PANEL_TEXTS.customerContactRequired
      : CUSTOMER_PANEL_TEXTS.userContactRequired;
  if (!type) return cashier ? MESSAGES.customerRequired : empty;
  if (type === 'search') return v === '' ? MESSAGES.keywordRequired : null;
  if (v === '') return empty;
  switch (type) {
    case 'phone':
      if (!/^\+?\d{9,15}$/.test(v))
        return cashier ? MESSAGES.invalidPhone : CUSTOMER_PANEL_TEXTS.invalidPhone;
      return isIndonesianPhone(v) ? null : CUSTOMER_SEARCH_OWN.phoneNotIndonesian;
    case 'email':
      return isEmailAddress(v) ? null : cashier ? MESSAGES.invalidEmail : CUSTOMER_PANEL_TEXTS.invalidEmail;
    case 'nik':
      return isNik(v) ? null : CUSTOMER_SEARCH_OWN.nikInvalid;
    default:
      return null;
  }
};
