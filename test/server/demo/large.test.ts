import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo/index';
import { largeCatalogue } from '../../../server/db/demo/large';
import { posItemSchema } from '../../../src/domain/model';

describe('largeCatalogue', () => {
  it('has the requested counts (20,000 items)', () => {
    const l = largeCatalogue({ items: 20000, customers: 3000, seed: 1 });
    expect(l.pos_items).toHaveLength(20000);
    expect(l.customers).toHaveLength(3000);
  });

  it('has the requested counts (50,000 items) with unique ids, SKUs and phones', () => {
    const l = largeCatalogue({ items: 50000, customers: 5000, seed: 2 });
    expect(l.pos_items).toHaveLength(50000);
    expect(new Set(l.pos_items.map((i) => i.pos_item_id)).size).toBe(50000);
    const variants = l.pos_items.flatMap((i) => i.pos_item_variants);
    expect(new Set(variants.map((v) => v.pos_item_variant_id)).size).toBe(variants.length);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    expect(new Set(l.customers.map((c) => c.user_code)).size).toBe(5000);
    expect(new Set(l.customers.map((c) => c.user_phone.replace(/^\+62/, '0'))).size).toBe(5000);
  });

  it('is deterministic: the same seed gives the same data, another seed different data', () => {
    const a = largeCatalogue({ items: 2000, customers: 500, seed: 42 });
    const b = largeCatalogue({ items: 2000, customers: 500, seed: 42 });
    const c = largeCatalogue({ items: 2000, customers: 500, seed: 43 });
    expect(b).toEqual(a);
    expect(c.pos_items.map((i) => i.item_name)).not.toEqual(a.pos_items.map((i) => i.item_name));
  });

  it('does not collide with the demo business and its references resolve', () => {
    const demo = demoBusiness(new Date('2026-11-22T03:00:00Z'));
    const l = largeCatalogue({ items: 3000, customers: 1000, seed: 5 });
    const demoItems = new Set(demo.catalogue.pos_items.map((i) => i.pos_item_id));
    const demoCats = new Set(demo.catalogue.pos_item_categories.map((c) => c.pos_item_category_id));
    const demoCodes = new Set(demo.customers.map((c) => c.user_code));
    const cats = new Set(l.pos_item_categories.map((c) => c.pos_item_category_id));
    const groups = new Set(
      demo.catalogue.commission_worker_groups.map((g) => g.business_commission_worker_group_id),
    );
    const memberships = new Set(demo.catalogue.business_memberships.map((m) => m.business_membership_id));
    const coupons = new Set(demo.catalogue.coupons.map((c) => c.coupon_id));
    const slocs = new Set(demo.outlets.flatMap((o) => o.storage_locations.map((s) => s.inv_sloc_id)));
    const variants = new Set(
      l.pos_items.flatMap((i) => i.pos_item_variants.map((v) => v.pos_item_variant_id)),
    );
    for (const c of l.pos_item_categories) expect(demoCats.has(c.pos_item_category_id)).toBe(false);
    for (const item of l.pos_items) {
      expect(demoItems.has(item.pos_item_id)).toBe(false);
      expect(cats.has(item.pos_item_category_id)).toBe(true);
      for (const g of item.pos_item_commission_worker_groups)
        expect(groups.has(g.business_commission_worker_group_id)).toBe(true);
    }
    for (const c of l.customers) {
      expect(demoCodes.has(c.user_code)).toBe(false);
      expect(c.user_phone).toMatch(/^(\+62|0)8\d{8,11}$/);
      if (c.nik !== '') expect(c.nik).toMatch(/^\d{16}$/);
      if (c.membership) expect(memberships.has(c.membership.business_membership_id)).toBe(true);
      for (const cp of c.coupons) expect(coupons.has(cp.coupon_id)).toBe(true);
    }
    for (const s of l.opening_stock) {
      expect(slocs.has(s.inv_sloc_id)).toBe(true);
      expect(variants.has(s.pos_item_variant_id)).toBe(true);
    }
  });

  it('items validate against the domain item schema', () => {
    const l = largeCatalogue({ items: 500, customers: 0, seed: 9 });
    for (const item of l.pos_items) {
      const { outlet_ids: _o, pos_item_discount_ids: _d, ...served } = item;
      expect(posItemSchema.safeParse({ ...served, pos_item_discounts: [] }).error).toBeUndefined();
    }
  });
});
