// The shift printout (002 §2.8 'Print Preview') as a printer document, in ShiftPaper's order: outlet,
// 'SHIFT', cashier and times, sales per payment method (shiftHistoryMethods) and their total, expenses and
// their total, cash at start, expected, counted (or 'not counted') and the difference, a cut.
import { formatMoney, type Separators, sumMoney } from '../money';
import type { ShiftMethodTotal } from '../shift';
import { shiftHistoryMethods } from '../shift';
import type { PaperBlock, PaperDoc } from './doc';

/** The shift as its paper prints it (the screen's record, reduced to what prints). */
export interface ShiftPaperData {
  outlet_name: string | null;
  cashier_name: string;
  /** Start and end as printed ('27 Nov 2026, 08:00 WIB', '-'). */
  start: string;
  end: string;
  methods: readonly ShiftMethodTotal[];
  total_amount: number;
  expenses: readonly { expenseTitle: string; expenseAmount: number }[];
  cash_start: number;
  cash_end_expected: number | null;
  cash_end_actual: number | null;
}

export type ShiftPaperLabels = Record<
  | 'cashier'
  | 'start'
  | 'end'
  | 'sales'
  | 'total'
  | 'expenses'
  | 'expensesTotal'
  | 'cashStart'
  | 'expected'
  | 'counted'
  | 'difference',
  string
>;

export const shiftDoc = (
  shift: ShiftPaperData,
  labels: ShiftPaperLabels & { notCounted: string },
  separators: Separators,
): PaperDoc => {
  const money = (v: number) => formatMoney(v, separators);
  const b: PaperBlock[] = [];
  const row = (label: string, value: string, bold = false) => b.push({ kind: 'row', label, value, bold });
  const expected = shift.cash_end_expected ?? 0;
  const counted = shift.cash_end_actual;
  b.push({ kind: 'text', text: shift.outlet_name ?? '', align: 'center', bold: true });
  b.push({ kind: 'text', text: 'SHIFT', align: 'center', bold: true });
  row(labels.cashier, shift.cashier_name);
  row(labels.start, shift.start);
  row(labels.end, shift.end);
  b.push({ kind: 'rule' }, { kind: 'text', text: labels.sales, bold: true });
  for (const m of shiftHistoryMethods(shift.methods))
    row(`${m.payment_method_name} (${m.trx_count})`, money(m.trx_amount));
  row(labels.total, money(shift.total_amount), true);
  b.push({ kind: 'rule' }, { kind: 'text', text: labels.expenses, bold: true });
  for (const e of shift.expenses) row(e.expenseTitle, money(e.expenseAmount));
  row(labels.expensesTotal, money(sumMoney(shift.expenses.map((e) => e.expenseAmount)).toNumber()));
  b.push({ kind: 'rule' });
  row(labels.cashStart, money(shift.cash_start));
  row(labels.expected, money(expected));
  row(labels.counted, counted === null ? labels.notCounted : money(counted));
  if (counted !== null) row(labels.difference, money(counted - expected), true);
  b.push({ kind: 'cut' });
  return { blocks: b };
};
