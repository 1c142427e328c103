import { z } from 'zod';
import { commaList, id, num, optCap, optFlag, optNum, optText, posLinkTypeSchema } from './common';
import { variantSchema } from './item';

/** A coupon for sale (coupon sales). Shown as an item with pos_item_id 0 and one variant id 1. */
export const couponSchema = z.looseObject({
  coupon_id: id,
  coupon_name: z.string(),
  coupon_image: optText,
  coupon_price: num,
  coupon_category_id: optNum,
  coupon_category_name: optText,
  /** Only 'manual' coupons are shown for sale. */
  coupon_type: optText,
  coupon_group_id: optNum,
  /** 'MANUAL_INPUT' lets the cashier pick the coupon start date. */
  coupon_start_date_type: optText,
  max_custom_discount: optNum,
  is_custom_discount: optFlag,
  is_custom_price: optFlag,
  authorized_user_groups: commaList.optional(),
  authorized_business_memberships: commaList.optional(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponGroupSchema = z.looseObject({
  coupon_group_id: id,
  coupon_group_name: z.string(),
  coupon_group_image: optText,
  coupon_group_price: num,
  coupon_type: optText,
  coupons: z.array(couponSchema).default([]),
  authorized_user_groups: commaList.optional(),
  authorized_business_memberships: commaList.optional(),
});
export type CouponGroup = z.infer<typeof couponGroupSchema>;

/**
 * The promotion behind an attached coupon (coupon_item) or redeem (redeem_item): what it
 * discounts (pos_link_type item / item_category / discount) and by how much.
 */
export const promoLinkSchema = z.looseObject({
  pos_link_type: posLinkTypeSchema,
  pos_item_id: optNum,
  item_deduction_type: optText,
  item_deduction_value: optNum,
  pos_item_category_id: optNum,
  item_category_deduction_percentage: optNum,
  item_category_max_deduction_value: optCap,
  item_category_max_qty: optNum,
  discount_percentage: optNum,
  max_discount_value: optCap,
  item_max_qty: optNum,
  is_all_variant: optFlag,
  pos_item_variants: z.array(variantSchema).nullable().optional(),
});
export type PromoLink = z.infer<typeof promoLinkSchema>;

/** coupon_item attached to a transaction. */
export const couponItemSchema = promoLinkSchema.extend({
  coupon_code: optText,
  coupon_name: optText,
  coupon_image: optText,
  coupon_notes: optText,
  outlet_name: optText,
  created_at: optText,
  trx_id: optText,
});
export type CouponItem = z.infer<typeof couponItemSchema>;

/** A coupon a customer holds. */
export const customerCouponSchema = z.looseObject({
  coupon_user_id: id,
  expired_date: optText,
  coupon_detail: couponItemSchema.nullable().optional(),
});
export type CustomerCoupon = z.infer<typeof customerCouponSchema>;

/** reward_redemption_items[]: what points can be exchanged for. */
export const rewardRedemptionItemSchema = z.looseObject({
  reward_redemption_item_id: id,
  item_name: z.string(),
  image_url: optText,
  point_amount: num,
  reward_name: optText,
  pos_link_type: posLinkTypeSchema.nullable().optional(),
  pos_item_id: optNum,
  is_all_variant: optFlag,
  pos_item_variants: z.array(variantSchema).nullable().optional(),
});
export type RewardRedemptionItem = z.infer<typeof rewardRedemptionItemSchema>;

/** redeem_item attached to a transaction: the promotion link plus the reward's fields. */
export const redeemItemSchema = promoLinkSchema.extend({
  reward_redemption_item_id: optNum,
  item_name: optText,
  image_url: optText,
  point_amount: optNum,
  reward_name: optText,
});
export type RedeemItem = z.infer<typeof redeemItemSchema>;

export const qrRedeemDataSchema = z.looseObject({
  user_name: optText,
  user_code: optText,
  details: z
    .array(
      z.looseObject({
        image_url: optText,
        qty: optNum,
        item_name: optText,
        drv_total_point: optNum,
        reward_name: optText,
        reward_redemption_item: rewardRedemptionItemSchema.nullable().optional(),
      }),
    )
    .default([]),
});
export type QrRedeemData = z.infer<typeof qrRedeemDataSchema>;

/** A partner channel's transaction for a customer, fulfilled once by the cashier. */
export const agentTransactionSchema = z.looseObject({
  pos_trx_code: z.string(),
  agent_code: optText,
  details: z
    .array(
      z.looseObject({
        trx_id: optText,
        image_url: optText,
        item_name: optText,
        created_at: optText,
        reward_redemption_item: rewardRedemptionItemSchema.nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
  coupon_detail: couponItemSchema.nullable().optional(),
});
export type AgentTransaction = z.infer<typeof agentTransactionSchema>;

/** transaction.coupon */
export const trxCouponSchema = z.looseObject({
  coupon_code: optText,
  coupon_item: couponItemSchema,
  qr_coupon_data: z.unknown().optional(),
});
export type TrxCoupon = z.infer<typeof trxCouponSchema>;

/** transaction.redeem */
export const trxRedeemSchema = z.looseObject({
  redeem_type: z.enum(['qr', 'sms', 'direct', 'agent']),
  redeem_code: optText,
  redeem_item: redeemItemSchema,
  qr_redeem_data: qrRedeemDataSchema.nullable().optional(),
});
export type TrxRedeem = z.infer<typeof trxRedeemSchema>;
