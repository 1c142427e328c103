import { describe, expect, it } from 'vitest';
import { ymd } from '../../../server/db/demo/dates';
import { demoBusiness } from '../../../server/db/demo/index';
import type { DemoBusiness, DemoLink } from '../../../server/db/demo/types';

const NOW = new Date('2026-11-22T03:00:00Z');
const demo = demoBusiness(NOW);
const c = demo.catalogue;

function expectUnique(label: string, values: (string | number)[]): void {
  const seen = new Set<string | number>();
  const dupes: (string | number)[] = [];
  for (const v of values) {
    if (seen.has(v)) dupes.push(v);
    seen.add(v);
  }
  expect(dupes, `${label} duplicated`).toEqual([]);
}

const commaIds = (list: string): number[] => (list === '' ? [] : list.split(',').map(Number));

describe('demo business: ids are unique', () => {
  it('per entity', () => {
    expectUnique(
      'user group',
      demo.user_groups.map((g) => g.business_user_group_id),
    );
    expectUnique(
      'user id',
      demo.users.map((u) => u.business_user_id),
    );
    expectUnique(
      'user email',
      demo.users.map((u) => u.email),
    );
    expectUnique(
      'outlet',
      demo.outlets.map((o) => o.business_outlet_id),
    );
    expectUnique(
      'category',
      c.pos_item_categories.map((x) => x.pos_item_category_id),
    );
    expectUnique(
      'item',
      c.pos_items.map((x) => x.pos_item_id),
    );
    expectUnique(
      'variant',
      c.pos_items.flatMap((x) => x.pos_item_variants.map((v) => v.pos_item_variant_id)),
    );
    expectUnique(
      'sku',
      c.pos_items.flatMap((x) => x.pos_item_variants.map((v) => v.sku)),
    );
    expectUnique(
      'item modifier link',
      c.pos_items.flatMap((x) => x.pos_item_pos_item_modifiers.map((m) => m.posItem_posItemModifier_id)),
    );
    expectUnique(
      'coupon category',
      c.coupon_categories.map((x) => x.coupon_category_id),
    );
    expectUnique(
      'coupon',
      c.coupons.map((x) => x.coupon_id),
    );
    expectUnique(
      'coupon group',
      c.coupon_groups.map((x) => x.coupon_group_id),
    );
    expectUnique(
      'discount',
      c.pos_item_discounts.map((x) => x.pos_item_discount_id),
    );
    expectUnique(
      'membership',
      c.business_memberships.map((x) => x.business_membership_id),
    );
    expectUnique(
      'reward',
      c.reward_redemption_items.map((x) => x.reward_redemption_item_id),
    );
    expectUnique(
      'worker group',
      c.commission_worker_groups.map((x) => x.business_commission_worker_group_id),
    );
    expectUnique(
      'worker',
      c.commission_worker.map((x) => x.business_commission_worker_id),
    );
    expectUnique(
      'tag',
      c.tags.map((x) => x.pos_tag_id),
    );
    expectUnique(
      'vendor',
      c.vendors.map((x) => x.inv_vendor_id),
    );
    expectUnique(
      'unit',
      c.units.map((x) => x.inv_unit_id),
    );
    expectUnique(
      'faq',
      c.help_faqs.map((x) => x.business_user_faq_id),
    );
    expectUnique(
      'area',
      demo.outlets.flatMap((o) => o.area.map((a) => a.pos_area_id)),
    );
    expectUnique(
      'area category',
      demo.outlets.flatMap((o) => o.area_category.map((a) => a.pos_areaCategory_id)),
    );
    expectUnique(
      'sales type',
      demo.outlets.flatMap((o) => o.sales_type.map((a) => a.pos_salesType_id)),
    );
    expectUnique(
      'service charge',
      demo.outlets.flatMap((o) => o.service_charge.map((a) => a.pos_serviceCharge_id)),
    );
    expectUnique(
      'additional charge',
      demo.outlets.flatMap((o) => o.additional_charge.map((a) => a.pos_additionalCharge_id)),
    );
    expectUnique(
      'storage location',
      demo.outlets.flatMap((o) => o.storage_locations.map((a) => a.inv_sloc_id)),
    );
    expectUnique(
      'customer code',
      demo.customers.map((x) => x.user_code),
    );
    expectUnique(
      'customer phone',
      demo.customers.map((x) => x.user_phone.replace(/^\+62/, '0')),
    );
    expectUnique(
      'customer ref',
      demo.customers.map((x) => x.user_ref),
    );
    expectUnique(
      'customer nik',
      demo.customers.map((x) => x.nik).filter((n) => n !== ''),
    );
    expectUnique(
      'receivable',
      demo.customers.flatMap((x) => x.receivables.map((r) => r.local_trx_id)),
    );
    for (const o of demo.outlets) {
      expectUnique(
        `payment method of ${o.outlet_name}`,
        o.payment_method.map((m) => `${m.table_name}:${m.table_id}`),
      );
    }
  });

  it('keeps catalogue ids clear of the synthetic line ids (pos_item_id 0/1, variant 1)', () => {
    for (const item of c.pos_items) {
      expect(item.pos_item_id).toBeGreaterThan(1);
      for (const v of item.pos_item_variants) expect(v.pos_item_variant_id).toBeGreaterThan(1);
    }
  });
});

