import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_MESSAGES as M } from '../../src/machines/cashier';
import {
  acceptedAnswer,
  advance,
  badRequest,
  type CashierEffects,
  networkError,
  never,
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

const onlineRequired = async () => ({ trx: trxFixture(), online_required: true });

describe('optional-online submission (000 §4: 3 s, then completed offline)', () => {
  it('stores the sale completed first, then posts with a 3 s time-out; an acceptance is recorded → online', async () => {
    const c = await atPayment();
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.rec.calls.slice(-4)).toEqual([
      'prepareSubmission',
      'recordSubmitted',
      'postSubmission',
      'recordAccepted',
    ]);
    expect(c.rec.inputs.postSubmission?.[0]).toMatchObject({ timeoutMs: 3000 });
    expect(c.state()).toBe('step4');
    expect(c.context().submission).toMatchObject({
      status: 'succeeded',
      mode: 'online',
      message: M.submitOnline,
    });
    expect(M.submitOnline).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
  });

  it('no answer within 3 s → offline success; nothing recorded as accepted', async () => {
    const c = await atPayment({ postSubmission: () => never() });
    c.actor.send({ type: 'submit' });
    await settle();
    await advance(2999);
    expect(c.actor.getSnapshot().hasTag('submitting')).toBe(true);
    await advance(1);
    expect(c.state()).toBe('step4');
    expect(c.context().submission).toMatchObject({ mode: 'offline', message: M.submitOffline });
    expect(M.submitOffline).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.');
    expect(c.rec.calls).toContain('recordSubmitted');
    expect(c.rec.calls).not.toContain('recordAccepted');
  });

  it('a network failure, a 400 or an answer without head id all complete offline', async () => {
    for (const post of [
      () => Promise.reject(networkError()),
      () => Promise.reject(badRequest('Total transaksi tidak sesuai (drv_grand_total).')),
      async () => acceptedAnswer({ pos_sales_trx_head_id: null }),
      async () => acceptedAnswer({ status: 'error' }),
    ]) {
      const c = await atPayment({ postSubmission: post });
      c.actor.send({ type: 'submit' });
      await settle();
      expect(c.context().submission.mode).toBe('offline');
      expect(c.rec.calls).not.toContain('recordAccepted');
      c.actor.stop();
    }
  });

  it('a failure to store locally is a failed submit: back to payment with its message', async () => {
    const c = await atPayment({ recordSubmitted: () => Promise.reject(new Error('Disk penuh')) });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.state()).toEqual({ step3: 'paying' });
    expect(c.messages()).toContain('Disk penuh');
    expect(c.rec.calls).not.toContain('postSubmission');
  });

  it('an acceptance that cannot be recorded still completes offline (the outbox will sync it)', async () => {
    const c = await atPayment({ recordAccepted: () => Promise.reject(new Error('x')) });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.context().submission.mode).toBe('offline');
  });
});

describe('online-required submission (000 §4, 003 §8)', () => {
  it('posts first, records submission + acceptance only on success', async () => {
    const c = await atPayment({ prepareSubmission: onlineRequired });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.rec.calls).not.toContain('recordSubmitted');
    expect(c.rec.calls.slice(-2)).toEqual(['postSubmission', 'recordAccepted']);
    expect(c.rec.inputs.postSubmission?.[0]).not.toHaveProperty('timeoutMs', 3000);
    expect(c.context().submission).toMatchObject({ mode: 'online', message: M.submitOnline });
    expect(c.state()).toBe('step4');
  });

  it('retries a time-out twice, then "jariangan internet buruk"; nothing stored', async () => {
    const post = vi.fn(() => Promise.reject(timeoutError()));
    const c = await atPayment({ prepareSubmission: onlineRequired, postSubmission: post });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(post).toHaveBeenCalledTimes(3);
    expect(c.state()).toEqual({ step3: 'paying' });
    expect(c.messages()).toContain(M.submitBadNetwork);
    expect(c.context().submission).toMatchObject({ status: 'failed', message: M.submitBadNetwork });
    expect(c.rec.calls).not.toContain('recordSubmitted');
    expect(c.rec.calls).not.toContain('recordAccepted');
  });

  it('a time-out then success on the second retry is a success', async () => {
    let n = 0;
    const c = await atPayment({
      prepareSubmission: onlineRequired,
      postSubmission: async () => {
        n++;
        if (n < 3) throw timeoutError();
        return acceptedAnswer();
      },
    });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(n).toBe(3);
    expect(c.context().submission.mode).toBe('online');
  });

  it('an error with a message shows that message, without retrying', async () => {
    const post = vi.fn(() => Promise.reject(badRequest('Saldo deposit tidak mencukupi.')));
    const c = await atPayment({ prepareSubmission: onlineRequired, postSubmission: post });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(post).toHaveBeenCalledTimes(1);
    expect(c.messages()).toContain('Saldo deposit tidak mencukupi.');
    expect(c.state()).toEqual({ step3: 'paying' });
  });

  it("an answer that is not 'success' or has no head id: 'Transaksi gagal, mohon coba kembali.'", async () => {
    for (const answer of [
      acceptedAnswer({ pos_sales_trx_head_id: null }),
      acceptedAnswer({ status: 'failed' }),
    ]) {
      const c = await atPayment({ prepareSubmission: onlineRequired, postSubmission: async () => answer });
      c.actor.send({ type: 'submit' });
      await settle();
      expect(c.messages()).toContain(M.submitFailed);
      expect(c.rec.calls).not.toContain('recordAccepted');
      c.actor.stop();
    }
  });

  it('a second submit after a failure starts over with fresh retries', async () => {
    const post = vi.fn(() => Promise.reject(timeoutError()));
    const c = await atPayment({ prepareSubmission: onlineRequired, postSubmission: post });
    c.actor.send({ type: 'submit' });
    await settle();
    c.actor.send({ type: 'submit' });
    await settle();
    expect(post).toHaveBeenCalledTimes(6);
  });
});

describe('submit validation and hand-off', () => {
  it('a §5 Submit message stops the submit before anything is posted or stored', async () => {
    const c = await atPayment({
      prepareSubmission: () => Promise.reject(new Error('Pembayaran harus dilunasi terlebih dahulu!')),
    });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.messages()).toEqual(['Pembayaran harus dilunasi terlebih dahulu!']);
    expect(c.rec.calls).not.toContain('postSubmission');
    expect(c.rec.calls).not.toContain('recordSubmitted');
    expect(c.state()).toEqual({ step3: 'paying' });
  });

  it('passes the scanned NFC code and the current transaction to prepareSubmission', async () => {
    const c = await atPayment();
    c.actor.send({ type: 'submit', nfc_code: '0123456789AB' });
    await settle();
    expect(c.rec.inputs.prepareSubmission?.[0]).toEqual({
      local_trx_id: 'trx-0001-abcdef',
      nfc_code: '0123456789AB',
    });
  });

  it('TABLET without pos_print_digital_invoice: straight to the receipt view, not step 4', async () => {
    const c = await atPayment({}, { displayMode: 'TABLET', config: { pos_print_digital_invoice: 0 } });
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.rec.paths).toEqual(['/pos/receipt/trx-0001-abcdef/view']);
    expect(c.state()).toEqual({ step1: 'idle' });
    expect(c.messages()).toContain(M.submitOnline);
  });

  it('TABLET with pos_print_digital_invoice = 1, and DESKTOP, go to step 4', async () => {
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
