// Shift management's commands (002 §4 Shift): each validates with src/domain's shift rules and commits
// shift.* events through the writer, under the writer lock so two tabs cannot start two shifts or end one
// twice. The end is recorded only after the server's 'success'; a failure keeps the shift active with
// everything it had. Ruling 26: a shift is a server record from its start — the start is queued like a
// sale (sendStarts: after the start, on every sync pass, exactly once per shift since a repeat of the same
// body is the server's no-op), the server's open shift of this cashier here is restored onto a device
// that lacks it, and the history comes from the server. Issue 23 item 8: the end's body is recorded
// before it is sent (shift.endRequested), so a retry after a lost answer sends the very same body.
import type { ShiftView } from '../../api/contract/shift';
import { isApiError } from '../../api/http';
import type { ShiftApi } from '../../api/shift';
import {
  expectedEndingCash,
  expensesDigest,
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
  /** The end call at least; without the start and list calls nothing is queued or restored (unit tests). */
  api: Pick<ShiftApi, 'syncShifts'> & Partial<ShiftApi>;
  /** The clock; default the device's. */
  now?: () => Date;
  /** Sends pending sales first, so the server's copy of the shift is complete (failures are ignored). */
  syncSales?: () => Promise<void>;
}

export interface ShiftCommands {
  startShift(cash_start: number): Promise<CommandResult<{ local_shift_id: string }>>;
  addExpense(expenseTitle: string, expenseAmount: number): Promise<CommandResult<{ key: string }>>;
  deleteExpense(key: string | null | undefined): Promise<CommandResult>;
  /**
   * Ends the active shift with the counted cash (null: not counted, never assumed 0): sync first, then
   * shift.ended on 'success'. An end already on its way is sent again with its own body.
   */
  endShift(cash_end_actual: number | null): Promise<CommandResult<{ pos_shift_id: number }>>;
  /**
   * Sends this cashier's starts here the server does not hold yet (ruling 26), oldest first, each under
   * the writer lock. unsent: those that got no answer (offline); a refusal is recorded on the shift.
   */
  sendStarts(): Promise<{ sent: number; unsent: number }>;
  /**
   * Sends the active shift's expense list when the server holds its start and not this list yet (ours: what
   * a cashier spent reaches the server before a sign-out). unsent: 1 when it could not be sent.
   */
  sendExpenses(): Promise<{ sent: number; unsent: number }>;
  /**
   * The server's shifts of this cashier at this outlet (ruling 26): its open shift is restored onto this
   * device when the device has none; answers the ended shifts, newest first, or null when unreachable.
   */
  loadServerShifts(): Promise<ShiftView[] | null>;
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

