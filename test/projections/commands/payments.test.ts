import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type Customer, checkSalePayments, type PosTransaction } from '../../../src/domain';
import { ENGINE_MESSAGES } from '../../../src/domain/texts/cashier';
import { PAYMENT_CHECK_MESSAGES, SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { STRICT_EVENT_TYPES } from '../../../src/events';
import { CARD, CASH, config, type Harness, harness, item, ok, startSale } from './fixtures';

/** A Take Away sale (no service charge) of 100,000 before 11% tax: 111,000. */
async function sale(h = harness(), customer: Customer | null = null) {
  const id = await startSale(h, 2);
  ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
  if (customer) ok(await h.commands.setCustomer({ local_trx_id: id, customer }));
  return { h, id };
}

const ANI: Customer = { user_code: 'U1', user_name: 'Ani' };
/** A member with a 10% member discount (discount_level.reward_value). */
const MEMBER: Customer = { ...ANI, discount_level: { reward_value: 10 } };
/** Receivables allowed ('Gunakan Piutang' shows). */
const withCredit = () => harness(config({ pos_account_receivable: 1 }));
const trxOf = async (h: Harness, id: string) => {
  const trx = await h.store.getTransaction(id);
  if (!trx) throw new Error(`${id} gone`);
  return trx;
};
const payCard = (h: Harness, local_trx_id: string, amount: number) =>
  h.commands.addPayment({ local_trx_id, payment_type: 'NORMAL', method: CARD, amount, reference: '1234' });

describe('addPayment / removePayment', () => {
  it.each([
    [{ payment_type: 'NORMAL' as const, method: null, amount: 1000 }, SALE_MESSAGES.paymentMethodRequired],
    [{ payment_type: 'NORMAL' as const, method: CASH, amount: 0 }, SALE_MESSAGES.paymentAmountZero],
    [{ payment_type: 'NORMAL' as const, method: CASH, amount: '' }, SALE_MESSAGES.paymentAmountZero],
    [
      { payment_type: 'NORMAL' as const, method: CARD, amount: 200000, reference: 'ABCD' },
      SALE_MESSAGES.paymentAboveRemaining,
    ],
    [
      { payment_type: 'NORMAL' as const, method: CARD, amount: 1000, reference: 'AB' },
      SALE_MESSAGES.paymentReferenceRequired,
    ],
    [{ payment_type: 'DEPOSIT' as const, amount: 0 }, SALE_MESSAGES.depositAmountZero],
    [{ payment_type: 'DEPOSIT' as const, amount: 111001 }, SALE_MESSAGES.depositAboveTotal],
    [{ payment_type: 'CREDIT' as const, amount: 0 }, SALE_MESSAGES.creditAmountZero],
  ])('refuses %o', async (input, message) => {
    const { h, id } = await sale(withCredit(), ANI);
    expect(await h.commands.addPayment({ local_trx_id: id, ...input })).toEqual({ ok: false, message });
    expect((await h.store.getTransaction(id))?.payments).toEqual([]);
  });

  it('records the charge of a card, the change of Cash, and answers the remaining', async () => {
    const { h, id } = await sale();
    const card = ok(
      await h.commands.addPayment({
        local_trx_id: id,
        payment_type: 'NORMAL',
        method: CARD,
        amount: 11000,
        reference: '1234',
      }),
    );
    expect(card.status).toMatchObject({ paid: 11000, remaining: 100000, change: 0, charges: 1220 });
    const cash = ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 150000 }),
    );
    expect(cash.status).toMatchObject({ paid: 161000, remaining: -50000, change: 50000, hasCash: true });
    const trx = await h.store.getTransaction(id);
    expect(trx?.payments).toEqual([
      expect.objectContaining({
        payment_type: 'NORMAL',
        payment_amount: 11000,
        payment_charge: 1220,
        payment_ref: '1234',
      }),
      expect.objectContaining({ payment_amount: 150000, payment_charge: 0, payment_method: CASH }),
    ]);
    const removed = ok(
      await h.commands.removePayment({ local_trx_id: id, local_payment_id: cash.local_payment_id }),
    );
    expect(removed.status.remaining).toBe(100000);
    expect((await h.store.getTransaction(id))?.payments).toHaveLength(1);
  });

  it("'Seluruh metode pembayaran telah terpakai.' once every method is used", async () => {
    const { h, id } = await sale();
    ok(
      await h.commands.addPayment({
        local_trx_id: id,
        payment_type: 'NORMAL',
        method: CARD,
        amount: 1000,
        reference: '1234',
      }),
    );
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 1000 }));
    expect(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 1 }),
    ).toEqual({
      ok: false,
      message: SALE_MESSAGES.allPaymentMethodsUsed,
    });
  });

  it('deposit and credit payments record their methods', async () => {
    const { h, id } = await sale(withCredit(), ANI);
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'DEPOSIT', amount: 11000 }));
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 100000 }));
    const trx = await h.store.getTransaction(id);
    expect(trx?.payments.map((p) => [p.payment_type, p.payment_method.payment_method_name])).toEqual([
      ['DEPOSIT', 'Deposit'],
      ['CREDIT', 'Piutang'],
    ]);
  });

  it('payments are money-critical: trx.paymentAdded commits strictly', () => {
    for (const t of ['trx.submitted', 'trx.paymentAdded', 'trx.voided', 'trx.serverAccepted'])
      expect(STRICT_EVENT_TYPES.has(t)).toBe(true);
    expect(STRICT_EVENT_TYPES.has('trx.labelSet')).toBe(false);
  });
});

