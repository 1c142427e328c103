import { z } from 'zod';
import { POS_MESSAGES, type SaleTrx } from '../../src/api/contract/pos';
import { MESSAGES as DOMAIN_MESSAGES } from '../../src/domain/messages';
import { TRX_STATUS } from '../../src/domain/model/common';
import { additionalChargeSchema, serviceChargeSchema, taxSchema } from '../../src/domain/model/config';
import { big, sumMoney } from '../../src/domain/money';
import { paymentCharge, paymentStatus } from '../../src/domain/payments';
import { type PricingConfig, priceTransaction, type TransactionTotals } from '../../src/domain/pricing';
import {
  validateCreditPayment,
  validateDepositPayment,
  validateNormalPayment,
} from '../../src/domain/validation-sale';
import { invalid } from '../lib/errors';
import { assertStorable, assertStorableTotal } from './pos-storable';

/** Totals compared with the device's, in this order (the first that differs is named). */
const CHECKED_TOTALS = [
  'drv_grand_total',
  'drv_subtotal',
  'drv_total_discount_nominal',
  'drv_total_service_charge',
  'drv_total_additional_charge',
  'drv_tax',
] as const;

/** Both sides round with the domain's one rule to 2 decimals; anything beyond half a cent differs. */
const TOLERANCE = 0.005;

const pricingConfigSchema = z.object({
  tax: taxSchema.nullable().optional().catch(null),
  service_charge: z.array(serviceChargeSchema).nullable().optional().catch(null),
  additional_charge: z.array(additionalChargeSchema).nullable().optional().catch(null),
});

/**
 * The configuration a sale was priced with: its own cashier_configs snapshot when it carries the tax and
 * charges (an offline sale keeps the rates of its time), otherwise the outlet's current ones.
 */
export function pricingConfigFor(trx: SaleTrx, outletConfig: PricingConfig): PricingConfig {
  const snap = trx.cashier_configs;
  if (!snap || !('tax' in snap || 'service_charge' in snap || 'additional_charge' in snap))
    return outletConfig;
  const parsed = pricingConfigSchema.parse(snap);
  return {
    tax: 'tax' in snap ? parsed.tax : outletConfig.tax,
    service_charge: 'service_charge' in snap ? parsed.service_charge : outletConfig.service_charge,
    additional_charge:
      'additional_charge' in snap ? parsed.additional_charge : outletConfig.additional_charge,
  };
}

/**
 * Each payment as the cashier's form checked it when it was added (000 §5 Payments, src/domain), in order,
 * against what remained: method, non-zero, a non-cash amount not above the remainder, the reference; a
 * deposit not above the remainder; a credit non-zero (and, as any non-cash, not above the remainder).
 * A negative amount is refused like a zero one.
 */
function checkPayments(payments: SaleTrx['payments'], grandTotal: number): void {
  let remaining = big(grandTotal);
  payments.forEach((p, i) => {
    const rest = remaining.toNumber();
    const amount = Math.max(p.payment_amount, 0);
    const message =
      p.payment_type === 'DEPOSIT'
        ? validateDepositPayment(amount, rest + TOLERANCE)
        : p.payment_type === 'CREDIT'
          ? (validateCreditPayment(amount) ??
            (amount > rest + TOLERANCE ? DOMAIN_MESSAGES.paymentAboveRemaining : null))
          : validateNormalPayment({
              method: p.payment_method,
              amount,
              remaining: rest + TOLERANCE,
              reference: p.payment_ref,
            });
    if (message) throw invalid(message, `payments.${i}.${PAYMENT_FIELD[message] ?? 'payment_amount'}`);
    // the charge to the customer follows the method (amount × charge_percentage / 100 + charge_value)
    if (
      big(p.payment_charge ?? 0)
        .minus(big(paymentCharge(amount, p.payment_method)))
        .abs()
        .gt(TOLERANCE)
    )
      throw invalid(POS_MESSAGES.totalMismatch('payment_charge'), `payments.${i}.payment_charge`);
    remaining = remaining.minus(big(p.payment_amount));
  });
}

const PAYMENT_FIELD: Record<string, string> = {
  [DOMAIN_MESSAGES.paymentMethodRequired]: 'payment_method',
  [DOMAIN_MESSAGES.paymentReferenceRequired]: 'payment_ref',
};

/** Sums of the payments by payment_type (ruling 8). */
export interface PaymentSums {
  deposit: number;
  credit: number;
}

export interface CheckedSale {
  totals: TransactionTotals;
  payments: PaymentSums;
}

/**
 * What the server refuses before touching the database (each a 400 naming the field, relative to the
 * transaction): not completed, a kind this issue does not process, totals that differ from the domain's
 * pricing, zero payments, an unpaid remainder, a deposit or credit without a customer, a missing Kode Receh.
 */
export function checkSale(
  trx: SaleTrx,
  config: PricingConfig,
  outlet: { use_wallet_security_code: boolean },
): CheckedSale {
  if (trx.trx_status_id !== TRX_STATUS.COMPLETED) throw invalid(POS_MESSAGES.notCompleted, 'trx_status_id');
  // Coupon sales, top-ups, memberships and receivable payments carry ledgers of a later issue.
  if (trx.trx_type !== 'NORMAL') throw invalid(POS_MESSAGES.trxTypeNotSupported, 'trx_type');
  assertStorable(trx);
  const totals = priceTransaction(trx, config);
  assertStorableTotal(totals.drv_gross_total, 'drv_gross_total');
  assertStorableTotal(totals.drv_grand_total, 'drv_grand_total');
  for (const field of CHECKED_TOTALS) {
    if (big(trx[field]).minus(big(totals[field])).abs().gt(TOLERANCE))
      throw invalid(POS_MESSAGES.totalMismatch(field), field);
  }
  checkPayments(trx.payments, totals.drv_grand_total);
  if (paymentStatus(totals.drv_grand_total, trx.payments).remaining > TOLERANCE)
    throw invalid(DOMAIN_MESSAGES.notPaidOff, 'payments');
  const sumOf = (type: 'DEPOSIT' | 'CREDIT') =>
    sumMoney(trx.payments.filter((p) => p.payment_type === type).map((p) => p.payment_amount)).toNumber();
  const payments = { deposit: sumOf('DEPOSIT'), credit: sumOf('CREDIT') };
  if ((payments.deposit > 0 || payments.credit > 0) && !trx.customer)
    throw invalid(POS_MESSAGES.customerRequiredForPayment, 'customer');
  if (payments.deposit > 0 && outlet.use_wallet_security_code && !trx.receh_code?.trim())
    throw invalid(DOMAIN_MESSAGES.walletCodeRequired, 'receh_code');
  return { totals, payments };
}
