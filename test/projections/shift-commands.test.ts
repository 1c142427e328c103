// Shift commands (002 §4 Shift, §5): start, expenses and the end, on a real store (fake IndexedDB) with a
// fake shift API. The end is recorded only after the server's 'success'; a failure loses nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ShiftSyncRequest } from '../../src/api/contract/shift';
import type { ShiftApi } from '../../src/api/shift';
import { posTransactionSchema } from '../../src/domain/model';
import { SHIFT_MESSAGES } from '../../src/domain/texts/shift';
import { makeEvent } from '../../src/events';
import { readActiveShift, readShiftHistory } from '../../src/projections';
import { createShiftCommands } from '../../src/projections/commands';
import { demoConfig } from '../fixtures/demo';
import { freshStore } from './helpers';

const config = demoConfig();
const OWNER = { business_user_id: config.business_user_id, outlet_id: Number(config.outlet_id) };
const CASH = config.payment_method.find((m) => m.payment_method_name === 'Cash')!;
const DEBIT = config.payment_method.find((m) => m.payment_method_name === 'Debit Card')!;
// 2026-11-22 09:00 WIB
const START = new Date('2026-11-22T02:00:00Z');

async function setup(api: Partial<ShiftApi> = {}) {
  const store = freshStore();
  await store.commit([
    makeEvent('session.signedIn', { user: { ...config, client_key: 'ck', login_token: 'lt' } }, { actor: 1 }),
  ]);
  let now = START;
  const sent: ShiftSyncRequest[] = [];
  const syncShifts = vi.fn(
    api.syncShifts ??
      (async (body: ShiftSyncRequest) => {
        sent.push(body);
        return [{ status: 'success', pos_shift_id: 77, local_shift_id: body.shifts[0].local_shift_id }];
      }),
  );
  const commands = createShiftCommands({ store, api: { syncShifts }, now: () => now });
  return { store, commands, sent, syncShifts, setNow: (d: Date) => (now = d) };
}

const sale = (id: string, end: string, payments: { method: typeof CASH; amount: number }[], total: number) =>
  makeEvent(
    'trx.downloaded',
    {
      trx: posTransactionSchema.parse({
        local_trx_id: id,
        trx_local_start_time: end,
        trx_local_end_time: end,
        trx_status_id: 3,
        drv_grand_total: total,
        payments: payments.map((p, i) => ({
          local_payment_id: `${id}-${i}`,
          payment_method: p.method,
          payment_amount: p.amount,
          payment_type: 'NORMAL',
        })),
      }),
    },
    { actor: 1, trxId: id },
  );

