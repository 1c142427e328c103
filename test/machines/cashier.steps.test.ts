import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_MESSAGES as M } from '../../src/domain/texts/cashier';
import { acceptNfcCode, needsNfcScan, parseCashierQuery } from '../../src/machines/cashier';
import { settle, startCashier, trxFixture } from './cashier-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('steps (000 §4 Cashier steps)', () => {
  it('1 → 2 on a new transaction, with its kind and sales type; 2 → 1 on back', async () => {
    const c = startCashier();
    expect(c.state()).toEqual({ step1: 'idle' });
    expect(c.context().step).toBe(1);
    c.actor.send({ type: 'trx.new', trx_type: 'COUPON_SALES', pos_salesType_id: 3 });
    await settle();
    expect(c.rec.inputs.startTransaction?.[0]).toEqual({
      trx_type: 'COUPON_SALES',
      pos_salesType_id: 3,
      tags: null,
    });
    expect(c.state()).toEqual({ step2: 'editing' });
    expect(c.context()).toMatchObject({ step: 2, local_trx_id: 'trx-0001-abcdef', trx_status_id: 2 });
    c.actor.send({ type: 'step.back' });
    await settle();
    expect(c.context()).toMatchObject({ step: 1, local_trx_id: null });
    // ruling 27: the transaction left behind is offered for discarding (the command keeps a non-empty one)
    expect(c.rec.inputs.discardIfEmpty).toEqual([{ local_trx_id: 'trx-0001-abcdef' }]);
  });

  it('2 → 1 on back even when discarding fails (ruling 27: leaving never traps the cashier)', async () => {
    const c = startCashier({ discardIfEmpty: () => Promise.reject(new Error('disk full')) });
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'step.back' });
    await settle();
    expect(c.context()).toMatchObject({ step: 1, local_trx_id: null });
    expect(c.messages()).toEqual([]);
  });

  it('1 → 2 on choosing a pending one; an unknown one stays on step 1 with the message', async () => {
    const c = startCashier({
      openTransaction: async ({ local_trx_id }) => {
        if (local_trx_id === 'gone') throw new Error('Transaksi tidak ditemukan');
        return { local_trx_id, trx_status_id: 2 };
      },
    });
    c.actor.send({ type: 'trx.open', local_trx_id: 'gone' });
    await settle();
    expect(c.state()).toEqual({ step1: 'idle' });
    expect(c.messages()).toEqual(['Transaksi tidak ditemukan']);
    c.actor.send({ type: 'trx.open', local_trx_id: 'trx-p-1' });
    await settle();
    expect(c.context()).toMatchObject({ step: 2, local_trx_id: 'trx-p-1' });
  });

  it('2 → 3 only when the continue validation passes (its message otherwise)', async () => {
    const answers: (string | null)[] = ['Pilih minimal satu produk untuk melanjutkan.', null];
    const c = startCashier({ validateContinue: async () => answers.shift() ?? null });
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'step.continue' });
    await settle();
    expect(c.state()).toEqual({ step2: 'editing' });
    expect(c.messages()).toEqual(['Pilih minimal satu produk untuk melanjutkan.']);
    c.actor.send({ type: 'step.continue' });
    await settle();
    expect(c.context().step).toBe(3);
    c.actor.send({ type: 'step.back' });
    expect(c.context().step).toBe(2);
  });

  it('3 → 5/6/7 previews and back to 3; printing marks the lines', async () => {
    const c = startCashier();
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'step.continue' });
    await settle();
    for (const [kind, step] of [
      ['pre-settlement', 5],
      ['order-preview', 6],
      ['order-preview-unprinted', 7],
    ] as const) {
      c.actor.send({ type: 'preview.open', kind });
      expect(c.context()).toMatchObject({ step, preview: kind });
      expect(c.actor.getSnapshot().hasTag('preview')).toBe(true);
      c.actor.send({ type: 'preview.printed' });
      await settle();
      c.actor.send({ type: 'preview.close' });
      expect(c.context()).toMatchObject({ step: 3, preview: null });
    }
    expect(c.rec.calls.filter((n) => n === 'markPrinted')).toHaveLength(3);
  });

  it('events of other steps are ignored (no submit from step 2, no continue from step 3)', async () => {
    const c = startCashier();
    c.actor.send({ type: 'submit' });
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'submit' });
    await settle();
    expect(c.rec.calls).not.toContain('prepareSubmission');
    expect(c.context().step).toBe(2);
  });
});

