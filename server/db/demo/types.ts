// The demo business as plain data: the loader (server/db) inserts it into the tables and
// builds the user data / configuration (spec 000 §3) from it. Field names follow the spec.
// Ids are global (unique across outlets) so the loader can insert them as they are.
// Synthetic lines use pos_item_id 1 / pos_item_variant_id 1 and coupon items pos_item_id 0,
// so catalogue ids start at 1001 (items) and 10001 (variants) to never collide with them.

export type Flag = 0 | 1;

/** Every auth_role_accesses flag named by the spec (000 §6, 001 §6, 002 §6). */
export const ROLE_FLAGS = [
  // menus (000 §6)
  'CASHIER_SYSTEM',
  'APPOINTMENT',
  'CUSTOMER_INFORMATION',
  'CUSTOMER_INFORMATION_EDIT',
  'CUSTOMER_JOURNAL',
  'CUSTOMER_FLOW',
  'MEMBERSHIP_ACTIVATION',
  'TRX_HISTORY',
  'TRX_WORKER_EDIT',
  'ACCOUNT_RECEIVABLE_LIST',
  'SHIFT_MANAGEMENT',
  'INVENTORY',
  'INV_STOCK_LIST',
  'INV_STOCK_IN',
  'INV_STOCK_OUT',
  'INV_STOCK_ADJUSTMENT',
  'INV_TRANSFER_IN',
  'INV_TRANSFER_OUT',
  'REPORT',
  'SALES_REPORT',
  'WORKER_ACTIVITY',
  'WORKER_ACTIVITY_SUMMARY',
  'WORKER_ACTIVITY_ITEM_NATURE',
  'WORKER_ACTIVITY_TRX',
  'WORKER_ACTIVITY_TRX_SIMPLE',
  'WORKER_ACTIVITY_SUMMARY_COMMISSION_VALUE',
  'WORKER_ACTIVITY_TRX_COMMISSION_VALUE',
  'WORKER_ACTIVITY_ITEM_NATURE_COMMISSION_VALUE',
  'PRODUCT_CONSUMPTION',
  'EXPIRED_COUPON',
  'OMZET_RECAPITULATION',
  'CUSTOMER_BIRTHDAY',
  'TREATMENT_REMINDER',
  'RME_STATISTICS_KUNJUNGAN',
  'RME_STATISTICS_DIAGNOSA',
  'RME_STATISTICS_GENDER',
  // cashier
  'ALLOW_PROMO',
  'DISCOUNT_TRANSACTION',
  'DISCOUNT_ITEM',
  'CUSTOM_PRICE_LESS_THAN_ORIGINAL',
  'POS_SHOW_STOCK_OUT',
  'SAVE_TRANSACTION',
  'PRE_SETTLEMENT',
  'SHOW_SUBMIT_TRX_BUTTON',
  // special transactions
  'COUPON_SALES',
  'TOP_UP_DEPOSIT',
  'ACCOUNT_RECEIVABLE_PAYMENT',
  'MEMBERSHIP_SALES',
  // ours (issue 15, docs/decisions.md): the auditor's replay of the event log
  'AUDIT_LOG',
] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];
export type RoleAccesses = Record<RoleFlag, Flag>;

/** Report flags: all 0 for the restricted cashier. */
export const REPORT_FLAGS = [
  'REPORT',
  'SALES_REPORT',
  'WORKER_ACTIVITY',
  'WORKER_ACTIVITY_SUMMARY',
  'WORKER_ACTIVITY_ITEM_NATURE',
  'WORKER_ACTIVITY_TRX',
  'WORKER_ACTIVITY_TRX_SIMPLE',
  'WORKER_ACTIVITY_SUMMARY_COMMISSION_VALUE',
  'WORKER_ACTIVITY_TRX_COMMISSION_VALUE',
  'WORKER_ACTIVITY_ITEM_NATURE_COMMISSION_VALUE',
  'PRODUCT_CONSUMPTION',
  'EXPIRED_COUPON',
  'OMZET_RECAPITULATION',
  'CUSTOMER_BIRTHDAY',
  'TREATMENT_REMINDER',
  'RME_STATISTICS_KUNJUNGAN',
  'RME_STATISTICS_DIAGNOSA',
  'RME_STATISTICS_GENDER',
] as const satisfies readonly RoleFlag[];

// ---------------------------------------------------------------- brand