describe('demo business: every reference resolves', () => {
  const categories = new Set(c.pos_item_categories.map((x) => x.pos_item_category_id));
  const items = new Map(c.pos_items.map((x) => [x.pos_item_id, x]));
  const variants = new Map(
    c.pos_items.flatMap((x) => x.pos_item_variants.map((v) => [v.pos_item_variant_id, v])),
  );
  const workerGroups = new Set(c.commission_worker_groups.map((x) => x.business_commission_worker_group_id));
  const workers = new Set(c.commission_worker.map((x) => x.business_commission_worker_id));
  const coupons = new Map(c.coupons.map((x) => [x.coupon_id, x]));
  const couponCategories = new Set(c.coupon_categories.map((x) => x.coupon_category_id));
  const groups = new Set(c.coupon_groups.map((x) => x.coupon_group_id));
  const discounts = new Map(c.pos_item_discounts.map((x) => [x.pos_item_discount_id, x]));
  const memberships = new Set(c.business_memberships.map((x) => x.business_membership_id));
  const userGroups = new Set(demo.user_groups.map((x) => x.business_user_group_id));
  const outlets = new Set(demo.outlets.map((x) => x.business_outlet_id));
  const units = new Set(c.units.map((x) => x.inv_unit_id));
  const slocs = new Set(demo.outlets.flatMap((o) => o.storage_locations.map((s) => s.inv_sloc_id)));

  const checkLink = (label: string, l: DemoLink) => {
    if (l.pos_link_type === 'item') expect(items.has(l.pos_item_id ?? -1), `${label} item`).toBe(true);
    if (l.pos_link_type === 'item_category')
      expect(categories.has(l.pos_item_category_id ?? -1), `${label} category`).toBe(true);
    if (l.pos_link_type === 'discount') expect(l.discount_percentage, label).toBeGreaterThan(0);
    expect(l.is_all_variant === 1 || l.pos_item_variants.length > 0, `${label} variants`).toBe(true);
    for (const v of l.pos_item_variants) {
      expect(variants.get(v.pos_item_variant_id)?.pos_item_id, `${label} variant`).toBe(l.pos_item_id);
      expect(v.variant_price).toBe(variants.get(v.pos_item_variant_id)?.variant_price);
    }
  };

  it('items: category, variants, worker groups, discounts, user groups, memberships, outlets, units, packages', () => {
    for (const item of c.pos_items) {
      const label = `${item.pos_item_id} ${item.item_name}`;
      expect(categories.has(item.pos_item_category_id), label).toBe(true);
      expect(item.category_name).toBe(
        c.pos_item_categories.find((x) => x.pos_item_category_id === item.pos_item_category_id)
          ?.category_name,
      );
      expect(item.pos_item_variants.length, label).toBeGreaterThan(0);
      for (const v of item.pos_item_variants) {
        expect(v.pos_item_id).toBe(item.pos_item_id);
        expect(units.has(v.inv_unit_id), label).toBe(true);
        for (const ing of v.ingredients) {
          expect(
            items.get(variants.get(ing.pos_item_variant_id)?.pos_item_id ?? -1)?.item_nature,
            label,
          ).toBe('RETAIL');
        }
      }
      for (const g of item.pos_item_commission_worker_groups)
        expect(workerGroups.has(g.business_commission_worker_group_id), label).toBe(true);
      for (const d of item.pos_item_discount_ids)
        expect(discounts.get(d)?.discount_type, label).toBe('req-item');
      for (const g of commaIds(item.authorized_user_groups)) expect(userGroups.has(g), label).toBe(true);
      for (const m of commaIds(item.authorized_business_memberships))
        expect(memberships.has(m), label).toBe(true);
      expect(item.outlet_ids.length, label).toBeGreaterThan(0);
      for (const o of item.outlet_ids) expect(outlets.has(o), label).toBe(true);
      expect(item.is_package).toBe(item.pos_item_package_details.length > 0 ? 1 : 0);
      for (const p of item.pos_item_package_details) {
        const part = items.get(p.pos_item_id);
        expect(part?.item_name, label).toBe(p.item_name);
        // a package is sold only where its parts are
        for (const o of item.outlet_ids) expect(part?.outlet_ids, label).toContain(o);
        for (const pv of p.pos_item_package_detail_variants)
          expect(variants.get(pv.pos_item_variant_id)?.pos_item_id).toBe(p.pos_item_id);
        expect(
          p.pos_item_package_detail_variants.some((pv) => pv.is_chosen === 1),
          label,
        ).toBe(true);
      }
    }
  });

  it('discounts: required items, categories, user groups and memberships', () => {
    for (const d of c.pos_item_discounts) {
      if (d.req_pos_item_id !== null) expect(items.has(d.req_pos_item_id)).toBe(true);
      if (d.pos_item_category_id !== null) expect(categories.has(d.pos_item_category_id)).toBe(true);
      if (d.coupon_id !== null) expect(coupons.has(d.coupon_id)).toBe(true);
      if (d.coupon_group_id !== null) expect(groups.has(d.coupon_group_id)).toBe(true);
      for (const g of commaIds(d.authorized_user_groups)) expect(userGroups.has(g)).toBe(true);
      for (const m of commaIds(d.authorized_business_memberships)) expect(memberships.has(m)).toBe(true);
      expect(d.start_date <= d.end_date).toBe(true);
    }
  });

  it('coupons, coupon groups and rewards', () => {
    for (const cp of c.coupons) {
      expect(couponCategories.has(cp.coupon_category_id)).toBe(true);
      expect(cp.coupon_category_name).toBe(
        c.coupon_categories.find((x) => x.coupon_category_id === cp.coupon_category_id)?.coupon_category_name,
      );
      if (cp.coupon_group_id !== null) expect(groups.has(cp.coupon_group_id)).toBe(true);
      for (const m of commaIds(cp.authorized_business_memberships)) expect(memberships.has(m)).toBe(true);
      for (const g of commaIds(cp.authorized_user_groups)) expect(userGroups.has(g)).toBe(true);
      checkLink(`coupon ${cp.coupon_id}`, cp.coupon_item);
    }
    for (const g of c.coupon_groups) {
      expect(couponCategories.has(g.coupon_category_id)).toBe(true);
      expect(g.coupons.length).toBeGreaterThan(0);
      for (const cp of g.coupons) {
        const { qty, ...coupon } = cp;
        expect(qty).toBeGreaterThan(0);
        expect(coupon).toEqual(coupons.get(cp.coupon_id));
      }
    }
    for (const r of c.reward_redemption_items) checkLink(`reward ${r.reward_redemption_item_id}`, r);
  });

  it('workers, users, outlets, brand, stock', () => {
    for (const w of c.commission_worker)
      expect(workerGroups.has(w.business_commission_worker_group_id)).toBe(true);
    for (const u of demo.users) {
      expect(userGroups.has(u.business_user_group_id)).toBe(true);
      for (const o of u.outlet_ids) expect(outlets.has(o)).toBe(true);
    }
    for (const o of demo.outlets) {
      for (const id of o.commission_worker_ids) expect(workers.has(id)).toBe(true);
      const cats = new Set(o.area_category.map((a) => a.pos_areaCategory_id));
      // category 0 is 'Lainnya' (003 §9)
      for (const a of o.area)
        expect(a.pos_areaCategory_id === 0 || cats.has(a.pos_areaCategory_id)).toBe(true);
      const sc = new Set(o.service_charge.map((x) => x.pos_serviceCharge_id));
      const ac = new Set(o.additional_charge.map((x) => x.pos_additionalCharge_id));
      for (const st of o.sales_type) {
        for (const x of st.pos_sales_type_service_charges) expect(sc.has(x.pos_serviceCharge_id)).toBe(true);
        for (const x of st.pos_sales_type_additional_charges)
          expect(ac.has(x.pos_additionalCharge_id)).toBe(true);
      }
      for (const s of o.settings.order_print_out_section)
        for (const cat of s.pos_item_categories) expect(categories.has(cat.pos_item_category_id)).toBe(true);
      expect(o.storage_locations.filter((s) => s.is_default === 1)).toHaveLength(1);
    }
    for (const id of demo.brand.businessWallet_restrictedPosItemCategories)
      expect(categories.has(id) || couponCategories.has(id)).toBe(true);
    for (const r of demo.brand.top_up_reward_rules)
      if (r.coupon_reward_id !== null) expect(coupons.has(r.coupon_reward_id)).toBe(true);
    for (const s of demo.opening_stock) {
      expect(slocs.has(s.inv_sloc_id)).toBe(true);
      expect(items.get(variants.get(s.pos_item_variant_id)?.pos_item_id ?? -1)?.item_nature).toBe('RETAIL');
    }
  });

  it('customers: memberships, coupons and receivable outlets', () => {
    for (const cu of demo.customers) {
      if (cu.membership) expect(memberships.has(cu.membership.business_membership_id)).toBe(true);
      for (const cp of cu.coupons) expect(coupons.has(cp.coupon_id)).toBe(true);
      for (const r of cu.receivables) expect(outlets.has(r.business_outlet_id)).toBe(true);
    }
  });
});

