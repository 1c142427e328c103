// Member info (001 §2.7, §7): paths, requests and answers. The server checks every field by these schemas
// and names the field it refuses (400); docs/api.md pairs each call with its path (ruling 12).
import { z } from 'zod';
import { HISTORY_NUM_OF_ROWS, HISTORY_TYPE_FILTERS, NIK_PATTERN } from '../../domain/member-info';
import { MEMBER_INFO_OWN, MEMBER_INFO_TEXTS } from '../../domain/texts/member-info';
import { API_MESSAGES } from '../../domain/texts/server';
import { isCalendarDate } from '../../domain/time-wall';
import { validateCustomerSearch } from '../../domain/validation-sale';
import { posUser } from './customer';

export const MEMBER_INFO_PATHS = {
  /** POST {user_identifier_type, user_identifier_string} → the member. */
  info: 'cashier/membership/info',
  /** POST the edit (full with CUSTOMER_INFORMATION_EDIT; {user_id, nik} alone is the NIK step). */
  edit: 'cashier/user/edit',
  referenceGenerate: 'cashier/user/reference-code-generate',
  nfcNew: 'cashier/user/new-nfc-security-code',
  nfcChange: 'cashier/user/nfc-security-code',
  nfcCheck: 'cashier/user/check-nfc-security-code',
  billHistory: 'cashier/member-trx-history',
  itemHistory: 'cashier/member-item-trx-history',
  /** GET {token}: a stored photo (public by its unguessable token, like a digital receipt). */
  photo: 'cashier/user/photo',
} as const;

/** Decoded photo bytes at most (a camera capture or an upload compressed to 1,500 px is far below). */
export const MEMBER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The edit call's body limit: room for a 30 MB photo as a data URL, so it is refused by name, not by size. */
export const MEMBER_EDIT_BODY_LIMIT = 48 * 1024 * 1024;

const text = (max: number) =>
  z.string({ error: API_MESSAGES.invalidInput }).max(max, { error: API_MESSAGES.invalidInput });
const userId = z
  .string({ error: MEMBER_INFO_TEXTS.customerMissing })
  .trim()
  .min(1, { error: MEMBER_INFO_TEXTS.customerMissing })
  .max(64, { error: MEMBER_INFO_TEXTS.customerMissing });

const nik = z
  .string({ error: MEMBER_INFO_OWN.nikInvalid })
  .trim()
  .max(64, { error: MEMBER_INFO_OWN.nikInvalid })
  .refine((v) => v === '' || NIK_PATTERN.test(v), { error: MEMBER_INFO_OWN.nikInvalid });

const emailNotification = z
  .string({ error: MEMBER_INFO_OWN.emailInvalid })
  .trim()
  .max(254, { error: MEMBER_INFO_OWN.emailInvalid })
  .refine((v) => v === '' || validateCustomerSearch('email', v) === null, {
    error: MEMBER_INFO_OWN.emailInvalid,
  });

/** POST cashier/user/edit. Only user_id and nik: the NIK step; any other field: the member edit. */
export const memberEditRequest = z.object(
  {
    user_id: userId,
    nik: nik.nullish(),
    user_name: text(120).trim().min(1, { error: API_MESSAGES.invalidInput }).optional(),
    user_gender: z.union([z.literal(1), z.literal(2)], { error: API_MESSAGES.invalidInput }).nullish(),
    user_birth_date: z
      .string({ error: API_MESSAGES.invalidInput })
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: API_MESSAGES.invalidInput })
      // a day that does not exist (2026-02-30) is refused here, not by the database
      .refine((v) => v === '' || isCalendarDate(v), { error: MEMBER_INFO_OWN.birthDateInvalid })
      .nullish(),
    user_notes: text(1000).nullish(),
    reference_code: text(50).trim().nullish(),
    user_email_notification: emailNotification.nullish(),
    /** a data URL (a new photo), the current photo's URL (kept), or '' / null (removed) */
    user_photo: z.string({ error: MEMBER_INFO_OWN.photoNotImage }).nullish(),
    journal_notes: text(5000).nullish(),
    is_edit_user: z.union([z.literal(0), z.literal(1)]).optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type MemberEditRequest = z.input<typeof memberEditRequest>;

export const memberUserIdRequest = z.object({ user_id: userId }, { error: API_MESSAGES.invalidInput });