describe('credit and deposit payments need what the server needs (000 §5 Credit, ruling 16)', () => {
  it('a credit payment needs a customer, pos_account_receivable = 1 and an amount not above the remaining', async () => {
    const guest = await sale(withCredit());
    expect(
      await guest.h.commands.addPayment({ local_trx_id: guest.id, payment_type: 'CREDIT', amount: 1000 }),
    ).toEqual({ ok: false, message: PAYMENT_CHECK_MESSAGES.customerRequired });
    const off = await sale(harness(config({ pos_account_receivable: 0 })), ANI);
    expect(
      await off.h.commands.addPayment({ local_trx_id: off.id, payment_type: 'CREDIT', amount: 1000 }),
    ).toEqual({ ok: false, message: ENGINE_MESSAGES.creditNotAllowed });
    // case b: more than remains was accepted here and refused by the server
    const { h, id } = await sale(withCredit(), ANI);
    expect(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 111001 })).toEqual(
      {
        ok: false,
        message: SALE_MESSAGES.paymentAboveRemaining,
      },
    );
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 11000 }),
    );
    expect(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 100001 })).toEqual(
      {
        ok: false,
        message: SALE_MESSAGES.paymentAboveRemaining,
      },
    );
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 100000 }));
    const r = ok(await h.commands.submit({ local_trx_id: id }));
    expect(r.trx.trx_status_id).toBe(3);
    expect(checkSalePayments(r.trx, r.trx.drv_grand_total)).toBeNull();
  });

  it('a deposit payment needs a customer', async () => {
    const { h, id } = await sale();
    expect(await h.commands.addPayment({ local_trx_id: id, payment_type: 'DEPOSIT', amount: 1000 })).toEqual({
      ok: false,
      message: PAYMENT_CHECK_MESSAGES.customerRequired,
    });
  });

  it('a negative amount is refused like a zero one (the server clamps it to 0)', async () => {
    const { h, id } = await sale();
    expect(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: -5000 }),
    ).toEqual({ ok: false, message: SALE_MESSAGES.paymentAmountZero });
  });

  it('a method the configuration does not offer is refused', async () => {
    const { h, id } = await sale();
    const forged = { ...CARD, table_id: 99 };
    expect(
      await h.commands.addPayment({
        local_trx_id: id,
        payment_type: 'NORMAL',
        method: forged,
        amount: 1000,
        reference: '1234',
      }),
    ).toEqual({ ok: false, message: PAYMENT_CHECK_MESSAGES.methodNotAvailable });
  });
});