describe('demo business: counts and variety', () => {
  it('has 60+ items over the six kinds of category, 50 customers, 8 workers', () => {
    expect(c.pos_items.length).toBeGreaterThanOrEqual(60);
    expect(demo.customers).toHaveLength(50);
    expect(c.commission_worker).toHaveLength(8);
    const names = c.pos_item_categories.map((x) => x.category_name.toLowerCase()).join('|');
    for (const word of ['rambut', 'kuku', 'facial', 'spa', 'klinik', 'retail']) expect(names).toContain(word);
    for (const cat of c.pos_item_categories)
      expect(
        c.pos_items.filter((i) => i.pos_item_category_id === cat.pos_item_category_id).length,
      ).toBeGreaterThan(3);
  });

  it('has variants, modifiers of both kinds, packages, custom-price, stock-out, hidden and restricted items', () => {
    const items = c.pos_items;
    expect(items.filter((i) => i.pos_item_variants.length > 1).length).toBeGreaterThan(10);
    const modTypes = new Set(items.flatMap((i) => i.pos_item_pos_item_modifiers.map((m) => m.modifier_type)));
    expect([...modTypes].sort()).toEqual(['MULTIPLE', 'SINGLE']);
    expect(items.filter((i) => i.is_package === 1).length).toBeGreaterThanOrEqual(3);
    const custom = items.filter((i) => i.is_custom_price === 1);
    expect(custom.length).toBeGreaterThanOrEqual(2);
    for (const i of custom) expect(i.pos_item_variants.every((v) => v.custom_price)).toBe(true);
    expect(items.filter((i) => i.is_stock_out_required === 1).length).toBeGreaterThanOrEqual(3);
    expect(items.some((i) => i.is_hidden === 1)).toBe(true);
    expect(items.some((i) => i.authorized_user_groups !== '')).toBe(true);
    expect(items.some((i) => i.authorized_business_memberships !== '')).toBe(true);
    expect(items.some((i) => i.is_custom_discount === 1 && i.max_custom_discount > 0)).toBe(true);
    expect(items.some((i) => i.pos_item_variants.some((v) => v.commission_value > 0))).toBe(true);
    expect(items.some((i) => i.pos_item_variants.some((v) => v.ingredients.length > 0))).toBe(true);
    const natures = new Set(items.map((i) => i.item_nature));
    expect(natures).toEqual(new Set(['SERVICE', 'RETAIL']));
    for (const i of items) {
      for (const v of i.pos_item_variants) {
        expect(v.variant_price).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(v.variant_price)).toBe(true);
      }
    }
  });

  it('sells retail products without a worker, as a salon sets them up (issue 10: no worker trap)', () => {
    const retail = c.pos_items.filter((i) => i.item_nature === 'RETAIL');
    expect(retail.length).toBeGreaterThan(3);
    for (const i of retail) expect(i.no_commission, i.item_name).toBe(1);
    // services still need their worker
    expect(c.pos_items.some((i) => i.item_nature === 'SERVICE' && i.no_commission === 0)).toBe(true);
  });

  it('has discounts of every type, deduction, availability and restriction, valid and expired', () => {
    const d = c.pos_item_discounts;
    const today = ymd(NOW);
    for (const type of ['basic', 'req-item'] as const) {
      for (const deduction of ['percentage', 'value'] as const) {
        expect(
          d.some((x) => x.discount_type === type && x.deduction_type === deduction),
          `${type} ${deduction}`,
        ).toBe(true);
      }
      for (const availability of ['all_day', 'special_day', 'special_date'] as const) {
        expect(
          d.some((x) => x.discount_type === type && x.availability_type === availability),
          `${type} ${availability}`,
        ).toBe(true);
      }
      expect(d.some((x) => x.discount_type === type && x.authorized_user_groups !== '')).toBe(true);
      expect(d.some((x) => x.discount_type === type && x.authorized_business_memberships !== '')).toBe(true);
    }
    expect(d.some((x) => x.end_date < today)).toBe(true);
    expect(d.filter((x) => x.start_date <= today && today <= x.end_date).length).toBeGreaterThan(10);
    for (const x of d) {
      if (x.availability_type === 'special_day') {
        expect(x.pos_item_discount_days.length).toBeGreaterThan(0);
        for (const day of x.pos_item_discount_days) expect(day.day_id >= 1 && day.day_id <= 7).toBe(true);
      }
      if (x.availability_type === 'special_date')
        expect(x.pos_item_discount_special_dates.length).toBeGreaterThan(0);
      if (x.deduction_type === 'percentage') expect(x.deduction_value).toBeLessThanOrEqual(100);
    }
  });

  it('has coupons of each link type, coupon groups, memberships with discount levels and rewards', () => {
    const linkTypes = new Set(c.coupons.map((x) => x.coupon_item.pos_link_type));
    expect(linkTypes).toEqual(new Set(['item', 'item_category', 'discount']));
    expect(c.coupons.every((x) => x.coupon_type === 'manual')).toBe(true);
    expect(c.coupon_groups.length).toBeGreaterThanOrEqual(2);
    expect(c.business_memberships.length).toBeGreaterThanOrEqual(3);
    for (const m of c.business_memberships) expect(m.discount_level.reward_value).toBeGreaterThan(0);
    expect(c.business_memberships.some((m) => m.price > 0)).toBe(true);
    expect(c.business_memberships.some((m) => m.price > 0 && m.is_automatic_activation === 0)).toBe(true);
    expect(c.reward_redemption_items.length).toBeGreaterThanOrEqual(4);
    expect(new Set(c.reward_redemption_items.map((r) => r.pos_link_type))).toEqual(
      new Set(['item', 'item_category', 'discount']),
    );
  });

  it('has the payment methods the issue names, each identified by table_name and table_id', () => {
    const kemang = demo.outlets[0].payment_method;
    const byName = new Map(kemang.map((m) => [m.payment_method_name, m]));
    expect([...byName.keys()]).toEqual([
      'Cash',
      'Debit Card',
      'Credit Card',
      'QRIS',
      'Bank Transfer',
      'Deposit',
      'Piutang',
    ]);
    for (const card of ['Debit Card', 'Credit Card']) {
      expect(byName.get(card)?.is_charge_to_customer).toBe(1);
      expect(byName.get(card)?.charge_percentage).toBeGreaterThan(0);
    }
    expect(byName.get('Bank Transfer')).toMatchObject({ is_reference_required: 1, reference_min_length: 6 });
    expect(byName.get('Deposit')?.payment_type).toBe('DEPOSIT');
    expect(byName.get('Piutang')?.payment_type).toBe('CREDIT');
    expect(byName.get('Cash')?.payment_type).toBe('NORMAL');
    for (const m of kemang) expect(m.table_name.length).toBeGreaterThan(0);
  });

  it('has sales types with charges, areas with categories, tags of every scope, stock, vendors and FAQs', () => {
    for (const o of demo.outlets) {
      expect(o.sales_type.map((s) => s.pos_salesType_name)).toEqual(
        expect.arrayContaining(['Walk In', 'Reservasi', 'Home Service']),
      );
      expect(o.sales_type.some((s) => s.pos_sales_type_service_charges.length > 0)).toBe(true);
      expect(o.sales_type.some((s) => s.pos_sales_type_additional_charges.length > 0)).toBe(true);
      expect(o.area.length).toBeGreaterThan(3);
      expect(o.area_category.length).toBeGreaterThan(1);
      expect(o.storage_locations.length).toBeGreaterThan(1);
    }
    expect(new Set(c.tags.map((t) => t.usage_scope))).toEqual(new Set(['ITEM', 'TRANSACTION', 'ALL']));
    expect(c.vendors.length).toBeGreaterThanOrEqual(3);
    expect(c.help_faqs.length).toBeGreaterThanOrEqual(5);
    expect(demo.opening_stock.some((s) => s.qty === 0)).toBe(true);
    expect(demo.opening_stock.some((s) => s.qty > 0)).toBe(true);
  });
});

