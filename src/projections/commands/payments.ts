import {
  MESSAGES,
  type Payment,
  type PaymentMethod,
  paymentCharge,
  paymentStatus,
  unusedPaymentMethods,
  validateCreditPayment,
  validateDepositPayment,
  validateNormalPayment,
} from '../../domain';
import { PENDING, type Runner, refuse } from './context';
import type { AddPaymentInput, CashierCommands } from './types';

/** The method a deposit payment records (000 §3: payment_method_name 'Deposit'). */
export const DEPOSIT_METHOD: PaymentMethod = {
  payment_method_name: 'Deposit',
  table_name: 'deposit',
  table_id: 0,
  is_charge_to_customer: 0,
};

/** The method a credit (receivable) payment records (000 §3: payment_method_name 'Piutang'). */
export const CREDIT_METHOD: PaymentMethod = {
  payment_method_name: 'Piutang',
  table_name: 'account_receivable',
  table_id: 0,
  is_charge_to_customer: 0,
};

const amountOf = (v: AddPaymentInput['amount']): number =>
  typeof v === 'number' ? v : Number(String(v ?? '').trim());

/** The spec's payment check for the input's type, or null. */
function paymentMessage(input: AddPaymentInput, remaining: number, usedAll: boolean): string | null {
  switch (input.payment_type) {
    case 'DEPOSIT':
      return validateDepositPayment(input.amount, remaining);
    case 'CREDIT':
      return validateCreditPayment(input.amount);
    default:
      if (usedAll) return MESSAGES.allPaymentMethodsUsed;
      return validateNormalPayment({
        method: input.method,
        amount: input.amount,
        remaining,
        reference: input.reference,
      });
  }
}

export function paymentCommands(r: Runner): Pick<CashierCommands, 'addPayment' | 'removePayment'> {
  return {
    addPayment: (input) =>
      r.onTrx(input.local_trx_id, PENDING, (trx, ctx) => {
        const before = paymentStatus(trx.drv_grand_total, trx.payments);
        const usedAll =
          ctx.config.payment_method.length > 0 &&
          unusedPaymentMethods(ctx.config.payment_method, trx.payments).length === 0;
        const message = paymentMessage(input, before.remaining, usedAll);
        if (message) return refuse(message);
        const method =
          input.payment_type === 'DEPOSIT'
            ? (input.method ?? DEPOSIT_METHOD)
            : input.payment_type === 'CREDIT'
              ? (input.method ?? CREDIT_METHOD)
              : (input.method as PaymentMethod);
        const amount = amountOf(input.amount);
        const payment: Payment = {
          local_payment_id: ctx.newId(),
          payment_type: input.payment_type,
          payment_amount: amount,
          payment_amountText: String(input.amount ?? ''),
          payment_ref: input.reference?.trim() ? input.reference.trim() : null,
          payment_charge: paymentCharge(amount, method),
          payment_method: method,
        };
        return {
          ok: true,
          events: [r.event(ctx, trx.local_trx_id, 'trx.paymentAdded', { payment })],
          value: {
            local_payment_id: payment.local_payment_id,
            status: paymentStatus(trx.drv_grand_total, [...trx.payments, payment]),
          },
        };
      }),

    removePayment: (input) =>
      r.onTrx(input.local_trx_id, PENDING, (trx, ctx) => {
        const left = trx.payments.filter((p) => p.local_payment_id !== input.local_payment_id);
        // Removing a payment already gone is a no-op (a double tap on the confirm).
        if (left.length === trx.payments.length)
          return { ok: true, events: [], value: { status: paymentStatus(trx.drv_grand_total, left) } };
        return {
          ok: true,
          events: [
            r.event(ctx, trx.local_trx_id, 'trx.paymentRemoved', {
              local_payment_id: input.local_payment_id,
            }),
          ],
          value: { status: paymentStatus(trx.drv_grand_total, left) },
        };
      }),
  };
}
