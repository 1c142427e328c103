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

/** The deposit wallet's security checks on the server (ruling 15, ruling 20). */
export const WALLET_SECURITY_MESSAGES = {
  /** 001 §5 NFC: the card's code does not match the customer's (the spec's text). */
  invalidNfcCard: 'Invalid NFC Card!',
  /** Our own: five wrong 'Kode Receh' for one customer within 15 minutes. */
  walletCodeRateLimited: 'Terlalu banyak percobaan Kode Receh, silakan coba lagi dalam beberapa menit.',
} as const;
