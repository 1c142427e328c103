// Shift management's commands (002 §4 Shift): each validates with src/domain's shift rules and commits
// shift.* events through the writer, under the writer lock so two tabs cannot start two shifts or end one
// twice. The end is recorded only after the server's 'success'; a failure records nothing and the shift
// stays active with everything it had (its counted cash stays in the form).
import type { ShiftApi } from '../../api/shift';
import {
  expectedEndingCash,
  formatLocalTimestamp,
  paymentMethodSchema,
  type ShiftTotals,
  shiftTotals,
  validateCashAmount,
  validateExpenseDelete,
  validateExpenseInput,
  validateShiftStartInput,
} from '../../domain';
import { SHIFT_MESSAGES } from '../../domain/texts/shift';
import { makeEvent, type ShiftRecord, type UserData, uuid } from '../../events';
import { readSession } from '../reads';
import { readActiveShift, type ShiftOwner, shiftOwnerOf } from '../shift-reads';
import type { Store } from '../store';
import type { CommandResult } from './types';

export interface ShiftCommandsOptions {
  store: Store;
  api: ShiftApi;
  /** The clock; default the device's. */
  now?: () => Date;
  /** Sends pending sales first, so the server's copy of the shift is complete (failures are ignored). */
  syncSales?: () => Promise<void>;
}

export interface ShiftCommands {
  startShift(cash_start: number): Promise<CommandResult<{ local_shift_id: string }>>;
  addExpense(expenseTitle: string, expenseAmount: number): Promise<CommandResult<{ key: string }>>;
  deleteExpense(key: string | null | undefined): Promise<CommandResult>;
  /** Ends the active shift with the counted cash: sync first, then shift.ended on 'success'. */
  endShift(cash_end_actual: number): Promise<CommandResult<{ pos_shift_id: number }>>;
}

/** The payment methods of the configuration (002 §3 payment_method[]), malformed ones left out. */
export const configuredMethods = (user: UserData | null | undefined) =>
  (Array.isArray(user?.payment_method) ? (user.payment_method as unknown[]) : []).flatMap((m) => {
    const parsed = paymentMethodSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });

/** The totals of a shift now: shiftTotals over the device's completed sales (002 §4 Shift totals). */
export async function activeShiftTotals(
  store: Pick<Store, 'listTransactions'>,
  user: UserData | null | undefined,
  shift: Pick<ShiftRecord, 'shift_start'>,
  now: Date,
): Promise<ShiftTotals> {
  const completed = await store.listTransactions({ trx_status_id: 3 });
  return shiftTotals(configuredMethods(user), completed, shift.shift_start, now);
}

export function createShiftCommands(options: ShiftCommandsOptions): ShiftCommands {
  const { store, api } = options;
  const clock = options.now ?? (() => new Date());

  const context = async (): Promise<{ user: UserData; owner: ShiftOwner } | null> => {
    const user = (await readSession(store.db)).user;
    const owner = shiftOwnerOf(user);
    return user && owner ? { user, owner } : null;
  };

  return {
    async startShift(cash_start) {
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.outletRequired };
      return store.exclusive(async (writer) => {
        const active = await readActiveShift(store.db, ctx.owner);
        const refusal = validateShiftStartInput(active !== null, cash_start);
        if (refusal) return { ok: false, message: refusal };
        const local_shift_id = uuid();
        const at = clock();
        const { user } = ctx;
        await writer.commit([
          makeEvent(
            'shift.started',
            {
              local_shift_id,
              shift_start: formatLocalTimestamp(at),
              cash_start,
              business_id: typeof user.business_id === 'number' ? user.business_id : null,
              business_user_id: ctx.owner.business_user_id,
              business_outlet_id: ctx.owner.outlet_id,
              outlet_id: ctx.owner.outlet_id,
              cashier_name: user.cashier_name,
              outlet_name: user.outlet_name ?? null,
            },
            { actor: ctx.owner.business_user_id, at },
          ),
        ]);
        return { ok: true, local_shift_id };
      });
    },

    async addExpense(expenseTitle, expenseAmount) {
      const refusal = validateExpenseInput(expenseTitle, expenseAmount);
      if (refusal) return { ok: false, message: refusal };
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      return store.exclusive(async (writer) => {
        const active = await readActiveShift(store.db, ctx.owner);
        if (!active) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
        const key = uuid();
        await writer.commit([
          makeEvent(
            'shift.expenseAdded',
            { local_shift_id: active.local_shift_id, key, expenseTitle: expenseTitle.trim(), expenseAmount },
            { actor: ctx.owner.business_user_id, at: clock() },
          ),
        ]);
        return { ok: true, key };
      });
    },

    async deleteExpense(key) {
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.expenseDeleteFailed };
      return store.exclusive(async (writer) => {
        const active = await readActiveShift(store.db, ctx.owner);
        const refusal = validateExpenseDelete(key, active?.expenses ?? []);
        if (refusal || !active || !key)
          return { ok: false, message: refusal ?? SHIFT_MESSAGES.expenseDeleteFailed };
        await writer.commit([
          makeEvent(
            'shift.expenseDeleted',
            { local_shift_id: active.local_shift_id, key },
            { actor: ctx.owner.business_user_id, at: clock() },
          ),
        ]);
        return { ok: true };
      });
    },

    async endShift(cash_end_actual) {
      const invalid = validateCashAmount(cash_end_actual);
      if (invalid) return { ok: false, message: invalid };
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      if (!(await readActiveShift(store.db, ctx.owner)))
        return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      if (options.syncSales) await options.syncSales().catch(() => undefined);
      // Read again after the sync: its sales are in the totals, and another tab may have ended it.
      const shift = await readActiveShift(store.db, ctx.owner);
      if (!shift) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      const at = clock();
      const trxs = await activeShiftTotals(store, ctx.user, shift, at);
      const shift_end = formatLocalTimestamp(at);
      let pos_shift_id: number;
      try {
        const answer = await api.syncShifts({
          shifts: [
            {
              local_shift_id: shift.local_shift_id,
              shift_start: shift.shift_start,
              shift_end,
              outlet_id: shift.outlet_id,
              business_outlet_id: shift.business_outlet_id,
              cash_start: shift.cash_start,
              cash_end_actual,
              cashier_name: shift.cashier_name,
              outlet_name: shift.outlet_name,
              expenses: shift.expenses.map(({ key, expenseTitle, expenseAmount }) => ({
                key,
                expenseTitle,
                expenseAmount,
              })),
              trxs,
            },
          ],
        });
        const item = answer.find((a) => a.local_shift_id === shift.local_shift_id) ?? answer[0];
        if (item?.status !== 'success') return { ok: false, message: SHIFT_MESSAGES.syncFailed };
        pos_shift_id = item.pos_shift_id;
      } catch {
        return { ok: false, message: SHIFT_MESSAGES.syncFailed };
      }
      await store.exclusive((writer) =>
        writer.commit([
          makeEvent(
            'shift.ended',
            {
              local_shift_id: shift.local_shift_id,
              pos_shift_id,
              shift_end,
              cash_end_actual,
              trxs,
              cash_end_expected: expectedEndingCash(shift.cash_start, trxs, shift.expenses),
            },
            { actor: ctx.owner.business_user_id, at },
          ),
        ]),
      );
      return { ok: true, pos_shift_id };
    },
  };
}
