import type { PosItemDiscount } from './model';
import { formatMoney, type Separators } from './money';
import type { GlobalDiscountSource } from './pricing';

/**
 * An item promo as the item modal lists it: 'Disc X%' or 'Disc X {cur}', plus ', Max. Y {cur}.'
 * when max_deduction_value > 0.
 */
export const itemPromoLabel = (
  d: Pick<PosItemDiscount, 'deduction_type' | 'deduction_value' | 'max_deduction_value'>,
  currency: string,
  separators?: Separators,
): string => {
  const head =
    d.deduction_type === 'percentage'
      ? `Disc ${d.deduction_value}%`
      : `Disc ${formatMoney(d.deduction_value, separators)} ${currency}`;
  const max = Number(d.max_deduction_value ?? 0);
  return max > 0 ? `${head}, Max. ${formatMoney(max, separators)} ${currency}.` : head;
};

/**
 * The simple receipt's typed global discount line: 'Coupon {n}% off', 'Redeem {n}% off',
 * 'Member Discount - {reward_value}%' (sales only); null for other discounts (shown by name).
 */
export const globalDiscountReceiptLabel = (
  source: GlobalDiscountSource,
  percent: number | null | undefined,
  trxType: string,
): string | null => {
  if (source === 'coupon') return `Coupon ${percent ?? 0}% off`;
  if (source === 'redeem') return `Redeem ${percent ?? 0}% off`;
  if (source === 'member' && trxType === 'NORMAL') return `Member Discount - ${percent ?? 0}%`;
  return null;
};

/** 'Tax ({percent}%)' on the receipt. */
export const taxLabel = (percent: number): string => `Tax (${percent}%)`;