describe('query parameters (000 §2: next, tags)', () => {
  it('parses ?next and ?tags=1,2', () => {
    expect(parseCashierQuery('?next=1&tags=3,4')).toEqual({ next: true, tags: [3, 4] });
    expect(parseCashierQuery('?next')).toEqual({ next: true, tags: null });
    expect(parseCashierQuery('')).toEqual({ next: false, tags: null });
    expect(parseCashierQuery('tags=a,,5')).toEqual({ next: false, tags: [5] });
  });

  it('next with a current transaction opens it at step 2 and sets the tags on it', async () => {
    const c = startCashier({}, { next: true, local_trx_id: 'trx-cur-1', tags: [7, 8] });
    await settle();
    expect(c.rec.calls).toEqual(['openTransaction', 'setTags']);
    expect(c.rec.inputs.setTags?.[0]).toEqual({ local_trx_id: 'trx-cur-1', tags: [7, 8] });
    expect(c.context()).toMatchObject({ step: 2, local_trx_id: 'trx-cur-1', pendingTags: null });
  });

  it('next without one starts a NORMAL transaction (default sales type) carrying the tags', async () => {
    const c = startCashier({}, { next: true, tags: [2] });
    await settle();
    expect(c.rec.inputs.startTransaction?.[0]).toEqual({
      trx_type: 'NORMAL',
      pos_salesType_id: null,
      tags: [2],
    });
    expect(c.context().step).toBe(2);
  });

  it('without next the page starts on step 1 and the tags go to the next new transaction', async () => {
    const c = startCashier({}, { tags: [5] });
    await settle();
    expect(c.context().step).toBe(1);
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    expect(c.rec.inputs.startTransaction?.[0]).toMatchObject({ tags: [5] });
  });
});

describe('appointment transactions (status 1)', () => {
  const appointment = {
    openTransaction: async ({ local_trx_id }: { local_trx_id: string }) => ({
      local_trx_id,
      trx_status_id: 1,
    }),
  };

  it('leaving asks "keluar tanpa menyimpan"; Tidak stays, Ya leaves', async () => {
    const answers = [false, true];
    const c = startCashier({ ...appointment, confirm: async () => answers.shift() ?? false });
    c.actor.send({ type: 'trx.open', local_trx_id: 'apt-1' });
    await settle();
    expect(c.context().trx_status_id).toBe(1);
    c.actor.send({ type: 'step.back' });
    await settle();
    expect(c.context().step).toBe(2);
    expect(c.rec.inputs.confirm?.[0]).toEqual({ title: M.appointmentLeaveConfirm, message: '' });
    c.actor.send({ type: 'step.back' });
    await settle();
    expect(c.context().step).toBe(1);
  });

  it('checkout converts it into a sale after the confirmation', async () => {
    const c = startCashier(appointment);
    c.actor.send({ type: 'trx.open', local_trx_id: 'apt-1' });
    await settle();
    c.actor.send({ type: 'appointment.checkout' });
    await settle();
    expect(c.rec.inputs.confirm?.[0]).toMatchObject({
      title: 'Apakah Anda yakin ingin mengubah appointment ini menjadi penjualan?',
    });
    expect(c.rec.calls).toContain('checkoutAppointment');
    expect(c.context().trx_status_id).toBe(2);
    c.actor.send({ type: 'step.back' });
    await settle();
    expect(c.context().step).toBe(1);
  });

  it('save and cancel return to /appointment; a sale ignores them', async () => {
    const c = startCashier(appointment);
    c.actor.send({ type: 'trx.open', local_trx_id: 'apt-1' });
    await settle();
    c.actor.send({ type: 'appointment.save' });
    await settle();
    expect(c.messages()).toEqual(['Detail sales appointment berhasil disimpan.']);
    expect(c.rec.paths).toEqual(['/appointment']);
    const s = startCashier();
    s.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    s.actor.send({ type: 'appointment.cancel' });
    await settle();
    expect(s.rec.calls).not.toContain('cancelAppointment');
  });
});

describe('NFC before submit (000 §2 step 3, 003 §9)', () => {
  it('needed for a coupon with coupon_use_nfc, or a deposit payment with wallet_use_nfc', () => {
    const deposit = trxFixture({
      payments: [
        {
          local_payment_id: 'p',
          payment_type: 'DEPOSIT',
          payment_amount: 10,
          payment_method: { payment_method_name: 'Deposit', table_name: 'wallet', table_id: 1 },
        },
      ],
    });
    expect(needsNfcScan(deposit, { wallet_use_nfc: 1 })).toBe(true);
    expect(needsNfcScan(deposit, { wallet_use_nfc: 0, coupon_use_nfc: 1 })).toBe(false);
    expect(needsNfcScan(trxFixture(), { wallet_use_nfc: 1, coupon_use_nfc: 1 })).toBe(false);
  });
  it('ignores codes shorter than 10 characters', () => {
    expect(acceptNfcCode('123456789')).toBeNull();
    expect(acceptNfcCode(' 1234567890 ')).toBe('1234567890');
  });
});
