import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosTrxAnswer } from '../../src/api/pos';
import { CASHIER_MESSAGES as M } from '../../src/domain/texts/cashier';
import { POS_MESSAGES } from '../../src/domain/texts/server';
import { createSubmissionSend } from '../../src/machines/submission-send';
import {
  acceptedAnswer,
  advance,
  badRequest,
  type CashierEffects,
  networkError,
  never,
  serverError,
  settle,
  startCashier,
  timeoutError,
  trxFixture,
} from './cashier-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A cashier at step 3 with the current transaction open. */
async function atPayment(overrides: Partial<CashierEffects> = {}, input = {}) {
  const c = startCashier(overrides, input);
  c.actor.send({ type: 'trx.new', trx_type: 'NORMAL', pos_salesType_id: 1 });
  await settle();
  c.actor.send({ type: 'step.continue' });
  await settle();
  expect(c.state()).toEqual({ step3: 'paying' });
  return c;
}

describe('submission in the cashier statechart', () => {
  it('online → step 4 with "Transaksi Sukses! … secara online"', async () => {
    const c = await atPayment({ submitSale: async () => ({ mode: 'online' }) });
    c.actor.send({ type: 'submit', nfc_code: '0123456789AB' });
    expect(c.actor.getSnapshot().hasTag('submitting')).toBe(true);
    await settle();
    expect(c.rec.inputs.submitSale?.[0]).toEqual({
      local_trx_id: 'trx-0001-abcdef',
      nfc_code: '0123456789AB',
    });
    expect(c.state()).toBe('step4');
    expect(c.context().submission).toEqual({ status: 'succeeded', mode: 'online', message: M.submitOnline });
    expect(M.submitOnline).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
    c.actor.send({ type: 'submission.dismiss' });
    expect(c.context().submission.message).toBeNull();
  });

  it('offline → step 4 with the offline text', async () => {
    const c = await atPayment({ submitSale: async () => ({ mode: 'offline' }) });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.context().submission).toMatchObject({ mode: 'offline', message: M.submitOffline });
    expect(M.submitOffline).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.');
  });

  it('a refusal (a §5 message or a failed online-required post) stays on step 3 with the message', async () => {
    const c = await atPayment({
      submitSale: () => Promise.reject(new Error('Pembayaran harus dilunasi terlebih dahulu!')),
    });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.state()).toEqual({ step3: 'paying' });
    expect(c.messages()).toEqual(['Pembayaran harus dilunasi terlebih dahulu!']);
    expect(c.context().submission).toMatchObject({
      status: 'failed',
      message: 'Pembayaran harus dilunasi terlebih dahulu!',
    });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.rec.calls.filter((n) => n === 'submitSale')).toHaveLength(2);
  });

  it('TABLET without pos_print_digital_invoice: straight to the receipt view, not step 4', async () => {
    const c = await atPayment({}, { displayMode: 'TABLET', config: { pos_print_digital_invoice: 0 } });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.rec.paths).toEqual(['/pos/receipt/trx-0001-abcdef/view']);
    expect(c.state()).toEqual({ step1: 'idle' });
    expect(c.messages()).toContain(M.submitOnline);
  });

  it('TABLET with pos_print_digital_invoice = 1, and DESKTOP, go to step 4; done goes back to step 1', async () => {
    for (const input of [
      { displayMode: 'TABLET' as const, config: { pos_print_digital_invoice: 1 } },
      { displayMode: 'DESKTOP' as const, config: { pos_print_digital_invoice: 0 } },
    ]) {
      const c = await atPayment({}, input);
      c.actor.send({ type: 'submit' });
      await settle();
      expect(c.state()).toBe('step4');
      expect(c.context().step).toBe(4);
      expect(c.rec.paths).toEqual([]);
      c.actor.send({ type: 'done' });
      expect(c.state()).toEqual({ step1: 'idle' });
      expect(c.context().submission.status).toBe('idle');
      c.actor.stop();
    }
  });
});

