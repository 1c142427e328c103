import { z } from 'zod';
import type { SaleTrx } from '../../../src/api/contract/pos';
import { TRX_STATUS } from '../../../src/domain/model/common';
import { additionalChargeSchema, serviceChargeSchema, taxSchema } from '../../../src/domain/model/config';
import type { PaymentMethod } from '../../../src/domain/model/payment';
import { big, LEGACY_MONEY_DECIMALS } from '../../../src/domain/money';
import { checkSalePayments, MONEY_TOLERANCE, sumOfPaymentType } from '../../../src/domain/payment-check';
import { type PricingConfig, priceTransaction, type TransactionTotals } from '../../../src/domain/pricing';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { invalid } from '../../lib/errors';
import { assertStorable, assertStorableTotal } from './storable';

/** The transaction kinds the server stores (ruling 8 literals). */
const PROCESSED_KINDS: readonly string[] = [
  'NORMAL',
  'COUPON_SALES',
  'TOP_UP_DEPOSIT',
  'ACCOUNT_RECEIVABLE',
  'MEMBERSHIP_SALES',
];

/** Totals compared with the device's, in this order (the first that differs is named). */
const CHECKED_TOTALS = [
  'drv_grand_total',
  'drv_subtotal',
  'drv_total_discount_nominal',
  'drv_total_service_charge',
  'drv_total_additional_charge',
  'drv_tax',
] as const;

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

/** The first drv_* total the device sent that differs from a pricing of the sale, or null. */
function differingTotal(trx: SaleTrx, totals: TransactionTotals): (typeof CHECKED_TOTALS)[number] | null {
  for (const field of CHECKED_TOTALS)
    if (big(trx[field]).minus(big(totals[field])).abs().gt(MONEY_TOLERANCE)) return field;
  return null;
}

/**
 * What the server refuses before touching the database (each a 400 naming the field, relative to the
 * transaction): not completed, a kind this issue does not process, totals that differ from the domain's
 * pricing, zero payments, an unpaid remainder, a deposit or credit without a customer, a missing Kode Receh.
 */
/** What is refused before the sale is priced: not completed, a kind this issue does not process, unstorable. */
export function checkSaleKind(trx: SaleTrx): void {
  if (trx.trx_status_id !== TRX_STATUS.COMPLETED) throw invalid(POS_MESSAGES.notCompleted, 'trx_status_id');
  // Top-ups and receivable payments are processed (pos/special.ts), coupon sales (pos/coupon.ts) and
  // memberships (pos/membership.ts) too.
  if (!PROCESSED_KINDS.includes(trx.trx_type)) throw invalid(POS_MESSAGES.trxTypeNotSupported, 'trx_type');
  assertStorable(trx);
}

export function checkSale(
  trx: SaleTrx,
  config: PricingConfig,
  outlet: { use_wallet_security_code: boolean; payment_methods: readonly PaymentMethod[] },
): CheckedSale {
  checkSaleKind(trx);
  let totals = priceTransaction(trx, config);
  assertStorableTotal(totals.drv_gross_total, 'drv_gross_total');
  assertStorableTotal(totals.drv_grand_total, 'drv_grand_total');
  const differing = differingTotal(trx, totals);
  if (differing) {
    // A sale completed before ruling 22 (figures to 2 decimals; an offline sale that syncs after the
    // update) is stored with the figures it was sold and paid at.
    const legacy = priceTransaction(trx, config, { moneyDecimals: LEGACY_MONEY_DECIMALS });
    if (differingTotal(trx, legacy)) throw invalid(POS_MESSAGES.totalMismatch(differing), differing);
    totals = legacy;
  }
  // the cashier's submit runs the same check (src/domain/payment-check), with the methods the outlet offers
  const issue = checkSalePayments(trx, totals.drv_grand_total, { methods: outlet.payment_methods });
  if (issue) throw invalid(issue.message, issue.field);
  const payments = {
    deposit: sumOfPaymentType(trx.payments, 'DEPOSIT'),
    credit: sumOfPaymentType(trx.payments, 'CREDIT'),
  };
  if (payments.deposit > 0 && outlet.use_wallet_security_code && !trx.receh_code?.trim())
    throw invalid(DOMAIN_MESSAGES.walletCodeRequired, 'receh_code');
  return { totals, payments };
}
