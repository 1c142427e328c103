// POST cashier/pos-shift (002 §7 Shift; issue 12): stores ended shifts exactly once per local_shift_id.
// The server trusts nothing it can derive: it recomputes the shift's per-method totals from its own stored
// sales of that cashier and outlet between shift_start and shift_end (src/domain's shiftTotals, the device's
// own rule) and keeps both summaries. A repeat answers the first pos_shift_id and writes nothing.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShiftSyncResponse, shiftInput } from '../../src/api/contract/shift';
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

/** Stores one ended shift, once: the first answer's pos_shift_id for any repeat (which writes nothing). */
async function storeShift(deps: AppDeps, auth: AuthContext, outletId: number, s: ShiftBody): Promise<number> {
  if (instant(s.shift_end, 'shift_end') < instant(s.shift_start, 'shift_start'))
    throw invalid(API_MESSAGES.invalidInput, 'shift_end');
  const who = {
    business_id: auth.business_id,
    business_outlet_id: outletId,
    business_user_id: auth.business_user_id,
  };
  const db = deps.database.db;
  const existing = async () => {
    const [row] = rows<{ pos_shift_id: string | number; business_id: number; business_user_id: number }>(
      await db.execute(sql`SELECT pos_shift_id, business_id, business_user_id FROM pos_shifts
                           WHERE local_shift_id = ${s.local_shift_id}`),
    );
    if (!row) return null;
    // another cashier's or brand's id: refused, and nothing of theirs is told
    if (row.business_id !== auth.business_id || row.business_user_id !== auth.business_user_id)
      throw invalid(API_MESSAGES.invalidInput, 'local_shift_id');
    return Number(row.pos_shift_id);
  };
  const first = await existing();
  if (first !== null) return first;
  const server = await serverShiftTotals(deps, who, s.shift_start, s.shift_end);
  const expected = expectedEndingCash(s.cash_start, server, s.expenses);
  return transaction(db, async (tx) => {
    const [inserted] = rows<{ pos_shift_id: string | number }>(
      await tx.execute(sql`
        INSERT INTO pos_shifts (local_shift_id, business_id, business_outlet_id, business_user_id, session_id,
          shift_start, shift_end, cash_start, cash_end_actual, cash_end_expected, cashier_name, outlet_name,
          device_trxs, server_trxs, created_at)
        VALUES (${s.local_shift_id}, ${auth.business_id}, ${outletId}, ${auth.business_user_id}, ${auth.session_id},
          ${s.shift_start}, ${s.shift_end}, ${s.cash_start}, ${s.cash_end_actual}, ${expected},
          ${s.cashier_name ?? null}, ${s.outlet_name ?? null}, ${JSON.stringify(s.trxs)}::jsonb,
          ${JSON.stringify(server)}::jsonb, ${deps.clock.now()})
        ON CONFLICT (local_shift_id) DO NOTHING
        RETURNING pos_shift_id`),
    );
    if (!inserted) return null;
    const id = Number(inserted.pos_shift_id);
    for (const e of s.expenses) {
      await tx.execute(sql`
        INSERT INTO pos_shift_expenses (pos_shift_id, expense_key, expense_title, expense_amount)
        VALUES (${id}, ${e.key}, ${e.expenseTitle}, ${e.expenseAmount})
        ON CONFLICT (pos_shift_id, expense_key) DO NOTHING`);
    }
    return id;
  }).then(async (id) => id ?? ((await existing()) as number));
}

/** POST cashier/pos-shift: each shift stored once, in order; one {status, pos_shift_id} per shift. */
export async function syncShifts(
  deps: AppDeps,
  auth: AuthContext,
  shifts: readonly ShiftBody[],
): Promise<ShiftSyncResponse> {
  const outletId = auth.outlet_id;
  if (outletId === null) throw invalid(SHIFT_MESSAGES.outletRequired, 'outlet_id');
  const answers: ShiftSyncResponse = [];
  for (const [i, s] of shifts.entries()) {
    const claimed = s.outlet_id ?? s.business_outlet_id;
    if (claimed != null && claimed !== outletId)
      throw invalid(API_MESSAGES.invalidInput, `shifts.${i}.outlet_id`);
    const keys = new Set(s.expenses.map((e) => e.key));
    if (keys.size !== s.expenses.length) throw invalid(API_MESSAGES.invalidInput, `shifts.${i}.expenses`);
    const pos_shift_id = await storeShift(deps, auth, outletId, s);
    answers.push({ status: 'success', pos_shift_id, local_shift_id: s.local_shift_id });
  }
  return answers;
}
