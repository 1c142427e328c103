import { messagingPhone } from '../messaging-phone';

/**
 * One canonical form for an Indonesian phone number, so '+62 812…', '62812…', '0812…' and '812…' (typed after
 * the cashier screen's '+62' prefix) name the same customer: ruling 9's messaging form (digits only, a leading
 * 0 becomes 62, 62 stays, anything else gets 62), or null when there are no digits.
 * The server's SQL function customer_canonical_phone (migration 0004) computes the same.
 */
export const canonicalPhone = (input: string | null | undefined): string | null => {
  const digits = (input ?? '').replace(/\D/g, '');
  return digits === '' ? null : messagingPhone(digits);
};

/** The canonical number as the customer records show it: '+62…'. */
export const displayPhone = (input: string | null | undefined): string | null => {
  const c = canonicalPhone(input);
  return c === null ? null : `+${c}`;
};
