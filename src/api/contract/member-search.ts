// Issue 24: the member search by name (001 §2.2 Nama, §7 GET {member search}) and member activation
// (001 §2.8, §7 POST {membership-activation lookup}, POST {membership activation}); docs/api.md pairs the paths.
import { z } from 'zod';
import { isEmailAddress } from '../../domain/customer-fields';
import { isIndonesianPhone, MEMBERSHIP_ACTIVATION_TYPES } from '../../domain/customer-search';
import {
  CUSTOMER_PANEL_TEXTS,
  CUSTOMER_SEARCH_OWN,
  MEMBER_ACTIVATION_TEXTS,
} from '../../domain/texts/customer-search';
import { MEMBER_INFO_OWN } from '../../domain/texts/member-info';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../domain/texts/sale';
import { API_MESSAGES } from '../../domain/texts/server';
import { isCalendarDate } from '../../domain/time-wall';

export const MEMBER_PATHS = {
  /** GET ?keyword= (10 s). */
  memberSearch: 'cashier/pos/member-search',
  /** POST: the activation; the lookup before it is cashier/pos/user with transaction_type membership_activation. */
  activation: 'cashier/membership/activation',
} as const;

/** 001 §9: at most this many rows answer a member search. */
export const MEMBER_SEARCH_LIMIT = 50;

/** GET cashier/pos/member-search?keyword=: 1–100 characters. */
export const memberSearchQuery = z.object({
  keyword: z
    .string({ error: DOMAIN_MESSAGES.keywordRequired })
    .trim()
    .min(1, { error: DOMAIN_MESSAGES.keywordRequired })
    .max(100, { error: API_MESSAGES.invalidInput }),
});

/** 001 §3 'Member search result'. */
export const memberSearchRow = z.object({
  user_id: z.number(),
  user_code: z.string(),
  user_name: z.string(),
  user_ref: z.string().nullable(),
  user_phone: z.string().nullable(),
  user_email: z.string().nullable(),
  user_notes: z.string().nullable(),
});
export type MemberSearchRow = z.infer<typeof memberSearchRow>;
export const memberSearchResponse = z.object({ members: z.array(memberSearchRow) });
export type MemberSearchResponse = z.infer<typeof memberSearchResponse>;

const optionalText = (max: number) =>
  z
    .string({ error: API_MESSAGES.invalidInput })
    .max(max, { error: API_MESSAGES.invalidInput })
    .nullish()
    .transform((v) => {
      const t = (v ?? '').trim();
      return t === '' ? null : t;
    });

/**
 * POST cashier/membership/activation (001 §7): the customer by phone, QR or e-mail, the membership, the
 * Purchase No. (required by the server when the catalogue's price is above 0 and is_automatic_activation ≠ 1),
 * the customer's fields (stored when is_edit_user = 1, or given to a new customer).
 */
export const membershipActivationRequest = z
  .object(
    {
      user_identifier_type: z.enum(MEMBERSHIP_ACTIVATION_TYPES, {
        error: MEMBER_ACTIVATION_TEXTS.customerRequired,
      }),
      user_identifier_string: z
        .string({ error: MEMBER_ACTIVATION_TEXTS.customerRequired })
        .trim()
        .min(1, { error: MEMBER_ACTIVATION_TEXTS.customerRequired })
        .max(254, { error: API_MESSAGES.invalidInput }),
      business_membership_id: z.coerce
        .number({ error: MEMBER_ACTIVATION_TEXTS.membershipType })
        .int({ error: MEMBER_ACTIVATION_TEXTS.membershipType })
        .positive({ error: MEMBER_ACTIVATION_TEXTS.membershipType })
        .max(2_147_483_647, { error: MEMBER_ACTIVATION_TEXTS.membershipType }),
      pos_trx_code: z
        .string({ error: API_MESSAGES.invalidInput })
        .max(100, { error: CUSTOMER_SEARCH_OWN.purchaseNoTooLong })
        .nullish()
        .transform((v) => (v ?? '').trim()),
      user_name: optionalText(254),
      user_gender: z
        .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], {
          error: API_MESSAGES.invalidInput,
        })
        .nullish()
        .transform((v) => (v == null ? null : (Number(v) as 1 | 2))),
      user_birth_date: z
        .string({ error: API_MESSAGES.invalidInput })
        .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: API_MESSAGES.invalidInput })
        .refine((v) => v === '' || isCalendarDate(v), { error: MEMBER_INFO_OWN.birthDateInvalid })
        .nullish()
        .transform((v) => (v ? v : null)),
      user_notes: optionalText(2000),
      is_edit_user: z
        .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
          error: API_MESSAGES.invalidInput,
        })
        .nullish()
        .transform((v) => (Number(v ?? 0) === 1 ? 1 : 0)),
    },
    { error: API_MESSAGES.invalidInput },
  )
  .superRefine((v, ctx) => {
    const s = v.user_identifier_string;
    const bad =
      v.user_identifier_type === 'phone'
        ? !/^\+?\d{9,15}$/.test(s)
          ? CUSTOMER_PANEL_TEXTS.invalidPhone
          : isIndonesianPhone(s)
            ? null
            : CUSTOMER_SEARCH_OWN.phoneNotIndonesian
        : v.user_identifier_type === 'email' && !isEmailAddress(s)
          ? CUSTOMER_PANEL_TEXTS.invalidEmail
          : null;
    if (bad) ctx.addIssue({ code: 'custom', message: bad, path: ['user_identifier_string'] });
  });
export type MembershipActivationRequest = z.input<typeof membershipActivationRequest>;
export type MembershipActivation = z.output<typeof membershipActivationRequest>;

export const membershipActivationResponse = z.object({
  message: z.string(),
  user_code: z.string(),
  membership_name: z.string(),
  valid_until: z.string(),
});
export type MembershipActivationResponse = z.infer<typeof membershipActivationResponse>;
