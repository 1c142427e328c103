import { z } from 'zod';
import { isIndonesianPhone, isNik, MEMBERSHIP_ACTIVATION_TYPES } from '../../domain/customer-search';
import { IDENTIFIER_TYPES, type IdentifierType } from '../../domain/model/common';
import { areaCategorySchema, areaSchema, customerJournalActivitySchema } from '../../domain/model/config';
import { couponSchema } from '../../domain/model/coupon';
import { customerAccountReceivableSchema, customerSchema } from '../../domain/model/customer';
import { posItemDiscountSchema } from '../../domain/model/discount';
import { tagSchema } from '../../domain/model/item';
import { CUSTOMER_SEARCH_OWN } from '../../domain/texts/customer-search';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../domain/texts/sale';
import { API_MESSAGES } from '../../domain/texts/server';
import { validateCustomerSearch } from '../../domain/validation-sale';

/** The cashier's lookups (000 §7; docs/api.md pairs the unnamed ones, ruling 12). No leading slash. */
export const CUSTOMER_PATHS = {
  /** POST; `?retrieve_coupon=1` adds coupon_detail to active_coupons. Without it: the customer balance call. */
  posUser: 'cashier/pos/user',
  userSearch: 'cashier/pos/user-search',
  customerActivity: 'cashier/customer-activity',
  discount: 'cashier/pos/discount',
  tag: 'cashier/pos-tag',
  area: 'cashier/pos-area',
  pinValidation: 'cashier/pos/pin-validation',
} as const;

const NOT_AN_OBJECT = { error: API_MESSAGES.invalidInput };

/**
 * {user_identifier_type, user_identifier_string} (body of cashier/pos/user, query of customer-activity),
 * checked by the domain's customer-search rule (000 §5): "Customer harus dipilih.", the phone and e-mail
 * messages; 'search' carries a user_code chosen from the keyword search.
 */
export const customerIdentifierRequest = z
  .object(
    {
      user_identifier_type: z
        .string({ error: DOMAIN_MESSAGES.customerRequired })
        .max(50, { error: API_MESSAGES.invalidInput })
        .nullish(),
      user_identifier_string: z
        .string({ error: DOMAIN_MESSAGES.customerRequired })
        .max(254, { error: API_MESSAGES.invalidInput })
        .nullish(),
      /** 001 §7: the member-activation lookup sends 'membership_activation' (phone, qr or e-mail only). */
      transaction_type: z.literal('membership_activation', { error: API_MESSAGES.invalidInput }).nullish(),
    },
    NOT_AN_OBJECT,
  )
  .superRefine((v, ctx) => {
    const type = v.user_identifier_type?.trim() ?? '';
    const message = validateCustomerSearch(type, v.user_identifier_string);
    if (message !== null) {
      ctx.addIssue({
        code: 'custom',
        message,
        path: [type === '' ? 'user_identifier_type' : 'user_identifier_string'],
      });
    } else if (
      !(IDENTIFIER_TYPES as readonly string[]).includes(type) ||
      (v.transaction_type === 'membership_activation' &&
        !(MEMBERSHIP_ACTIVATION_TYPES as readonly string[]).includes(type))
    ) {
      ctx.addIssue({ code: 'custom', message: API_MESSAGES.invalidInput, path: ['user_identifier_type'] });
    } else {
      // issue 24 bad input: a phone that is not Indonesian, a NIK that is not 16 digits
      const value = (v.user_identifier_string ?? '').trim();
      const own =
        type === 'phone' && !isIndonesianPhone(value)
          ? CUSTOMER_SEARCH_OWN.phoneNotIndonesian
          : type === 'nik' && !isNik(value)
            ? CUSTOMER_SEARCH_OWN.nikInvalid
            : null;
      if (own) ctx.addIssue({ code: 'custom', message: own, path: ['user_identifier_string'] });
    }
  })
  .transform((v) => ({
    user_identifier_type: (v.user_identifier_type?.trim() ?? '') as IdentifierType,
    user_identifier_string: (v.user_identifier_string ?? '').trim(),
    ...(v.transaction_type ? { transaction_type: v.transaction_type } : {}),
  }));
export type CustomerIdentifierRequest = z.input<typeof customerIdentifierRequest>;
export type CustomerIdentifier = z.output<typeof customerIdentifierRequest>;

/** POST cashier/pos/user?retrieve_coupon=1. */
export const posUserQuery = z.object({
  retrieve_coupon: z.enum(['0', '1'], { error: API_MESSAGES.invalidInput }).optional(),
});
export type PosUserQuery = z.input<typeof posUserQuery>;

