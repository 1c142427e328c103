// Shifts as records the server keeps (002 §7 Shift; issue 12; ruling 26; issue 23 items 8 and 11).
// POST cashier/pos-shift/start stores a shift's start (an open row, queued by the device like a sale);
// POST cashier/pos-shift stores its end, exactly once per local_shift_id; GET cashier/pos-shift lists the
// cashier's open shift and ended shifts at the session's outlet. Who and where come from the session, never
// the body (a differing business, user or outlet in the body is refused). The database keeps one open shift
// per cashier and outlet (a partial unique index), and no two shifts of a cashier at an outlet overlap in
// time (checked under a transaction lock on that cashier and outlet). A repeat with the same body answers
// the first pos_shift_id and writes nothing; a repeat with a changed body is refused (400), as sales are.
// The server trusts nothing it can derive: it recomputes the shift's per-method totals from its own stored
// sales of that cashier and outlet between shift_start and shift_end (src/domain's shiftTotals, the device's
// own rule) and keeps both summaries.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SHIFT_HISTORY_LIMIT,
  type ShiftExpensesResponse,
  type ShiftListResponse,
  type ShiftStartResponse,
  type ShiftSyncResponse,
  type ShiftView,
  type shiftInput,
  type shiftStartInput,
} from '../../src/api/contract/shift';
import { expectedEndingCash, type ShiftTotals, shiftTotals } from '../../src/domain/shift';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { SHIFT_MESSAGES } from '../../src/domain/texts/shift';
import { transaction } from '../db/retry';
import type { AppDeps } from '../deps';
import { formatLocalDateTime, parseLocalDateTime } from '../lib/clock';
import { invalid } from '../lib/errors';
import { loadSaleOutlet } from './pos/sale-outlet';
import type { AuthContext } from './sessions';

type ShiftBody = z.output<typeof shiftInput>;
type StartBody = z.output<typeof shiftStartInput>;
type Tx = Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0];
const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

interface StoredPayment {
  payment_method_name: string;
  table_name: string;
  table_id: number;
  payment_amount: string;
}

interface StoredSaleRow {
  pos_sales_trx_head_id: string | number;
  trx_status_id: number;
  trx_time: Date | string;
  drv_grand_total: string;
  payments:
    | { payment_method_name: string; table_name: string; table_id: number; payment_amount: string }[]
    | string;
}

const instant = (stamp: string, field: string): Date => {
  try {
    return parseLocalDateTime(stamp.replace('T', ' ').slice(0, 19));
  } catch {
    throw invalid(API_MESSAGES.invalidInput, field);
  }
};

/** The server's totals of a shift: shiftTotals over its stored completed sales of that cashier and outlet. */
export async function serverShiftTotals(
  deps: AppDeps,
  who: { business_id: number; business_outlet_id: number; business_user_id: number },
  shiftStart: string,
  shiftEnd: string,
): Promise<ShiftTotals> {
  const from = instant(shiftStart, 'shift_start');
  const to = instant(shiftEnd, 'shift_end');
  const outlet = await loadSaleOutlet(deps, who.business_outlet_id);
  const sales = await deps.database.query<StoredSaleRow>(
    `SELECT h.pos_sales_trx_head_id, h.trx_status_id, h.trx_time, h.drv_grand_total::text AS drv_grand_total,
       coalesce((SELECT jsonb_agg(jsonb_build_object('payment_method_name', p.payment_method_name,
           'table_name', p.table_name, 'table_id', p.table_id, 'payment_amount', p.payment_amount::text))
         FROM pos_sales_trx_payments p WHERE p.pos_sales_trx_head_id = h.pos_sales_trx_head_id), '[]') AS payments
     FROM pos_sales_trx_heads h
     WHERE h.business_id = $1 AND h.business_outlet_id = $2 AND h.business_user_id = $3
       AND h.trx_status_id = 3 AND h.trx_time BETWEEN $4 AND $5`,
    [who.business_id, who.business_outlet_id, who.business_user_id, from.toISOString(), to.toISOString()],
    'shift_sales',
  );
  const trxs = sales.map((s) => {
    const payments: StoredPayment[] = typeof s.payments === 'string' ? JSON.parse(s.payments) : s.payments;
    return {
      trx_status_id: Number(s.trx_status_id),
      trx_local_end_time: formatLocalDateTime(new Date(s.trx_time)),
      drv_grand_total: Number(s.drv_grand_total),
      payments: payments.map((p) => ({
        payment_amount: Number(p.payment_amount),
        payment_method: {
          payment_method_name: p.payment_method_name,
          table_name: p.table_name,
          table_id: p.table_id,
        },
      })),
    };
  });
  return shiftTotals(outlet.payment_methods, trxs, formatLocalDateTime(from), to);
}