describe('payments a change invalidates are removed with it (000 §4, decisions: Customer)', () => {
  it('case a: a card paying the whole total, then a member customer (10%): the payment goes with the old total', async () => {
    const { h, id } = await sale();
    ok(await payCard(h, id, 111000));
    const set = ok(await h.commands.setCustomer({ local_trx_id: id, customer: MEMBER }));
    expect(set.paymentsRemoved).toBe(1);
    const trx = await trxOf(h, id);
    expect(trx.drv_grand_total).toBe(99900);
    expect(trx.payments).toEqual([]);
    const events = await h.store.listEvents();
    expect(events.slice(-2).map((e) => e.type)).toEqual(['trx.customerSet', 'trx.paymentRemoved']);
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.notPaidOff,
    });
    // paid again for the new total, the sale completes and passes the server's check
    ok(await payCard(h, id, 99900));
    const r = ok(await h.commands.submit({ local_trx_id: id }));
    expect(
      checkSalePayments(r.trx, r.trx.drv_grand_total, { methods: h.getConfig().payment_method }),
    ).toBeNull();
  });

  it('removing the member discount moves the total: the payments go too', async () => {
    const { h, id } = await sale(harness(), MEMBER);
    ok(await payCard(h, id, 99900));
    const r = ok(await h.commands.removeMemberDiscount(id));
    expect(r.paymentsRemoved).toBe(1);
    expect((await trxOf(h, id)).payments).toEqual([]);
  });

  it('editing the same customer (no change of total) keeps every payment', async () => {
    const { h, id } = await sale(withCredit(), ANI);
    ok(await payCard(h, id, 11000));
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 100000 }));
    const r = ok(
      await h.commands.setCustomer({ local_trx_id: id, customer: { ...ANI, user_notes: 'alergi' } }),
    );
    expect(r.paymentsRemoved).toBe(0);
    expect((await trxOf(h, id)).payments.map((p) => p.payment_type)).toEqual(['NORMAL', 'CREDIT']);
  });

  it("case c: a credit payment, then 'Change Customer': the credit goes, the card stays", async () => {
    const { h, id } = await sale(withCredit(), ANI);
    ok(await payCard(h, id, 11000));
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 100000 }));
    const r = ok(await h.commands.clearCustomer(id));
    expect(r.paymentsRemoved).toBe(1);
    const trx = await trxOf(h, id);
    expect(trx.customer).toBeNull();
    expect(trx.payments.map((p) => [p.payment_type, p.payment_amount])).toEqual([['NORMAL', 11000]]);
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.notPaidOff,
    });
  });

  it("another customer takes the first one's place: the first one's credit goes", async () => {
    const { h, id } = await sale(withCredit(), ANI);
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 111000 }));
    ok(await h.commands.setCustomer({ local_trx_id: id, customer: { user_code: 'U2', user_name: 'Budi' } }));
    expect((await trxOf(h, id)).payments).toEqual([]);
  });

  it('the log replays to the same payments (the removals are events)', async () => {
    const { h, id } = await sale(withCredit(), ANI);
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 111000 }));
    ok(await h.commands.clearCustomer(id));
    const before = await trxOf(h, id);
    await h.store.rebuild();
    expect(await trxOf(h, id)).toEqual(before);
    expect(before.payments).toEqual([]);
  });
});

describe("submit runs the server's payment check: a sale it would refuse stays pending", () => {
  /** Puts a pending sale on the device as a saved copy would bring it (payments as they are). */
  async function held(h: Harness, trx: PosTransaction): Promise<string> {
    ok(await h.commands.downloaded({ ...trx, local_trx_id: 'held-1', trx_status_id: 2 }));
    return 'held-1';
  }

  it('a card charge that no longer matches its method (the configuration changed) is refused', async () => {
    const { h, id } = await sale();
    ok(await payCard(h, id, 111000));
    h.setConfig(config({ payment_method: [CASH, { ...CARD, charge_percentage: 3 }] }));
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: PAYMENT_CHECK_MESSAGES.chargeMismatch,
    });
    expect((await trxOf(h, id)).trx_status_id).toBe(2);
  });

  it('a lower tax at submit leaves the card above the remaining: refused with the spec message', async () => {
    const { h, id } = await sale();
    ok(await payCard(h, id, 111000));
    h.setConfig(config({ tax: { tax_percent: 10, is_included_in_price: 0 } }));
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.paymentAboveRemaining,
    });
    const trx = await trxOf(h, id);
    expect(trx.trx_status_id).toBe(2);
    // still editable: the cashier removes the card and pays again
    ok(
      await h.commands.removePayment({
        local_trx_id: id,
        local_payment_id: trx.payments[0].local_payment_id,
      }),
    );
    ok(await payCard(h, id, 110000));
    expect(ok(await h.commands.submit({ local_trx_id: id })).trx.trx_status_id).toBe(3);
  });

  it('a credit payment without a customer (a saved copy) is refused with the server message', async () => {
    const { h, id } = await sale(withCredit(), ANI);
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'CREDIT', amount: 111000 }));
    const copy = await held(h, { ...(await trxOf(h, id)), customer: null });
    expect(await h.commands.submit({ local_trx_id: copy })).toEqual({
      ok: false,
      message: PAYMENT_CHECK_MESSAGES.customerRequired,
    });
    expect((await trxOf(h, copy)).trx_status_id).toBe(2);
  });

  it('a payment by a method the configuration no longer offers is refused', async () => {
    const { h, id } = await sale();
    ok(await payCard(h, id, 111000));
    h.setConfig(config({ payment_method: [CASH] }));
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: PAYMENT_CHECK_MESSAGES.methodNotAvailable,
    });
  });
});