export const userAccountReceivable = customerAccountReceivableSchema.extend({
  account_receivable_id: z.number(),
  business_outlet_id: z.number().nullable(),
});
export type UserAccountReceivable = z.infer<typeof userAccountReceivable>;

/** A coupon the customer holds: not expired (outlet date), some left; coupon_detail with retrieve_coupon=1. */
export const activeCoupon = z.looseObject({
  coupon_user_id: z.number(),
  coupon_id: z.number(),
  qty: z.number(),
  start_date: z.string(),
  expired_date: z.string(),
  coupon_notes: z.string().nullable(),
  coupon_detail: couponSchema.nullable().optional(),
});
export type ActiveCoupon = z.infer<typeof activeCoupon>;

/**
 * The customer as used in a transaction (000 §3). user_code null = a new customer: only the identifier
 * (user_phone or user_email) is filled; the cashier creates the customer at submit.
 */
export const posUser = customerSchema.extend({
  user_identifier_type: z.enum(IDENTIFIER_TYPES),
  user_identifier_string: z.string(),
  retrieve_time: z.string(),
  account_receivables: z.array(userAccountReceivable),
  active_coupons: z.array(activeCoupon),
  deposit_amount: z.number(),
  is_signed_up: z.union([z.literal(0), z.literal(1)]),
});
export type PosUser = z.infer<typeof posUser>;

/** GET cashier/pos/user-search?keyword=. */
export const userSearchQuery = z.object({
  keyword: z
    .string({ error: DOMAIN_MESSAGES.keywordRequired })
    .trim()
    .min(1, { error: DOMAIN_MESSAGES.keywordRequired })
    .max(254, { error: API_MESSAGES.invalidInput }),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

/** A search hit; '$$' is shown when has_account_receivable is 1 (open receivables, 000 §2 Set Customer). */
export const userSearchHit = z.looseObject({
  user_code: z.string(),
  user_name: z.string(),
  user_ref: z.string().nullable(),
  user_phone: z.string().nullable(),
  user_email: z.string().nullable(),
  user_notes: z.string().nullable(),
  user_birth_date: z.string().nullable(),
  user_gender: z.number().nullable(),
  has_account_receivable: z.union([z.literal(0), z.literal(1)]),
});
export type UserSearchHit = z.infer<typeof userSearchHit>;
export const USER_SEARCH_LIMIT = 50;
export const userSearchResponse = z.object({ users: z.array(userSearchHit) });
export type UserSearchResponse = z.infer<typeof userSearchResponse>;

/** GET cashier/customer-activity: the customer's journal activities created today with notes_for_cashier. */
export const customerActivity = customerJournalActivitySchema.extend({
  customer_activity_id: z.number(),
  local_trx_id: z.string(),
  activity_notes: z.string().nullable(),
  notes_for_cashier: z.string(),
  business_outlet_id: z.number().nullable(),
  business_user_id: z.number().nullable(),
});
export type CustomerActivity = z.infer<typeof customerActivity>;
export const customerActivityResponse = z.object({ customer_activities: z.array(customerActivity) });
export type CustomerActivityResponse = z.infer<typeof customerActivityResponse>;

/** GET cashier/pos/discount: the outlet's promos (the user data's pos_item_discounts, fresh). */
export const discountListResponse = z.object({ pos_item_discounts: z.array(posItemDiscountSchema) });
export type DiscountListResponse = z.infer<typeof discountListResponse>;

/** GET cashier/pos-tag. */
export const tagListResponse = z.object({ tags: z.array(tagSchema) });
export type TagListResponse = z.infer<typeof tagListResponse>;

/** GET cashier/pos-area: the outlet's service areas and their categories (category 0 is 'Lainnya'). */
export const areaListResponse = z.object({
  area: z.array(areaSchema),
  area_category: z.array(areaCategorySchema),
});
export type AreaListResponse = z.infer<typeof areaListResponse>;

/** POST cashier/pos/pin-validation: a supervisor's password of the session's outlet. */
export const pinValidationRequest = z.object(
  {
    password: z
      .string({ error: DOMAIN_MESSAGES.passwordRequired })
      .min(1, { error: DOMAIN_MESSAGES.passwordRequired })
      .max(1024, { error: API_MESSAGES.invalidInput }),
  },
  NOT_AN_OBJECT,
);
export type PinValidationRequest = z.input<typeof pinValidationRequest>;
/** Who authorised (kept with the deletion / qty change for the audit trail). */
export const pinValidationResponse = z.object({
  business_user_id: z.number(),
  supervisor_name: z.string(),
  validated_at: z.string(),
});
export type PinValidationResponse = z.infer<typeof pinValidationResponse>;