describe('shift commands', () => {
  it('starts once: a second start is refused with the spec message', async () => {
    const { store, commands } = await setup();
    const first = await commands.startShift(150_000);
    expect(first.ok).toBe(true);
    expect(await commands.startShift(1)).toEqual({ ok: false, message: SHIFT_MESSAGES.alreadyActive });
    const active = await readActiveShift(store.db, OWNER);
    expect(active).toMatchObject({
      status: 'active',
      cash_start: 150_000,
      shift_start: '2026-11-22 09:00:00',
    });
  });

  it.each([-1, 1.5, 1_000_000_000, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a starting cash of %s',
    async (cash) => {
      const { store, commands } = await setup();
      expect(await commands.startShift(cash)).toEqual({ ok: false, message: SHIFT_MESSAGES.cashInvalid });
      expect(await readActiveShift(store.db, OWNER)).toBeNull();
    },
  );

  it('adds and deletes expenses with the spec messages', async () => {
    const { store, commands } = await setup();
    await commands.startShift(0);
    expect(await commands.addExpense('  ', 5_000)).toEqual({
      ok: false,
      message: SHIFT_MESSAGES.expenseNameRequired,
    });
    expect(await commands.addExpense('Parkir', 0)).toEqual({
      ok: false,
      message: SHIFT_MESSAGES.expenseAmountRequired,
    });
    expect(await commands.addExpense('Parkir', -5)).toEqual({
      ok: false,
      message: SHIFT_MESSAGES.expenseAmountInvalid,
    });
    const added = await commands.addExpense('Parkir', 5_000);
    expect(added.ok).toBe(true);
    expect(await commands.deleteExpense('nope')).toEqual({
      ok: false,
      message: SHIFT_MESSAGES.expenseDeleteFailed,
    });
    expect(await commands.deleteExpense(null)).toEqual({
      ok: false,
      message: SHIFT_MESSAGES.expenseDeleteFailed,
    });
    expect((await readActiveShift(store.db, OWNER))?.expenses).toHaveLength(1);
    if (added.ok) expect((await commands.deleteExpense(added.key)).ok).toBe(true);
    expect((await readActiveShift(store.db, OWNER))?.expenses).toEqual([]);
  });

  it('ends with the totals of the shift’s sales and prepends it to the history', async () => {
    const { store, commands, sent, setNow } = await setup();
    await store.commit([sale('before', '2026-11-22 08:00:00', [{ method: CASH, amount: 10_000 }], 10_000)]);
    await commands.startShift(100_000);
    await store.commit([
      // cash 50,000 paid for 42,000: the change nets out, 42,000 in the drawer
      sale('cash', '2026-11-22 10:00:00', [{ method: CASH, amount: 50_000 }], 42_000),
      sale('card', '2026-11-22 11:00:00', [{ method: DEBIT, amount: 30_000 }], 30_000),
    ]);
    await commands.addExpense('Parkir', 2_000);
    setNow(new Date('2026-11-22T10:00:00Z'));
    const r = await commands.endShift(139_000);
    expect(r).toEqual({ ok: true, pos_shift_id: 77 });
    const body = sent[0].shifts[0];
    expect(body).toMatchObject({
      cash_start: 100_000,
      cash_end_actual: 139_000,
      shift_end: '2026-11-22 17:00:00',
    });
    const methods = Object.fromEntries(body.trxs.drvPaymentMethods.map((m) => [m.payment_method_name, m]));
    expect(methods.Cash).toMatchObject({ trx_count: 1, trx_amount: 42_000 });
    expect(methods['Debit Card']).toMatchObject({ trx_count: 1, trx_amount: 30_000 });
    expect(await readActiveShift(store.db, OWNER)).toBeNull();
    const [ended] = await readShiftHistory(store.db, OWNER);
    expect(ended).toMatchObject({
      status: 'ended',
      isSynced: true,
      pos_shift_id: 77,
      cash_end_actual: 139_000,
      cash_end_expected: 100_000 + 42_000 - 2_000,
    });
    // a second start makes a new active shift; the next end goes first in the history
    await commands.startShift(0);
    await commands.endShift(0);
    const history = await readShiftHistory(store.db, OWNER);
    expect(history.map((s) => s.cash_start)).toEqual([0, 100_000]);
  });

  it.each([
    ['offline', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['not success', async () => [{ status: 'error', pos_shift_id: 0, local_shift_id: 'x' }]],
  ])('an end that fails (%s) keeps the shift active and loses nothing', async (_name, syncShifts) => {
    const { store, commands } = await setup({ syncShifts });
    await commands.startShift(100_000);
    await commands.addExpense('Parkir', 2_000);
    const before = await readActiveShift(store.db, OWNER);
    expect(await commands.endShift(98_000)).toEqual({ ok: false, message: SHIFT_MESSAGES.syncFailed });
    expect(await readActiveShift(store.db, OWNER)).toEqual(before);
    expect(await readShiftHistory(store.db, OWNER)).toEqual([]);
  });

  it('two tabs ending at once end the shift once', async () => {
    const { store, commands } = await setup();
    await commands.startShift(1_000);
    const both = await Promise.all([commands.endShift(1_000), commands.endShift(1_000)]);
    expect(both.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
    const history = await readShiftHistory(store.db, OWNER);
    expect(history).toHaveLength(1);
  });
});
