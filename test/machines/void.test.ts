import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_MESSAGES as M } from '../../src/domain/texts/cashier';
import { badRequest, settle, startCashier } from './cashier-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const VOID = { type: 'trx.void', local_trx_id: 'trx-done-00aa11', trx_status_id: 3 } as const;
const ALLOWED = { config: { is_void_allowed: 1 } };

describe('void (000 §4: confirm, password + reason, sync first, post, status 4)', () => {
  it('goes confirm → authorize → sync → post → record, and says "Transaksi berhasil divoid"', async () => {
    const c = startCashier({}, ALLOWED);
    // the list names the sale in the confirmation (issue 22 item 8)
    c.actor.send({ ...VOID, summary: 'Transaksi #00AA11 - Total IDR 60,023' });
    await settle();
    expect(c.rec.calls).toEqual(['confirm', 'authorize', 'syncForVoid', 'postVoid', 'recordVoid']);
    expect(c.rec.inputs.confirm?.[0]).toEqual({
      title: 'Apakah Anda yakin ingin void transaksi ini?',
      message: 'Transaksi #00AA11 - Total IDR 60,023',
    });
    expect(c.rec.inputs.authorize?.[0]).toMatchObject({ kind: 'void', reasonLabel: 'Alasan Pembatalan' });
    expect(c.rec.inputs.syncForVoid?.[0]).toEqual({ local_trx_id: 'trx-done-00aa11' });
    expect(c.rec.inputs.postVoid?.[0]).toEqual({
      pos_sales_trx_head_id: 501,
      password: 'rahasia',
      reason: 'Salah input',
    });
    expect(c.rec.inputs.recordVoid?.[0]).toEqual({ local_trx_id: 'trx-done-00aa11', reason: 'Salah input' });
    expect(c.messages()).toEqual(['Transaksi berhasil divoid']);
    expect(c.state()).toEqual({ step1: 'idle' });
    expect(c.context().authorization).toBeNull();
  });

  it('without is_void_allowed = 1 nothing happens', async () => {
    const c = startCashier({}, { config: { is_void_allowed: 0 } });
    c.actor.send(VOID);
    await settle();
    expect(c.rec.calls).toEqual([]);
    expect(c.state()).toEqual({ step1: 'idle' });
  });

  it('a sale already void (status 4) is not voided again, whatever the flag (canVoid: status ≠ 4)', async () => {
    const c = startCashier({}, ALLOWED);
    c.actor.send({ ...VOID, trx_status_id: 4 });
    await settle();
    expect(c.rec.calls).toEqual([]);
    expect(c.state()).toEqual({ step1: 'idle' });
  });

  it('"Tidak" on the confirm or a closed modal does nothing', async () => {
    const a = startCashier({ confirm: async () => false }, ALLOWED);
    a.actor.send(VOID);
    await settle();
    expect(a.rec.calls).toEqual(['confirm']);
    const b = startCashier({ authorize: async () => null }, ALLOWED);
    b.actor.send(VOID);
    await settle();
    expect(b.rec.calls).toEqual(['confirm', 'authorize']);
    expect(b.state()).toEqual({ step1: 'idle' });
  });

  it('a blank password or reason asks again with the message, shown once, keeping what was typed', async () => {
    const answers = [
      { password: ' ', reason: 'x' },
      { password: 'p', reason: '' },
      { password: 'p', reason: 'Dobel' },
    ];
    const c = startCashier({ authorize: async () => answers.shift() ?? null }, ALLOWED);
    c.actor.send(VOID);
    await settle();
    // The dialog shows why it asks again; no toast repeats it (issue 10).
    expect(c.messages()).toEqual([M.voided]);
    expect(c.rec.inputs.authorize).toMatchObject([
      { kind: 'void' },
      { message: 'Password harus diisi!', reason: 'x' },
      // The refused reason does not cost the typed password (issue 10).
      { message: 'Alasan pembatalan harus diisi!', password: 'p', reason: '' },
    ]);
  });

  it('a failed sync stops the void with the spec message; nothing posted', async () => {
    const c = startCashier({ syncForVoid: () => Promise.reject(new Error('Sync gagal')) }, ALLOWED);
    c.actor.send(VOID);
    await settle();
    expect(c.messages()).toEqual([
      'Gagal melakukan proses sinkronisasi, silakan mencoba kembali dengan refresh halaman ini.',
    ]);
    expect(c.rec.calls).not.toContain('postVoid');
    expect(c.state()).toEqual({ step1: 'idle' });
  });

  it("a wrong password shows the server's message and asks again; the second try voids", async () => {
    let tries = 0;
    const c = startCashier(
      {
        postVoid: async () => {
          tries++;
          if (tries === 1) throw badRequest('Password salah.');
        },
      },
      ALLOWED,
    );
    c.actor.send(VOID);
    await settle();
    expect(c.messages()).toEqual([M.voided]);
    // Asked again with the server's message in the dialog, the reason kept and the refused password not.
    expect(c.rec.inputs.authorize?.[1]).toMatchObject({ message: 'Password salah.', password: '' });
    expect(c.rec.calls.filter((n) => n === 'recordVoid')).toHaveLength(1);
  });

  it('is busy while syncing and posting (buttons disabled)', async () => {
    let release: () => void = () => {};
    const c = startCashier(
      {
        syncForVoid: () =>
          new Promise((resolve) => {
            release = () => resolve({ pos_sales_trx_head_id: 9 });
          }),
      },
      ALLOWED,
    );
    c.actor.send(VOID);
    await settle();
    expect(c.actor.getSnapshot().hasTag('busy')).toBe(true);
    release();
    await settle();
    expect(c.actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
