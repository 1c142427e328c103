import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_MESSAGES as M } from '../../src/domain/texts/cashier';
import { badRequest, settle, startCashier } from './cashier-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('archive (Simpan)', () => {
  it('from the pending list: confirm, archive, toast; stays on step 1', async () => {
    const c = startCashier();
    c.actor.send({ type: 'trx.archive', local_trx_id: 'trx-pending-1' });
    await settle();
    expect(c.rec.inputs.confirm?.[0]).toEqual({
      title: 'Simpan Transaksi',
      message: 'Apakah anda ingin menyimpan transaksi ini?',
    });
    expect(c.rec.inputs.archiveTrx?.[0]).toEqual({ local_trx_id: 'trx-pending-1' });
    expect(c.messages()).toEqual(['Transaksi telah berhasil disimpan.']);
    expect(c.state()).toEqual({ step1: 'idle' });
  });

  it('from step 2 (the current transaction): back to step 1 after; a refusal stays on step 2', async () => {
    const c = startCashier();
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'trx.archive' });
    await settle();
    expect(c.rec.inputs.archiveTrx?.[0]).toEqual({ local_trx_id: 'trx-0001-abcdef' });
    expect(c.state()).toEqual({ step1: 'idle' });
    expect(c.context().local_trx_id).toBeNull();

    const d = startCashier({ archiveTrx: () => Promise.reject(badRequest('Outlet belum dipilih.')) });
    d.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    d.actor.send({ type: 'trx.archive' });
    await settle();
    expect(d.messages()).toEqual(['Outlet belum dipilih.']);
    expect(d.state()).toEqual({ step2: 'editing' });
  });
});

describe('delete (Hapus)', () => {
  it('without pos_cashier_delete_by_pin: "Hapus Transaksi" / "Apakah Anda yakin?", then deleted', async () => {
    const c = startCashier();
    c.actor.send({ type: 'trx.delete', local_trx_id: 'trx-pending-2' });
    await settle();
    expect(c.rec.calls).toEqual(['confirm', 'deleteTrx']);
    expect(c.rec.inputs.confirm?.[0]).toEqual({ title: 'Hapus Transaksi', message: 'Apakah Anda yakin?' });
    expect(c.rec.inputs.deleteTrx?.[0]).toEqual({ local_trx_id: 'trx-pending-2', authorization: null });
    expect(c.messages()).toEqual(['Transaksi telah berhasil dihapus.']);
  });

  it("the open transaction's Hapus (steps 2 and 3) asks 'Apakah anda ingin menghapus transaksi ini?'", async () => {
    for (const atStep3 of [false, true]) {
      const answers = [false, true];
      const c = startCashier({ confirm: async () => answers.shift() ?? false });
      c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
      await settle();
      if (atStep3) {
        c.actor.send({ type: 'step.continue' });
        await settle();
      }
      const here = c.state();
      c.actor.send({ type: 'trx.delete' });
      await settle();
      // Declined: nothing removed, still where it was.
      expect(c.rec.inputs.confirm?.[0]).toEqual({
        title: 'Hapus Transaksi',
        message: 'Apakah anda ingin menghapus transaksi ini?',
      });
      expect(c.rec.calls).not.toContain('deleteTrx');
      expect(c.state()).toEqual(here);
      c.actor.send({ type: 'trx.delete' });
      await settle();
      expect(c.rec.inputs.deleteTrx?.[0]).toEqual({ local_trx_id: 'trx-0001-abcdef', authorization: null });
      expect(c.state()).toEqual({ step1: 'idle' });
    }
  });

  it('with pos_cashier_delete_by_pin = 1: "Otorisasi Hapus Transaksi", pin validated, DELETE_TRX with reason', async () => {
    const c = startCashier({}, { config: { pos_cashier_delete_by_pin: 1 } });
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'step.continue' });
    await settle();
    c.actor.send({ type: 'trx.delete' });
    await settle();
    expect(c.rec.calls.slice(-3)).toEqual(['authorize', 'verifyPin', 'deleteTrx']);
    expect(c.rec.inputs.authorize?.[0]).toEqual({
      kind: 'deleteTrx',
      title: 'Otorisasi Hapus Transaksi',
      reasonLabel: 'Alasan Penghapusan',
    });
    expect(c.rec.inputs.deleteTrx?.[0]).toEqual({
      local_trx_id: 'trx-0001-abcdef',
      authorization: { password: 'rahasia', reason: 'Salah input' },
    });
    expect(c.state()).toEqual({ step1: 'idle' });
  });

  it('the supervisor the server names for the password goes with the deletion (issue 15)', async () => {
    const supervisor = {
      business_user_id: 7,
      supervisor_name: 'Sari Supervisor',
      validated_at: '2026-11-26 10:00:00',
    };
    const c = startCashier(
      { verifyPin: async () => supervisor },
      { config: { pos_cashier_delete_by_pin: 1 } },
    );
    c.actor.send({ type: 'trx.new', trx_type: 'NORMAL' });
    await settle();
    c.actor.send({ type: 'step.continue' });
    await settle();
    c.actor.send({ type: 'trx.delete' });
    await settle();
    expect(c.rec.inputs.deleteTrx?.[0]).toEqual({
      local_trx_id: 'trx-0001-abcdef',
      authorization: { password: 'rahasia', reason: 'Salah input', supervisor },
    });
  });

  it('blank password / reason messages, a wrong pin asks again, a closed modal cancels', async () => {
    const answers = [
      { password: '', reason: 'x' },
      { password: 'p', reason: ' ' },
      { password: 'salah', reason: 'x' },
      null,
    ];
    const c = startCashier(
      {
        authorize: async () => answers.shift() ?? null,
        verifyPin: () => Promise.reject(badRequest('Password salah.')),
      },
      { config: { pos_cashier_delete_by_pin: 1 } },
    );
    c.actor.send({ type: 'trx.delete', local_trx_id: 'trx-pending-3' });
    await settle();
    // Each message once, in the dialog asked again (no toast repeats it); a refused reason keeps the
    // typed password, a refused password is asked for again empty (issue 10).
    expect(c.messages()).toEqual([]);
    expect(c.rec.inputs.authorize?.slice(1)).toMatchObject([
      { message: 'Password harus diisi!', reason: 'x' },
      { message: 'Alasan penghapusan harus diisi!', password: 'p' },
      { message: 'Password salah.', password: '', reason: 'x' },
    ]);
    expect(c.rec.calls).not.toContain('deleteTrx');
    expect(c.state()).toEqual({ step1: 'idle' });
  });
});

describe('download from the saved list', () => {
  it('confirm, download, toast', async () => {
    const c = startCashier();
    c.actor.send({ type: 'trx.download', local_trx_id: 'trx-saved-1' });
    await settle();
    expect(c.rec.calls).toEqual(['confirm', 'downloadTrx']);
    expect(c.messages()).toEqual([M.downloaded]);
  });
});
