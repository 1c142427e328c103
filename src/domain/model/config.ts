import { z } from 'zod';
import { flag, id, num, optNum, optText } from './common';
import { couponGroupSchema, couponSchema, rewardRedemptionItemSchema } from './coupon';
import { posItemDiscountSchema } from './discount';
import { itemCategorySchema, posItemSchema, tagSchema } from './item';
import { paymentMethodSchema } from './payment';
import { commissionWorkerSchema } from './worker';

const flagOff = flag.default(0);

export const salesTypeSchema = z.looseObject({
  pos_salesType_id: id,
  pos_salesType_name: z.string(),
  pos_sales_type_service_charges: z
    .array(z.looseObject({ pos_serviceCharge_id: num }))
    .nullable()
    .optional(),
  pos_sales_type_additional_charges: z
    .array(z.looseObject({ pos_additionalCharge_id: num }))
    .nullable()
    .optional(),
});
export type SalesType = z.infer<typeof salesTypeSchema>;

export const areaSchema = z.looseObject({
  pos_area_id: id,
  area_name: z.string(),
  pos_areaCategory_id: optNum,
});
export type Area = z.infer<typeof areaSchema>;

export const areaCategorySchema = z.looseObject({
  pos_areaCategory_id: id,
  areaCategory_name: z.string(),
});
export type AreaCategory = z.infer<typeof areaCategorySchema>;

export const businessMembershipSchema = z.looseObject({
  business_membership_id: id,
  membership_name: z.string(),
  membership_image: optText,
  price: num,
  is_automatic_activation: optNum,
});
export type BusinessMembership = z.infer<typeof businessMembershipSchema>;

export const taxSchema = z.looseObject({
  tax_percent: num.nullable().optional(),
  is_included_in_price: optNum,
});
export type Tax = z.infer<typeof taxSchema>;

export const serviceChargeSchema = z.looseObject({ pos_serviceCharge_id: id, charge_percent: num });
export type ServiceCharge = z.infer<typeof serviceChargeSchema>;
export const additionalChargeSchema = z.looseObject({ pos_additionalCharge_id: id, charge_percent: num });
export type AdditionalCharge = z.infer<typeof additionalChargeSchema>;

export const businessOutletSchema = z.looseObject({
  business_outlet_id: id,
  outlet_name: z.string(),
  outlet_address: optText,
  outlet_phone: optText,
});
export type BusinessOutlet = z.infer<typeof businessOutletSchema>;

export const orderPrintOutSectionSchema = z.looseObject({
  pos_order_print_out_section_name: z.string(),
  pos_item_categories: z.array(z.looseObject({})).default([]),
});

/** subscription_rules: deposit, coupon, sms_redeem, … (others pass through). */
export const subscriptionRulesSchema = z.looseObject({
  deposit: flagOff,
  coupon: flagOff,
  sms_redeem: flagOff,
  /** 002 §2.4: 'Tipe Konsumsi' (and its 'Untuk Customer' panel) is offered. */
  sales_request_to_inventory: flagOff,
});

/** 002 §3 "Storage location": the config's storage_locations (the user's own) and all_storage_locations. */
export const storageLocationSchema = z.looseObject({
  inv_sloc_id: id,
  location_name: z.string(),
  business_outlet_id: optNum,
  is_default: flagOff,
});
export type StorageLocation = z.infer<typeof storageLocationSchema>;
export type SubscriptionRules = z.infer<typeof subscriptionRulesSchema>;

/** The flags of section 6 (auth_role_accesses): 1 = allowed. Unknown flags pass through. */
export const authRoleAccessesSchema = z.record(z.string(), flag);
export type AuthRoleAccesses = z.infer<typeof authRoleAccessesSchema>;

/**
 * User data / POS configuration, returned by sign-in (with client_key and login_token) and by
 * GET /cashier/config (without them). Flags default to 0; catalogues default to empty lists.
 */
