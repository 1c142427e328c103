import { z } from 'zod';
import { commaList, flag, id, itemNatureSchema, num, optFlag, optNum, optText } from './common';
import { posItemDiscountSchema } from './discount';
import { commissionWorkerShareSchema, lineWorkerSchema } from './worker';

export const modifierOptionSchema = z.looseObject({
  posItemModifier_option_id: optNum,
  option_name: z.string(),
  option_price: num,
});
export type ModifierOption = z.infer<typeof modifierOptionSchema>;

/** A modifier group of an item (pos_item_pos_item_modifiers[]); on a line it holds the chosen options. */
export const itemModifierSchema = z.looseObject({
  posItem_posItemModifier_id: optNum,
  pos_item_modifier_id: optNum,
  modifier_name: z.string(),
  /** 'SINGLE' or a multiple-choice value. */
  modifier_type: z.string().nullable().optional(),
  pos_item_modifier_options: z.array(modifierOptionSchema).default([]),
});
export type ItemModifier = z.infer<typeof itemModifierSchema>;

export const variantSchema = z.looseObject({
  pos_item_variant_id: id,
  pos_item_id: optNum,
  variant_name: z.string().nullable().optional(),
  variant_price: num,
  variant_price_text: optText,
  original_price: optNum,
  custom_price: z.boolean().nullable().optional(),
  sku: optText,
  commission_percentage: optNum,
  commission_value: optNum,
  variant_cost: optNum,
});
export type Variant = z.infer<typeof variantSchema>;

export const packageDetailVariantSchema = z.looseObject({
  pos_item_variant_id: optNum,
  variant_name: z.string().nullable().optional(),
  is_chosen: z.union([z.boolean(), z.number()]).nullable().optional(),
});
export type PackageDetailVariant = z.infer<typeof packageDetailVariantSchema>;

/** An item inside a package (pos_item_package_details[]), on the item and on a line. */
export const packageDetailSchema = z.looseObject({
  pos_item_id: optNum,
  item_name: z.string(),
  qty: num,
  is_all_variant: optFlag,
  pos_item_package_detail_variants: z.array(packageDetailVariantSchema).default([]),
  all_pos_item_package_detail_variants: z.array(packageDetailVariantSchema).nullable().optional(),
  business_commission_worker: lineWorkerSchema.nullable().optional(),
  commission_workers: z.array(commissionWorkerShareSchema).nullable().optional(),
  service_area: z.looseObject({}).nullable().optional(),
  no_commission: optFlag,
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

/** coupon_meta of a coupon shown as an item. */
export const couponMetaSchema = z.looseObject({
  coupon_id: optNum,
  coupon_category_id: optNum,
  pos_item_category_id: optNum,
  max_custom_discount: optNum,
});
export type CouponMeta = z.infer<typeof couponMetaSchema>;

/** pos_item: a product or service of the catalogue. */
export const posItemSchema = z.looseObject({
  pos_item_id: id,
  item_name: z.string(),
  item_image: optText,
  pos_item_category_id: optNum,
  category_name: optText,
  is_package: flag.default(0),
  is_custom: flag.default(0),
  is_hidden: flag.default(0),
  no_commission: flag.default(0),
  is_custom_price: flag.default(0),
  is_custom_discount: flag.default(0),
  max_custom_discount: optNum,
  item_nature: itemNatureSchema.nullable().optional(),
  is_stock_out_required: flag.default(0),
  authorized_user_groups: commaList.optional(),
  authorized_business_memberships: commaList.optional(),
  pos_item_commission_worker_groups: z
    .array(z.looseObject({ business_commission_worker_group_id: num }))
    .nullable()
    .optional(),
  coupon_meta: couponMetaSchema.nullable().optional(),
  pos_item_discounts: z.array(posItemDiscountSchema).nullable().optional(),
  pos_item_package_details: z.array(packageDetailSchema).nullable().optional(),
  pos_item_pos_item_modifiers: z.array(itemModifierSchema).nullable().optional(),
  pos_item_variants: z.array(variantSchema).default([]),
});
export type PosItem = z.infer<typeof posItemSchema>;

export const itemCategorySchema = z.looseObject({
  pos_item_category_id: id,
  category_name: z.string(),
});
export type ItemCategory = z.infer<typeof itemCategorySchema>;

/** Tag: pos_tag_id, pos_tag_name, usage_scope (ITEM, TRANSACTION, ALL, …). */
export const tagSchema = z.looseObject({
  pos_tag_id: id,
  pos_tag_name: z.string(),
  usage_scope: z.string().nullable().optional(),
});
export type Tag = z.infer<typeof tagSchema>;
