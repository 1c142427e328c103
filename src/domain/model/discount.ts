import { z } from 'zod';
import { commaList, id, num, optCap, optNum, optText } from './common';

/** One weekday window of a special_day discount; day_id is ISO (Mon 1 … Sun 7, 0 read as Sunday: ruling 1). */
export const discountDaySchema = z.looseObject({
  day_id: num,
  open_hour: z.string(),
  close_hour: z.string(),
});
export type DiscountDay = z.infer<typeof discountDaySchema>;

/** One day-of-month window of a special_date discount. */
export const discountSpecialDateSchema = z.looseObject({
  day: num,
  start_time: z.string(),
  end_time: z.string(),
});
export type DiscountSpecialDate = z.infer<typeof discountSpecialDateSchema>;

export const DISCOUNT_TYPES = ['basic', 'req-item', 'custom'] as const;
/** 'percentage', or a fixed amount written 'value' or 'nominal'. */
export const deductionTypeSchema = z.enum(['percentage', 'value', 'nominal']);
export type DeductionType = z.infer<typeof deductionTypeSchema>;

export const AVAILABILITY_TYPES = ['all_day', 'special_day', 'special_date'] as const;

/**
 * pos_item_discount: a promo. 'basic' = transaction (global) promo, 'req-item' = item promo,
 * 'custom' = a cashier's own global discount (pos_item_discount_id 0).
 */
export const posItemDiscountSchema = z.looseObject({
  pos_item_discount_id: id,
  discount_name: z.string().nullable().optional(),
  discount_type: z.enum(DISCOUNT_TYPES),
  deduction_type: deductionTypeSchema,
  deduction_value: num,
  max_deduction_value: optCap,
  start_date: optText,
  end_date: optText,
  availability_type: z.enum(AVAILABILITY_TYPES).nullable().optional(),
  pos_item_discount_days: z.array(discountDaySchema).nullable().optional(),
  pos_item_discount_special_dates: z.array(discountSpecialDateSchema).nullable().optional(),
  authorized_user_groups: commaList.optional(),
  authorized_business_memberships: commaList.optional(),
  req_pos_item_id: optNum,
  pos_item_category_id: optNum,
  coupon_id: optNum,
  coupon_group_id: optNum,
  req_item_min_qty: optNum,
});
export type PosItemDiscount = z.infer<typeof posItemDiscountSchema>;
