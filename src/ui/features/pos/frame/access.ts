// Section 6 gating on the cashier page: role flags (auth_role_accesses) and business flags, 1 = on.
import type { PosConfig } from '../../../../domain';

export const isFlagOn = (value: unknown): boolean => Number(value ?? 0) === 1 || value === true;

export const allowed = (config: Pick<PosConfig, 'auth_role_accesses'>, flag: string): boolean =>
  isFlagOn(config.auth_role_accesses?.[flag]);

/** Step 2 "Discount": DISCOUNT_TRANSACTION or ALLOW_PROMO, and pos_discount_on_transaction = 1. */
export const canDiscountTransaction = (
  config: Pick<PosConfig, 'auth_role_accesses' | 'pos_discount_on_transaction'>,
): boolean =>
  (allowed(config, 'DISCOUNT_TRANSACTION') || allowed(config, 'ALLOW_PROMO')) &&
  isFlagOn(config.pos_discount_on_transaction);
