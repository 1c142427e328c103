import { describe, expect, it } from 'vitest';
import {
  lineDiscountKind,
  type PromoLink,
  transactionDiscountKind,
  withDiscountKinds,
} from '../../src/domain';
import { discount, line, trx } from './fixtures';

const link = (l: Partial<PromoLink> & Pick<PromoLink, 'pos_link_type'>): PromoLink => l as PromoLink;
const basic = discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 5 });
const custom = discount({
  discount_type: 'custom',
  pos_item_discount_id: 0,
  deduction_type: 'value',
  deduction_value: 5,
});

describe('Submission: discount type recorded at submit (spec 000 §4)', () => {
  it('first match: coupon, redeem, member, custom, defined', () => {
    const couponDisc = {
      coupon_code: 'X',
      coupon_item: link({ pos_link_type: 'discount', discount_percentage: 5 }),
    };
    const redeemDisc = {
      redeem_type: 'qr' as const,
      redeem_item: link({ pos_link_type: 'discount', discount_percentage: 5 }),
    };
    const member = { user_code: 'U', discount_level: { reward_value: 5 } };
    expect(
      transactionDiscountKind(
        trx({ coupon: couponDisc, redeem: redeemDisc, customer: member, discounts: [custom] }),
      ),
    ).toBe('coupon');
    expect(transactionDiscountKind(trx({ redeem: redeemDisc, customer: member, discounts: [custom] }))).toBe(
      'redeem',
    );
    expect(transactionDiscountKind(trx({ customer: member, discounts: [custom] }))).toBe('member');
    expect(transactionDiscountKind(trx({ discounts: [basic, custom] }))).toBe('custom');
    expect(transactionDiscountKind(trx({ discounts: [basic] }))).toBe('defined');
    expect(transactionDiscountKind(trx())).toBeNull();
  });

  it('a coupon with an item link is not a transaction discount', () => {
    expect(
      transactionDiscountKind(
        trx({ coupon: { coupon_code: 'X', coupon_item: link({ pos_link_type: 'item', pos_item_id: 1 }) } }),
      ),
    ).toBeNull();
  });

  it('each line gets item_discount_type: coupon, redeem, custom, defined (ruling 2)', () => {
    const t = trx({
      coupon: {
        coupon_code: 'C',
        coupon_item: link({
          pos_link_type: 'item_category',
          pos_item_category_id: 4,
          item_category_deduction_percentage: 10,
        }),
      },
    });
    const promo = discount({ deduction_type: 'percentage', deduction_value: 10 });
    expect(
      lineDiscountKind(line({ price: 1000, categoryId: 4, custom: { type: 'percentage', value: 5 } }), t),
    ).toBe('coupon');
    expect(
      lineDiscountKind(
        line({ price: 1000, discounts: [promo], custom: { type: 'percentage', value: 5 } }),
        t,
      ),
    ).toBe('custom');
    expect(lineDiscountKind(line({ price: 1000, discounts: [promo] }), t)).toBe('defined');
    expect(lineDiscountKind(line({ price: 1000 }), t)).toBeNull();
  });

  it("a line discounted by the redeem gets item_discount_type 'redeem'; coupon before redeem", () => {
    const t = trx({
      coupon: {
        coupon_code: 'C',
        coupon_item: link({
          pos_link_type: 'item',
          pos_item_id: 8,
          item_deduction_type: 'percentage',
          item_deduction_value: 20,
        }),
      },
      redeem: {
        redeem_type: 'qr',
        redeem_item: link({
          pos_link_type: 'item_category',
          pos_item_category_id: 3,
          item_category_deduction_percentage: 50,
        }),
      },
    });
    const promo = discount({ deduction_type: 'percentage', deduction_value: 10 });
    const stamped = withDiscountKinds({
      ...t,
      details: [
        line({ price: 1000, categoryId: 3, discounts: [promo], custom: { type: 'percentage', value: 5 } }),
        line({ price: 1000, categoryId: 3, itemId: 8, coupon: 8 }),
      ],
    });
    expect(stamped.details.map((d) => d.item_discount_type)).toEqual(['redeem', 'coupon']);
    expect(stamped.trx_discount_type).toBeNull();
  });

  it('top-up transactions get none', () => {
    const t = withDiscountKinds(
      trx({
        trx_type: 'TOP_UP_DEPOSIT',
        discounts: [basic],
        details: [line({ price: 1000, custom: { type: 'percentage', value: 5 } })],
      }),
    );
    expect(t.trx_discount_type).toBeNull();
    expect(t.details[0].item_discount_type).toBeNull();
  });
});
