// A shift's printout (002 §2.8 'Print Preview'): the receipt paper's look at the device's width (8 cm/6 cm),
// the history's methods (non-cash with amount ≤ 0 and count ≤ 0 hidden), expenses, and the cash count.
import { forwardRef } from 'react';
import { formatMoney, type Separators, shiftHistoryMethods, sumMoney } from '../../../domain';
import type { ShiftPaperData } from '../../../domain/printing/shift';
import { SHIFT_MESSAGES } from '../../../domain/texts/shift';
import { formatOutletTime } from '../../../domain/time-format';
import type { ShiftRecord } from '../../../events';
import { receiptCss } from '../receipt/receipt.css';
import { SHIFT_LABELS } from './labels';

export const wib = (stamp: string | null | undefined): string =>
  stamp ? `${formatOutletTime(stamp, 'd MMM yyyy, HH:mm') ?? stamp} WIB` : '-';

/** The shift as the direct printer's document takes it (the same figures this paper shows). */
export const shiftPaperData = (shift: ShiftRecord): ShiftPaperData => ({
  outlet_name: shift.outlet_name,
  cashier_name: shift.cashier_name,
  start: wib(shift.shift_start),
  end: wib(shift.shift_end),
  methods: shift.trxs?.drvPaymentMethods ?? [],
  total_amount: shift.trxs?.total_amount ?? 0,
  expenses: shift.expenses,
  cash_start: shift.cash_start,
  cash_end_expected: shift.cash_end_expected,
  cash_end_actual: shift.cash_end_actual,
});

/** The paper's labels for the direct printer's document. */
export const SHIFT_PAPER_LABELS = { ...SHIFT_LABELS, notCounted: SHIFT_MESSAGES.notCounted };

export const ShiftPaper = forwardRef<
  HTMLDivElement,
  { shift: ShiftRecord; paper: '8cm' | '6cm'; separators: Separators }
>(function ShiftPaper({ shift, paper, separators }, ref) {
  const money = (v: number) => formatMoney(v, separators);
  const methods = shiftHistoryMethods(shift.trxs?.drvPaymentMethods ?? []);
  const expensesTotal = sumMoney(shift.expenses.map((e) => e.expenseAmount)).toNumber();
  const expected = shift.cash_end_expected ?? 0;
  // not counted (issue 23 item 11): said so, and no shortage printed
  const counted = shift.cash_end_actual;
  return (
    <>
      <style>{receiptCss}</style>
      <div ref={ref} className="rc-paper" data-paper={paper} data-receipt-page data-testid="shift-paper">
        <div className="rc-center rc-brand">{shift.outlet_name}</div>
        <div className="rc-banner">SHIFT</div>
        <div className="rc-row">
          <span>{SHIFT_LABELS.cashier}</span>
          <span>{shift.cashier_name}</span>
        </div>
        <div className="rc-row">
          <span>{SHIFT_LABELS.start}</span>
          <span>{wib(shift.shift_start)}</span>
        </div>
        <div className="rc-row">
          <span>{SHIFT_LABELS.end}</span>
          <span>{wib(shift.shift_end)}</span>
        </div>
        <hr className="rc-rule" />
        <div className="rc-section">{SHIFT_LABELS.sales}</div>
        {methods.map((m) => (
          <div className="rc-row" key={`${m.table_name}-${m.table_id}`}>
            <span>
              {m.payment_method_name} ({m.trx_count})
            </span>
            <span>{money(m.trx_amount)}</span>
          </div>
        ))}
        <div className="rc-row rc-strong">
          <span>{SHIFT_LABELS.total}</span>
          <span>{money(shift.trxs?.total_amount ?? 0)}</span>
        </div>
        <hr className="rc-rule" />
        <div className="rc-section">{SHIFT_LABELS.expenses}</div>
        {shift.expenses.map((e) => (
          <div className="rc-row" key={e.key}>
            <span>{e.expenseTitle}</span>
            <span>{money(e.expenseAmount)}</span>
          </div>
        ))}
        <div className="rc-row">
          <span>{SHIFT_LABELS.expensesTotal}</span>
          <span>{money(expensesTotal)}</span>
        </div>
        <hr className="rc-rule" />
        <div className="rc-row">
          <span>{SHIFT_LABELS.cashStart}</span>
          <span>{money(shift.cash_start)}</span>
        </div>
        <div className="rc-row">
          <span>{SHIFT_LABELS.expected}</span>
          <span>{money(expected)}</span>
        </div>
        <div className="rc-row">
          <span>{SHIFT_LABELS.counted}</span>
          <span data-testid="shift-paper-counted">
            {counted === null ? SHIFT_MESSAGES.notCounted : money(counted)}
          </span>
        </div>
        {counted !== null && (
          <div className="rc-row rc-strong">
            <span>{SHIFT_LABELS.difference}</span>
            <span>{money(counted - expected)}</span>
          </div>
        )}
      </div>
    </>
  );
});
