import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoBusiness, REPORT_FLAGS, ROLE_FLAGS } from '../../../server/db/demo/index';
import type { DemoOutletSettings, RoleFlag } from '../../../server/db/demo/types';

const demo = demoBusiness(new Date('2026-11-22T03:00:00Z'));
const outlet = (name: string) => {
  const o = demo.outlets.find((x) => x.outlet_name === name);
  if (!o) throw new Error(`no outlet ${name}`);
  return o;
};
const account = (email: string) => {
  const u = demo.users.find((x) => x.email === email);
  if (!u) throw new Error(`no account ${email}`);
  const group = demo.user_groups.find((g) => g.business_user_group_id === u.business_user_group_id);
  if (!group) throw new Error(`no group for ${email}`);
  return { user: u, group };
};
const outletIdOf = (name: string) => outlet(name).business_outlet_id;

describe('brand', () => {
  it('is Serambi Beauty, business 1, IDR, with deposit, coupon and sms_redeem on', () => {
    expect(demo.brand).toMatchObject({ business_id: 1, brand_name: 'Serambi Beauty', currency_code: 'IDR' });
    expect(demo.brand.subscription_rules).toMatchObject({ deposit: 1, coupon: 1, sms_redeem: 1 });
    expect(demo.brand.business_wallet.max_balance).toBeGreaterThan(0);
    expect(demo.brand.top_up_reward_rules.length).toBeGreaterThan(0);
    expect(demo.brand.loyalty_earn_rule.amount_per_point).toBeGreaterThan(0);
  });
});

describe('outlets', () => {
  it('are Kemang (1) and Menteng (2)', () => {
    expect(demo.outlets.map((o) => [o.business_outlet_id, o.outlet_name])).toEqual([
      [1, 'Serambi Salon Kemang'],
      [2, 'Serambi Klinik Menteng'],
    ]);
  });

  it('Kemang: getpos, commission with multi-commission and sellers, areas per item, custom items, SKU search, document date, receivables, direct redeem, digital receipts with SMS', () => {
    const expected: Partial<DemoOutletSettings> = {
      is_getpos: 1,
      is_pos_commission_scheme: 1,
      is_pos_multicommission_scheme: 1,
      is_pos_commission_seller: 1,
      is_service_area_scheme: 1,
      service_area_type: 'item',
      is_custom_item: 1,
      pos_item_search_by_sku: 1,
      is_document_date_editable: 1,
      pos_account_receivable: 1,
      direct_reward_redeem: 1,
      pos_print_digital_invoice: 1,
      is_sms_receipt: 1,
    };
    expect(outlet('Serambi Salon Kemang').settings).toMatchObject(expected);
    expect(outlet('Serambi Salon Kemang').payment_method.map((m) => m.payment_method_name)).toContain(
      'Piutang',
    );
  });

  // Ruling 24: the outlet a newcomer signs in to first sells offline and lets its users leave freely; Menteng
  // requires a consumption before sign-out (000 §4) now that 'Inventory - Stok Keluar' exists (issue 13) and
  // the blocked sign-out links to it, and enforces shifts (issue 12); Kemang does neither.
  it('Kemang sells offline (check_stock_availability_on_trx 0); only Menteng requires stock-out before sign-out and enforces shifts', () => {
    expect(outlet('Serambi Salon Kemang').settings.check_stock_availability_on_trx).toBe(0);
    expect(outlet('Serambi Salon Kemang').settings.is_inventory_required).toBe(0);
    expect(outlet('Serambi Klinik Menteng').settings.is_inventory_required).toBe(1);
    expect(outlet('Serambi Salon Kemang').settings.pos_shift_enforced).toBe(0);
    expect(outlet('Serambi Klinik Menteng').settings.pos_shift_enforced).toBe(1);
  });

  it('Kemang has tags to choose from (ITEM and TRANSACTION scopes)', () => {
    const scopes = new Set(demo.catalogue.tags.map((t) => t.usage_scope));
    expect(scopes.has('ITEM') && scopes.has('TRANSACTION')).toBe(true);
  });

  it('Menteng: EMR, loyalty menus, delete by supervisor, customer required, area per transaction, journal, secret notes', () => {
    const expected: Partial<DemoOutletSettings> = {
      rme_satu_sehat: 1,
      is_getpos: 0,
      pos_cashier_delete_by_pin: 1,
      is_user_id_required: 1,
      is_service_area_scheme: 1,
      service_area_type: 'transaction',
      customer_journal: 1,
      secret_notes: 1,
    };
    expect(outlet('Serambi Klinik Menteng').settings).toMatchObject(expected);
  });

  it('each outlet has workers, its own catalogue items and the shared ones', () => {
    for (const o of demo.outlets) {
      expect(o.commission_worker_ids.length).toBeGreaterThan(2);
      expect(
        demo.catalogue.pos_items.filter((i) => i.outlet_ids.includes(o.business_outlet_id)).length,
      ).toBeGreaterThan(25);
    }
    const clinic = demo.catalogue.pos_items.filter((i) => i.category_name === 'Perawatan Klinik');
    expect(clinic.every((i) => i.outlet_ids.join() === String(outletIdOf('Serambi Klinik Menteng')))).toBe(
      true,
    );
  });
});

