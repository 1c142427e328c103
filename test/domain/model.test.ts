import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import {
  couponGroupSchema,
  couponSchema,
  customerSchema,
  deviceConfigSchema,
  posConfigSchema,
  posItemDiscountSchema,
  posItemSchema,
  posTransactionSchema,
  rewardRedemptionItemSchema,
} from '../../src/domain';

describe('domain model schemas', () => {
  it('a new transaction gets the initial values of spec 000 §3', () => {
    const t = posTransactionSchema.parse({
      local_trx_id: 'u-1',
      trx_local_start_time: '2026-03-02 10:00:00',
    });
    expect(t.trx_status_id).toBe(2);
    expect(t.is_synced).toBe(false);
    expect(t.customer).toBeNull();
    expect(t.redeem).toBeNull();
    expect(t.pos_sales_trx_head_id).toBeNull();
    expect(t.details).toEqual([]);
    expect(t.states.globalDiscountType).toBe('promo');
  });

  it('the configuration keeps unknown fields and defaults absent flags to 0', () => {
    const c = posConfigSchema.parse({
      business_id: 1,
      business_user_id: 7,
      cashier_name: 'Kasir',
      brand_name: 'Serambi Beauty',
      outlet_id: null,
      is_getpos: 1,
      some_future_flag: 1,
    });
    expect(c.is_getpos).toBe(1);
    expect(c.is_void_allowed).toBe(0);
    expect(c.payment_method).toEqual([]);
    expect((c as Record<string, unknown>).some_future_flag).toBe(1);
  });

  it('numeric strings from older data are read as numbers', () => {
    const item = posItemSchema.parse({
      pos_item_id: '12',
      item_name: 'Cut',
      pos_item_variants: [{ pos_item_variant_id: '3', variant_price: '50000' }],
    });
    expect(item.pos_item_id).toBe(12);
    expect(item.pos_item_variants[0].variant_price).toBe(50000);
  });

  it('rejects a configuration without its identity', () => {
    expect(posConfigSchema.safeParse({ brand_name: 'x' }).success).toBe(false);
  });

  it('device configuration defaults: 8cm, DESKTOP, "." and ","', () => {
    expect(deviceConfigSchema.parse({})).toEqual({
      printerPaperSize: '8cm',
      displayMode: 'DESKTOP',
      decimalSeparator: '.',
      thousandSeparator: ',',
      // issue 29: the browser's print dialog unless the device pairs a printer
      printerKind: 'browser',
      printerDevice: '',
      printerCodepage: 'auto',
      cashDrawer: false,
    });
    expect(deviceConfigSchema.safeParse({ printerPaperSize: '10cm' }).success).toBe(false);
  });

  it('accepts the demo business catalogue and customers', () => {
    const demo = demoBusiness(new Date('2026-03-02T10:00:00'));
    const check = (
      schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
      rows: unknown[],
    ) => {
      for (const row of rows) {
        const r = schema.safeParse(row);
        if (!r.success) throw new Error(`${JSON.stringify(row).slice(0, 200)}\n${String(r.error)}`);
      }
    };
    check(posItemSchema, demo.catalogue.pos_items);
    check(couponSchema, demo.catalogue.coupons);
    check(couponGroupSchema, demo.catalogue.coupon_groups);
    check(posItemDiscountSchema, demo.catalogue.pos_item_discounts);
    check(rewardRedemptionItemSchema, demo.catalogue.reward_redemption_items);
    check(customerSchema, demo.customers as unknown[]);
    expect(demo.catalogue.pos_items.length).toBeGreaterThan(50);
  });
});