export interface DemoSubscriptionRules {
  deposit: Flag;
  coupon: Flag;
  sms_redeem: Flag;
  customer_trx_history: Flag;
  advanced_member_trx_history: Flag;
  sales_request_to_inventory: Flag;
}

/** Ruling 17: points per amount, per reward name. */
export interface DemoLoyaltyEarnRule {
  reward_name: string;
  /** every `amount_per_point` IDR spent earns `points_per_amount` points */
  amount_per_point: number;
  points_per_amount: number;
  /** POS sales award points only where the brand enables it */
  pos_sales_award: Flag;
}

/** Ruling 15: a top-up of at least min_top_up_amount earns these rewards. */
export interface DemoTopUpRewardRule {
  top_up_reward_rule_id: number;
  min_top_up_amount: number;
  deposit_reward_amount: number;
  coupon_reward_id: number | null;
  coupon_reward_qty: number;
  point_reward_amount: number;
  point_reward_name: string;
}

export interface DemoBrand {
  business_id: number;
  brand_name: string;
  brand_logo: string;
  business_slug: string;
  currency_code: 'IDR';
  qty_decimal_length: number;
  subscription_rules: DemoSubscriptionRules;
  business_wallet: { max_balance: number };
  /** pos_item_category_id / coupon_category_id values a deposit may not pay for */
  businessWallet_restrictedPosItemCategories: number[];
  loyalty_earn_rule: DemoLoyaltyEarnRule;
  top_up_reward_rules: DemoTopUpRewardRule[];
  /** brand-wide methods (Deposit, Piutang); each outlet's payment_method also lists them */
  payment_method_global: DemoPaymentMethod[];
}

// ---------------------------------------------------------------- people

export interface DemoUserGroup {
  business_user_group_id: number;
  group_name: string;
  auth_role_accesses: RoleAccesses;
  /** ANDed with the outlet's is_void_allowed in the user data (the restricted cashier cannot void) */
  is_void_allowed: Flag;
}

export interface DemoUser {
  business_user_id: number;
  email: string;
  /** plain; the loader hashes it (argon2) */
  password: string;
  firstname: string;
  lastname: string;
  phone: string;
  business_user_group_id: number;
  outlet_ids: number[];
  /** the password passes the supervisor checks (pin-validation) in every outlet of outlet_ids */
  is_supervisor: Flag;
  /** registered health worker (is_satusehat_nakes = 1) */
  health_worker?: { nik: string; ihs_practitioner_id: string };
}

// ---------------------------------------------------------------- outlets

export interface DemoPaymentMethod {
  payment_method_name: string;
  /** table_name + table_id together identify the method (spec 000 §3 Payment) */
  table_name: string;
  table_id: number;
  payment_type: 'NORMAL' | 'DEPOSIT' | 'CREDIT';
  is_reference_required: Flag;
  reference_min_length: number;
  is_charge_to_customer: Flag;
  charge_percentage: number;
  charge_value: number;
  charge_label: string;
  is_payment_amount_required: Flag;
}

export interface DemoOrderPrintOutSection {
  pos_order_print_out_section_name: string;
  pos_item_categories: { pos_item_category_id: number; category_name: string }[];
}

