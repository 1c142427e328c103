// The customer search panel's searches as outcomes (001 §2.2, §5 'Customer search', §8 'Customer lookup';
// 000 §5 and 003 §8 in the cashier): the panel only shows the message and sets the customer the outcome
// names. One implementation for every screen; the area picks the messages (validatePanelSearch).
import type { UserSearchHit } from '../../../../api/contract';
import { isApiError } from '../../../../api/http';
import {
  type Customer,
  type IdentifierType,
  MESSAGES,
  type SearchArea,
  validatePanelSearch,
} from '../../../../domain';
import { CUSTOMER_SEARCH_MESSAGES } from '../../../../domain/texts/cashier';
import { identifierValue } from '../../pos/customer/customer-view';

/** The search types that look one customer up (Nama lists several instead). */
export type LookupType = Exclude<IdentifierType, 'search'>;

export { CUSTOMER_SEARCH_MESSAGES };

/** A row of the Nama list: the cashier's user-search hit, or a member-search row (with user_id). */
export type SearchHit = Pick<
  UserSearchHit,
  'user_code' | 'user_name' | 'user_ref' | 'user_phone' | 'user_email' | 'user_notes'
> &
  Partial<Pick<UserSearchHit, 'user_birth_date' | 'user_gender' | 'has_account_receivable'>> & {
    user_id?: number | null;
  };

/** The two calls the panel makes; each screen gives its own (the cashier's, the member calls, a fake). */
export interface CustomerSearchApi {
  /** One customer by an identifier (a new one has user_code null). */
  findCustomer(identifier: {
    user_identifier_type: IdentifierType;
    user_identifier_string: string;
  }): Promise<Customer>;
  /** Nama: the keyword search. */
  searchUsers(keyword: string): Promise<{ users: SearchHit[] }>;
}

export type LookupOutcome =
  /** Set this customer (found, or a new one the server answered with user_code null). */
  | { kind: 'set'; customer: Customer }
  /** Set this customer and warn (the network failed: a new customer with the typed identifier). */
  | { kind: 'set-with-warning'; customer: Customer; message: string }
  /** Set nothing; show the message as an error. */
  | { kind: 'refused'; message: string };

export interface LookupOptions {
  /** pos_trx_no_user_edit = 1: a user the server does not know is refused. */
  noUserEdit: boolean;
  /** navigator.onLine at the time of the search. */
  online: boolean;
  /** The retrieve time to stamp on the customer ("YYYY-MM-DD HH:mm:ss"). */
  now: string;
  /** Whose messages (001 §5); the cashier's by default. */
  area?: SearchArea;
}

const isNewCustomer = (c: Pick<Customer, 'user_code'>): boolean =>
  c.user_code === null || c.user_code === undefined;

/** An empty new customer carrying the identifier it was searched by (synchronised at submit). */
export const newCustomer = (type: IdentifierType, value: string, now: string): Customer => ({
  user_code: null,
  user_name: null,
  user_identifier_type: type,
  user_identifier_string: value,
  user_phone: type === 'phone' ? value : null,
  user_email: type === 'email' ? value : null,
  retrieve_time: now,
  is_signed_up: 0,
});

/**
 * Phone, QR code, e-mail, reference or NIK. Validation first (the area's messages). A QR code or a
 * reference cannot be guessed offline, so a failed network refuses them; a phone, an e-mail or a NIK
 * becomes a new customer with a warning (offline or time-out, 001 §8), except when pos_trx_no_user_edit = 1
 * forbids new customers.
 */
export async function lookupCustomer(
  api: Pick<CustomerSearchApi, 'findCustomer'>,
  type: LookupType,
  typed: string,
  options: LookupOptions,
): Promise<LookupOutcome> {
  const value = identifierValue(type, typed);
  const invalid = validatePanelSearch(options.area ?? 'cashier', type, value);
  if (invalid) return { kind: 'refused', message: invalid };
  const needsServer = type === 'qr' || type === 'reference';
  const networkOutcome = (message: string): LookupOutcome =>
    needsServer
      ? { kind: 'refused', message: CUSTOMER_SEARCH_MESSAGES.needsInternet }
      : options.noUserEdit
        ? { kind: 'refused', message }
        : { kind: 'set-with-warning', customer: newCustomer(type, value, options.now), message };
  if (!options.online) return networkOutcome(CUSTOMER_SEARCH_MESSAGES.offline);
  try {
    const found: Customer = await api.findCustomer({
      user_identifier_type: type,
      user_identifier_string: value,
    });
    if (options.noUserEdit && isNewCustomer(found))
      return { kind: 'refused', message: MESSAGES.customerNotFound };
    return {
      kind: 'set',
      customer: {
        ...found,
        user_identifier_type: type,
        user_identifier_string: value,
        retrieve_time: found.retrieve_time ?? options.now,
      },
    };
  } catch (error) {
    if (isApiError(error) && error.kind === 'timeout')
      return networkOutcome(CUSTOMER_SEARCH_MESSAGES.unstable);
    if (isApiError(error) && error.kind === 'network')
      return networkOutcome(CUSTOMER_SEARCH_MESSAGES.offline);
    return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
  }
}

export type SearchOutcome = { kind: 'results'; users: SearchHit[] } | { kind: 'refused'; message: string };

/** Nama: the keyword search. Empty keyword, then offline or time-out: the spec's messages. */
export async function searchCustomers(
  api: Pick<CustomerSearchApi, 'searchUsers'>,
  keyword: string,
  options: Pick<LookupOptions, 'online'>,
): Promise<SearchOutcome> {
  const invalid = validatePanelSearch('cashier', 'search', keyword);
  if (invalid) return { kind: 'refused', message: invalid };
  if (!options.online) return { kind: 'refused', message: CUSTOMER_SEARCH_MESSAGES.keywordOffline };
  try {
    const { users } = await api.searchUsers(keyword.trim());
    return { kind: 'results', users };
  } catch (error) {
    if (isApiError(error) && (error.kind === 'timeout' || error.kind === 'network'))
      return { kind: 'refused', message: CUSTOMER_SEARCH_MESSAGES.keywordOffline };
    return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The identifier a picked Nama row is looked up by: in the cashier its user_code (type 'search', 000 §2);
 * elsewhere its phone, else its e-mail (001 §2.2), else its user_code.
 */
export const pickedIdentifier = (
  user: SearchHit,
  area: SearchArea,
): { user_identifier_type: IdentifierType; user_identifier_string: string } => {
  const phone = user.user_phone?.trim();
  const email = user.user_email?.trim();
  if (area !== 'cashier' && phone) return { user_identifier_type: 'phone', user_identifier_string: phone };
  if (area !== 'cashier' && email) return { user_identifier_type: 'email', user_identifier_string: email };
  return { user_identifier_type: 'search', user_identifier_string: user.user_code };
};

/**
 * A user picked from the keyword list is read in full (receivables, coupons, deposit) by pickedIdentifier;
 * when that fails the row itself is set.
 */
export async function pickSearchResult(
  api: Pick<CustomerSearchApi, 'findCustomer'>,
  user: SearchHit,
  options: Pick<LookupOptions, 'online' | 'now' | 'area'>,
): Promise<Customer> {
  const identifier = pickedIdentifier(user, options.area ?? 'cashier');
  const asRow: Customer = { ...user, ...identifier, retrieve_time: options.now, is_signed_up: 1 };
  if (!options.online) return asRow;
  try {
    const full: Customer = await api.findCustomer(identifier);
    return full.user_code
      ? { ...full, ...identifier, retrieve_time: full.retrieve_time ?? options.now }
      : asRow;
  } catch {
    return asRow;
  }
}