describe('demo business: customers', () => {
  const today = ymd(NOW);
  const customers = demo.customers;

  it('have Indonesian phones, 16-digit NIKs and 1/2 genders', () => {
    for (const cu of customers) {
      expect(cu.user_phone).toMatch(/^(\+62|0)8\d{8,11}$/);
      if (cu.nik !== '') expect(cu.nik).toMatch(/^\d{16}$/);
      expect([1, 2]).toContain(cu.user_gender);
      expect(cu.user_birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(customers.some((cu) => cu.user_phone.startsWith('+62'))).toBe(true);
    expect(customers.some((cu) => cu.user_phone.startsWith('08'))).toBe(true);
    expect(customers.filter((cu) => cu.nik !== '').length).toBeGreaterThan(30);
    expect(customers.some((cu) => cu.nik === '')).toBe(true);
  });

  it('include members with points, wallet balances, active and expired coupons, open receivables', () => {
    const members = customers.filter((cu) => cu.membership !== null);
    expect(members.length).toBeGreaterThanOrEqual(10);
    expect(members.filter((cu) => cu.opening_points > 0).length).toBeGreaterThanOrEqual(10);
    expect(members.some((cu) => (cu.membership?.valid_until ?? '') < today)).toBe(true);
    expect(customers.filter((cu) => cu.opening_wallet_balance > 0).length).toBeGreaterThanOrEqual(5);
    const active = customers.filter((cu) => cu.coupons.some((cp) => cp.expired_date >= today && cp.qty > 0));
    expect(active.length).toBeGreaterThanOrEqual(5);
    expect(customers.some((cu) => cu.coupons.some((cp) => cp.expired_date < today))).toBe(true);
    const receivables = customers.flatMap((cu) => cu.receivables);
    expect(receivables.length).toBeGreaterThanOrEqual(5);
    for (const r of receivables) {
      expect(r.amount).toBeGreaterThan(0);
      expect(r.trx_time.slice(0, 10) <= today).toBe(true);
      expect(r.local_trx_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    for (const cu of customers) {
      if (cu.opening_wallet_balance > 0)
        expect(cu.opening_wallet_balance).toBeLessThanOrEqual(demo.brand.business_wallet.max_balance);
    }
  });

  it.each([
    ['midday WIB', '2026-11-22T05:00:00Z', '2026-11-22'],
    ['just after midnight WIB (still the previous day in UTC)', '2026-03-31T17:30:00Z', '2026-04-01'],
    ['leap day', '2028-02-29T03:00:00Z', '2028-02-29'],
  ])('a customer has a birthday today and coupons are open (%s)', (_label, at, wibDate) => {
    const d: DemoBusiness = demoBusiness(new Date(at));
    expect(ymd(new Date(at))).toBe(wibDate);
    const md = wibDate.slice(5);
    expect(d.customers.some((cu) => cu.user_birth_date.slice(5) === md)).toBe(true);
    expect(d.customers.some((cu) => cu.coupons.some((cp) => cp.expired_date >= wibDate))).toBe(true);
    expect(d.generated_at.startsWith(wibDate)).toBe(true);
  });
});

describe('demo business: determinism', () => {
  it('gives the same data for the same now', () => {
    expect(demoBusiness(new Date(NOW))).toEqual(demo);
  });

  it('moves relative dates with now and keeps everything else', () => {
    const later = demoBusiness(new Date('2027-01-15T03:00:00Z'));
    expect(later.catalogue.pos_items).toEqual(demo.catalogue.pos_items);
    expect(later.customers.map((cu) => cu.user_code)).toEqual(demo.customers.map((cu) => cu.user_code));
    expect(later.customers[0].user_birth_date).not.toBe(demo.customers[0].user_birth_date);
  });
});