export const posConfigSchema = z.looseObject({
  // Identity
  client_key: z.string().optional(),
  login_token: z.string().optional(),
  business_id: id,
  business_user_id: id,
  business_user_firstname: optText,
  cashier_name: z.string(),
  brand_name: z.string(),
  brand_logo: optText,
  outlet_name: optText,
  outlet_address: optText,
  outlet_phone: optText,
  /** null until an outlet is chosen when the user has several. */
  outlet_id: num.nullable().default(null),
  business_outlet_id: optNum,
  business_outlets: z.array(businessOutletSchema).default([]),
  business_slug: optText,
  business_user_group_id: optNum,
  configs: z.unknown().optional(),
  signed_in_at: optText,
  retrieve_time: optText,
  /** The server's catalogue version of this configuration: the sale's snapshot names it (issue 11). */
  catalogue_version: optNum,
  // Formatting
  currency_code: z.string().default('IDR'),
  qty_decimal_length: num.default(0),
  auth_role_accesses: authRoleAccessesSchema.default({}),
  // Flags
  is_getpos: flagOff,
  is_inventory_required: flagOff,
  pos_shift_enforced: flagOff,
  pos_cashier_delete_by_pin: flagOff,
  is_void_allowed: flagOff,
  pos_trx_no_user_edit: flagOff,
  is_document_date_editable: flagOff,
  pos_account_receivable: flagOff,
  customer_journal: flagOff,
  secret_notes: flagOff,
  is_custom_item: flagOff,
  pos_item_search_by_sku: flagOff,
  // Inventory (002 §2.3–2.4)
  myob: flagOff,
  input_price_on_stock_in: flagOff,
  show_cogs_on_stock_out: flagOff,
  storage_locations: z.array(storageLocationSchema).default([]),
  all_storage_locations: z.array(storageLocationSchema).default([]),
  /** 'COUPON' or 'COUPON_GROUP' first. */
  coupon_first_show_order: optText,
  is_user_id_required: flagOff,
  check_stock_availability_on_trx: flagOff,
  use_wallet_security_code: flagOff,
  direct_reward_redeem: flagOff,
  cashier_indirect_coupon_redeem: flagOff,
  pos_discount_on_transaction: flagOff,
  coupon_use_nfc: flagOff,
  wallet_use_nfc: flagOff,
  is_service_area_scheme: flagOff,
  service_area_type: z.enum(['item', 'transaction']).nullable().optional(),
  rme_satu_sehat: flagOff,
  // Commission
  is_pos_commission_scheme: flagOff,
  is_pos_multicommission_scheme: flagOff,
  is_pos_auto_multicommission: flagOff,
  is_pos_auto_split_multicommission: flagOff,
  pos_item_requiring_worker: flagOff,
  is_pos_commission_seller: flagOff,
  is_pos_commission_seller_general_sales: flagOff,
  is_pos_commission_seller_coupon_sales: flagOff,
  is_pos_commission_seller_top_up_deposit: flagOff,
  is_pos_commission_seller_membership_sales: flagOff,
  is_pos_commission_multi_seller: flagOff,
  is_pos_commission_auto_split_multi_seller: flagOff,
  commission_worker: z.array(commissionWorkerSchema).default([]),
  // Print
  receipt_template: optText,
  receipt_footer: optText,
  pos_print_logo: flagOff,
  pos_print_outlet_name: flagOff,
  pos_print_address: flagOff,
  pos_print_user_identifier: flagOff,
  pos_print_label_if_no_user_identifier: optText,
  pos_print_receipt_order_number_top: flagOff,
  pos_print_receipt_order_number_bottom: flagOff,
  /** e.g. 'DOCUMENT_DATE'. */
  pos_print_date: optText,
  pos_print_order_detail: flagOff,
  /** 'CATEGORY' or 'WORKER'. */
  pos_print_order_detail_type: optText,
  order_print_out_section: z.array(orderPrintOutSectionSchema).default([]),
  print_deposit_balance_on_receipt: flagOff,
  pos_print_digital_invoice: flagOff,
  is_sms_receipt: flagOff,
  pos_print_worker: flagOff,
  pos_print_initial: flagOff,
  pos_print_seller: flagOff,
  // Catalogues
  payment_method: z.array(paymentMethodSchema).default([]),
  payment_method_global: z.unknown().optional(),
  tax: taxSchema.nullable().optional(),
  service_charge: z.array(serviceChargeSchema).default([]),
  additional_charge: z.array(additionalChargeSchema).default([]),
  sales_type: z.array(salesTypeSchema).default([]),
  area: z.array(areaSchema).default([]),
  area_category: z.array(areaCategorySchema).default([]),
  business_memberships: z.array(businessMembershipSchema).default([]),
  pos_items: z.array(posItemSchema).default([]),
  pos_item_categories: z.array(itemCategorySchema).default([]),
  coupons: z.array(couponSchema).default([]),
  coupon_groups: z.array(couponGroupSchema).default([]),
  pos_item_discounts: z.array(posItemDiscountSchema).default([]),
  reward_redemption_items: z.array(rewardRedemptionItemSchema).default([]),
  business_wallet: z.looseObject({ max_balance: optNum }).nullable().optional(),
  businessWallet_restrictedPosItemCategories: z.array(z.union([num, z.looseObject({})])).default([]),
  tags: z.array(tagSchema).default([]),
  subscription_rules: subscriptionRulesSchema.default({
    deposit: 0,
    coupon: 0,
    sms_redeem: 0,
    sales_request_to_inventory: 0,
  }),
});
export type PosConfig = z.infer<typeof posConfigSchema>;
/** What the configuration looks like before parsing (flags and catalogues may be absent). */
export type PosConfigInput = z.input<typeof posConfigSchema>;

/** Per-device settings. */
export const deviceConfigSchema = z.looseObject({
  printerPaperSize: z.enum(['8cm', '6cm']).default('8cm'),
  displayMode: z.enum(['DESKTOP', 'TABLET']).default('DESKTOP'),
  decimalSeparator: z.string().default('.'),
  thousandSeparator: z.string().default(','),
  /** Issue 29: the browser's print dialog (the default) or a direct ESC/POS printer and how it is reached. */
  printerKind: z.enum(['browser', 'usb', 'serial', 'bluetooth']).default('browser'),
  /** The printer's code page ('auto': the encoder picks per character). */
  printerCodepage: z.string().default('auto'),
  /** The paired printer ('usb:vendor:product:serial', 'serial:vendor:product', 'bluetooth:id'); '' none. */
  printerDevice: z.string().default(''),
  /** Open the cash drawer (ESC p) when a sale with a cash payment completes. */
  cashDrawer: z.boolean().default(false),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;
export const DEFAULT_DEVICE_CONFIG: DeviceConfig = {
  printerPaperSize: '8cm',
  displayMode: 'DESKTOP',
  decimalSeparator: '.',
  thousandSeparator: ',',
  printerKind: 'browser',
  printerCodepage: 'auto',
  printerDevice: '',
  cashDrawer: false,
};

export const signHistoryEntrySchema = z.looseObject({
  business_user_id: id,
  cashier_name: z.string(),
});
export type SignHistoryEntry = z.infer<typeof signHistoryEntrySchema>;

export const customerJournalActivitySchema = z.looseObject({
  created_at: z.string(),
  notes_for_cashier: optText,
});
export type CustomerJournalActivity = z.infer<typeof customerJournalActivitySchema>;