  const commands: ShiftCommands = {
    async startShift(cash_start) {
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.outletRequired };
      const started = await store.exclusive(
        async (writer): Promise<CommandResult<{ local_shift_id: string }>> => {
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
                pos_shift_enforced: user.pos_shift_enforced === 1 ? 1 : 0,
              },
              { actor: ctx.owner.business_user_id, at },
            ),
          ]);
          return { ok: true as const, local_shift_id };
        },
      );
      // queued like a sale: sent now when online, else by the next sync pass
      if (started.ok) void commands.sendStarts().catch(() => undefined);
      return started;
    },

    async sendStarts() {
      const result = { sent: 0, unsent: 0 };
      const ctx = await context();
      if (!ctx || !api.startShift) return result;
      const waiting = (await store.db.shifts.toArray())
        .filter(
          (s) =>
            s.status === 'active' &&
            s.pos_shift_id === null &&
            s.outlet_id === ctx.owner.outlet_id &&
            s.business_user_id === ctx.owner.business_user_id,
        )
        .sort((a, b) => a.started_seq - b.started_seq);
      for (const queued of waiting) {
        const outcome = await store.exclusive(async (writer) => {
          const shift = await store.db.shifts.get(queued.local_shift_id);
          if (shift?.status !== 'active' || shift.pos_shift_id !== null) return 'skipped';
          try {
            const answer = await api.startShift?.({
              shift: {
                local_shift_id: shift.local_shift_id,
                shift_start: shift.shift_start,
                business_id: shift.business_id,
                business_user_id: shift.business_user_id,
                outlet_id: shift.outlet_id,
                business_outlet_id: shift.business_outlet_id,
                cash_start: shift.cash_start,
                cashier_name: shift.cashier_name,
                outlet_name: shift.outlet_name,
              },
            });
            if (answer?.status !== 'success') return 'unsent';
            await writer.commit(
              [
                makeEvent(
                  'shift.startAccepted',
                  { local_shift_id: shift.local_shift_id, pos_shift_id: answer.pos_shift_id },
                  { actor: ctx.owner.business_user_id, at: clock() },
                ),
              ],
              { durability: 'strict' },
            );
            return 'sent';
          } catch (error) {
            if (!isApiError(error) || error.kind !== 'http') return 'unsent';
            if (shift.start_error !== error.message)
              await writer.commit([
                makeEvent(
                  'shift.startRefused',
                  { local_shift_id: shift.local_shift_id, message: error.message },
                  { actor: ctx.owner.business_user_id, at: clock() },
                ),
              ]);
            return 'refused';
          }
        });
        if (outcome === 'sent') result.sent++;
        if (outcome === 'unsent') result.unsent++;
      }
      return result;
    },

    async sendExpenses() {
      const result = { sent: 0, unsent: 0 };
      const ctx = await context();
      if (!ctx || !api.saveExpenses) return result;
      const outcome = await store.exclusive(async (writer) => {
        const shift = await readActiveShift(store.db, ctx.owner);
        // no start on the server yet (its own queue comes first), an end on its way (it carries the list)
        if (!shift || shift.pos_shift_id === null || shift.pending_end) return 'skipped';
        const digest = expensesDigest(shift.expenses);
        if (digest === (shift.expenses_sent ?? expensesDigest([]))) return 'skipped';
        try {
          const answer = await api.saveExpenses?.({
            local_shift_id: shift.local_shift_id,
            expenses: shift.expenses.map(({ key, expenseTitle, expenseAmount }) => ({
              key,
              expenseTitle,
              expenseAmount,
            })),
          });
          if (answer?.status !== 'success') return 'unsent';
        } catch {
          return 'unsent';
        }
        await writer.commit(
          [
            makeEvent(
              'shift.expensesAccepted',
              { local_shift_id: shift.local_shift_id, expenses_digest: digest },
              { actor: ctx.owner.business_user_id, at: clock() },
            ),
          ],
          { durability: 'strict' },
        );
        return 'sent';
      });
      if (outcome === 'sent') result.sent++;
      if (outcome === 'unsent') result.unsent++;
      return result;
    },

    async loadServerShifts() {
      const ctx = await context();
      if (!ctx || !api.listShifts) return null;
      let listed: Awaited<ReturnType<ShiftApi['listShifts']>>;
      try {
        listed = await api.listShifts();
      } catch {
        return null;
      }
      const open = listed.open;
      if (
        open &&
        open.outlet_id === ctx.owner.outlet_id &&
        open.business_user_id === ctx.owner.business_user_id
      ) {
        await store.exclusive(async (writer) => {
          if (await readActiveShift(store.db, ctx.owner)) return;
          if (await store.db.shifts.get(open.local_shift_id)) return;
          await writer.commit([
            makeEvent(
              'shift.restored',
              {
                local_shift_id: open.local_shift_id,
                pos_shift_id: open.pos_shift_id,
                shift_start: open.shift_start,
                cash_start: open.cash_start,
                business_id: open.business_id,
                business_user_id: open.business_user_id,
                business_outlet_id: open.business_outlet_id,
                outlet_id: open.outlet_id,
                cashier_name: open.cashier_name,
                outlet_name: open.outlet_name,
                pos_shift_enforced: ctx.user.pos_shift_enforced === 1 ? 1 : 0,
                expenses: open.expenses,
              },
              { actor: ctx.owner.business_user_id, at: clock() },
            ),
          ]);
        });
      }
      return listed.history;
    },

    async addExpense(expenseTitle, expenseAmount) {
      const refusal = validateExpenseInput(expenseTitle, expenseAmount);
      if (refusal) return { ok: false, message: refusal };
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      const added = await store.exclusive(async (writer): Promise<CommandResult<{ key: string }>> => {
        const active = await readActiveShift(store.db, ctx.owner);
        if (!active) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
        if (active.pending_end) return { ok: false, message: SHIFT_MESSAGES.endPending };
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
      // to the server at once when online, else by the next sync pass (before any sign-out)
      if (added.ok) void commands.sendExpenses().catch(() => undefined);
      return added;
    },

    async deleteExpense(key) {
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.expenseDeleteFailed };
      const deleted = await store.exclusive(async (writer): Promise<CommandResult> => {
        const active = await readActiveShift(store.db, ctx.owner);
        const refusal = validateExpenseDelete(key, active?.expenses ?? []);
        if (refusal || !active || !key)
          return { ok: false, message: refusal ?? SHIFT_MESSAGES.expenseDeleteFailed };
        if (active.pending_end) return { ok: false, message: SHIFT_MESSAGES.endPending };
        await writer.commit([
          makeEvent(
            'shift.expenseDeleted',
            { local_shift_id: active.local_shift_id, key },
            { actor: ctx.owner.business_user_id, at: clock() },
          ),
        ]);
        return { ok: true };
      });
      if (deleted.ok) void commands.sendExpenses().catch(() => undefined);
      return deleted;
    },

    async endShift(cash_end_actual) {
      const invalid = cash_end_actual === null ? null : validateCashAmount(cash_end_actual);
      if (invalid) return { ok: false, message: invalid };
      const ctx = await context();
      if (!ctx) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      const before = await readActiveShift(store.db, ctx.owner);
      if (!before) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      if (!before.pending_end && options.syncSales) await options.syncSales().catch(() => undefined);
      // Read again after the sync: its sales are in the totals, and another tab may have ended it. The body
      // is recorded before it is sent; an end already on its way keeps its own.
      const shift = await store.exclusive(async (writer) => {
        const current = await readActiveShift(store.db, ctx.owner);
        if (!current || current.pending_end) return current;
        const at = clock();
        const trxs = await activeShiftTotals(store, ctx.user, current, at);
        await writer.commit(
          [
            makeEvent(
              'shift.endRequested',
              {
                local_shift_id: current.local_shift_id,
                shift_end: formatLocalTimestamp(at),
                cash_end_actual,
                trxs,
                cash_end_expected: expectedEndingCash(current.cash_start, trxs, current.expenses),
              },
              { actor: ctx.owner.business_user_id, at },
            ),
          ],
          { durability: 'strict' },
        );
        return readActiveShift(store.db, ctx.owner);
      });
      const body = shift?.pending_end;
      if (!shift || !body) return { ok: false, message: SHIFT_MESSAGES.noActiveShift };
      let pos_shift_id: number;
      try {
        const answer = await api.syncShifts({
          shifts: [
            {
              local_shift_id: shift.local_shift_id,
              shift_start: shift.shift_start,
              shift_end: body.shift_end,
              business_id: shift.business_id,
              business_user_id: shift.business_user_id,
              outlet_id: shift.outlet_id,
              business_outlet_id: shift.business_outlet_id,
              cash_start: shift.cash_start,
              cash_end_actual: body.cash_end_actual,
              cashier_name: shift.cashier_name,
              outlet_name: shift.outlet_name,
              expenses: shift.expenses.map(({ key, expenseTitle, expenseAmount }) => ({
                key,
                expenseTitle,
                expenseAmount,
              })),
              trxs: body.trxs,
            },
          ],
        });
        const item = answer.find((a) => a.local_shift_id === shift.local_shift_id) ?? answer[0];
        if (item?.status !== 'success') return { ok: false, message: SHIFT_MESSAGES.syncFailed };
        pos_shift_id = item.pos_shift_id;
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'http')
          return { ok: false, message: SHIFT_MESSAGES.syncFailed };
        // a definite refusal: nothing is stored, the shift stays active and editable
        await store.exclusive((writer) =>
          writer.commit([
            makeEvent(
              'shift.endRefused',
              { local_shift_id: shift.local_shift_id, message: error.message },
              { actor: ctx.owner.business_user_id, at: clock() },
            ),
          ]),
        );
        return { ok: false, message: error.message };
      }
      await store.exclusive((writer) =>
        writer.commit([
          makeEvent(
            'shift.ended',
            {
              local_shift_id: shift.local_shift_id,
              pos_shift_id,
              shift_end: body.shift_end,
              cash_end_actual: body.cash_end_actual,
              trxs: body.trxs,
              cash_end_expected: body.cash_end_expected,
            },
            { actor: ctx.owner.business_user_id, at: clock() },
          ),
        ]),
      );
      return { ok: true, pos_shift_id };
    },
  };
  return commands;
}
