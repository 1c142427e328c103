// A phone number as the messaging links and the SMS service take it (ruling 9).

/** The messaging service's country prefix. */
export const MESSAGING_COUNTRY_PREFIX = '62';

/**
 * A phone number for messaging-app links (ruling 9): a leading 0 becomes 62; a number already
 * starting with 62 stays; any other number gets 62 prefixed. Non-digits (a leading '+') are dropped.
 */
export const messagingPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) return MESSAGING_COUNTRY_PREFIX + digits.slice(1);
  if (digits.startsWith(MESSAGING_COUNTRY_PREFIX)) return digits;
  return MESSAGING_COUNTRY_PREFIX + digits;
};