/** Register or change an NFC card (001 §7): password and, when nfc_with_ref_id = 1 on a new card, Ref ID. */
export const nfcRegisterRequest = z.object(
  {
    user_id: userId,
    nfc_security_code: z
      .string({ error: MEMBER_INFO_TEXTS.invalidNfc })
      .trim()
      .min(1, { error: MEMBER_INFO_TEXTS.invalidNfc })
      .max(128, { error: MEMBER_INFO_TEXTS.invalidNfc }),
    password: z
      .string({ error: MEMBER_INFO_TEXTS.invalidNfc })
      .min(1, { error: MEMBER_INFO_TEXTS.invalidNfc })
      .max(256, { error: API_MESSAGES.invalidInput }),
    reference_code: text(64).trim().nullish(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type NfcRegisterRequest = z.input<typeof nfcRegisterRequest>;

export const nfcCheckRequest = nfcRegisterRequest.pick({ user_id: true, nfc_security_code: true });

export const historyQuery = z.object(
  {
    user_code: userId,
    start_date: z
      .string({ error: MEMBER_INFO_OWN.historyRange })
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: MEMBER_INFO_OWN.historyRange })
      .refine((v) => v === '' || isCalendarDate(v), { error: MEMBER_INFO_OWN.historyRange })
      .default(''),
    end_date: z
      .string({ error: MEMBER_INFO_OWN.historyRange })
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: MEMBER_INFO_OWN.historyRange })
      .refine((v) => v === '' || isCalendarDate(v), { error: MEMBER_INFO_OWN.historyRange })
      .default(''),
    num_of_rows: z.coerce
      .number({ error: API_MESSAGES.invalidInput })
      .int({ error: API_MESSAGES.invalidInput })
      .min(1, { error: API_MESSAGES.invalidInput })
      .max(HISTORY_NUM_OF_ROWS, { error: API_MESSAGES.invalidInput })
      .default(HISTORY_NUM_OF_ROWS),
    type: z.enum(HISTORY_TYPE_FILTERS, { error: API_MESSAGES.invalidInput }).default('all'),
  },
  { error: API_MESSAGES.invalidInput },
);
export type HistoryQuery = z.input<typeof historyQuery>;

export const memberPoint = z.object({ reward_name: z.string().nullable(), drv_point: z.number() });

export const memberCoupon = z.looseObject({
  coupon_user_id: z.number(),
  coupon_image: z.string().nullable(),
  coupon_name: z.string().nullable(),
  qty: z.number(),
  expired_date: z.string(),
  outlet_name: z.string().nullable(),
  coupon_notes: z.string().nullable(),
});
export type MemberCoupon = z.infer<typeof memberCoupon>;

/** The member of 001 §3 'Customer' as member info reads it (the cashier's user object and the profile). */
export const memberInfo = posUser.extend({
  user_id: z.string(),
  nik: z.string().nullable(),
  reference_code: z.string().nullable(),
  user_photo: z.string().nullable(),
  satusehat_patient_id: z.string().nullable(),
  satusehat_ihs_no: z.string().nullable(),
  valid_until: z.string().nullable(),
  points: z.array(memberPoint),
  wallets: z.array(z.object({ drv_amount: z.number() })),
  account_receivable_drv_balance: z.number(),
  last_trx: z.string().nullable(),
  is_birthday: z.union([z.literal(0), z.literal(1)]),
  has_nfc_card: z.union([z.literal(0), z.literal(1)]),
  journal_notes: z.string().nullable(),
  journal_notes_modified_at: z.string().nullable(),
  journal_notes_modified_by: z.string().nullable(),
  member_coupons: z.array(memberCoupon),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const referenceGenerateResponse = z.object({ reference_code: z.string() });
export const memberMessageResponse = z.object({ message: z.string() });

export const billPayment = z.object({
  payment_method_name: z.string(),
  payment_type: z.string(),
  payment_amount: z.number(),
});
export const billRow = z.looseObject({
  local_trx_id: z.string(),
  trx_id: z.string(),
  trx_local_end_time: z.string(),
  drv_grand_total: z.number(),
  trx_notes: z.string().nullable(),
  trx_type: z.string(),
  redeem: z.unknown().nullable(),
  coupon: z.unknown().nullable(),
  payments: z.array(billPayment),
  customer: z.looseObject({ user_name: z.string().nullable() }).nullable(),
});
export type BillRow = z.infer<typeof billRow>;
export const billHistoryResponse = z.object({ trxs: z.array(billRow) });

export const itemRowDetail = z.object({
  package_name: z.string().nullable(),
  item_name: z.string(),
  notes: z.string().nullable(),
  secret_notes: z.string().nullable(),
  worker_name: z.string().nullable(),
  seller_name: z.string().nullable(),
  price: z.number(),
});
export const itemRow = z.object({
  local_trx_id: z.string(),
  trx_local_end_time: z.string(),
  document_date: z.string().nullable(),
  user_name: z.string().nullable(),
  drv_primary_phone: z.string().nullable(),
  reference_code: z.string().nullable(),
  item_trx_history_pos_sales_trx_details: z.array(itemRowDetail),
});
export type ItemRow = z.infer<typeof itemRow>;
export const itemHistoryResponse = z.object({ trxs: z.array(itemRow) });
