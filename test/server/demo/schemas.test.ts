// The demo data, in the shape the server serves it, validates against the domain's zod schemas.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo/index';
import type { DemoBusiness, DemoOutlet, DemoPosItem } from '../../../server/db/demo/types';
import {
  areaCategorySchema,
  areaSchema,
  businessMembershipSchema,
  commissionWorkerSchema,
  couponGroupSchema,
  couponSchema,
  customerSchema,
  itemCategorySchema,
  paymentMethodSchema,
  posConfigSchema,
  posItemDiscountSchema,
  posItemSchema,
  rewardRedemptionItemSchema,
  salesTypeSchema,
  tagSchema,
} from '../../../src/domain/model';

const demo = demoBusiness(new Date('2026-11-22T03:00:00Z'));
const c = demo.catalogue;

/** As the loader serves an item: req-item discounts expanded, the outlet list dropped. */
function servedItem(item: DemoPosItem, d: DemoBusiness) {
  const { outlet_ids: _outlets, pos_item_discount_ids, ...rest } = item;
  return {
    ...rest,
    pos_item_discounts: pos_item_discount_ids.map((id) =>
      d.catalogue.pos_item_discounts.find((x) => x.pos_item_discount_id === id),
    ),
  };
}

/** A configuration assembled the way the server's user data does (brand + outlet + catalogue + group). */
function configFor(d: DemoBusiness, o: DemoOutlet, email: string) {
  const user = d.users.find((u) => u.email === email)!;
  const group = d.user_groups.find((g) => g.business_user_group_id === user.business_user_group_id)!;
  const sells = (ids: number[]) => ids.includes(o.business_outlet_id);
  return {
    subscription_rules: d.brand.subscription_rules,
    business_wallet: d.brand.business_wallet,
    businessWallet_restrictedPosItemCategories: d.brand.businessWallet_restrictedPosItemCategories,
    payment_method_global: d.brand.payment_method_global,
    business_id: d.brand.business_id,
    business_slug: d.brand.business_slug,
    brand_name: d.brand.brand_name,
    brand_logo: d.brand.brand_logo,
    currency_code: d.brand.currency_code,
    qty_decimal_length: d.brand.qty_decimal_length,
    business_user_id: user.business_user_id,
    business_user_firstname: user.firstname,
    cashier_name: `${user.firstname} ${user.lastname}`,
    business_user_group_id: group.business_user_group_id,
    auth_role_accesses: group.auth_role_accesses,
    business_outlets: d.outlets
      .filter((x) => user.outlet_ids.includes(x.business_outlet_id))
      .map((x) => ({
        business_outlet_id: x.business_outlet_id,
        outlet_name: x.outlet_name,
        outlet_address: x.outlet_address,
      })),
    signed_in_at: d.generated_at,
    retrieve_time: d.generated_at,
    ...o.settings,
    tax: o.tax,
    is_void_allowed: o.settings.is_void_allowed === 1 && group.is_void_allowed === 1 ? 1 : 0,
    outlet_id: o.business_outlet_id,
    business_outlet_id: o.business_outlet_id,
    outlet_name: o.outlet_name,
    outlet_address: o.outlet_address,
    outlet_phone: o.outlet_phone,
    pos_item_categories: c.pos_item_categories,
    pos_items: c.pos_items.filter((i) => sells(i.outlet_ids)).map((i) => servedItem(i, d)),
    coupons: c.coupons,
    coupon_groups: c.coupon_groups,
    pos_item_discounts: c.pos_item_discounts,
    business_memberships: c.business_memberships,
    reward_redemption_items: c.reward_redemption_items,
    commission_worker: c.commission_worker.filter((w) =>
      o.commission_worker_ids.includes(w.business_commission_worker_id),
    ),
    tags: c.tags,
    payment_method: o.payment_method,
    service_charge: o.service_charge,
    additional_charge: o.additional_charge,
    sales_type: o.sales_type,
    area: o.area,
    area_category: o.area_category,
  };
}

describe('demo data validates against src/domain/model', () => {
  it('items (as served, with their discounts)', () => {
    for (const item of c.pos_items) {
      const r = posItemSchema.safeParse(servedItem(item, demo));
      expect(r.error?.issues, `${item.pos_item_id}`).toBeUndefined();
      expect(r.data?.pos_item_variants.map((v) => v.variant_price)).toEqual(
        item.pos_item_variants.map((v) => v.variant_price),
      );
    }
  });

  it('categories, discounts, coupons, coupon groups, memberships, rewards, workers, tags', () => {
    const check = (
      schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
      list: unknown[],
    ) => {
      for (const x of list) expect(schema.safeParse(x).error).toBeUndefined();
    };
    check(itemCategorySchema, c.pos_item_categories);
    check(posItemDiscountSchema, c.pos_item_discounts);
    check(couponSchema, c.coupons);
    check(couponGroupSchema, c.coupon_groups);
    check(businessMembershipSchema, c.business_memberships);
    check(rewardRedemptionItemSchema, c.reward_redemption_items);
    check(commissionWorkerSchema, c.commission_worker);
    check(tagSchema, c.tags);
    for (const o of demo.outlets) {
      check(paymentMethodSchema, o.payment_method);
      check(salesTypeSchema, o.sales_type);
      check(areaSchema, o.area);
      check(areaCategorySchema, o.area_category);
    }
  });

  it('customers, in the transaction customer shape', () => {
    for (const cu of demo.customers) {
      const r = customerSchema.safeParse({
        ...cu,
        membership_name: cu.membership
          ? c.business_memberships.find(
              (m) => m.business_membership_id === cu.membership?.business_membership_id,
            )?.membership_name
          : null,
        account_receivables: cu.receivables.map((x) => ({ ...x, drv_balance: x.amount })),
        active_coupons: cu.coupons.map((x) => ({ coupon_id: x.coupon_id, expired_date: x.expired_date })),
        deposit_amount: cu.opening_wallet_balance,
      });
      expect(r.error?.issues, cu.user_code).toBeUndefined();
    }
  });

  it.each([
    ['Serambi Salon Kemang', 'kasir@serambi.id'],
    ['Serambi Klinik Menteng', 'dokter@serambi.id'],
    ['Serambi Klinik Menteng', 'demo@serambi.id'],
  ])('the whole configuration of %s for %s', (outletName, email) => {
    const o = demo.outlets.find((x) => x.outlet_name === outletName)!;
    const r = posConfigSchema.safeParse(configFor(demo, o, email));
    expect(r.error?.issues).toBeUndefined();
    const cfg = r.data!;
    expect(cfg.is_getpos).toBe(o.settings.is_getpos);
    expect(cfg.rme_satu_sehat).toBe(o.settings.rme_satu_sehat);
    expect(cfg.service_area_type).toBe(o.settings.service_area_type);
    expect(cfg.subscription_rules).toMatchObject({ deposit: 1, coupon: 1, sms_redeem: 1 });
    expect(cfg.pos_items.length).toBe(
      c.pos_items.filter((i) => i.outlet_ids.includes(o.business_outlet_id)).length,
    );
    expect(cfg.is_void_allowed).toBe(email === 'kasir@serambi.id' ? 0 : 1);
  });
});