describe('accounts', () => {
  const allOn = (flags: Record<RoleFlag, 0 | 1>) => ROLE_FLAGS.filter((f) => flags[f] !== 1);

  it('all use the demo password', () => {
    expect(demo.users.map((u) => u.email).sort()).toEqual([
      'demo@serambi.id',
      'dokter@serambi.id',
      'kasir@serambi.id',
      'perawat@serambi.id',
      'spv@serambi.id',
    ]);
    for (const u of demo.users) expect(u.password).toBe(DEMO_PASSWORD);
    expect(DEMO_PASSWORD).toBe('demo1234');
  });

  it('every group lists every flag of §6', () => {
    for (const g of demo.user_groups)
      expect(Object.keys(g.auth_role_accesses).sort()).toEqual([...ROLE_FLAGS].sort());
  });

  it('demo@: every flag, both outlets, may void', () => {
    const { user, group } = account('demo@serambi.id');
    expect(allOn(group.auth_role_accesses)).toEqual([]);
    expect(user.outlet_ids).toEqual([1, 2]);
    expect(group.is_void_allowed).toBe(1);
  });

  it('kasir@: Kemang only, no transaction discount, no price below original, no reports, no void', () => {
    const { user, group } = account('kasir@serambi.id');
    expect(user.outlet_ids).toEqual([outletIdOf('Serambi Salon Kemang')]);
    const denied = allOn(group.auth_role_accesses);
    expect(denied.sort()).toEqual(
      ['AUDIT_LOG', 'DISCOUNT_TRANSACTION', 'CUSTOM_PRICE_LESS_THAN_ORIGINAL', ...REPORT_FLAGS].sort(),
    );
    expect(group.auth_role_accesses.CASHIER_SYSTEM).toBe(1);
    expect(group.is_void_allowed).toBe(0);
    expect(user.is_supervisor).toBe(0);
  });

  it('perawat@: Menteng, the journal like the doctor, but not a registered health worker (issue 25)', () => {
    const { user, group } = account('perawat@serambi.id');
    expect(user.outlet_ids).toEqual([outletIdOf('Serambi Klinik Menteng')]);
    expect(user.health_worker).toBeUndefined();
    expect(group.auth_role_accesses.CUSTOMER_JOURNAL).toBe(1);
  });

  it('dokter@: Menteng, a registered health worker with EMR and journal access', () => {
    const { user, group } = account('dokter@serambi.id');
    expect(user.outlet_ids).toEqual([outletIdOf('Serambi Klinik Menteng')]);
    expect(user.health_worker?.nik).toMatch(/^\d{16}$/);
    expect(user.health_worker?.ihs_practitioner_id).toMatch(/^\d+$/);
    for (const f of [
      'CASHIER_SYSTEM',
      'CUSTOMER_JOURNAL',
      'CUSTOMER_FLOW',
      'CUSTOMER_INFORMATION',
      'APPOINTMENT',
      'RME_STATISTICS_KUNJUNGAN',
      'RME_STATISTICS_DIAGNOSA',
      'RME_STATISTICS_GENDER',
    ] as const) {
      expect(group.auth_role_accesses[f], f).toBe(1);
    }
  });

  it('spv@: a supervisor in both outlets', () => {
    const { user, group } = account('spv@serambi.id');
    expect(user.is_supervisor).toBe(1);
    expect(user.outlet_ids).toEqual([1, 2]);
    // the auditor's replay (issue 15) is the owner's alone in the demo
    expect(allOn(group.auth_role_accesses)).toEqual(['AUDIT_LOG']);
  });

  it('only the health worker carries health-worker ids; only spv@ is a supervisor', () => {
    expect(demo.users.filter((u) => u.health_worker).map((u) => u.email)).toEqual(['dokter@serambi.id']);
    expect(demo.users.filter((u) => u.is_supervisor === 1).map((u) => u.email)).toEqual(['spv@serambi.id']);
  });
});