/** Advisory-lock namespace (first key of pg_advisory_xact_lock(int, int)) for a cashier's shifts at an outlet. */
export const SHIFT_LOCK_NAMESPACE = 7_301;

interface Who {
  business_id: number;
  business_outlet_id: number;
  business_user_id: number;
}

/** "YYYY-MM-DD HH:mm:ss": the stored form, so stamps compare as text (a 'T' or a zone suffix dropped). */
const wall = (stamp: string, field: string): string => {
  instant(stamp, field);
  return stamp.replace('T', ' ').slice(0, 19);
};
const WALL_SQL = (column: string) => `replace(left(${column}, 19), 'T', ' ')`;

/** The session's business, user and outlet; a body claiming others is refused (issue 23 item 11). */
function whoOf(
  auth: AuthContext,
  claimed: {
    business_id?: number | null;
    business_user_id?: number | null;
    outlet_id?: number | null;
    business_outlet_id?: number | null;
  },
  prefix: string,
): Who {
  const outletId = auth.outlet_id;
  if (outletId === null) throw invalid(SHIFT_MESSAGES.outletRequired, 'outlet_id');
  const checks: [keyof typeof claimed, number][] = [
    ['business_id', auth.business_id],
    ['business_user_id', auth.business_user_id],
    ['outlet_id', outletId],
    ['business_outlet_id', outletId],
  ];
  for (const [field, value] of checks) {
    const c = claimed[field];
    if (c != null && c !== value) throw invalid(API_MESSAGES.invalidInput, `${prefix}${field}`);
  }
  return {
    business_id: auth.business_id,
    business_outlet_id: outletId,
    business_user_id: auth.business_user_id,
  };
}

interface StoredShift {
  pos_shift_id: string | number;
  business_id: number;
  business_outlet_id: number;
  business_user_id: number;
  shift_start: string;
  shift_end: string | null;
  cash_start: string;
  cash_end_actual: string | null;
  cashier_name: string | null;
  outlet_name: string | null;
}

async function storedShift(tx: Tx, localShiftId: string): Promise<StoredShift | null> {
  const [row] = rows<StoredShift>(
    await tx.execute(sql`SELECT pos_shift_id, business_id, business_outlet_id, business_user_id, shift_start,
        shift_end, cash_start::text AS cash_start, cash_end_actual::text AS cash_end_actual, cashier_name, outlet_name
      FROM pos_shifts WHERE local_shift_id = ${localShiftId}`),
  );
  if (!row) return null;
  return row;
}

/** Another cashier's, outlet's or brand's id: refused, and nothing of theirs is told. */
function ownedBy(row: StoredShift, who: Who, field: string): void {
  if (
    row.business_id !== who.business_id ||
    row.business_user_id !== who.business_user_id ||
    row.business_outlet_id !== who.business_outlet_id
  )
    throw invalid(API_MESSAGES.invalidInput, field);
}

const sameStart = (row: StoredShift, shiftStart: string, cashStart: number) =>
  row.shift_start.replace('T', ' ').slice(0, 19) === shiftStart && Number(row.cash_start) === cashStart;

