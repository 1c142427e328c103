// Shift commands (002 §4 Shift, §5): start, expenses and the end, on a real store (fake IndexedDB) with a
// fake shift API. The end is recorded only after the server's 'success'; a failure loses nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type {
  ShiftExpensesRequest,
  ShiftListResponse,
  ShiftStartRequest,
  ShiftSyncRequest,
} from '../../src/api/contract/shift';
import { ApiError } from '../../src/api/http';
import type { ShiftApi } from '../../src/api/shift';
import { posTransactionSchema } from '../../src/domain/model';
import { SHIFT_MESSAGES } from '../../src/domain/texts/shift';
import { SYNC_MESSAGES } from '../../src/domain/texts/sync';
import { makeEvent } from '../../src/events';
import { createSyncService } from '../../src/machines/sync-service';
import { readActiveShift, readShiftHistory } from '../../src/projections';
import { createShiftCommands } from '../../src/projections/commands';
import { openShiftsElsewhereOf } from '../../src/projections/shift-reads';
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
  const commands = createShiftCommands({
    store,
    api: {
      syncShifts,
      startShift: api.startShift,
      listShifts: api.listShifts,
      saveExpenses: api.saveExpenses,
    },
    now: () => now,
  });
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
    const after = await readActiveShift(store.db, OWNER);
    expect(after).toMatchObject({ ...before, pending_end: { cash_end_actual: 98_000 } });
    expect(await readShiftHistory(store.db, OWNER)).toEqual([]);
  });

  it('issue 23 item 8: a retry after a lost answer sends the very same body (the server refuses a changed one)', async () => {
    let fail = true;
    const bodies: ShiftSyncRequest[] = [];
    const { store, commands, setNow } = await setup({
      syncShifts: async (body) => {
        bodies.push(body);
        if (fail) throw new TypeError('Failed to fetch');
        return [{ status: 'success', pos_shift_id: 5, local_shift_id: body.shifts[0].local_shift_id }];
      },
    });
    await commands.startShift(100_000);
    await commands.addExpense('Parkir', 2_000);
    expect((await commands.endShift(98_000)).ok).toBe(false);
    // the end is on its way: its expenses are fixed
    expect((await commands.addExpense('Kopi', 1_000)).ok).toBe(false);
    fail = false;
    setNow(new Date('2026-11-22T05:00:00Z'));
    expect(await commands.endShift(97_000)).toEqual({ ok: true, pos_shift_id: 5 });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect((await readShiftHistory(store.db, OWNER))[0]).toMatchObject({
      cash_end_actual: 98_000,
      shift_end: '2026-11-22 09:00:00',
    });
  });

  it('a refused end (a definite 400) keeps the shift active and editable, and the next end is a new body', async () => {
    let refuse = true;
    const { store, commands } = await setup({
      syncShifts: async (body) => {
        if (refuse)
          throw new ApiError({ kind: 'http', status: 400, statusText: 'Bad Request', message: 'Ditolak' });
        return [{ status: 'success', pos_shift_id: 6, local_shift_id: body.shifts[0].local_shift_id }];
      },
    });
    await commands.startShift(0);
    expect(await commands.endShift(10)).toEqual({ ok: false, message: 'Ditolak' });
    expect((await readActiveShift(store.db, OWNER))?.pending_end).toBeNull();
    expect((await commands.addExpense('Parkir', 1_000)).ok).toBe(true);
    refuse = false;
    expect((await commands.endShift(20)).ok).toBe(true);
    expect((await readShiftHistory(store.db, OWNER))[0].cash_end_actual).toBe(20);
  });

  it('issue 23 item 11: an end without a count sends null (not counted), never 0, and posts business and user', async () => {
    const { store, commands, sent } = await setup();
    await commands.startShift(50_000);
    expect((await commands.endShift(null)).ok).toBe(true);
    expect(sent[0].shifts[0].cash_end_actual).toBeNull();
    expect(sent[0].shifts[0]).toMatchObject({
      business_id: config.business_id,
      business_user_id: config.business_user_id,
      outlet_id: OWNER.outlet_id,
    });
    expect((await readShiftHistory(store.db, OWNER))[0].cash_end_actual).toBeNull();
  });

  it('ruling 26: a start made offline is queued and sent later exactly once', async () => {
    let online = false;
    const starts: ShiftStartRequest[] = [];
    const startShift = vi.fn(async (body: ShiftStartRequest) => {
      if (!online) throw new ApiError({ kind: 'network', status: 0, statusText: '', message: 'offline' });
      starts.push(body);
      return { status: 'success', pos_shift_id: 41, local_shift_id: body.shift.local_shift_id };
    });
    const { store, commands } = await setup({ startShift });
    const r = await commands.startShift(300_000);
    expect(r.ok).toBe(true);
    await vi.waitFor(() => expect(startShift).toHaveBeenCalledTimes(1));
    expect(await commands.sendStarts()).toEqual({ sent: 0, unsent: 1 });
    expect((await readActiveShift(store.db, OWNER))?.pos_shift_id).toBeNull();
    online = true;
    // two passes at once (two tabs, the timer and the button): one send
    const passes = await Promise.all([commands.sendStarts(), commands.sendStarts()]);
    expect(passes.map((p) => p.sent).sort()).toEqual([0, 1]);
    expect(await commands.sendStarts()).toEqual({ sent: 0, unsent: 0 });
    expect(starts).toHaveLength(1);
    expect(starts[0].shift).toMatchObject({
      cash_start: 300_000,
      shift_start: '2026-11-22 09:00:00',
      business_id: config.business_id,
      business_user_id: config.business_user_id,
    });
    expect((await readActiveShift(store.db, OWNER))?.pos_shift_id).toBe(41);
  });

  it('ruling 26: a refused start is shown on the shift and not refused twice in the log', async () => {
    const startShift = vi.fn(async () => {
      throw new ApiError({
        kind: 'http',
        status: 400,
        statusText: 'Bad Request',
        message: SHIFT_MESSAGES.alreadyActive,
      });
    });
    const { store, commands } = await setup({ startShift });
    await commands.startShift(1_000);
    await vi.waitFor(() => expect(startShift).toHaveBeenCalled());
    await commands.sendStarts();
    await commands.sendStarts();
    expect((await readActiveShift(store.db, OWNER))?.start_error).toBe(SHIFT_MESSAGES.alreadyActive);
    const refusals = (await store.listEvents()).filter((e) => e.type === 'shift.startRefused');
    expect(refusals).toHaveLength(1);
  });

  it('ruling 26: the server’s open shift is restored onto a device that lacks it; the history is the server’s', async () => {
    const open = {
      local_shift_id: 'menteng-open',
      pos_shift_id: 9,
      shift_start: '2026-11-22 08:00:00',
      shift_end: null,
      business_id: config.business_id,
      business_user_id: OWNER.business_user_id,
      business_outlet_id: OWNER.outlet_id,
      outlet_id: OWNER.outlet_id,
      cash_start: 300_000,
      cash_end_actual: null,
      cash_end_expected: null,
      cashier_name: 'Demo',
      outlet_name: 'Serambi',
      expenses: [],
      trxs: null,
    };
    const ended = { ...open, local_shift_id: 'ended', pos_shift_id: 8, shift_end: '2026-11-22 07:00:00' };
    const listShifts = vi.fn(async (): Promise<ShiftListResponse> => ({ open, history: [ended] }));
    const { store, commands } = await setup({ listShifts });
    expect(await commands.loadServerShifts()).toEqual([ended]);
    expect(await readActiveShift(store.db, OWNER)).toMatchObject({
      local_shift_id: 'menteng-open',
      pos_shift_id: 9,
      cash_start: 300_000,
      status: 'active',
    });
    // restored once; its start is the server's already, so nothing is queued
    await commands.loadServerShifts();
    expect((await store.listEvents()).filter((e) => e.type === 'shift.restored')).toHaveLength(1);
    expect(await commands.sendStarts()).toEqual({ sent: 0, unsent: 0 });
    // unreachable: null (the screen shows the device's copy)
    listShifts.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await commands.loadServerShifts()).toBeNull();
  });

  it('two tabs ending at once end the shift once', async () => {
    const { store, commands } = await setup();
    await commands.startShift(1_000);
    const both = await Promise.all([commands.endShift(1_000), commands.endShift(1_000)]);
    expect(both.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
    const history = await readShiftHistory(store.db, OWNER);
    expect(history).toHaveLength(1);
  });
  it('ruling 26: sign-out names an enforced shift left open at another outlet (and only an enforced one)', async () => {
    const store = freshStore();
    const at = (outlet_id: number, pos_shift_enforced: number, outlet_name: string) =>
      makeEvent(
        'session.signedIn',
        {
          user: {
            ...config,
            outlet_id,
            outlet_name,
            pos_shift_enforced,
            client_key: 'ck',
            login_token: 'lt',
          },
        },
        { actor: 1 },
      );
    await store.commit([at(2, 1, 'Serambi Menteng')]);
    const menteng = createShiftCommands({ store, api: { syncShifts: vi.fn() }, now: () => START });
    await menteng.startShift(300_000);
    expect(await openShiftsElsewhereOf(store)).toBeNull();
    await store.commit([at(1, 0, 'Serambi Salon Kemang')]);
    expect(await openShiftsElsewhereOf(store)).toBe(
      SHIFT_MESSAGES.openElsewhere('Serambi Menteng', '22 Nov 2026, 09:00 WIB'),
    );
    // a shift at an outlet that does not enforce shifts is not named
    await createShiftCommands({ store, api: { syncShifts: vi.fn() }, now: () => START }).startShift(1);
    await store.commit([at(3, 0, 'Serambi Ketiga')]);
    expect(await openShiftsElsewhereOf(store)).toBe(
      SHIFT_MESSAGES.openElsewhere('Serambi Menteng', '22 Nov 2026, 09:00 WIB'),
    );
  });
  it('ruling 26: every sync pass sends the queued starts first; sign-out’s pass refuses while one got no answer', async () => {
    const { store } = await setup();
    let unsent = 1;
    const sendShiftStarts = vi.fn(async () => ({ unsent }));
    const sync = createSyncService({
      store,
      posApi: { sync: vi.fn() },
      sendShiftStarts,
      isOnline: () => true,
    });
    // an unsent start never stops the sales' pass
    await expect(sync.run()).resolves.toMatchObject({ failed: [] });
    await expect(sync.runAll()).rejects.toThrow(SYNC_MESSAGES.offline);
    unsent = 0;
    await expect(sync.runAll()).resolves.toMatchObject({ failed: [] });
    expect(sendShiftStarts).toHaveBeenCalledTimes(3);
  });

  it("an open shift's expenses reach the server before any sign-out: sent once per change, the whole list, after the start", async () => {
    let online = false;
    const lists: ShiftExpensesRequest[] = [];
    const offline = () => new ApiError({ kind: 'network', status: 0, statusText: '', message: 'offline' });
    const startShift = vi.fn(async (body: ShiftStartRequest) => {
      if (!online) throw offline();
      return { status: 'success', pos_shift_id: 51, local_shift_id: body.shift.local_shift_id };
    });
    const saveExpenses = vi.fn(async (body: ShiftExpensesRequest) => {
      if (!online) throw offline();
      lists.push(body);
      return { status: 'success', pos_shift_id: 51, local_shift_id: body.local_shift_id };
    });
    const { store, commands } = await setup({ startShift, saveExpenses });
    await commands.startShift(300_000);
    const parkir = await commands.addExpense('Parkir', 5_000);
    const galon = await commands.addExpense('Air galon', 20_000);
    expect(parkir.ok && galon.ok).toBe(true);
    // the start has not reached the server: the expenses wait behind it, nothing is sent for them
    await vi.waitFor(() => expect(startShift).toHaveBeenCalled());
    expect(await commands.sendExpenses()).toEqual({ sent: 0, unsent: 0 });
    expect(saveExpenses).not.toHaveBeenCalled();
    online = true;
    await commands.sendStarts();
    // two passes at once: one send, the whole list
    const passes = await Promise.all([commands.sendExpenses(), commands.sendExpenses()]);
    expect(passes.map((p) => p.sent).sort()).toEqual([0, 1]);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({
      local_shift_id: (await readActiveShift(store.db, OWNER))?.local_shift_id,
    });
    expect(lists[0].expenses.map((e) => [e.expenseTitle, e.expenseAmount])).toEqual([
      ['Parkir', 5_000],
      ['Air galon', 20_000],
    ]);
    // unchanged: nothing more; a delete sends the new list at once
    expect(await commands.sendExpenses()).toEqual({ sent: 0, unsent: 0 });
    if (!parkir.ok) throw new Error('unreachable');
    expect((await commands.deleteExpense(parkir.key)).ok).toBe(true);
    await vi.waitFor(() => expect(lists).toHaveLength(2));
    expect(lists[1].expenses.map((e) => e.expenseTitle)).toEqual(['Air galon']);
    // offline again: an added expense waits, and the sync pass that precedes a sign-out reports it unsent
    online = false;
    await commands.addExpense('Tisu', 7_500);
    expect(await commands.sendExpenses()).toEqual({ sent: 0, unsent: 1 });
    online = true;
    expect(await commands.sendExpenses()).toEqual({ sent: 1, unsent: 0 });
    expect(lists.at(-1)?.expenses.map((e) => e.expenseTitle)).toEqual(['Air galon', 'Tisu']);
  });

  it("a restored open shift brings the server's expenses, and sends nothing back until they change", async () => {
    const open = {
      local_shift_id: 'restored-open',
      pos_shift_id: 12,
      shift_start: '2026-11-22 08:00:00',
      shift_end: null,
      business_id: config.business_id,
      business_user_id: OWNER.business_user_id,
      business_outlet_id: OWNER.outlet_id,
      outlet_id: OWNER.outlet_id,
      cash_start: 300_000,
      cash_end_actual: null,
      cash_end_expected: null,
      cashier_name: 'Demo',
      outlet_name: 'Serambi',
      expenses: [{ key: 'k-1', expenseTitle: 'Parkir', expenseAmount: 5_000 }],
      trxs: null,
    };
    const saveExpenses = vi.fn(async (body: ShiftExpensesRequest) => ({
      status: 'success',
      pos_shift_id: 12,
      local_shift_id: body.local_shift_id,
    }));
    const { store, commands } = await setup({
      listShifts: async () => ({ open, history: [] }),
      saveExpenses,
    });
    await commands.loadServerShifts();
    expect((await readActiveShift(store.db, OWNER))?.expenses).toEqual(open.expenses);
    expect(await commands.sendExpenses()).toEqual({ sent: 0, unsent: 0 });
    await commands.addExpense('Tisu', 7_500);
    await vi.waitFor(() => expect(saveExpenses).toHaveBeenCalledTimes(1));
    expect(saveExpenses.mock.calls[0][0].expenses.map((e) => e.key)[0]).toBe('k-1');
    expect(saveExpenses.mock.calls[0][0].expenses).toHaveLength(2);
  });
});
