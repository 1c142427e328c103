import { z } from 'zod';
import { POS_MESSAGES, type SaleTrx } from '../../src/api/contract/pos';
import { MESSAGES as DOMAIN_MESSAGES } from '../../src/domain/messages';
import { TRX_STATUS } from '../../src/domain/model/common';
import { additionalChargeSchema, serviceChargeSchema, taxSchema } from '../../src/domain/model/config';
import { big, sumMoney } from '../../src/domain/money';
import { paymentStatus } from '../../src/domain/payments';
import { type PricingConfig, priceTransaction, type TransactionTotals } from '../../src/domain/pricing';
import { invalid } from '../lib/errors';

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
  const totals = priceTransaction(trx, config);
  for (const field of CHECKED_TOTALS) {
    if (big(trx[field]).minus(big(totals[field])).abs().gt(TOLERANCE))
      throw invalid(POS_MESSAGES.totalMismatch(field), field);
  }
  trx.payments.forEach((p, i) => {
    if (!(p.payment_amount > 0))
      throw invalid(POS_MESSAGES.paymentAmountInvalid, `payments.${i}.payment_amount`);
  });
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
