// 'Bayar' on Daftar Piutang (002 §2.12, issue 12): a receivable-payment transaction started for the row's
// customer with its account_receivables, the receivable chosen; and the choice itself (000 §2).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type Customer, validateContinueToPayment } from '../../../src/domain';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { harness, ok, startSale } from './fixtures';

const customer: Customer = {
  user_code: 'SB26000002',
  user_name: 'Sari Dewi',
  user_gender: 2,
  user_identifier_type: 'search',
  user_identifier_string: 'SB26000002',
  user_email_notification: '',
  account_receivables: [
    {
      account_receivable_id: 11,
      local_trx_id: 'trx-a',
      trx_id: 'T-1',
      trx_time: '2026-11-20 10:00:00',
      drv_balance: 40000,
      payment_method_reference: 'NOTA-1',
    },
    {
      account_receivable_id: 12,
      local_trx_id: 'trx-b',
      trx_id: 'T-2',
      trx_time: '2026-11-21 11:00:00',
      drv_balance: 15000,
      payment_method_reference: null,
    },
  ],
};

describe('startReceivablePayment', () => {
  it('starts a pending ACCOUNT_RECEIVABLE transaction named Pembayaran Piutang with the customer and the receivable', async () => {
    const h = harness();
    const { local_trx_id } = ok(
      await h.commands.startReceivablePayment({ customer, account_receivable_id: 12 }),
    );
    const trx = await h.store.getTransaction(local_trx_id);
    expect(trx).toMatchObject({
      trx_status_id: 2,
      trx_type: 'ACCOUNT_RECEIVABLE',
      trx_name: 'Pembayaran Piutang',
      customer: { user_code: 'SB26000002', account_receivables: customer.account_receivables },
      account_receivable: {
        account_receivable_id: 12,
        local_trx_id: 'trx-b',
        trx_id: 'T-2',
        drv_balance: 15000,
      },
      payments: [],
      // issue 22 item 6: 'Nominal Pembayaran Piutang' starts at what the receivable owes
      drv_grand_total: 15000,
    });
    expect(
      trx?.details.map((d) => [d.itemMeta.item_name, d.itemMeta.pos_item_variants[0].variant_price]),
    ).toEqual([['Pembayaran Piutang', 15000]]);
    // one command, one commit: no transaction without its customer is ever stored
    const events = await h.store.listEvents();
    expect(events.map((e) => e.type)).toEqual([
      'trx.started',
      'trx.customerSet',
      'trx.accountReceivableSet',
      'trx.lineAdded',
    ]);
    // replaying the log gives the same transaction
    await h.store.rebuild();
    expect(await h.store.getTransaction(local_trx_id)).toEqual(trx);
    // the cashier may continue straight away with the whole balance
    expect(validateContinueToPayment(trx as never, { currency: 'Rp' })).toBeNull();
  });

  it('another receivable chosen: the filled-in amount follows it; an amount the cashier typed stays', async () => {
    const h = harness();
    const { local_trx_id } = ok(
      await h.commands.startReceivablePayment({ customer, account_receivable_id: 12 }),
    );
    const amount = async () =>
      (await h.store.getTransaction(local_trx_id))?.details[0]?.itemMeta.pos_item_variants[0].variant_price;
    ok(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 11 }));
    expect(await amount()).toBe(40000);
    ok(await h.commands.setSpecialAmount({ local_trx_id, amount: 10000 }));
    ok(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 12 }));
    expect(await amount()).toBe(10000);
  });

  it('without a receivable id: the customer only ("Transaksi harus dipilih …" until one is chosen)', async () => {
    const h = harness();
    const { local_trx_id } = ok(await h.commands.startReceivablePayment({ customer }));
    const trx = await h.store.getTransaction(local_trx_id);
    expect(trx?.account_receivable ?? null).toBeNull();
    expect(validateContinueToPayment(trx as never, { currency: 'Rp' })).toBe(
      SALE_MESSAGES.receivableNoTransaction,
    );
  });

  it('refuses a new customer (no user_code) and a receivable the customer does not owe, writing nothing', async () => {
    const h = harness();
    expect(await h.commands.startReceivablePayment({ customer: { ...customer, user_code: null } })).toEqual({
      ok: false,
      message: SALE_MESSAGES.receivableNoCustomer,
    });
    expect(await h.commands.startReceivablePayment({ customer, account_receivable_id: 99 })).toEqual({
      ok: false,
      message: SALE_MESSAGES.receivableNoTransaction,
    });
    expect(await h.store.listTransactions()).toEqual([]);
  });
});

describe('chooseAccountReceivable', () => {
  it('chooses and clears one of the customer’s receivables; another customer clears the choice', async () => {
    const h = harness();
    const { local_trx_id } = ok(await h.commands.startReceivablePayment({ customer }));
    ok(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 11 }));
    expect((await h.store.getTransaction(local_trx_id))?.account_receivable).toMatchObject({
      account_receivable_id: 11,
      drv_balance: 40000,
    });
    expect(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 13 })).toEqual({
      ok: false,
      message: SALE_MESSAGES.receivableNoTransaction,
    });
    ok(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: null }));
    expect((await h.store.getTransaction(local_trx_id))?.account_receivable).toBeNull();
    ok(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 11 }));
    ok(
      await h.commands.setCustomer({
        local_trx_id,
        customer: { ...customer, user_code: 'SB26000003', account_receivables: [] },
      }),
    );
    expect((await h.store.getTransaction(local_trx_id))?.account_receivable).toBeNull();
  });

  it('is refused on a normal sale and once the customer is cleared', async () => {
    const h = harness();
    const sale = await startSale(h);
    expect(
      await h.commands.chooseAccountReceivable({ local_trx_id: sale, account_receivable_id: 11 }),
    ).toEqual({
      ok: false,
      message: SALE_MESSAGES.receivableNoTransaction,
    });
    const { local_trx_id } = ok(await h.commands.startReceivablePayment({ customer }));
    ok(await h.commands.clearCustomer(local_trx_id));
    expect(await h.commands.chooseAccountReceivable({ local_trx_id, account_receivable_id: 11 })).toEqual({
      ok: false,
      message: SALE_MESSAGES.receivableNoCustomer,
    });
  });
});