describe('a lost submit answer (000 §4 Submission, docs/decisions.md)', () => {
  it("'Kembali' from step 3 asks the server first; held → adopted: the online success and step 4", async () => {
    const c = await atPayment({
      submitSale: () => Promise.reject(new Error('Connection failed, please try again')),
      checkServerCopy: async () => ({ adopted: true }),
    });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.state()).toEqual({ step3: 'paying' });
    c.actor.send({ type: 'step.back' });
    expect(c.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(c.rec.inputs.checkServerCopy).toEqual([{ local_trx_id: 'trx-0001-abcdef' }]);
    expect(c.state()).toBe('step4');
    expect(c.context().submission).toEqual({ status: 'succeeded', mode: 'online', message: M.submitOnline });
    expect(c.context().trx_status_id).toBe(3);
  });

  it("'Kembali' goes on to step 2 when the server does not hold it, or cannot be asked", async () => {
    for (const checkServerCopy of [
      async () => ({ adopted: false }),
      () => Promise.reject(new Error('Connection failed, please try again')),
    ]) {
      const c = await atPayment({
        checkServerCopy,
        submitSale: () => Promise.reject(new Error('Connection failed, please try again')),
      });
      c.actor.send({ type: 'submit' });
      await settle();
      c.actor.send({ type: 'step.back' });
      await settle();
      expect(c.rec.calls).toContain('checkServerCopy');
      expect(c.state()).toEqual({ step2: 'editing' });
      c.actor.stop();
    }
  });

  it('save or delete after a failed submit asks the server first: held → step 4, else the action goes on', async () => {
    const failing = () => Promise.reject(new Error('Connection failed, please try again'));
    const held = await atPayment({ submitSale: failing, checkServerCopy: async () => ({ adopted: true }) });
    held.actor.send({ type: 'submit' });
    await settle();
    held.actor.send({ type: 'trx.delete' });
    await settle();
    expect(held.state()).toBe('step4');
    expect(held.rec.calls).not.toContain('deleteTrx');
    expect(held.context().submission.message).toBe(M.submitOnline);

    const free = await atPayment({ submitSale: failing });
    free.actor.send({ type: 'submit' });
    await settle();
    free.actor.send({ type: 'trx.archive' });
    await settle();
    expect(free.rec.calls).toEqual(expect.arrayContaining(['checkServerCopy', 'confirm', 'archiveTrx']));
    expect(free.state()).toEqual({ step1: 'idle' });
  });

  it("without a failed submit 'Kembali' goes straight to step 2 (nothing to ask)", async () => {
    const c = await atPayment();
    c.actor.send({ type: 'step.back' });
    expect(c.state()).toEqual({ step2: 'editing' });
    expect(c.rec.calls).not.toContain('checkServerCopy');
  });

  it('opening a pending sale the server turns out to hold shows the online success and step 4', async () => {
    const c = startCashier({
      openTransaction: async ({ local_trx_id }) => ({ local_trx_id, trx_status_id: 3, adopted: true }),
    });
    c.actor.send({ type: 'trx.open', local_trx_id: 'trx-0002-lost00' });
    await settle();
    expect(c.state()).toBe('step4');
    expect(c.context().local_trx_id).toBe('trx-0002-lost00');
    expect(c.context().submission.message).toBe(M.submitOnline);
  });
});

/** The send of commands.submit, with a scripted post. */
function sendWith(onlineRequired: boolean, post: (options: { timeoutMs?: number }) => Promise<PosTrxAnswer>) {
  const calls: { timeoutMs?: number }[] = [];
  const send = createSubmissionSend({
    post: (_trx, options) => {
      calls.push(options);
      return post(options);
    },
  });
  return { send: () => send(trxFixture(), { onlineRequired }), calls };
}

