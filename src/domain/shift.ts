import type { Payment, PaymentMethod, ShiftExpense } from './model';
import { big, roundToUnit, sumMoney } from './money';
import { isCashMethod, isSamePaymentMethod } from './payments';
import type { Now } from './time-wall';
import { toWallClock } from './time-wall';

type ShiftTrx = {
  trx_status_id?: number | null;
  trx_local_end_time?: string | null;
  drv_grand_total: number;
  payments: readonly Pick<Payment, 'payment_amount' | 'payment_method'>[];
};

export interface ShiftMethodTotal {
  payment_method_name: string;
  table_name: string;
  table_id: number;
  trx_count: number;
  trx_amount: number;
}

export interface ShiftTotals {
  drvPaymentMethods: ShiftMethodTotal[];
  total_amount: number;
  total_trx_count: number;
}

/**
 * Shift totals (file 002 §4): for each configured method, the completed transactions (status 3)
 * ended between shift_start and now that hold a payment with that method. Non-cash: Σ those
 * payments. Cash: per transaction, (rounded grand total − all its payments) + its cash payments,
 * which nets out the change. total_trx_count counts each transaction once.
 */
export const shiftTotals = (
  methods: readonly Pick<PaymentMethod, 'payment_method_name' | 'table_name' | 'table_id'>[],
  transactions: readonly ShiftTrx[],
  shiftStart: string,
  now: Now,
): ShiftTotals => {
  const from = toWallClock(shiftStart).stamp;
  const to = toWallClock(now).stamp;
  const inShift = transactions.filter((t) => {
    if (Number(t.trx_status_id) !== 3 || !t.trx_local_end_time) return false;
    const end = toWallClock(t.trx_local_end_time).stamp;
    return end >= from && end <= to;
  });
  const drvPaymentMethods = methods.map((m) => {
    const trxs = inShift.filter((t) => t.payments.some((p) => isSamePaymentMethod(p.payment_method, m)));
    const amount = isCashMethod(m)
      ? sumMoney(
          trxs.map((t) => {
            const own = t.payments.filter((p) => isSamePaymentMethod(p.payment_method, m));
            return big(roundToUnit(t.drv_grand_total))
              .minus(sumMoney(t.payments.map((p) => p.payment_amount)))
              .plus(sumMoney(own.map((p) => p.payment_amount)));
          }),
        )
      : sumMoney(
          trxs.flatMap((t) =>
            t.payments.filter((p) => isSamePaymentMethod(p.payment_method, m)).map((p) => p.payment_amount),
          ),
        );
    return {
      payment_method_name: m.payment_method_name,
      table_name: m.table_name,
      table_id: Number(m.table_id),
      trx_count: trxs.length,
      trx_amount: amount.toNumber(),
    };
  });
  const counted = inShift.filter((t) =>
    t.payments.some((p) => methods.some((m) => isSamePaymentMethod(p.payment_method, m))),
  );
  return {
    drvPaymentMethods,
    total_amount: sumMoney(drvPaymentMethods.map((m) => m.trx_amount)).toNumber(),
    total_trx_count: counted.length,
  };
};

/** Cash taken in by sales in the shift (the Cash method's amount), 0 when Cash is not configured. */
export const cashFromSales = (totals: ShiftTotals): number =>
  totals.drvPaymentMethods.filter((m) => isCashMethod(m)).reduce((s, m) => s + m.trx_amount, 0);

/** Expected ending cash = cash_start + cash from sales − expenses. */
export const expectedEndingCash = (
  cashStart: number,
  totals: ShiftTotals,
  expenses: readonly Pick<ShiftExpense, 'expenseAmount'>[],
): number =>
  big(cashStart)
    .plus(cashFromSales(totals))
    .minus(sumMoney(expenses.map((e) => e.expenseAmount)))
    .toNumber();

/** In the shift history, non-cash methods with amount ≤ 0 and count ≤ 0 are hidden. */
export const shiftHistoryMethods = (totals: readonly ShiftMethodTotal[]): ShiftMethodTotal[] =>
  totals.filter((m) => isCashMethod(m) || m.trx_amount > 0 || m.trx_count > 0);

/**
 * The open shift's expense list as the server would hold it, in one string (ours: the expenses reach the
 * server before the end): the same for the same keys, titles and amounts whatever their order.
 */
export const expensesDigest = (
  expenses: readonly { key: string; expenseTitle: string; expenseAmount: number }[],
): string =>
  JSON.stringify(
    expenses
      .map((e) => [e.key, e.expenseTitle.trim(), Number(e.expenseAmount)] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
