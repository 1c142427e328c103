import { describe, expect, it } from 'vitest';
import {
  type SummaryTrx,
  summarisePaymentMethods,
  summariseTransactions,
} from '../../src/ui/features/home/summary';

const cash = { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 };
const qris = { payment_method_name: 'QRIS', table_name: 'payment_method', table_id: 2 };
const debit = { payment_method_name: 'Debit Card', table_name: 'payment_method', table_id: 3 };
const depositMethod = { payment_method_name: 'Deposit', table_name: 'business_wallet', table_id: 1 };

const trxs: SummaryTrx[] = [
  // Paid 100 000 cash for 80 000: 20 000 change.
  {
    trx_status_id: 3,
    drv_grand_total: 80000,
    payments: [{ payment_type: 'NORMAL', payment_amount: 100000, payment_method: cash }],
  },
  {
    trx_status_id: 3,
    drv_grand_total: 51000,
    payments: [
      { payment_type: 'NORMAL', payment_amount: 51000, payment_charge: 1000, payment_method: debit },
    ],
  },
  {
    trx_status_id: 3,
    drv_grand_total: 70000,
    payments: [
      { payment_type: 'DEPOSIT', payment_amount: 50000, payment_method: depositMethod },
      { payment_type: 'CREDIT', payment_amount: 20000, payment_method: { payment_method_name: 'Piutang' } },
    ],
  },
  { trx_status_id: 2, drv_grand_total: 30000, payments: [] },
  { trx_status_id: 2, drv_grand_total: '12500.5' },
  {
    trx_status_id: 4,
    drv_grand_total: 999999,
    payments: [{ payment_type: 'NORMAL', payment_amount: 999999, payment_method: cash }],
  },
];

describe('summariseTransactions', () => {
  it('counts completed and pending, ignores voided', () => {
    expect(summariseTransactions(trxs)).toEqual({
      completedCount: 3,
      completedTotal: 201000,
      completedExtraCharges: 1000,
      pendingCount: 2,
      pendingTotal: 42500.5,
    });
  });
  it('is all zeros for no transactions', () => {
    expect(summariseTransactions([])).toEqual({
      completedCount: 0,
      completedTotal: 0,
      completedExtraCharges: 0,
      pendingCount: 0,
      pendingTotal: 0,
    });
  });
});

describe('summarisePaymentMethods', () => {
  const cards = summarisePaymentMethods(trxs, [cash, qris, debit, depositMethod]);
  const byLabel = Object.fromEntries(cards.map((c) => [c.label, c]));

  it('has Deposit and Piutang first, then one card per configured method (Deposit not repeated)', () => {
    expect(cards.map((c) => c.label)).toEqual(['Deposit', 'Piutang', 'Cash', 'QRIS', 'Debit Card']);
  });
  it('nets Cash change out of the amount', () => {
    expect(byLabel.Cash).toMatchObject({ count: 1, amount: 80000, extraCharges: 0 });
  });
  it('sums charges per method', () => {
    expect(byLabel['Debit Card']).toMatchObject({ count: 1, amount: 51000, extraCharges: 1000 });
    expect(byLabel.QRIS).toMatchObject({ count: 0, amount: 0 });
  });
  it('puts DEPOSIT and CREDIT payments on their cards', () => {
    expect(byLabel.Deposit).toMatchObject({ count: 1, amount: 50000 });
    expect(byLabel.Piutang).toMatchObject({ count: 1, amount: 20000 });
  });
  it('adds a card for a method that is not configured', () => {
    const extra = summarisePaymentMethods(
      [
        {
          trx_status_id: 3,
          drv_grand_total: 5000,
          payments: [
            {
              payment_amount: 5000,
              payment_method: { payment_method_name: 'OVO', table_name: 'x', table_id: 9 },
            },
          ],
        },
      ],
      [cash],
    );
    expect(extra.map((c) => [c.label, c.count, c.amount])).toEqual([
      ['Deposit', 0, 0],
      ['Piutang', 0, 0],
      ['Cash', 0, 0],
      ['OVO', 1, 5000],
    ]);
  });
  it('counts a transaction once per method even with two payments of it', () => {
    const two = summarisePaymentMethods(
      [
        {
          trx_status_id: 3,
          drv_grand_total: 60000,
          payments: [
            { payment_amount: 30000, payment_method: cash },
            { payment_amount: 40000, payment_method: cash },
          ],
        },
      ],
      [cash],
    );
    expect(two.find((c) => c.label === 'Cash')).toMatchObject({ count: 1, amount: 60000 });
  });
});
