import { describe, expect, it } from 'vitest';
import { expectedEndingCash, shiftHistoryMethods, shiftTotals } from '../../src/domain';

const cash = { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 };
const qris = { payment_method_name: 'QRIS', table_name: 'payment_method', table_id: 2 };
const card = { payment_method_name: 'Debit', table_name: 'payment_method', table_id: 3 };

const sale = (end: string, grand: number, payments: [typeof cash, number][], status = 3) => ({
  trx_status_id: status,
  trx_local_end_time: end,
  drv_grand_total: grand,
  payments: payments.map(([payment_method, payment_amount]) => ({ payment_method, payment_amount })),
});

describe('Shift totals (spec 002 §4)', () => {
  const trxs = [
    sale('2026-03-02 10:00:00', 90000, [[cash, 100000]]),
    sale('2026-03-02 11:00:00', 150000, [
      [qris, 50000],
      [cash, 100000],
    ]),
    sale('2026-03-02 12:00:00', 80000, [[qris, 80000]]),
    sale('2026-03-02 12:30:00', 70000, [[cash, 70000]], 4),
    sale('2026-03-02 07:00:00', 50000, [[cash, 50000]]),
    sale('2026-03-02 18:00:00', 50000, [[cash, 50000]]),
  ];
  const totals = shiftTotals([cash, qris, card], trxs, '2026-03-02 08:00:00', '2026-03-02 13:00:00');

  it('counts completed transactions within the shift holding a payment of the method', () => {
    expect(totals.drvPaymentMethods.map((m) => [m.payment_method_name, m.trx_count])).toEqual([
      ['Cash', 2],
      ['QRIS', 2],
      ['Debit', 0],
    ]);
    expect(totals.total_trx_count).toBe(3);
  });

  it('non-cash amount is the sum of those payments', () => {
    expect(totals.drvPaymentMethods[1].trx_amount).toBe(130000);
  });

  it('cash nets out change: rounded grand total − all payments + cash payments', () => {
    // 90000 − 100000 + 100000 = 90000; 150000 − 150000 + 100000 = 100000
    expect(totals.drvPaymentMethods[0].trx_amount).toBe(190000);
  });

  it('cash takes the grand total rounded to whole units (half-up), not its fractions', () => {
    const fractional = [
      sale('2026-03-02 09:00:00', 90000.4, [[cash, 100000]]),
      sale('2026-03-02 09:30:00', 20000.5, [[cash, 20001]]),
    ];
    const t = shiftTotals([cash], fractional, '2026-03-02 08:00:00', '2026-03-02 13:00:00');
    // (90000 − 100000 + 100000) + (20001 − 20001 + 20001)
    expect(t.drvPaymentMethods[0].trx_amount).toBe(110001);
    expect(t.total_amount).toBe(110001);
  });

  it('expected ending cash = cash_start + cash from sales − expenses', () => {
    expect(expectedEndingCash(500000, totals, [{ expenseAmount: 25000 }, { expenseAmount: 5000 }])).toBe(
      660000,
    );
  });

  it('history hides non-cash methods with amount ≤ 0 and count ≤ 0', () => {
    expect(shiftHistoryMethods(totals.drvPaymentMethods).map((m) => m.payment_method_name)).toEqual([
      'Cash',
      'QRIS',
    ]);
  });
});
