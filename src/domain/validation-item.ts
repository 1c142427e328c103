import type { PosItemDiscount, PromoLink } from './model';
import { big, formatMoney, type Separators } from './money';
import { SALE_MESSAGES } from './texts/sale';

/** A validation result: the specification's message, or null when the input passes. */
export type ValidationMessage = string | null;

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const asNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(String(v).trim()));

/** Qty empty, ≤ 0 or not a number: 'Qty produk minimal 1 buah.' (item modal and custom item). */
export const validateQty = (qty: unknown): ValidationMessage =>
  isBlank(qty) || !Number.isFinite(asNumber(qty)) || asNumber(qty) <= 0 ? SALE_MESSAGES.qtyMinimumOne : null;

/** The minus button never goes below 1. */
export const decrementQty = (qty: number): number => Math.max(1, qty - 1);

/** Max qty from a redeem or coupon item_max_qty: 'Qty produk tidak dapat melebihi {max}'. */
export const validateMaxQty = (qty: number, itemMaxQty: number | null | undefined): ValidationMessage =>
  itemMaxQty !== null && itemMaxQty !== undefined && itemMaxQty > 0 && qty > itemMaxQty
    ? SALE_MESSAGES.qtyAboveMax(itemMaxQty)
    : null;

/** The plus button stops at item_max_qty when one is set. */
export const canIncrementQty = (qty: number, itemMaxQty: number | null | undefined): boolean =>
  validateMaxQty(qty + 1, itemMaxQty) === null;

/** Defined (req-item) discount with qty < req_item_min_qty: 'Qty produk minimal {n} untuk menggunakan diskon ini.' */
export const validatePromoMinQty = (
  qty: number,
  discount: Pick<PosItemDiscount, 'req_item_min_qty'> | null | undefined,
): ValidationMessage => {
  const min = Number(discount?.req_item_min_qty ?? 0);
  return discount && min > 0 && qty < min ? SALE_MESSAGES.qtyBelowPromoMinimum(min) : null;
};

/**
 * A coupon linked to an item_category with item_category_max_qty > 0: the qty of lines in that
 * category, this one included, must not exceed it.
 */
export const validateCouponCategoryQty = (
  link:
    | Pick<PromoLink, 'pos_link_type' | 'pos_item_category_id' | 'item_category_max_qty'>
    | null
    | undefined,
  lineCategoryId: number | null | undefined,
  totalQtyInCategoryIncludingThisLine: number,
): ValidationMessage => {
  if (link?.pos_link_type !== 'item_category') return null;
  const max = Number(link.item_category_max_qty ?? 0);
  if (max <= 0 || link.pos_item_category_id !== lineCategoryId) return null;
  return totalQtyInCategoryIncludingThisLine > max ? SALE_MESSAGES.couponCategoryQtyExceeded : null;
};

/**
 * The custom (per-line) discount of the item modal. Percentage: a number, not above
 * max_custom_discount. Nominal: a number, not above the price, and value/price×100 not above
 * max_custom_discount. Coupon transactions use coupon_meta.max_custom_discount and the coupon texts.
 */
export const validateCustomDiscount = (input: {
  type: 'percentage' | 'nominal' | 'value' | null | undefined;
  value: unknown;
  price: number;
  maxCustomDiscount: number | null | undefined;
  isCouponTransaction?: boolean;
}): ValidationMessage => {
  if (!input.type || isBlank(input.value)) return null;
  const v = asNumber(input.value);
  if (!Number.isFinite(v)) return SALE_MESSAGES.discountNotNumber;
  const max = input.maxCustomDiscount;
  const hasMax = max !== null && max !== undefined && Number.isFinite(Number(max));
  const maxMessage = input.isCouponTransaction
    ? SALE_MESSAGES.couponDiscountMax(Number(max))
    : SALE_MESSAGES.itemDiscountMax(Number(max));
  if (input.type === 'percentage') return hasMax && v > Number(max) ? maxMessage : null;
  if (v > input.price)
    return input.isCouponTransaction
      ? SALE_MESSAGES.discountAboveCouponPrice
      : SALE_MESSAGES.discountAboveItemPrice;
  if (hasMax && input.price > 0 && big(v).div(input.price).times(100).gt(Number(max))) return maxMessage;
  return null;
};

