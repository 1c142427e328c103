import { z } from 'zod';
import { identifierTypeSchema, num, optFlag, optNum, optText } from './common';

export const customerAccountReceivableSchema = z.looseObject({
  account_receivable_id: optNum,
  local_trx_id: optText,
  trx_id: optText,
  drv_balance: num,
  trx_time: optText,
  payment_method_reference: optText,
});
export type CustomerAccountReceivable = z.infer<typeof customerAccountReceivableSchema>;

/** The customer as used in a transaction. user_code null = a new customer. */
export const customerSchema = z.looseObject({
  user_code: z.string().nullable(),
  user_name: optText,
  user_ref: optText,
  user_phone: optText,
  user_email: optText,
  user_notes: optText,
  user_birth_date: optText,
  /** 1 = Laki-laki (male), 2 = Perempuan (female). */
  user_gender: optNum,
  user_email_notification: optText,
  user_identifier_type: identifierTypeSchema.nullable().optional(),
  user_identifier_string: optText,
  retrieve_time: optText,
  membership_name: optText,
  account_receivables: z.array(customerAccountReceivableSchema).nullable().optional(),
  discount_level: z.looseObject({ reward_value: num }).nullable().optional(),
  active_coupons: z
    .array(z.looseObject({ coupon_id: num, expired_date: optText }))
    .nullable()
    .optional(),
  deposit_amount: optNum,
  is_signed_up: optFlag,
});
export type Customer = z.infer<typeof customerSchema>;