/** Every outlet-level flag, commission and print setting of the user data (000 §3, 002 §3). */
export interface DemoOutletSettings {
  is_getpos: Flag;
  rme_satu_sehat: Flag;
  is_inventory_required: Flag;
  pos_shift_enforced: Flag;
  pos_cashier_delete_by_pin: Flag;
  is_void_allowed: Flag;
  pos_trx_no_user_edit: Flag;
  is_document_date_editable: Flag;
  pos_account_receivable: Flag;
  customer_journal: Flag;
  secret_notes: Flag;
  is_custom_item: Flag;
  pos_item_search_by_sku: Flag;
  coupon_first_show_order: 'COUPON' | 'COUPON_GROUP';
  is_user_id_required: Flag;
  check_stock_availability_on_trx: Flag;
  use_wallet_security_code: Flag;
  direct_reward_redeem: Flag;
  cashier_indirect_coupon_redeem: Flag;
  pos_discount_on_transaction: Flag;
  coupon_use_nfc: Flag;
  wallet_use_nfc: Flag;
  is_service_area_scheme: Flag;
  service_area_type: 'item' | 'transaction';
  myob: Flag;
  input_price_on_stock_in: Flag;
  show_cogs_on_stock_out: Flag;
  // commission
  is_pos_commission_scheme: Flag;
  is_pos_multicommission_scheme: Flag;
  is_pos_auto_multicommission: Flag;
  is_pos_auto_split_multicommission: Flag;
  pos_item_requiring_worker: Flag;
  is_pos_commission_seller: Flag;
  is_pos_commission_seller_general_sales: Flag;
  is_pos_commission_seller_coupon_sales: Flag;
  is_pos_commission_seller_top_up_deposit: Flag;
  is_pos_commission_seller_membership_sales: Flag;
  is_pos_commission_multi_seller: Flag;
  is_pos_commission_auto_split_multi_seller: Flag;
  // print
  /** DETAILED splits SERVICES and ITEMS (RETAIL) sections; SIMPLE is combined (003 §9) */
  receipt_template: 'DETAILED' | 'SIMPLE';
  receipt_footer: string;
  pos_print_logo: Flag;
  pos_print_outlet_name: Flag;
  pos_print_address: Flag;
  pos_print_user_identifier: Flag;
  /** the customer label printed when there is none (003 §9: 'GUEST') */
  pos_print_label_if_no_user_identifier: string;
  pos_print_receipt_order_number_top: Flag;
  pos_print_receipt_order_number_bottom: Flag;
  /** which date the receipt prints */
  pos_print_date: 'DOCUMENT_DATE' | 'TRX_TIME';
  pos_print_order_detail: Flag;
  pos_print_order_detail_type: 'CATEGORY' | 'WORKER';
  order_print_out_section: DemoOrderPrintOutSection[];
  print_deposit_balance_on_receipt: Flag;
  pos_print_digital_invoice: Flag;
  is_sms_receipt: Flag;
  pos_print_worker: Flag;
  pos_print_initial: Flag;
  pos_print_seller: Flag;
}

export interface DemoServiceCharge {
  pos_serviceCharge_id: number;
  charge_name: string;
  charge_percent: number;
}

export interface DemoAdditionalCharge {
  pos_additionalCharge_id: number;
  charge_name: string;
  charge_percent: number;
}

export interface DemoSalesType {
  pos_salesType_id: number;
  pos_salesType_name: string;
  pos_sales_type_service_charges: { pos_serviceCharge_id: number }[];
  pos_sales_type_additional_charges: { pos_additionalCharge_id: number }[];
}

export interface DemoArea {
  pos_area_id: number;
  area_name: string;
  pos_areaCategory_id: number;
}

export interface DemoAreaCategory {
  pos_areaCategory_id: number;
  areaCategory_name: string;
}

export interface DemoStorageLocation {
  inv_sloc_id: number;
  location_name: string;
  /** sales and ingredients are deducted from the default location (ruling 14) */
  is_default: Flag;
}

export interface DemoOutlet {
  business_outlet_id: number;
  outlet_name: string;
  outlet_address: string;
  outlet_phone: string;
  settings: DemoOutletSettings;
  tax: { tax_percent: number; is_included_in_price: Flag };
  service_charge: DemoServiceCharge[];
  additional_charge: DemoAdditionalCharge[];
  sales_type: DemoSalesType[];
  area: DemoArea[];
  area_category: DemoAreaCategory[];
  payment_method: DemoPaymentMethod[];
  commission_worker_ids: number[];
  storage_locations: DemoStorageLocation[];
}

// ---------------------------------------------------------------- catalogue

export interface DemoItemCategory {
  pos_item_category_id: number;
  category_name: string;
  item_nature: 'SERVICE' | 'RETAIL';
}

export interface DemoVariant {
  pos_item_variant_id: number;
  pos_item_id: number;
  variant_name: string;
  variant_price: number;
  original_price: number;
  custom_price: boolean;
  sku: string;
  commission_percentage: number;
  commission_value: number;
  variant_cost: number;
  inv_unit_id: number;
  /** recipe of a service variant: retail variants consumed per unit sold (ruling 14) */
  ingredients: { pos_item_variant_id: number; qty: number }[];
}

export interface DemoModifierOption {
  posItemModifier_option_id: number;
  option_name: string;
  option_price: number;
}

export interface DemoItemModifier {
  posItem_posItemModifier_id: number;
  pos_item_modifier_id: number;
  modifier_name: string;
  modifier_type: 'SINGLE' | 'MULTIPLE';
  pos_item_modifier_options: DemoModifierOption[];
}

