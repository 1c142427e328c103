import {
  big,
  type Customer,
  checkPayment,
  isCreditPaymentShown,
  type Payment,
  type PaymentMethod,
  type PosConfig,
  paymentCharge,
  paymentStatus,
  unusedPaymentMethods,
  validateCreditPayment,
  validateDepositPayment,
  validateNormalPayment,
} from '../../domain';
import { ENGINE_MESSAGES } from '../../domain/texts/cashier';
import { PAYMENT_CHECK_MESSAGES, SALE_MESSAGES } from '../../domain/texts/sale';
import type { NewEvent, TransactionRecord } from '../../events';
import { type CommandContext, PENDING, preview, type Runner, refuse, totalsOf } from './context';
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

/**
 * 'Gunakan Piutang' (000 §5 Credit) is offered only with pos_account_receivable = 1, a customer, something
 * remaining and not on a receivable payment: the command refuses what the form would not offer, then the
 * spec's amount check, then (as the server does) an amount above the remainder.
 */
function creditMessage(
  input: AddPaymentInput,
  trx: TransactionRecord,
  config: PosConfig,
  remaining: number,
): string | null {
  if (!trx.customer) return PAYMENT_CHECK_MESSAGES.customerRequired;
  const allowed = isCreditPaymentShown({
    pos_account_receivable: Number(config.pos_account_receivable ?? 0),
    hasCustomer: true,
    remaining: Number.POSITIVE_INFINITY,
    trx_type: trx.trx_type,
  });
  if (!allowed) return ENGINE_MESSAGES.creditNotAllowed;
  return (
    validateCreditPayment(input.amount) ??
    (amountOf(input.amount) > remaining ? SALE_MESSAGES.paymentAboveRemaining : null)
  );
}

/** The spec's payment check for the input's type, or null. */
function paymentMessage(
  input: AddPaymentInput,
  trx: TransactionRecord,
  config: PosConfig,
  remaining: number,
  usedAll: boolean,
): string | null {
  switch (input.payment_type) {
    case 'DEPOSIT':
      // a top-up is never paid from the wallet it fills (000 §5 Deposit: the form is hidden for a top-up)
      if (trx.trx_type === 'TOP_UP_DEPOSIT') return ENGINE_MESSAGES.depositNotAllowed;
      // the wallet is the customer's: the server refuses a deposit without one
      return (
        validateDepositPayment(input.amount, remaining) ??
        (trx.customer ? null : PAYMENT_CHECK_MESSAGES.customerRequired)
      );
    case 'CREDIT':
      return creditMessage(input, trx, config, remaining);
    default:
      if (usedAll) return SALE_MESSAGES.allPaymentMethodsUsed;
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
        // the grand total Selesai checks (whole rupiah, ruling 22), also for a draft stored before it
        const grandTotal = totalsOf(trx, ctx.config).drv_grand_total;
        const before = paymentStatus(grandTotal, trx.payments);
        const usedAll =
          ctx.config.payment_method.length > 0 &&
          unusedPaymentMethods(ctx.config.payment_method, trx.payments).length === 0;
        const message = paymentMessage(input, trx, ctx.config, before.remaining, usedAll);
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
        // The server's own re-check of this payment (src/domain/payment-check): what it would refuse, this refuses.
        const serverMessage = checkPayment(payment, before.remaining, methodsOf(ctx.config));
        if (serverMessage) return refuse(serverMessage);
        return {
          ok: true,
          events: [r.event(ctx, trx.local_trx_id, 'trx.paymentAdded', { payment })],
          value: {
            local_payment_id: payment.local_payment_id,
            status: paymentStatus(grandTotal, [...trx.payments, payment]),
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

/** The configured methods the shared payment check binds payments to (as the server does). */
export const methodsOf = (config: PosConfig): { methods: readonly PaymentMethod[] } => ({
  methods: config.payment_method,
});

/** One customer: the same user_code, or (a new customer, no code yet) the same identifier. */
function sameCustomer(a: Customer | null | undefined, b: Customer | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  const codeA = a.user_code?.trim() ?? '';
  const codeB = b.user_code?.trim() ?? '';
  if (codeA || codeB) return codeA === codeB;
  return (
    a.user_identifier_type === b.user_identifier_type && a.user_identifier_string === b.user_identifier_string
  );
}

/**
 * Ruling (000 §4 "Editing lines", applied to every change of what is paid): a change that moves the grand total
 * (a member discount set or removed with the customer) drops every payment, as a line edit does; removing or
 * replacing the customer drops the deposit and credit payments drawn on that customer.
 */
export function paymentsInvalidatedBy(before: TransactionRecord, after: TransactionRecord): Payment[] {
  if (!big(before.drv_grand_total ?? 0).eq(big(after.drv_grand_total ?? 0))) return after.payments;
  if (sameCustomer(before.customer, after.customer)) return [];
  return after.payments.filter((p) => p.payment_type !== 'NORMAL');
}

/**
 * The change's events followed by a trx.paymentRemoved for each payment it invalidates: explicit events, so
 * the log says what happened and sales recorded before this rule replay as they were.
 */
export function withInvalidPaymentsRemoved(
  r: Runner,
  ctx: CommandContext,
  trx: TransactionRecord,
  events: NewEvent[],
): NewEvent[] {
  const after = events.reduce<TransactionRecord | undefined>((row, e) => preview(row, e), trx);
  if (!after) return events;
  return [
    ...events,
    ...paymentsInvalidatedBy(trx, after).map((p) =>
      r.event(ctx, trx.local_trx_id, 'trx.paymentRemoved', { local_payment_id: p.local_payment_id }),
    ),
  ];
}
