import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain';
import { STRICT_EVENT_TYPES } from '../../../src/events';
import { CARD, CASH, config, harness, item, ok, startSale } from './fixtures';

/** A Take Away sale (no service charge) of 100,000 before 11% tax: 111,000. */
async function sale(h = harness()) {
  const id = await startSale(h, 2);
  ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
  return { h, id };
}

describe('addPayment / removePayment', () => {
  it.each([
    [{ payment_type: 'NORMAL' as const, method: null, amount: 1000 }, MESSAGES.paymentMethodRequired],
    [{ payment_type: 'NORMAL' as const, method: CASH, amount: 0 }, MESSAGES.paymentAmountZero],
    [{ payment_type: 'NORMAL' as const, method: CASH, amount: '' }, MESSAGES.paymentAmountZero],
    [
      { payment_type: 'NORMAL' as const, method: CARD, amount: 200000, reference: 'ABCD' },
      MESSAGES.paymentAboveRemaining,
    ],
    [
      { payment_type: 'NORMAL' as const, method: CARD, amount: 1000, reference: 'AB' },
      MESSAGES.paymentReferenceRequired,
    ],
    [{ payment_type: 'DEPOSIT' as const, amount: 0 }, MESSAGES.depositAmountZero],
    [{ payment_type: 'DEPOSIT' as const, amount: 111001 }, MESSAGES.depositAboveTotal],
    [{ payment_type: 'CREDIT' as const, amount: 0 }, MESSAGES.creditAmountZero],
  ])('refuses %o', async (input, message) => {
    const { h, id } = await sale();
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
      message: MESSAGES.allPaymentMethodsUsed,
    });
  });

  it('deposit and credit payments record their methods', async () => {
    const { h, id } = await sale(harness(config()));
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
