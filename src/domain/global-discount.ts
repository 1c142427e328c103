import type { PosItemDiscount } from './model';
import type { GlobalDiscountType } from './validation-sale';

/** The cashier's own global discount: pos_item_discount_id 0, discount_type 'custom', no cap. */
export const customGlobalDiscount = (type: 'percentage' | 'value', value: number): PosItemDiscount => ({
  pos_item_discount_id: 0,
  discount_name: 'Discount',
  discount_type: 'custom',
  deduction_type: type,
  deduction_value: value,
  max_deduction_value: null,
});

/**
 * Applying a global discount replaces any existing basic or custom discount (ruling 3); other
 * entries stay. Applying the same discount twice gives the same list.
 */
export const applyGlobalDiscount = (
  discounts: readonly PosItemDiscount[],
  discount: PosItemDiscount,
): PosItemDiscount[] => [
  ...discounts.filter((d) => d.discount_type !== 'basic' && d.discount_type !== 'custom'),
  discount,
];

/** Removing the global discount ('hapus'). */
export const removeGlobalDiscount = (discounts: readonly PosItemDiscount[]): PosItemDiscount[] =>
  discounts.filter((d) => d.discount_type !== 'basic' && d.discount_type !== 'custom');

/**
 * The discount dialog's state when the type changes: promo zeroes percent and nominal;
 * percentage clears the promo id and nominal; value clears the promo id and percent.
 */
export const switchGlobalDiscountType = <
  S extends {
    globalDiscountType: GlobalDiscountType;
    globalDiscountPercent: number;
    globalDiscountNominal: number;
    globalDiscountNominalText: string;
    globalDiscountItemId: number | null;
  },
>(
  states: S,
  type: GlobalDiscountType,
): S => {
  if (type === 'promo')
    return {
      ...states,
      globalDiscountType: type,
      globalDiscountPercent: 0,
      globalDiscountNominal: 0,
      globalDiscountNominalText: '',
    };
  if (type === 'percentage')
    return {
      ...states,
      globalDiscountType: type,
      globalDiscountItemId: null,
      globalDiscountNominal: 0,
      globalDiscountNominalText: '',
    };
  return { ...states, globalDiscountType: type, globalDiscountItemId: null, globalDiscountPercent: 0 };
};