describe('online-required send (000 §4, 003 §8)', () => {
  it('an accepted answer gives the acceptance the sale keeps', async () => {
    const { send, calls } = sendWith(true, async () => acceptedAnswer({ deposit_balance: '150000' }));
    await expect(send()).resolves.toEqual({
      ok: true,
      acceptance: {
        pos_sales_trx_head_id: 501,
        trx_id: 'KMG-20261122-0001',
        deposit_balance: 150000,
        top_up_deposit_rewards: null,
        created_at: '2026-11-22 09:10:00',
        sync_time: '2026-11-22 09:10:00',
      },
    });
    // The client's own time-out, not the 3 s of optional-online.
    expect(calls).toEqual([{}]);
  });

  it('retries a time-out twice, then "jariangan internet buruk"', async () => {
    const { send, calls } = sendWith(true, () => Promise.reject(timeoutError()));
    // The server may hold it: the outcome is unknown (checked before the sale changes again).
    await expect(send()).resolves.toEqual({ ok: false, message: M.submitBadNetwork, outcome: 'unknown' });
    expect(calls).toHaveLength(3);
  });

  it('a time-out then success on the last retry is a success', async () => {
    let n = 0;
    const { send } = sendWith(true, async () => {
      n++;
      if (n < 3) throw timeoutError();
      return acceptedAnswer();
    });
    await expect(send()).resolves.toMatchObject({ ok: true });
    expect(n).toBe(3);
  });

  it("an error with a message gives that message at once; no head id or no 'success': 'Transaksi gagal…'", async () => {
    const refused = sendWith(true, () => Promise.reject(badRequest('Saldo deposit tidak mencukupi.')));
    await expect(refused.send()).resolves.toEqual({ ok: false, message: 'Saldo deposit tidak mencukupi.' });
    expect(refused.calls).toHaveLength(1);
    const offline = sendWith(true, () => Promise.reject(networkError()));
    await expect(offline.send()).resolves.toEqual({
      ok: false,
      message: 'Connection failed, please try again',
      outcome: 'unknown',
    });
    for (const answer of [
      acceptedAnswer({ pos_sales_trx_head_id: null }),
      acceptedAnswer({ status: 'failed' }),
    ]) {
      await expect(sendWith(true, async () => answer).send()).resolves.toEqual({
        ok: false,
        message: M.submitFailed,
        outcome: 'unknown',
      });
    }
  });

  it('a 400 is a refusal (not stored); a 5xx is unknown; repeatDiffers says the server holds another version', async () => {
    await expect(
      sendWith(true, () => Promise.reject(badRequest('Kode Receh salah.'))).send(),
    ).resolves.toEqual({ ok: false, message: 'Kode Receh salah.' });
    await expect(sendWith(true, () => Promise.reject(serverError())).send()).resolves.toEqual({
      ok: false,
      message: 'Terjadi kesalahan pada server, silakan coba lagi.',
      outcome: 'unknown',
    });
    await expect(
      sendWith(true, () => Promise.reject(badRequest(POS_MESSAGES.repeatDiffers))).send(),
    ).resolves.toEqual({ ok: false, message: POS_MESSAGES.repeatDiffers, outcome: 'differs' });
  });
});

describe('optional-online send (000 §4: 3 s)', () => {
  it('posts with a 3 s time-out; an acceptance marks it synced', async () => {
    const { send, calls } = sendWith(false, async () => acceptedAnswer());
    await expect(send()).resolves.toMatchObject({ ok: true, acceptance: { pos_sales_trx_head_id: 501 } });
    expect(calls).toEqual([{ timeoutMs: 3000 }]);
  });

  it('no answer in 3 s (even if the HTTP layer hangs) → not ok, never retried', async () => {
    const { send, calls } = sendWith(false, () => never());
    let result: unknown;
    void send().then((r) => {
      result = r;
    });
    await advance(2999);
    expect(result).toBeUndefined();
    await advance(1);
    expect(result).toMatchObject({ ok: false });
    expect(calls).toHaveLength(1);
  });

  it('a network failure, a 400 or a non-accepting answer → not ok (the sale stays offline)', async () => {
    for (const post of [
      () => Promise.reject(networkError()),
      () => Promise.reject(badRequest('Total transaksi tidak sesuai (drv_grand_total).')),
      async () => acceptedAnswer({ pos_sales_trx_head_id: null }),
    ]) {
      await expect(sendWith(false, post).send()).resolves.toMatchObject({ ok: false });
    }
  });
});
