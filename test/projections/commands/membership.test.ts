// Issue 14: step 2 of a membership sale (000 §2 'Aktifkan / Perpanjang Membership'): the customer message,
// 'Pilih membership' storing membership_item and the one synthetic line (pos_item_id 1, variant 1, qty 1, name =
// membership_name, price = integer of price), the sellers, and the continue-to-payment checks (000 §5).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type Customer, validateContinueToPayment } from '../../../src/domain';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { config, harness, ok } from './fixtures';

const customer: Customer = {
  user_code: 'SB26000003',
  user_name: 'Citra Kirana',
  user_identifier_type: 'phone',
  user_identifier_string: '081234567890',
  user_email_notification: '',
  membership_name: null,
};
const workers = [1, 2].map((id) => ({ business_commission_worker_id: id, firstname: `Pekerja ${id}` }));
const cfg = config({
  business_memberships: [
    { business_membership_id: 1, membership_name: 'Silver', membership_image: '', price: 0 },
    { business_membership_id: 2, membership_name: 'Gold', membership_image: '', price: 500000.75 },
    { business_membership_id: 4, membership_name: 'Klinik Care', membership_image: '', price: 250000 },
  ],
  commission_worker: workers,
  is_pos_commission_seller: 1,
  is_pos_commission_seller_membership_sales: 1,
  is_pos_commission_multi_seller: 0,
} as never);
const ctx = { currency: 'IDR', maxWalletBalance: null };

async function start() {
  const h = harness(cfg);
  const { local_trx_id } = ok(await h.commands.startTransaction({ trx_type: 'MEMBERSHIP_SALES' }));
  return { h, local_trx_id, get: async () => h.store.getTransaction(local_trx_id) };
}

describe('Jual Membership (step 2)', () => {
  it('asks for a customer first; Continue names what is missing', async () => {
    const { h, local_trx_id, get } = await start();
    expect((await get())?.trx_name).toBe('Jual Membership');
    expect(validateContinueToPayment((await get()) as never, ctx)).toBe(SALE_MESSAGES.membershipNoCustomer);
    expect(await h.commands.chooseMembership({ local_trx_id, business_membership_id: 2 })).toEqual({
      ok: false,
      message: 'Silakan tentukan customer terlebih dahulu',
    });
    ok(await h.commands.setCustomer({ local_trx_id, customer }));
    expect(validateContinueToPayment((await get()) as never, ctx)).toBe(SALE_MESSAGES.membershipNotChosen);
    expect((await get())?.details).toEqual([]);
  });

  it('a choice stores membership_item and one synthetic line at the integer price; another choice replaces it', async () => {
    const { h, local_trx_id, get } = await start();
    ok(await h.commands.setCustomer({ local_trx_id, customer }));
    ok(await h.commands.chooseMembership({ local_trx_id, business_membership_id: 2 }));
    let trx = await get();
    expect(trx?.membership_item?.business_membership_id).toBe(2);
    expect(trx?.details).toHaveLength(1);
    expect(trx?.details[0]).toMatchObject({
      pos_item_id: 1,
      pos_item_variant_id: 1,
      qty: 1,
      itemMeta: { item_name: 'Gold', pos_item_variants: [{ variant_price: 500000 }] },
    });
    expect(trx?.drv_grand_total).toBe(500000);
    expect(validateContinueToPayment(trx as never, ctx)).toBeNull();
    ok(await h.commands.chooseMembership({ local_trx_id, business_membership_id: 4 }));
    trx = await get();
    expect(trx?.details).toHaveLength(1);
    expect(trx?.details[0].itemMeta.item_name).toBe('Klinik Care');
    expect(trx?.drv_grand_total).toBe(250000);
  });

  it('refuses a free or unknown membership', async () => {
    const { h, local_trx_id, get } = await start();
    ok(await h.commands.setCustomer({ local_trx_id, customer }));
    for (const id of [1, 99])
      expect(await h.commands.chooseMembership({ local_trx_id, business_membership_id: id })).toEqual({
        ok: false,
        message: SALE_MESSAGES.membershipNotChosen,
      });
    expect((await get())?.membership_item ?? null).toBeNull();
  });

  it('the Seller select (single here) sets the line’s seller and survives another choice', async () => {
    const { h, local_trx_id, get } = await start();
    ok(await h.commands.setCustomer({ local_trx_id, customer }));
    ok(await h.commands.chooseMembership({ local_trx_id, business_membership_id: 2 }));
    ok(await h.commands.setMembershipSellers({ local_trx_id, seller_ids: [2, 1] }));
    expect((await get())?.details[0].item_sellers.map((s) => s.business_commission_worker_id)).toEqual([2]);
    ok(await h.commands.chooseMembership({ local_trx_id, business_membership_id: 4 }));
    expect((await get())?.details[0].item_sellers.map((s) => s.business_commission_worker_id)).toEqual([2]);
  });
});