export interface DemoPackageDetail {
  pos_item_id: number;
  item_name: string;
  qty: number;
  is_all_variant: Flag;
  pos_item_package_detail_variants: { pos_item_variant_id: number; variant_name: string; is_chosen: Flag }[];
  no_commission: Flag;
}

export interface DemoPosItem {
  pos_item_id: number;
  item_name: string;
  item_image: string;
  pos_item_category_id: number;
  category_name: string;
  is_package: Flag;
  is_custom: Flag;
  is_hidden: Flag;
  no_commission: Flag;
  is_custom_price: Flag;
  is_custom_discount: Flag;
  max_custom_discount: number;
  item_nature: 'SERVICE' | 'RETAIL';
  is_stock_out_required: Flag;
  /** comma list of business_user_group_id; '' = everyone */
  authorized_user_groups: string;
  /** comma list of business_membership_id; '' = everyone */
  authorized_business_memberships: string;
  pos_item_commission_worker_groups: { business_commission_worker_group_id: number }[];
  /** req-item discounts of this item (the loader expands them into pos_item_discounts) */
  pos_item_discount_ids: number[];
  pos_item_package_details: DemoPackageDetail[];
  pos_item_pos_item_modifiers: DemoItemModifier[];
  pos_item_variants: DemoVariant[];
  /** outlets that sell it */
  outlet_ids: number[];
}

/** The shape shared by coupon_item and redeem_item (000 §3). */
export interface DemoLink {
  pos_link_type: 'item' | 'item_category' | 'discount';
  pos_item_id: number | null;
  item_deduction_type: 'percentage' | 'value' | null;
  item_deduction_value: number;
  pos_item_category_id: number | null;
  item_category_deduction_percentage: number;
  item_category_max_deduction_value: number;
  item_category_max_qty: number;
  discount_percentage: number;
  max_discount_value: number;
  item_max_qty: number;
  is_all_variant: Flag;
  /** the variants it applies to when is_all_variant = 0 */
  pos_item_variants: DemoLinkVariant[];
}

export interface DemoLinkVariant {
  pos_item_variant_id: number;
  pos_item_id: number;
  variant_name: string;
  variant_price: number;
}

export interface DemoCouponCategory {
  coupon_category_id: number;
  coupon_category_name: string;
}

export interface DemoCoupon {
  coupon_id: number;
  coupon_name: string;
  coupon_image: string;
  coupon_price: number;
  coupon_category_id: number;
  coupon_category_name: string;
  coupon_type: 'manual';
  coupon_group_id: number | null;
  coupon_start_date_type: 'MANUAL_INPUT';
  max_custom_discount: number;
  is_custom_discount: Flag;
  is_custom_price: Flag;
  authorized_user_groups: string;
  authorized_business_memberships: string;
  /** days from the start date to expiry (ruling 18) */
  validity_days: number;
  coupon_meta: {
    coupon_category_id: number;
    pos_item_category_id: number | null;
    max_custom_discount: number;
  };
  coupon_item: DemoLink;
}

export interface DemoCouponGroup {
  coupon_group_id: number;
  coupon_group_name: string;
  coupon_group_image: string;
  coupon_group_price: number;
  coupon_category_id: number;
  authorized_user_groups: string;
  authorized_business_memberships: string;
  /** the group's coupons in full (as served), each with how many the group gives */
  coupons: (DemoCoupon & { qty: number })[];
}

export interface DemoDiscount {
  pos_item_discount_id: number;
  discount_name: string;
  /** basic = global (transaction) promo; req-item = item discount */
  discount_type: 'basic' | 'req-item';
  deduction_type: 'percentage' | 'value';
  deduction_value: number;
  /** -1 = no cap */
  max_deduction_value: number;
  start_date: string;
  end_date: string;
  availability_type: 'all_day' | 'special_day' | 'special_date';
  /** ISO weekday, Monday = 1 … Sunday = 7 (ruling 1) */
  pos_item_discount_days: { day_id: number; open_hour: string; close_hour: string }[];
  pos_item_discount_special_dates: { day: number; start_time: string; end_time: string }[];
  authorized_user_groups: string;
  authorized_business_memberships: string;
  req_pos_item_id: number | null;
  pos_item_category_id: number | null;
  coupon_id: number | null;
  coupon_group_id: number | null;
  req_item_min_qty: number;
}

