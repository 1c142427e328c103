// The redeem dialog's calls (000 §7: redeem scan, SMS redeem and resend, agent reward transactions; ruling 12
// pairs them with the known paths, docs/api.md). No leading slash.
import { z } from 'zod';
import { qrRedeemDataSchema, rewardRedemptionItemSchema } from '../../domain/model/coupon';
import { API_MESSAGES } from '../../domain/texts/server';

export const REDEEM_PATHS = {
  /** GET ?scancode={code} (5 s): the QR code's preview */
  scan: 'cashier/reward/preview',
  /** POST {user_identifier_string, reward_redemption_item_id} → {reward_redeem_sms_id} */
  sms: 'cashier/sms-redeem-reward',
  /** POST {reward_redeem_sms_id} → toast 'SMS berhasil dikirim ulang' */
  smsResend: 'cashier/sms-redeem-reward-resend',
  /** GET → the brand's reward items (001 §3 Reward item) */
  rewardItems: 'cashier/reward-redemption-item',
  /** POST {reward_redeem_sms_id, scancode} → {message}: the SMS code accepted, the points debited once */
  smsValidate: 'cashier/validate-sms-redeem-reward',
  /** POST {reward_redeem_sms_id, scancode, pos_trx_code} → {message}: the purchase no. of that redemption */
  smsSave: 'cashier/save-sms-redeem-reward',
  /** GET ?user_code={code}: the customer's agent reward transactions not yet fulfilled */
  agentList: 'cashier/pos/reward-agent-redeem/transaction/list',
  /** GET ?user_code={code}: the customer's agent coupon transactions whose coupon is still usable */
  agentCouponList: 'cashier/pos/coupon-agent-redeem/transaction/list',
} as const;

/** Redeeming is part of a sale: the cashier's flag. */
export const REDEEM_ROLES = ['CASHIER_SYSTEM'] as const;

/** A required text of at most `max` characters, trimmed, without NUL (the redeem and loyalty calls). */
export const bounded = (max: number) =>
  z
    .string({ error: API_MESSAGES.invalidInput })
    .trim()
    .min(1, { error: API_MESSAGES.invalidInput })
    .max(max, { error: API_MESSAGES.invalidInput })
    .refine((s) => !s.includes('\u0000'), { error: API_MESSAGES.invalidInput });
const positiveId = z.coerce
  .number({ error: API_MESSAGES.invalidInput })
  .int({ error: API_MESSAGES.invalidInput })
  .positive({ error: API_MESSAGES.invalidInput })
  .max(2_147_483_647, { error: API_MESSAGES.invalidInput });

export const redeemScanQuery = z.object({ scancode: bounded(100) }, { error: API_MESSAGES.invalidInput });
export const redeemScanResponse = qrRedeemDataSchema.extend({ scancode: z.string() });
export type RedeemScanResponse = z.infer<typeof redeemScanResponse>;

const optionalText = (max: number) =>
  z
    .string({ error: API_MESSAGES.invalidInput })
    .max(max, { error: API_MESSAGES.invalidInput })
    .refine((s) => !s.includes('\u0000'), { error: API_MESSAGES.invalidInput })
    .nullish();

/**
 * POST SMS redeem (000 §7; 001 §7 adds the customer's fields): with is_edit_user = 1 the found customer's
 * name, gender (1 / 2, or 'Male' / 'Female'), birth date and notes are stored.
 */
export const smsRedeemRequest = z.object(
  {
    user_identifier_string: bounded(100),
    reward_redemption_item_id: positiveId,
    user_name: optionalText(200),
    user_gender: z
      .union(
        [z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), z.literal('Male'), z.literal('Female')],
        {
          error: API_MESSAGES.invalidInput,
        },
      )
      .nullish()
      .transform((v) => (v == null ? null : v === 'Male' ? 1 : v === 'Female' ? 2 : (Number(v) as 1 | 2))),
    user_birth_date: optionalText(10),
    user_notes: optionalText(2000),
    is_edit_user: z.union([z.literal(0), z.literal(1)], { error: API_MESSAGES.invalidInput }).optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type SmsRedeemRequest = z.input<typeof smsRedeemRequest>;
export const smsRedeemResponse = z.object({
  reward_redeem_sms_id: z.number(),
  message: z.string().optional(),
});
export const smsValidateRequest = z.object(
  { reward_redeem_sms_id: positiveId, scancode: bounded(20) },
  { error: API_MESSAGES.invalidInput },
);
export const smsSaveRequest = z.object(
  { reward_redeem_sms_id: positiveId, scancode: bounded(20), pos_trx_code: bounded(100) },
  { error: API_MESSAGES.invalidInput },
);
export const messageResponse = z.object({ message: z.string() });
export const rewardItemsResponse = z.array(rewardRedemptionItemSchema);
export type SmsRedeemResponse = z.infer<typeof smsRedeemResponse>;

export const smsRedeemResendRequest = z.object(
  { reward_redeem_sms_id: positiveId },
  { error: API_MESSAGES.invalidInput },
);

export const agentRewardListQuery = z.object(
  { user_code: bounded(50) },
  { error: API_MESSAGES.invalidInput },
);
export const agentRewardTransactionSchema = z.looseObject({
  pos_trx_code: z.string(),
  agent_code: z.string().nullable().optional(),
  details: z.array(
    z.looseObject({
      trx_id: z.string().nullable().optional(),
      image_url: z.string().nullable().optional(),
      item_name: z.string().nullable().optional(),
      created_at: z.string().nullable().optional(),
      reward_redemption_item: rewardRedemptionItemSchema.nullable().optional(),
    }),
  ),
});
export type AgentRewardTransaction = z.infer<typeof agentRewardTransactionSchema>;
export const agentRewardListResponse = z.array(agentRewardTransactionSchema);

/** An agent's coupon sale as the coupon dialog's Agent list shows it (000 §3 "Agent transaction" with its
 * coupon_detail): the agent's record and the customer's coupon it gave (a held coupon: coupon_user_id …). */
export const agentCouponTransactionSchema = z.looseObject({
  pos_trx_code: z.string(),
  agent_code: z.string(),
  trx_id: z.string(),
  created_at: z.string(),
  coupon_user_id: z.number(),
  coupon_id: z.number(),
  qty: z.number(),
  start_date: z.string().nullable().optional(),
  expired_date: z.string().nullable().optional(),
  coupon_notes: z.string().nullable().optional(),
  coupon_detail: z.looseObject({}).nullable().optional(),
});
export type AgentCouponTransaction = z.infer<typeof agentCouponTransactionSchema>;
export const agentCouponListResponse = z.array(agentCouponTransactionSchema);