/** Holds the cashier's shifts at the outlet for the rest of the transaction (two tabs, two devices). */
async function lockCashierOutlet(tx: Tx, who: Who): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${SHIFT_LOCK_NAMESPACE}, hashtext(${`${who.business_id}|${who.business_outlet_id}|${who.business_user_id}`}))`,
  );
}

/** Another shift of this cashier at this outlet whose time overlaps [start, end) (end null: still open). */
async function overlapping(tx: Tx, who: Who, localShiftId: string, start: string, end: string | null) {
  const [row] = rows<{ pos_shift_id: string | number; open: boolean }>(
    await tx.execute(
      sql`SELECT pos_shift_id, shift_end IS NULL AS open FROM pos_shifts
        WHERE business_id = ${who.business_id} AND business_outlet_id = ${who.business_outlet_id}
          AND business_user_id = ${who.business_user_id} AND local_shift_id <> ${localShiftId}
          AND ${sql.raw(WALL_SQL('shift_start'))} < ${end ?? '9999-12-31 23:59:59'}
          AND coalesce(${sql.raw(WALL_SQL('shift_end'))}, '9999-12-31 23:59:59') > ${start}
        LIMIT 1`,
    ),
  );
  return row ?? null;
}

/** The refusal of a shift that would run beside another of the same cashier and outlet. */
const overlapRefusal = (other: { open: boolean }, field: string) =>
  invalid(other.open ? SHIFT_MESSAGES.alreadyActive : SHIFT_MESSAGES.overlaps, field);

/** A unique violation (the one-open-shift index, or local_shift_id): the database refused a second row. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e, d = 0; c && typeof c === 'object' && d < 8; c = (c as Error).cause, d++)
    if ((c as { code?: unknown }).code === '23505') return true;
  return false;
};

/** POST cashier/pos-shift/start: the shift's open row, once; a repeat answers the same pos_shift_id. */
export async function startShift(
  deps: AppDeps,
  auth: AuthContext,
  s: StartBody,
): Promise<ShiftStartResponse> {
  const who = whoOf(auth, s, 'shift.');
  const start = wall(s.shift_start, 'shift.shift_start');
  const run = () =>
    transaction(deps.database.db, async (tx) => {
      await lockCashierOutlet(tx, who);
      const row = await storedShift(tx, s.local_shift_id);
      if (row) {
        ownedBy(row, who, 'shift.local_shift_id');
        if (!sameStart(row, start, s.cash_start)) throw invalid(SHIFT_MESSAGES.repeatDiffers, 'shift');
        return Number(row.pos_shift_id);
      }
      const other = await overlapping(tx, who, s.local_shift_id, start, null);
      if (other) throw overlapRefusal(other, 'shift.shift_start');
      const [inserted] = rows<{ pos_shift_id: string | number }>(
        await tx.execute(sql`
          INSERT INTO pos_shifts (local_shift_id, business_id, business_outlet_id, business_user_id, session_id,
            shift_start, cash_start, cashier_name, outlet_name, created_at)
          VALUES (${s.local_shift_id}, ${who.business_id}, ${who.business_outlet_id}, ${who.business_user_id},
            ${auth.session_id}, ${start}, ${s.cash_start}, ${s.cashier_name ?? null}, ${s.outlet_name ?? null},
            ${deps.clock.now()})
          RETURNING pos_shift_id`),
      );
      return Number(inserted.pos_shift_id);
    });
  const pos_shift_id = await run().catch(async (e: unknown) => {
    // the database's own guard (a start that raced past the lock, e.g. another business's id): ask again
    if (!isUniqueViolation(e)) throw e;
    return run();
  });
  return { status: 'success', pos_shift_id, local_shift_id: s.local_shift_id };
}

/**
 * POST cashier/pos-shift/expenses: the open shift's expenses replaced by the device's whole list, so what a
 * cashier spent is on the server before any sign-out (ours). An ended shift keeps the list its end carried.
 */
export async function saveOpenShiftExpenses(
  deps: AppDeps,
  auth: AuthContext,
  body: { local_shift_id: string; expenses: readonly ShiftBody['expenses'][number][] },
): Promise<ShiftExpensesResponse> {
  const who = whoOf(auth, {}, '');
  const keys = new Set(body.expenses.map((e) => e.key));
  if (keys.size !== body.expenses.length) throw invalid(API_MESSAGES.invalidInput, 'expenses');
  const pos_shift_id = await transaction(deps.database.db, async (tx) => {
    await lockCashierOutlet(tx, who);
    const row = await storedShift(tx, body.local_shift_id);
    if (!row) throw invalid(SHIFT_MESSAGES.expensesShiftUnknown, 'local_shift_id');
    ownedBy(row, who, 'local_shift_id');
    const id = Number(row.pos_shift_id);
    if (row.shift_end != null) return id;
    await tx.execute(sql`DELETE FROM pos_shift_expenses WHERE pos_shift_id = ${id}`);
    for (const e of body.expenses)
      await tx.execute(sql`
        INSERT INTO pos_shift_expenses (pos_shift_id, expense_key, expense_title, expense_amount)
        VALUES (${id}, ${e.key}, ${e.expenseTitle}, ${e.expenseAmount})`);
    return id;
  });
  return { status: 'success', pos_shift_id, local_shift_id: body.local_shift_id };
}

/** The stored end's fields as the device sent them, for the repeat check. */
async function sameEnd(tx: Tx, id: number, s: ShiftBody, end: string): Promise<boolean> {
  const [row] = rows<{ same: boolean }>(
    await tx.execute(sql`SELECT (${sql.raw(WALL_SQL('shift_end'))} = ${end}
        AND cash_end_actual IS NOT DISTINCT FROM ${s.cash_end_actual}::numeric
        AND device_trxs = ${JSON.stringify(s.trxs)}::jsonb
        AND coalesce(cashier_name, '') = ${s.cashier_name ?? ''}
        AND coalesce(outlet_name, '') = ${s.outlet_name ?? ''}
        AND coalesce((SELECT jsonb_agg(jsonb_build_array(expense_key, expense_title, expense_amount::numeric)
              ORDER BY expense_key) FROM pos_shift_expenses WHERE pos_shift_id = ${id}), '[]'::jsonb)
          = ${JSON.stringify(
            [...s.expenses]
              .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
              .map((e) => [e.key, e.expenseTitle, e.expenseAmount]),
          )}::jsonb) AS same
      FROM pos_shifts WHERE pos_shift_id = ${id}`),
  );
  return row?.same === true;
}

/** Stores one ended shift, once: the first answer's pos_shift_id for a repeat of the same body. */
async function storeShift(deps: AppDeps, auth: AuthContext, i: number, s: ShiftBody): Promise<number> {
  const who = whoOf(auth, s, `shifts.${i}.`);
  const start = wall(s.shift_start, 'shift_start');
  const end = wall(s.shift_end, 'shift_end');
  if (end < start) throw invalid(API_MESSAGES.invalidInput, 'shift_end');
  const server = await serverShiftTotals(deps, who, start, end);
  const expected = expectedEndingCash(s.cash_start, server, s.expenses);
  return transaction(deps.database.db, async (tx) => {
    await lockCashierOutlet(tx, who);
    const row = await storedShift(tx, s.local_shift_id);
    if (row) ownedBy(row, who, 'local_shift_id');
    if (row && !sameStart(row, start, s.cash_start))
      throw invalid(SHIFT_MESSAGES.repeatDiffers, `shifts.${i}`);
    if (row?.shift_end != null) {
      const id = Number(row.pos_shift_id);
      if (!(await sameEnd(tx, id, s, end))) throw invalid(SHIFT_MESSAGES.repeatDiffers, `shifts.${i}`);
      return id;
    }
    const other = await overlapping(tx, who, s.local_shift_id, start, end);
    if (other) throw overlapRefusal(other, `shifts.${i}.shift_start`);
    const ended = sql`shift_end = ${end}, cash_end_actual = ${s.cash_end_actual}, cash_end_expected = ${expected},
      device_trxs = ${JSON.stringify(s.trxs)}::jsonb, server_trxs = ${JSON.stringify(server)}::jsonb`;
    let id: number;
    if (row) {
      id = Number(row.pos_shift_id);
      // the open shift's expenses sent so far give way to the end's list, the final one
      await tx.execute(sql`DELETE FROM pos_shift_expenses WHERE pos_shift_id = ${id}`);
      await tx.execute(sql`UPDATE pos_shifts SET ${ended},
          cashier_name = coalesce(${s.cashier_name ?? null}, cashier_name),
          outlet_name = coalesce(${s.outlet_name ?? null}, outlet_name)
        WHERE pos_shift_id = ${id}`);
    } else {
      const [inserted] = rows<{ pos_shift_id: string | number }>(
        await tx.execute(sql`
          INSERT INTO pos_shifts (local_shift_id, business_id, business_outlet_id, business_user_id, session_id,
            shift_start, shift_end, cash_start, cash_end_actual, cash_end_expected, cashier_name, outlet_name,
            device_trxs, server_trxs, created_at)
          VALUES (${s.local_shift_id}, ${who.business_id}, ${who.business_outlet_id}, ${who.business_user_id},
            ${auth.session_id}, ${start}, ${end}, ${s.cash_start}, ${s.cash_end_actual}, ${expected},
            ${s.cashier_name ?? null}, ${s.outlet_name ?? null}, ${JSON.stringify(s.trxs)}::jsonb,
            ${JSON.stringify(server)}::jsonb, ${deps.clock.now()})
          RETURNING pos_shift_id`),
      );
      id = Number(inserted.pos_shift_id);
    }
    for (const e of s.expenses) {
      await tx.execute(sql`
        INSERT INTO pos_shift_expenses (pos_shift_id, expense_key, expense_title, expense_amount)
        VALUES (${id}, ${e.key}, ${e.expenseTitle}, ${e.expenseAmount})`);
    }
    return id;
  });
}

/** POST cashier/pos-shift: each shift stored once, in order; one {status, pos_shift_id} per shift. */
export async function syncShifts(
  deps: AppDeps,
  auth: AuthContext,
  shifts: readonly ShiftBody[],
): Promise<ShiftSyncResponse> {
  const answers: ShiftSyncResponse = [];
  for (const [i, s] of shifts.entries()) {
    const keys = new Set(s.expenses.map((e) => e.key));
    if (keys.size !== s.expenses.length) throw invalid(API_MESSAGES.invalidInput, `shifts.${i}.expenses`);
    const run = () => storeShift(deps, auth, i, s);
    // a unique violation: another request stored this local_shift_id at the same moment; it is a repeat now
    const pos_shift_id = await run().catch((e: unknown) =>
      isUniqueViolation(e) ? run() : Promise.reject(e),
    );
    answers.push({ status: 'success', pos_shift_id, local_shift_id: s.local_shift_id });
  }
  return answers;
}

interface ListedShift extends Omit<StoredShift, 'cash_start' | 'cash_end_actual'> {
  local_shift_id: string;
  cash_start: string;
  cash_end_actual: string | null;
  cash_end_expected: string | null;
  server_trxs: unknown;
  expenses: unknown;
}

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const num = (v: string | null): number | null => (v === null ? null : Number(v));

/** GET cashier/pos-shift: this cashier's open shift at the session's outlet and the newest ended ones. */
export async function listShifts(deps: AppDeps, auth: AuthContext): Promise<ShiftListResponse> {
  const who = whoOf(auth, {}, '');
  const found = await deps.database.query<ListedShift>(
    `SELECT s.pos_shift_id, s.local_shift_id, s.business_id, s.business_outlet_id, s.business_user_id,
       s.shift_start, s.shift_end, s.cash_start::text AS cash_start, s.cash_end_actual::text AS cash_end_actual,
       s.cash_end_expected::text AS cash_end_expected, s.cashier_name, s.outlet_name, s.server_trxs,
       coalesce((SELECT jsonb_agg(jsonb_build_object('key', e.expense_key, 'expenseTitle', e.expense_title,
           'expenseAmount', e.expense_amount) ORDER BY e.pos_shift_expense_id)
         FROM pos_shift_expenses e WHERE e.pos_shift_id = s.pos_shift_id), '[]') AS expenses
     FROM pos_shifts s
     WHERE s.business_id = $1 AND s.business_outlet_id = $2 AND s.business_user_id = $3
     ORDER BY s.shift_end IS NULL DESC, ${WALL_SQL('s.shift_end')} DESC, s.pos_shift_id DESC
     LIMIT $4`,
    [who.business_id, who.business_outlet_id, who.business_user_id, SHIFT_HISTORY_LIMIT + 1],
    'shift_list',
  );
  const views: ShiftView[] = found.map((r) => ({
    local_shift_id: r.local_shift_id,
    pos_shift_id: Number(r.pos_shift_id),
    shift_start: r.shift_start,
    shift_end: r.shift_end,
    business_id: r.business_id,
    business_user_id: r.business_user_id,
    business_outlet_id: r.business_outlet_id,
    outlet_id: r.business_outlet_id,
    cash_start: Number(r.cash_start),
    cash_end_actual: num(r.cash_end_actual),
    cash_end_expected: num(r.cash_end_expected),
    cashier_name: r.cashier_name ?? '',
    outlet_name: r.outlet_name,
    expenses: (json(r.expenses) as { key: string; expenseTitle: string; expenseAmount: unknown }[]).map(
      (e) => ({ ...e, expenseAmount: Number(e.expenseAmount) }),
    ),
    trxs: (json(r.server_trxs) as ShiftView['trxs']) ?? null,
  }));
  return {
    open: views.find((v) => v.shift_end === null) ?? null,
    history: views.filter((v) => v.shift_end !== null).slice(0, SHIFT_HISTORY_LIMIT),
  };
}
