// 000 §5 Pricing and totals: the global discount is the first that applies (coupon, redeem, member,
// then the cashier's promo / percentage / nominal). outrankingGlobalDiscount names what outranks the
// cashier's choice, so the dialog can say the choice is kept but not used (issue 10).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globalDiscount, outrankingGlobalDiscount } from '../../src/domain';

const promo = (value: number) => ({
  pos_item_discount_id: 7,
  discount_type: 'basic' as const,
  deduction_type: 'percentage' as const,
  deduction_value: value,
});
const member = (reward_value: number) => ({ discount_level: { reward_value } });
const link = (discount_percentage: number) => ({ pos_link_type: 'discount' as const, discount_percentage });

describe('outrankingGlobalDiscount', () => {
  it('names the member discount, a coupon or a redeem; nothing for a plain customer', () => {
    expect(outrankingGlobalDiscount({ trx_type: 'NORMAL', customer: member(10) })).toEqual({
      source: 'member',
      percent: 10,
    });
    expect(
      outrankingGlobalDiscount({
        trx_type: 'NORMAL',
        customer: member(10),
        coupon: { coupon_item: link(25) },
      }),
    ).toEqual({ source: 'coupon', percent: 25 });
    expect(outrankingGlobalDiscount({ trx_type: 'NORMAL', redeem: { redeem_item: link(5) } })).toEqual({
      source: 'redeem',
      percent: 5,
    });
    expect(outrankingGlobalDiscount({ trx_type: 'NORMAL', customer: member(0) })).toBeNull();
    expect(outrankingGlobalDiscount({ trx_type: 'NORMAL', customer: null })).toBeNull();
    // a top-up has no global discount at all
    expect(outrankingGlobalDiscount({ trx_type: 'TOP_UP_DEPOSIT', customer: member(10) })).toBeNull();
  });

  it('property: when something outranks, the promo chosen changes nothing; when nothing does, it applies', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1_000, max: 5_000_000 }),
        (reward, promoPercent, subtotal) => {
          const trx = { trx_type: 'NORMAL' as const, customer: member(reward) };
          const without = globalDiscount({ ...trx, discounts: [] }, subtotal);
          const withPromo = globalDiscount({ ...trx, discounts: [promo(promoPercent)] }, subtotal);
          if (outrankingGlobalDiscount(trx)) {
            expect(withPromo.amount.eq(without.amount)).toBe(true);
            expect(withPromo.source).toBe('member');
          } else {
            expect(withPromo.source).toBe('promo');
          }
        },
      ),
    );
  });
});