export interface DemoMembership {
  business_membership_id: number;
  membership_name: string;
  membership_image: string;
  price: number;
  is_automatic_activation: Flag;
  duration_days: number;
  /** discount_level.reward_value: the member's percent off a NORMAL sale */
  discount_level: { discount_level_id: number; level_name: string; reward_value: number };
}

/** A reward carries the redeem_item link fields at its top level (000 §3). */
export interface DemoRewardItem extends DemoLink {
  reward_redemption_item_id: number;
  item_name: string;
  image_url: string;
  point_amount: number;
  reward_name: string;
}

export interface DemoWorkerGroup {
  business_commission_worker_group_id: number;
  group_name: string;
}

export interface DemoWorker {
  business_commission_worker_id: number;
  firstname: string;
  lastname: string;
  initial: string;
  business_commission_worker_group_id: number;
}

export interface DemoTag {
  pos_tag_id: number;
  pos_tag_name: string;
  usage_scope: 'ITEM' | 'TRANSACTION' | 'ALL';
}

export interface DemoVendor {
  inv_vendor_id: number;
  vendor_name: string;
  vendor_last_name: string;
}

export interface DemoUnit {
  inv_unit_id: number;
  unit_name: string;
}

export interface DemoFaq {
  business_user_faq_id: number;
  question: string;
  /** HTML */
  answer: string;
}

export interface DemoCatalogue {
  pos_item_categories: DemoItemCategory[];
  pos_items: DemoPosItem[];
  coupon_categories: DemoCouponCategory[];
  coupons: DemoCoupon[];
  coupon_groups: DemoCouponGroup[];
  pos_item_discounts: DemoDiscount[];
  business_memberships: DemoMembership[];
  reward_redemption_items: DemoRewardItem[];
  commission_worker_groups: DemoWorkerGroup[];
  commission_worker: DemoWorker[];
  tags: DemoTag[];
  vendors: DemoVendor[];
  units: DemoUnit[];
  help_faqs: DemoFaq[];
}

// ---------------------------------------------------------------- customers and opening balances

export interface DemoCustomer {
  user_code: string;
  user_name: string;
  user_phone: string;
  user_email: string;
  user_email_notification: string;
  user_ref: string;
  /** YYYY-MM-DD */
  user_birth_date: string;
  /** 1 = Laki-laki, 2 = Perempuan */
  user_gender: 1 | 2;
  user_notes: string;
  /** 16 digits, or '' when unknown */
  nik: string;
  satusehat_ihs_no: string;
  /** 'Kode Receh' (use_wallet_security_code) */
  wallet_security_code: string;
  /** The customer's NFC card code (at least 10 characters, 003 §9), '' or absent when none is registered */
  nfc_security_code?: string;
  journal_notes: string;
  membership: { business_membership_id: number; valid_until: string } | null;
  /** points of brand.loyalty_earn_rule.reward_name */
  opening_points: number;
  opening_wallet_balance: number;
  /** dates YYYY-MM-DD */
  coupons: {
    coupon_id: number;
    qty: number;
    start_date: string;
    expired_date: string;
    /** coupon_users.coupon_notes (shown and searched in 'Penggunaan Kupon') */
    coupon_notes?: string | null;
  }[];
  receivables: {
    local_trx_id: string;
    trx_id: string;
    /** YYYY-MM-DD HH:mm:ss */
    trx_time: string;
    business_outlet_id: number;
    amount: number;
    payment_method_reference: string;
  }[];
}

export interface DemoOpeningStock {
  inv_sloc_id: number;
  pos_item_variant_id: number;
  qty: number;
  bad_qty: number;
}

export interface DemoBusiness {
  /** the `now` the relative dates were computed from (YYYY-MM-DD HH:mm:ss) */
  generated_at: string;
  brand: DemoBrand;
  user_groups: DemoUserGroup[];
  users: DemoUser[];
  outlets: DemoOutlet[];
  catalogue: DemoCatalogue;
  customers: DemoCustomer[];
  opening_stock: DemoOpeningStock[];
  /** issue 14: points, QR redemption codes and agent redemptions for the redeem dialog (optional: large data) */
  reward_redeem?: import('./redeem').DemoRedeem;
  /** issue 27: the brand's owner (the full data export) and the treatments' return intervals in days */
  owner_business_user_id?: number;
  item_return_intervals?: { pos_item_id: number; return_interval_days: number }[];
}
