// The demo's promos behave as their names say under the domain's own promo rules.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo/index';
import { posItemDiscountSchema } from '../../../src/domain/model';
import { validGlobalPromos, validItemPromos, visibleItems } from '../../../src/domain/promo';

const ids = (list: { pos_item_discount_id: number }[]) => list.map((d) => d.pos_item_discount_id).sort();

function at(utc: string) {
  const demo = demoBusiness(new Date(utc));
  const discounts = demo.catalogue.pos_item_discounts.map((d) => posItemDiscountSchema.parse(d));
  return { demo, discounts, now: demo.generated_at };
}

describe('demo promos under domain/promo', () => {
  it('Sunday 10:00 WIB, owner, no customer: all-day, weekend, today-dated and staff promos; not the weekday, member-only, payday or expired ones', () => {
    const { demo, discounts, now } = at('2026-11-22T03:00:00Z');
    const ctx = {
      now,
      business_user_group_id: 1,
      customer: null,
      business_memberships: demo.catalogue.business_memberships,
    };
    expect(ids(validGlobalPromos(discounts, ctx))).toEqual([701, 702, 705, 706, 708]);
  });

  it('Wednesday 25th 11:00 WIB, restricted cashier, Gold member: happy hour, payday and member promos; no staff promo', () => {
    const { demo, discounts, now } = at('2026-11-25T04:00:00Z');
    const ctx = {
      now,
      business_user_group_id: 2,
      customer: { membership_name: 'Gold' },
      business_memberships: demo.catalogue.business_memberships,
    };
    expect(ids(validGlobalPromos(discounts, ctx))).toEqual([701, 702, 703, 704, 705, 707]);
  });

  it('item promos: the haircut promo on the haircut, the facial member promo only for members', () => {
    const { demo, discounts, now } = at('2026-11-24T03:00:00Z');
    const served = (id: number) => {
      const item = demo.catalogue.pos_items.find((i) => i.pos_item_id === id)!;
      return {
        ...item,
        pos_item_discounts: item.pos_item_discount_ids.map(
          (d) => discounts.find((x) => x.pos_item_discount_id === d)!,
        ),
      };
    };
    const base = {
      now,
      business_user_group_id: 1,
      business_memberships: demo.catalogue.business_memberships,
    };
    expect(ids(validItemPromos(served(1001), discounts, { ...base, customer: null }))).toEqual([711]);
    expect(ids(validItemPromos(served(1032), discounts, { ...base, customer: null }))).toEqual([]);
    expect(
      ids(validItemPromos(served(1032), discounts, { ...base, customer: { membership_name: 'Platinum' } })),
    ).toEqual([715]);
  });

  it('restricted items are hidden from the restricted cashier and non-members', () => {
    const { demo } = at('2026-11-24T03:00:00Z');
    const items = demo.catalogue.pos_items;
    const ctx = {
      business_user_group_id: 2,
      customer: null,
      business_memberships: demo.catalogue.business_memberships,
    };
    const shown = new Set(visibleItems(items, ctx).map((i) => i.pos_item_id));
    expect(shown.has(1001)).toBe(true);
    expect(shown.has(1055)).toBe(false); // Botox: owner, doctor, supervisor only
    expect(shown.has(1035)).toBe(false); // Gold/Platinum only
    expect(shown.has(1086)).toBe(false); // hidden
  });
});
