// Digital receipt inputs (000 §2 step 4, §5 "Receipt sending"; 002 §2.9): which channels show,
// the pre-filled fields, and the messaging-app links with the ruling 9 number normalisation.
import { MESSAGING_COUNTRY_PREFIX, messagingPhone } from '../messaging-phone';
import type { Customer } from '../model';

export type DigitalChannel = 'sms' | 'waWeb' | 'waApp' | 'email';

/** SMS only with is_sms_receipt = 1; WA Web only in DESKTOP (or unset) display mode; WA App and e-mail always. */
export const digitalChannels = (
  config: { is_sms_receipt?: unknown },
  displayMode?: string | null,
): DigitalChannel[] => {
  const out: DigitalChannel[] = [];
  if (Number(config.is_sms_receipt) === 1) out.push('sms');
  if ((displayMode ?? 'DESKTOP') !== 'TABLET') out.push('waWeb');
  out.push('waApp', 'email');
  return out;
};

/** Whether the inputs show at all (pos_print_digital_invoice = 1). */
export const digitalReceiptEnabled = (config: { pos_print_digital_invoice?: unknown }): boolean =>
  Number(config.pos_print_digital_invoice) === 1;

/**
 * A stored phone as the 'Nomor HP' field takes it (000 §5 "Receipt sending": digits only): the local
 * form with a leading 0, so '+62 812-3456' and '628123456' both read '08123456'. Ruling 9 turns the
 * 0 back into 62 for the messaging links and the SMS.
 */
export const receiptPhoneInput = (phone: string | null | undefined): string => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.startsWith(MESSAGING_COUNTRY_PREFIX)
    ? `0${digits.slice(MESSAGING_COUNTRY_PREFIX.length)}`
    : digits;
};

/**
 * The fields pre-filled from the customer: the phone from user_identifier_string when
 * user_identifier_type is 'phone' (else user_phone), in the field's local digits-only form; the
 * e-mail from user_email_notification (else user_email).
 */
export const digitalPrefill = (
  customer:
    | Pick<
        Customer,
        | 'user_identifier_type'
        | 'user_identifier_string'
        | 'user_phone'
        | 'user_email_notification'
        | 'user_email'
      >
    | null
    | undefined,
): { phone: string; email: string } => ({
  phone: receiptPhoneInput(
    customer?.user_identifier_type === 'phone' ? customer.user_identifier_string : customer?.user_phone,
  ),
  email: (customer?.user_email_notification || customer?.user_email || '').trim(),
});

/** WA Web link: web.whatsapp.com with the normalised phone and the text. */
export const waWebLink = (phone: string, message: string): string =>
  `https://web.whatsapp.com/send?phone=${messagingPhone(phone)}&text=${encodeURIComponent(message)}`;

/** WA App link: the whatsapp:// scheme with the normalised phone and the text. */
export const waAppLink = (phone: string, message: string): string =>
  `whatsapp://send?phone=${messagingPhone(phone)}&text=${encodeURIComponent(message)}`;
