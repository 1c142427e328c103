import { z } from 'zod';

/**
 * Building blocks shared by the entity schemas. Real data from the configuration sometimes
 * carries numbers as strings ("50000") and ids as numbers or strings, so numeric fields coerce.
 */

/** A whole or decimal number; numeric strings from older data are accepted. */
export const num = z.coerce.number();
/** A 0/1 switch of the configuration (booleans are accepted and read as 1/0). */
export const flag = z.preprocess((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v), z.coerce.number());
/** An integer id as the backend issues them. */
export const id = z.coerce.number().int();
/** An optional text that may also be null. */
export const optText = z.string().nullable().optional();
/** An optional number that may also be null. */
export const optNum = num.nullable().optional();
/**
 * A cap (max_deduction_value, item_category_max_deduction_value, max_discount_value): a number caps,
 * 0 included; null, missing or an empty string is no cap (ruling 23), never 0.
 */
export const optCap = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  num.nullable().optional(),
);
/** An optional 0/1 flag that may also be null. */
export const optFlag = flag.nullable().optional();
/** A local timestamp as stored: "YYYY-MM-DD HH:mm:ss" (other ISO forms pass too). */
export const localDateTime = z.string();
/** A comma-separated list of ids, e.g. authorized_user_groups "3,5" (null/empty = unrestricted). */
export const commaList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .nullable();

export const TRX_TYPES = [
  'NORMAL',
  'COUPON_SALES',
  'TOP_UP_DEPOSIT',
  'MEMBERSHIP_SALES',
  'ACCOUNT_RECEIVABLE',
] as const;
export const trxTypeSchema = z.enum(TRX_TYPES);
export type TrxType = z.infer<typeof trxTypeSchema>;

export const PAYMENT_TYPES = ['NORMAL', 'DEPOSIT', 'CREDIT'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** trx_status_id: 1 appointment, 2 pending/open, 3 completed, 4 void. */
export const TRX_STATUS = { APPOINTMENT: 1, PENDING: 2, COMPLETED: 3, VOID: 4 } as const;
export const trxStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type TrxStatusId = z.infer<typeof trxStatusSchema>;

export const ITEM_NATURES = ['SERVICE', 'RETAIL'] as const;
export const itemNatureSchema = z.enum(ITEM_NATURES);
export type ItemNature = z.infer<typeof itemNatureSchema>;

export const POS_LINK_TYPES = ['item', 'item_category', 'discount'] as const;
export const posLinkTypeSchema = z.enum(POS_LINK_TYPES);
export type PosLinkType = z.infer<typeof posLinkTypeSchema>;

/** The discount type recorded at submit (trx_discount_type) and per line (item_discount_type). */
export const DISCOUNT_KINDS = ['coupon', 'redeem', 'member', 'custom', 'defined'] as const;
export const discountKindSchema = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof discountKindSchema>;

/** 001 §3: how a customer was searched for; 'search' carries a user_code picked from the keyword list, 'nik' the national ID (001 §2.2). */
export const IDENTIFIER_TYPES = ['phone', 'qr', 'email', 'reference', 'search', 'nik'] as const;
export const identifierTypeSchema = z.enum(IDENTIFIER_TYPES);
export type IdentifierType = z.infer<typeof identifierTypeSchema>;

export const REDEEM_TYPES = ['qr', 'sms', 'direct', 'agent'] as const;
export const redeemTypeSchema = z.enum(REDEEM_TYPES);
export type RedeemType = z.infer<typeof redeemTypeSchema>;

/** Action types logged in deleted_details. */
export const DELETE_ACTION_TYPES = [
  'DELETE_ITEM',
  'DELETE',
  'MODIFY_ITEM',
  'MODIFY_QTY',
  'DELETE_TRX',
] as const;
export const deleteActionTypeSchema = z.enum(DELETE_ACTION_TYPES);
export type DeleteActionType = z.infer<typeof deleteActionTypeSchema>;