/**
 * A custom price: ≤ 0 'Harga tidak boleh nol'; below the original without
 * CUSTOM_PRICE_LESS_THAN_ORIGINAL: 'Harga tidak boleh lebih rendah dari harga asli ({cur} {price})'.
 */
export const validateCustomPrice = (input: {
  price: unknown;
  originalPrice: number;
  allowLessThanOriginal: boolean;
  currency: string;
  separators?: Separators;
}): ValidationMessage => {
  const p = asNumber(input.price);
  if (isBlank(input.price) || !Number.isFinite(p) || p <= 0) return SALE_MESSAGES.priceZero;
  if (!input.allowLessThanOriginal && p < input.originalPrice)
    return SALE_MESSAGES.priceBelowOriginal(
      input.currency,
      formatMoney(input.originalPrice, input.separators),
    );
  return null;
};

export interface ItemModalInput {
  qty: unknown;
  /** Whether the item has variants to choose from and none is chosen (normal transactions). */
  variantMissing: boolean;
  isCouponTransaction: boolean;
  custom_discount_type?: 'percentage' | 'nominal' | 'value' | null;
  custom_discount_value?: unknown;
  price: number;
  maxCustomDiscount?: number | null;
  /** item_max_qty of the redeem or coupon this line belongs to. */
  itemMaxQty?: number | null;
  chosenPromo?: Pick<PosItemDiscount, 'req_item_min_qty'> | null;
  couponLink?: Pick<PromoLink, 'pos_link_type' | 'pos_item_category_id' | 'item_category_max_qty'> | null;
  lineCategoryId?: number | null;
  /** Qty of the transaction's lines in the coupon's category, this line (at its new qty) included. */
  categoryQtyIncludingThisLine?: number;
}

/** The item modal's checks in the specification's order; the first failing message. */
export const validateItemModal = (input: ItemModalInput): ValidationMessage => {
  const qtyMessage = validateQty(input.qty);
  if (qtyMessage) return qtyMessage;
  const qty = asNumber(input.qty);
  if (!input.isCouponTransaction && input.variantMissing) return SALE_MESSAGES.variantRequired;
  const discountMessage = validateCustomDiscount({
    type: input.custom_discount_type,
    value: input.custom_discount_value,
    price: input.price,
    maxCustomDiscount: input.maxCustomDiscount,
    isCouponTransaction: input.isCouponTransaction,
  });
  if (discountMessage) return discountMessage;
  return (
    validateMaxQty(qty, input.itemMaxQty) ??
    validatePromoMinQty(qty, input.chosenPromo) ??
    validateCouponCategoryQty(
      input.couponLink,
      input.lineCategoryId,
      input.categoryQtyIncludingThisLine ?? qty,
    )
  );
};

/** SKU search: empty 'SKU produk harus diisi'; not found 'Produk tidak ditemukan'. */
export const validateSkuSearch = (sku: string, found: boolean): ValidationMessage =>
  sku.trim() === '' ? SALE_MESSAGES.skuRequired : found ? null : SALE_MESSAGES.skuNotFound;

/** Authorization modals: password, then the reason for a qty reduction or a deletion. */
export const validateAuthorization = (input: {
  password: string;
  reason: string;
  kind: 'qty-reduction' | 'deletion';
}): ValidationMessage => {
  if (input.password.trim() === '') return SALE_MESSAGES.passwordRequired;
  if (input.reason.trim() === '')
    return input.kind === 'qty-reduction'
      ? SALE_MESSAGES.qtyReductionReasonRequired
      : SALE_MESSAGES.deletionReasonRequired;
  return null;
};

/** A line created by the applied coupon or redeem can only go by removing that coupon/redeem. */
export const validateLineRemoval = (
  line: { coupon?: unknown; redeem?: unknown },
  trx: { coupon?: unknown; redeem?: unknown },
): ValidationMessage => {
  if (line.coupon && trx.coupon) return SALE_MESSAGES.lineBelongsToCoupon;
  if (line.redeem && trx.redeem) return SALE_MESSAGES.lineBelongsToRedeem;
  return null;
};
