import type { DiscountKind } from './model';
import { big } from './money';
import { lineUnitDiscount, type PricingLine, type PricingTransaction } from './pricing';

/**
 * trx_discount_type recorded at submit, first match: coupon (pos_link_type 'discount'), redeem
 * (likewise), member (reward_value > 0), custom (any 'custom' discount), defined (any 'basic').
 * Top-up transactions get none.
 */
export const transactionDiscountKind = (trx: PricingTransaction): DiscountKind | null => {
  if (trx.trx_type === 'TOP_UP_DEPOSIT') return null;
  if (trx.coupon?.coupon_item?.pos_link_type === 'discount') return 'coupon';
  if (trx.redeem?.redeem_item?.pos_link_type === 'discount') return 'redeem';
  if (big(trx.customer?.discount_level?.reward_value ?? 0).gt(0)) return 'member';
  const discounts = trx.discounts ?? [];
  if (discounts.some((d) => d.discount_type === 'custom')) return 'custom';
  if (discounts.some((d) => d.discount_type === 'basic')) return 'defined';
  return null;
};

/**
 * item_discount_type of a line at submit, in order coupon (item or category match), redeem,
 * custom, defined (ruling 2: the same order pricing uses). Top-up transactions get none.
 */
export const lineDiscountKind = (line: PricingLine, trx: PricingTransaction): DiscountKind | null => {
  if (trx.trx_type === 'TOP_UP_DEPOSIT') return null;
  return lineUnitDiscount(line, trx).source;
};

/** Stamps trx_discount_type and each line's item_discount_type, as submit records them. */
export const withDiscountKinds = <
  L extends PricingLine,
  T extends PricingTransaction & { details: readonly L[] },
>(
  trx: T,
): T & {
  trx_discount_type: DiscountKind | null;
  details: (L & { item_discount_type: DiscountKind | null })[];
} => ({
  ...trx,
  trx_discount_type: transactionDiscountKind(trx),
  details: (trx.details as readonly L[]).map((l: L) => ({
    ...l,
    item_discount_type: lineDiscountKind(l, trx),
  })),
});
