// Ruling 19: the period a membership sale grants — a start today, or an extension from the day after the
// current valid_until — and the memberships and seller select the form offers (000 §2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  membershipPeriod,
  membershipPrice,
  membershipSellerMode,
  sellableMemberships,
} from '../../src/domain/membership-sale';

describe('membershipPeriod', () => {
  it('starts today without a current membership, or with one that ended before today', () => {
    expect(membershipPeriod({ today: '2026-11-26', current_end_date: null, duration_days: 365 })).toEqual({
      start_date: '2026-11-26',
      end_date: '2027-11-25',
      extends_current: false,
    });
    expect(
      membershipPeriod({ today: '2026-11-26', current_end_date: '2026-11-25', duration_days: 30 }),
    ).toMatchObject({ start_date: '2026-11-26', end_date: '2026-12-25', extends_current: false });
  });

  it('extends from the day after a membership valid today or later', () => {
    expect(
      membershipPeriod({ today: '2026-11-26', current_end_date: '2026-11-26', duration_days: 180 }),
    ).toEqual({ start_date: '2026-11-27', end_date: '2027-05-25', extends_current: true });
    expect(
      membershipPeriod({ today: '2026-11-26', current_end_date: '2027-02-28', duration_days: 1 }),
    ).toEqual({ start_date: '2027-03-01', end_date: '2027-03-01', extends_current: true });
  });

  it('always grants exactly duration_days days, never overlapping nor leaving a gap after a current one', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addCalendarDays('2024-01-01', n));
    fc.assert(
      fc.property(day, fc.option(day), fc.integer({ min: 1, max: 1000 }), (today, current, days) => {
        const p = membershipPeriod({ today, current_end_date: current, duration_days: days });
        expect(addCalendarDays(p.start_date, days - 1)).toBe(p.end_date);
        if (current !== null && current >= today) expect(p.start_date).toBe(addCalendarDays(current, 1));
        else expect(p.start_date).toBe(today);
        expect(p.start_date >= today).toBe(true);
      }),
    );
  });
});

describe('the form’s memberships and sellers', () => {
  it('offers the memberships with a price above 0, each at the integer of its price', () => {
    const ms = [
      { business_membership_id: 1, membership_name: 'Silver', price: 0 },
      { business_membership_id: 2, membership_name: 'Gold', price: 500000.9 },
    ];
    expect(sellableMemberships({ business_memberships: ms as never }).map((m) => m.membership_name)).toEqual([
      'Gold',
    ]);
    expect(membershipPrice({ price: 500000.9 })).toBe(500000);
  });

  it('shows the seller select only with both seller flags and workers; multiple with multi-seller', () => {
    const base = {
      is_pos_commission_seller: 1,
      is_pos_commission_seller_membership_sales: 1,
      is_pos_commission_multi_seller: 0,
      commission_worker: [{ business_commission_worker_id: 1, firstname: 'A' }],
    } as never;
    expect(membershipSellerMode(base)).toBe('single');
    expect(membershipSellerMode({ ...(base as object), is_pos_commission_multi_seller: 1 } as never)).toBe(
      'multi',
    );
    expect(
      membershipSellerMode({ ...(base as object), is_pos_commission_seller_membership_sales: 0 } as never),
    ).toBe('none');
    expect(membershipSellerMode({ ...(base as object), commission_worker: [] } as never)).toBe('none');
  });
});
