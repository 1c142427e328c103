// The catalogue kinds the configuration (GET cashier/config's user data) carries; others, like help_faqs or
// units, have their own calls. One list for the server's answer and the device's storage-safety copy.
export const CONFIG_CATALOGUE_KINDS = [
  'pos_item_categories',
  'pos_items',
  'coupon_categories',
  'coupons',
  'coupon_groups',
  'pos_item_discounts',
  'business_memberships',
  'reward_redemption_items',
  'commission_worker',
  'tags',
  'payment_method',
  'service_charge',
  'additional_charge',
  'sales_type',
  'area',
  'area_category',
] as const;
