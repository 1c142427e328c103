// Section 6 gating on the cashier page: role flags (auth_role_accesses) and business flags, 1 = on.
// The rules are src/domain's (isOn, hasRoleAccess); these names stay for the screens that import them.
import { hasRoleAccess, isOn, type PosConfig } from '../../../../domain';

export { isOn as isFlagOn };

export const allowed = hasRoleAccess;

/** Step 2 "Discount": DISCOUNT_TRANSACTION or ALLOW_PROMO, and pos_discount_on_transaction = 1. */
export const canDiscountTransaction = (
  config: Pick<PosConfig, 'auth_role_accesses' | 'pos_discount_on_transaction'>,
): boolean =>
  (allowed(config, 'DISCOUNT_TRANSACTION') || allowed(config, 'ALLOW_PROMO')) &&
  isOn(config.pos_discount_on_transaction);
