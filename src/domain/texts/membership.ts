// 'Jual Membership' (000 §2 step 2), word for word from the specification.

export const MEMBERSHIP_TEXTS = {
  /** The form's title. */
  title: 'Aktifkan / Perpanjang Membership',
  /** The grid of memberships (membership_image, membership_name). */
  choose: 'Pilih membership',
  /** The seller select (is_pos_commission_seller_membership_sales = 1). */
  seller: 'Seller',
  /** No customer yet. */
  customerMissing: 'Silakan tentukan customer terlebih dahulu',
} as const;
