import { describe, expect, it } from 'vitest';
import {
  isAudienceAllowed,
  isPromoValid,
  type PosItemDiscount,
  validGlobalPromos,
  validItemPromos,
  visibleCouponGroups,
  visibleCoupons,
  visibleItems,
} from '../../src/domain';
import { discount } from './fixtures';

// 2026-03-02 is a Monday; 2026-03-08 a Sunday.
const promo = (p: Partial<PosItemDiscount> = {}): PosItemDiscount =>
  discount({ discount_type: 'basic', deduction_type: 'percentage', deduction_value: 10, ...p });

describe('Promo validity (spec 000 §5)', () => {
  it.each([
    ['2026-03-01 00:00:00', false],
    ['2026-03-01 00:00:01', true],
    ['2026-03-31 23:59:59', true],
    ['2026-04-01 00:00:00', false],
  ])('date window start_date 00:00:01 – end_date 23:59:59: %s → %s', (now, ok) => {
    expect(isPromoValid(promo({ start_date: '2026-03-01', end_date: '2026-03-31' }), { now })).toBe(ok);
  });

  it('all_day is always valid within the dates', () => {
    expect(isPromoValid(promo({ availability_type: 'all_day' }), { now: '2026-03-02 03:00:00' })).toBe(true);
  });

  it('special_day: ISO weekday equals day_id and now between open_hour and close_hour (ruling 1)', () => {
    const p = promo({
      availability_type: 'special_day',
      pos_item_discount_days: [{ day_id: 1, open_hour: '10:00', close_hour: '14:00' }],
    });
    expect(isPromoValid(p, { now: '2026-03-02 10:00:00' })).toBe(true);
    expect(isPromoValid(p, { now: '2026-03-02 14:00:00' })).toBe(true);
    expect(isPromoValid(p, { now: '2026-03-02 14:00:01' })).toBe(false);
    expect(isPromoValid(p, { now: '2026-03-03 11:00:00' })).toBe(false);
  });

  it('special_day: Sunday is 7, and a stored day_id 0 is read as Sunday (ruling 1)', () => {
    const seven = promo({
      availability_type: 'special_day',
      pos_item_discount_days: [{ day_id: 7, open_hour: '00:00', close_hour: '23:59:59' }],
    });
    const zero = promo({
      availability_type: 'special_day',
      pos_item_discount_days: [{ day_id: 0, open_hour: '00:00', close_hour: '23:59:59' }],
    });
    expect(isPromoValid(seven, { now: '2026-03-08 12:00:00' })).toBe(true);
    expect(isPromoValid(zero, { now: '2026-03-08 12:00:00' })).toBe(true);
    expect(isPromoValid(zero, { now: '2026-03-09 12:00:00' })).toBe(false);
  });

  it('special_date: day of month equals day and now between start_time and end_time', () => {
    const p = promo({
      availability_type: 'special_date',
      pos_item_discount_special_dates: [{ day: 2, start_time: '09:00', end_time: '12:00' }],
    });
    expect(isPromoValid(p, { now: '2026-03-02 09:30:00' })).toBe(true);
    expect(isPromoValid(p, { now: '2026-03-02 12:30:00' })).toBe(false);
    expect(isPromoValid(p, { now: '2026-03-03 09:30:00' })).toBe(false);
  });

  it('authorized_user_groups: the cashier’s group must be listed', () => {
    const p = promo({ authorized_user_groups: '3,5' });
    expect(isPromoValid(p, { now: '2026-03-02 10:00:00', business_user_group_id: 5 })).toBe(true);
    expect(isPromoValid(p, { now: '2026-03-02 10:00:00', business_user_group_id: 4 })).toBe(false);
    expect(isPromoValid(p, { now: '2026-03-02 10:00:00' })).toBe(false);
  });

  it('authorized_business_memberships: a customer with a listed membership is required', () => {
    const p = promo({ authorized_business_memberships: '2' });
    const memberships = [{ business_membership_id: 2, membership_name: 'Gold' }];
    const base = { now: '2026-03-02 10:00:00', business_memberships: memberships };
    expect(isPromoValid(p, { ...base, customer: { membership_name: 'Gold' } })).toBe(true);
    expect(isPromoValid(p, { ...base, customer: { membership_name: 'Silver' } })).toBe(false);
    expect(isPromoValid(p, { ...base, customer: null })).toBe(false);
  });

  it('global discount offers only valid basic discounts; item promos only req-item', () => {
    const list = [
      promo({ pos_item_discount_id: 1 }),
      promo({ pos_item_discount_id: 2, discount_type: 'req-item', req_pos_item_id: 9 }),
      promo({ pos_item_discount_id: 3, end_date: '2026-01-01' }),
    ];
    const ctx = { now: '2026-03-02 10:00:00' };
    expect(validGlobalPromos(list, ctx).map((d) => d.pos_item_discount_id)).toEqual([1]);
    expect(
      validItemPromos({ pos_item_id: 9, pos_item_category_id: 1 }, list, ctx).map(
        (d) => d.pos_item_discount_id,
      ),
    ).toEqual([2]);
    expect(validItemPromos({ pos_item_id: 10, pos_item_category_id: 1 }, list, ctx)).toEqual([]);
  });

  it('the same user-group and membership rules filter items, coupons and coupon groups', () => {
    const ctx = { business_user_group_id: 1, customer: { membership_name: 'Gold' } };
    const items = [
      { id: 1, is_hidden: 0, authorized_user_groups: null },
      { id: 2, is_hidden: 0, authorized_user_groups: '2' },
      { id: 3, is_hidden: 1 },
      { id: 4, is_hidden: 0, authorized_business_memberships: 'Gold' },
    ];
    expect(visibleItems(items, ctx).map((i) => i.id)).toEqual([1, 4]);
    expect(isAudienceAllowed({ authorized_business_memberships: 'Gold' }, { customer: null })).toBe(false);
  });

  it('coupons for sale: authorized_user_groups needs the cashier’s group, authorized_business_memberships the customer’s membership', () => {
    const coupons = [
      { coupon_id: 1, coupon_type: 'manual' },
      { coupon_id: 2, coupon_type: 'manual', authorized_user_groups: '1,3' },
      { coupon_id: 3, coupon_type: 'manual', authorized_user_groups: '2' },
      { coupon_id: 4, coupon_type: 'manual', authorized_business_memberships: 'Gold,Silver' },
      { coupon_id: 5, coupon_type: 'manual', authorized_business_memberships: 'Platinum' },
      { coupon_id: 6, coupon_type: 'auto', authorized_user_groups: '1' },
    ];
    const ids = (ctx: Parameters<typeof visibleCoupons>[1]) =>
      visibleCoupons(coupons, ctx).map((c) => c.coupon_id);
    expect(ids({ business_user_group_id: 1, customer: { membership_name: 'Gold' } })).toEqual([1, 2, 4]);
    expect(ids({ business_user_group_id: 2, customer: { membership_name: 'Platinum' } })).toEqual([1, 3, 5]);
    // no customer: membership-restricted coupons are hidden; no cashier group: group-restricted ones
    expect(ids({ customer: null })).toEqual([1]);
  });

  it('coupons and coupon groups show only with coupon_type manual', () => {
    const coupons = [
      { coupon_id: 1, coupon_type: 'manual' },
      { coupon_id: 2, coupon_type: 'auto' },
    ];
    expect(visibleCoupons(coupons, {}).map((c) => c.coupon_id)).toEqual([1]);
    const groups = [
      { coupon_group_id: 1, coupons: [{ coupon_type: 'manual' }] },
      { coupon_group_id: 2, coupons: [{ coupon_type: 'auto' }] },
      { coupon_group_id: 3, coupon_type: 'manual', coupons: [], authorized_user_groups: '9' },
    ] as never[];
    expect(
      visibleCouponGroups(groups, { business_user_group_id: 1 }).map(
        (g: { coupon_group_id: number }) => g.coupon_group_id,
      ),
    ).toEqual([1]);
  });
});
