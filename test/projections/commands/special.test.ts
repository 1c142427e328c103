// Issue 14: step 2 of a top-up and of a receivable payment (000 §2): the amount input creates or edits the
// one synthetic line (pos_item_id 1, variant 1, qty 1), the top-up's sellers, the customer messages, and the
// continue-to-payment checks per kind (000 §5).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type Customer, validateContinueToPayment } from '../../../src/domain';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { config, harness, ok } from './fixtures';

const member: Customer = {
  user_code: 'SB26000001',
  user_name: 'Ayu Lestari',
  user_identifier_type: 'phone',
  user_identifier_string: '081234567890',
  user_email_notification: '',
  membership_name: 'Gold',
  deposit_amount: 150000,
  account_receivables: [
    { account_receivable_id: 11, trx_id: 'T-1', trx_time: '2026-11-20 10:00:00', drv_balance: 40000 },
  ],
};
const workers = [1, 2].map((id) => ({ business_commission_worker_id: id, firstname: `Pekerja ${id}` }));
const cfg = config({
  business_wallet: { max_balance: 10_000_000 },
  commission_worker: workers,
  is_pos_commission_seller: 1,
  is_pos_commission_seller_top_up_deposit: 1,
  is_pos_commission_multi_seller: 1,
  is_pos_commission_auto_split_multi_seller: 1,
} as never);
const ctx = { currency: 'IDR', maxWalletBalance: 10_000_000 };

async function start(kind: 'TOP_UP_DEPOSIT' | 'ACCOUNT_RECEIVABLE') {
  const h = harness(cfg);
  const { local_trx_id } = ok(await h.commands.startTransaction({ trx_type: kind }));
  return { h, local_trx_id, get: async () => h.store.getTransaction(local_trx_id) };
}

describe('Top Up Deposit (step 2)', () => {
  it('asks for a customer, then a member, before the amount', async () => {
    const { h, local_trx_id, get } = await start('TOP_UP_DEPOSIT');
    expect((await get())?.trx_name).toBe('Top Up Deposit');
    expect(await h.commands.setSpecialAmount({ local_trx_id, amount: 100000 })).toEqual({
      ok: false,
      message: SALE_MESSAGES.topUpCustomerMissing,
    });
    ok(await h.commands.setCustomer({ local_trx_id, customer: { ...member, membership_name: null } }));
    expect(await h.commands.setSpecialAmount({ local_trx_id, amount: 100000 })).toEqual({
      ok: false,
      message: SALE_MESSAGES.topUpCustomerNotMember,
    });
    expect((await get())?.details).toEqual([]);
  });

  it('the amount creates one synthetic line, then edits it; the total is the amount (no tax, no charge)', async () => {
    const { h, local_trx_id, get } = await start('TOP_UP_DEPOSIT');
    ok(await h.commands.setCustomer({ local_trx_id, customer: member }));
    expect(validateContinueToPayment((await get()) as never, ctx)).toBe(SALE_MESSAGES.topUpNoAmount);
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 250000 }));
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 500000 }));
    const trx = await get();
    expect(trx?.details).toHaveLength(1);
    expect(trx?.details[0]).toMatchObject({
      pos_item_id: 1,
      pos_item_variant_id: 1,
      qty: 1,
      itemMeta: { item_name: 'Top Up Deposit', pos_item_variants: [{ variant_price: 500000 }] },
    });
    expect(trx?.drv_grand_total).toBe(500000);
    expect(validateContinueToPayment(trx as never, ctx)).toBeNull();
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 10_000_001 }));
    expect(validateContinueToPayment((await get()) as never, ctx)).toBe(
      'Total top up tidak boleh melebihi IDR 10,000,000!',
    );
  });

  it('the Seller select sets the line’s sellers (auto-split 50/50)', async () => {
    const { h, local_trx_id, get } = await start('TOP_UP_DEPOSIT');
    ok(await h.commands.setCustomer({ local_trx_id, customer: member }));
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 100000 }));
    ok(await h.commands.setSpecialSellers({ local_trx_id, seller_ids: [1, 2] }));
    const line = (await get())?.details[0];
    expect(line?.item_sellers.map((s) => [s.business_commission_worker_id, s.percentage])).toEqual([
      [1, 50],
      [2, 50],
    ]);
    // the amount changed later keeps them
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 200000 }));
    expect((await get())?.details[0].item_sellers).toHaveLength(2);
  });

  it('a top-up cannot be paid from the deposit', async () => {
    const { h, local_trx_id } = await start('TOP_UP_DEPOSIT');
    ok(await h.commands.setCustomer({ local_trx_id, customer: member }));
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 100000 }));
    const r = await h.commands.addPayment({ local_trx_id, payment_type: 'DEPOSIT', amount: 50000 });
    expect(r.ok).toBe(false);
  });
});

