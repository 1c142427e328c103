// The loyalty screens' calls (001 §7; issue 24): the loyalty ingest, the redeem confirm and its purchase no.
// (also the coupon use's), and the coupon QR preview. No leading slash.
import { z } from 'zod';
import { LOYALTY_AMOUNT_MAX } from '../../domain/loyalty';
import { API_MESSAGES } from '../../domain/texts/server';
import { isCalendarDate } from '../../domain/time-wall';
import { activeCoupon } from './customer';
import { bounded } from './redeem';

export const LOYALTY_PATHS = {
  /** POST {is_offline, trxs: [loyalty transaction]} → [{local_trx_id, loyalty_trx_head_id, points}] */
  loyaltyTrx: 'cashier/loyalty-trx',
  /** POST {scancode, kind?} → {scancode, code_use_id}: the redeem (or coupon) confirm */
  redeemConfirm: 'cashier/reward/redeem',
  /** POST {scancode, pos_trx_code, kind?} → the purchase no. of the last use of that code */
  redeemSave: 'cashier/reward/save-redeem',
  /** POST {qr_code} → the coupon preview (000 §7 coupon QR: details[0].coupon_detail) */
  couponPreview: 'cashier/coupon/redeem/preview',
  /** POST {user_code} → {details}: the customer's usable coupons (000 §7 user coupons) */
  userCoupons: 'cashier/coupon/direct-redeem/preview',
} as const;

/** The loyalty screens sit beside the cashier: the cashier's flag. */
export const LOYALTY_ROLES = ['CASHIER_SYSTEM'] as const;

const optionalText = (max: number) =>
  z
    .string({ error: API_MESSAGES.invalidInput })
    .max(max, { error: API_MESSAGES.invalidInput })
    .refine((s) => !s.includes('\u0000'), { error: API_MESSAGES.invalidInput })
    .nullable()
    .optional();

/** "YYYY-MM-DD HH:mm[:ss]" of a real day and time (the device's formatLocalTimestamp). */
const isLocalTimestamp = (v: string) => {
  const m = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.exec(v.trim());
  return m !== null && isCalendarDate(m[1] as string);
};

/** 001 §3 Loyalty transaction, as the device sends it. */
export const loyaltyTrxSchema = z.object(
  {
    local_trx_id: bounded(64),
    pos_trx_code: bounded(100),
    trx_amount: z
      .number({ error: API_MESSAGES.invalidInput })
      .finite({ error: API_MESSAGES.invalidInput })
      .min(0, { error: API_MESSAGES.invalidInput })
      .max(LOYALTY_AMOUNT_MAX + 0.99, { error: API_MESSAGES.invalidInput }),
    user_identifier_type: z.enum(['phone', 'qr', 'email', 'reference'], { error: API_MESSAGES.invalidInput }),
    user_identifier_string: bounded(200),
    user_code: optionalText(50),
    user_name: optionalText(200),
    user_birth_date: optionalText(10).refine((v) => !v || isCalendarDate(v), {
      error: API_MESSAGES.invalidInput,
    }),
    user_gender: z.union([z.literal(1), z.literal(2), z.null()]).optional(),
    user_notes: optionalText(1000),
    user_retrieve_time: optionalText(30),
    trx_time: bounded(30).refine(isLocalTimestamp, { error: API_MESSAGES.invalidInput }),
    local_outlet_id: z.number().int().nullable().optional(),
    details: z.array(z.looseObject({}), { error: API_MESSAGES.invalidInput }).max(0).optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type LoyaltyTrx = z.infer<typeof loyaltyTrxSchema>;

export const loyaltyIngestRequest = z.object(
  {
    is_offline: z.union([z.literal(0), z.literal(1)], { error: API_MESSAGES.invalidInput }),
    trxs: z.array(loyaltyTrxSchema, { error: API_MESSAGES.invalidInput }).min(1).max(50),
  },
  { error: API_MESSAGES.invalidInput },
);
export const loyaltyIngestAnswer = z.object({
  local_trx_id: z.string(),
  loyalty_trx_head_id: z.number(),
  points: z.number(),
  reward_name: z.string().nullable(),
});
export type LoyaltyIngestAnswer = z.infer<typeof loyaltyIngestAnswer>;
export const loyaltyIngestResponse = z.array(loyaltyIngestAnswer);

const kind = z.enum(['reward', 'coupon'], { error: API_MESSAGES.invalidInput }).optional();
export const redeemConfirmRequest = z.object(
  { scancode: bounded(100), kind },
  { error: API_MESSAGES.invalidInput },
);
export const redeemConfirmResponse = z.object({ scancode: z.string(), code_use_id: z.number() });
export const redeemSaveRequest = z.object(
  { scancode: bounded(100), pos_trx_code: bounded(100), kind },
  { error: API_MESSAGES.invalidInput },
);
export const redeemSaveResponse = z.object({ message: z.string() });

export const couponPreviewRequest = z.object({ qr_code: bounded(100) }, { error: API_MESSAGES.invalidInput });
/**
 * 001 §3 Coupon preview; each detail is also the held coupon it names (000 §7 coupon QR reads
 * details[0].coupon_detail): coupon_user_id, coupon_id, qty left, dates, notes and the catalogue coupon.
 */
export const couponPreviewResponse = z.object({
  scancode: z.string(),
  user_name: z.string().nullable(),
  user_code: z.string().nullable(),
  details: z.array(
    activeCoupon.extend({ coupon_image: z.string().nullable(), coupon_name: z.string() }).partial({
      coupon_user_id: true,
      coupon_id: true,
      qty: true,
      start_date: true,
      expired_date: true,
      coupon_notes: true,
    }),
  ),
});
export type CouponPreview = z.infer<typeof couponPreviewResponse>;

export const userCouponsRequest = z.object({ user_code: bounded(50) }, { error: API_MESSAGES.invalidInput });
/** 000 §7 user coupons: data.details, the customer's coupons usable by the outlet's date, with coupon_detail. */
export const userCouponsResponse = z.object({ details: z.array(activeCoupon) });
