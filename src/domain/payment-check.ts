import type { Customer, Payment, PaymentMethod, PaymentType } from './model';
import { big, LEGACY_MONEY_DECIMALS, MONEY_DECIMALS, sumMoney } from './money';
import { isSamePaymentMethod, paymentCharge } from './payments';
import { PAYMENT_CHECK_MESSAGES, SALE_MESSAGES } from './texts/sale';
import { validateCreditPayment, validateDepositPayment, validateNormalPayment } from './validation-sale';

/**
 * The one payment re-check of a completed sale, run by the server on every ingest and by the cashier's
 * submit before it completes a sale: a sale the device completes is a sale the server accepts, so nothing
 * stays in the outbox refused.
 */

/**
 * Both sides round with the domain's one rule (whole rupiah, ruling 22); figures recorded before it
 * carry 2 decimals, so anything beyond half a cent differs.
 */
export const MONEY_TOLERANCE = 0.005;

/** A refusal and the field it names, relative to the transaction (payments.{i}.payment_amount …). */
export interface PaymentIssue {
  message: string;
  field: string;
}

export type CheckedPayment = Pick<
  Payment,
  'payment_type' | 'payment_amount' | 'payment_ref' | 'payment_charge' | 'payment_method'
>;

/** The configured methods, when the caller holds them: their rules win over what a payment carries. */
export interface PaymentCheckOptions {
  methods?: readonly PaymentMethod[];
}

const typeOfMethod = (m: PaymentMethod): PaymentType => {
  const t = (m as { payment_type?: unknown }).payment_type;
  return t === 'DEPOSIT' || t === 'CREDIT' ? t : 'NORMAL';
};

/**
 * The method whose rules (charge, reference, Cash) a payment is checked with: the configured one with the
 * same table_name and table_id, never the payment's own copy (a forged copy could drop its charge). A
 * normal payment needs a configured normal method; a deposit or credit payment without one (the cashier's
 * stand-in 'Deposit' / 'Piutang') carries no charge. Null: not available.
 */
export function ruleMethodOf(p: CheckedPayment, options: PaymentCheckOptions = {}): PaymentMethod | null {
  if (!options.methods) return p.payment_method;
  const configured = options.methods.find((m) => isSamePaymentMethod(m, p.payment_method));
  if (configured) return typeOfMethod(configured) === p.payment_type ? configured : null;
  if (p.payment_type === 'NORMAL') return null;
  return { ...p.payment_method, is_charge_to_customer: 0, is_reference_required: 0 };
}

const PAYMENT_FIELD: Record<string, string> = {
  [SALE_MESSAGES.paymentMethodRequired]: 'payment_method',
  [SALE_MESSAGES.paymentReferenceRequired]: 'payment_ref',
  [PAYMENT_CHECK_MESSAGES.methodNotAvailable]: 'payment_method',
  [PAYMENT_CHECK_MESSAGES.chargeMismatch]: 'payment_charge',
};

/**
 * One payment as the cashier's form checks it (000 §5 Payments) against what remained before it: method,
 * non-zero, a non-cash amount not above the remainder, the reference; a deposit not above the remainder; a
 * credit non-zero and, as any non-cash, not above the remainder; then its charge. A negative amount is
 * refused like a zero one. Answers the message, or null.
 */
export function checkPayment(
  p: CheckedPayment,
  remaining: number,
  options: PaymentCheckOptions = {},
): string | null {
  const method = ruleMethodOf(p, options);
  if (!method) return PAYMENT_CHECK_MESSAGES.methodNotAvailable;
  const amount = Math.max(Number(p.payment_amount), 0);
  const rest = remaining + MONEY_TOLERANCE;
  const message =
    p.payment_type === 'DEPOSIT'
      ? validateDepositPayment(amount, rest)
      : p.payment_type === 'CREDIT'
        ? (validateCreditPayment(amount) ?? (amount > rest ? SALE_MESSAGES.paymentAboveRemaining : null))
        : validateNormalPayment({ method, amount, remaining: rest, reference: p.payment_ref });
  if (message) return message;
  // whole rupiah; a payment recorded before ruling 22 may carry its charge to 2 decimals
  const charged = big(p.payment_charge ?? 0);
  const matches = [MONEY_DECIMALS, LEGACY_MONEY_DECIMALS].some((d) =>
    charged
      .minus(big(paymentCharge(amount, method, d)))
      .abs()
      .lte(MONEY_TOLERANCE),
  );
  return matches ? null : PAYMENT_CHECK_MESSAGES.chargeMismatch;
}

/** The payments in order, each against what the ones before it left of the grand total. */
export function checkPayments(
  payments: readonly CheckedPayment[],
  grandTotal: number,
  options: PaymentCheckOptions = {},
): PaymentIssue | null {
  let remaining = big(grandTotal);
  for (const [i, p] of payments.entries()) {
    const message = checkPayment(p, remaining.toNumber(), options);
    if (message) return { message, field: `payments.${i}.${PAYMENT_FIELD[message] ?? 'payment_amount'}` };
    remaining = remaining.minus(big(p.payment_amount));
  }
  return null;
}

/** Σ payment_amount of one payment_type (ruling 8). */
export const sumOfPaymentType = (payments: readonly CheckedPayment[], type: PaymentType): number =>
  sumMoney(payments.filter((p) => p.payment_type === type).map((p) => p.payment_amount)).toNumber();

/**
 * Everything about a completed sale's payments the server refuses: each payment (checkPayments), an unpaid
 * remainder, a deposit or credit without a customer.
 */
export function checkSalePayments(
  trx: { payments: readonly CheckedPayment[]; customer?: Customer | null },
  grandTotal: number,
  options: PaymentCheckOptions = {},
): PaymentIssue | null {
  const issue = checkPayments(trx.payments, grandTotal, options);
  if (issue) return issue;
  const paid = sumMoney(trx.payments.map((p) => p.payment_amount));
  if (big(grandTotal).minus(paid).gt(MONEY_TOLERANCE))
    return { message: SALE_MESSAGES.notPaidOff, field: 'payments' };
  const drawsOnCustomer = trx.payments.some(
    (p) => (p.payment_type === 'DEPOSIT' || p.payment_type === 'CREDIT') && Number(p.payment_amount) > 0,
  );
  if (drawsOnCustomer && !trx.customer)
    return { message: PAYMENT_CHECK_MESSAGES.customerRequired, field: 'customer' };
  return null;
}