describe('Pembayaran Piutang (step 2)', () => {
  it('amount and receivable: continue refuses none chosen and more than its balance', async () => {
    const { h, local_trx_id, get } = await start('ACCOUNT_RECEIVABLE');
    ok(await h.commands.setCustomer({ local_trx_id, customer: member }));
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 50000 }));
    expect((await get())?.details[0].itemMeta.item_name).toBe('Pembayaran Piutang');
    expect(validateContinueToPayment((await get()) as never, ctx)).toBe(
      SALE_MESSAGES.receivableNoTransaction,
    );
    ok(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 11 }));
    expect(validateContinueToPayment((await get()) as never, ctx)).toBe(SALE_MESSAGES.receivableAboveBalance);
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 40000 }));
    expect(validateContinueToPayment((await get()) as never, ctx)).toBeNull();
    // sellers belong to the top-up only
    expect((await h.commands.setSpecialSellers({ local_trx_id, seller_ids: [1] })).ok).toBe(false);
  });

  it('a sale is not a special kind: the amount command refuses it', async () => {
    const h = harness(cfg);
    const { local_trx_id } = ok(
      await h.commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 1 }),
    );
    expect((await h.commands.setSpecialAmount({ local_trx_id, amount: 1000 })).ok).toBe(false);
  });
});

describe('submitting a top-up (online-required, 000 §4)', () => {
  const prepared = async () => {
    const s = await start('TOP_UP_DEPOSIT');
    ok(await s.h.commands.setCustomer({ local_trx_id: s.local_trx_id, customer: member }));
    ok(await s.h.commands.setSpecialAmount({ local_trx_id: s.local_trx_id, amount: 1_000_000 }));
    ok(
      await s.h.commands.addPayment({
        local_trx_id: s.local_trx_id,
        payment_type: 'NORMAL',
        method: cfg.payment_method[0],
        amount: 1_000_000,
      }),
    );
    return s;
  };

  it('a failed send records nothing: the top-up stays pending with its line and payment', async () => {
    const { h, local_trx_id, get } = await prepared();
    let sent = 0;
    const r = await h.commands.submit({
      local_trx_id,
      send: async (_trx, mode) => {
        sent += 1;
        expect(mode.onlineRequired).toBe(true);
        return { ok: false, message: 'Transaksi gagal, mohon coba kembali.' };
      },
    });
    expect(r).toEqual({ ok: false, message: 'Transaksi gagal, mohon coba kembali.' });
    expect(sent).toBe(1);
    const trx = await get();
    expect(trx?.trx_status_id).toBe(2);
    expect(trx?.details).toHaveLength(1);
    expect(trx?.payments).toHaveLength(1);
  });

  it('the server’s answer stores the rewards and the balance for the receipt', async () => {
    const { h, local_trx_id, get } = await prepared();
    const rewards = {
      deposit_reward_amount: 75_000,
      coupon_reward_amount: 1,
      point_reward_amount: 100,
      point_reward_name: 'Poin Serambi',
    };
    ok(
      await h.commands.submit({
        local_trx_id,
        send: async (trx) => {
          expect(trx.trx_type).toBe('TOP_UP_DEPOSIT');
          expect(trx.details[0]).toMatchObject({ pos_item_id: 1, pos_item_variant_id: 1, qty: 1 });
          return {
            ok: true,
            acceptance: {
              pos_sales_trx_head_id: 9,
              trx_id: 'KMG-1',
              deposit_balance: 1_225_000,
              top_up_deposit_rewards: rewards,
              created_at: '2026-11-22 03:00:00',
              sync_time: '2026-11-22 03:00:00',
            },
          };
        },
      }),
    );
    expect(await get()).toMatchObject({
      trx_status_id: 3,
      is_synced: true,
      deposit_balance: 1_225_000,
      top_up_deposit_rewards: rewards,
    });
  });
});
