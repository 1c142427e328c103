import { createRunner } from './context';
import { couponCommands } from './coupon';
import { fieldCommands } from './fields';
import { lifecycleCommands } from './lifecycle';
import { lineCommands } from './lines';
import { membershipCommands } from './membership';
import { paymentCommands } from './payments';
import { receivableCommands } from './receivable';
import { redeemCommands } from './redeem';
import { specialCommands } from './special';
import type { CashierCommands, CashierCommandsOptions } from './types';

/**
 * Builds the cashier commands over a store. Each command reads its transaction, validates with
 * src/domain and commits its events while holding the store's writer lock.
 */
export function createCashierCommands(options: CashierCommandsOptions): CashierCommands {
  const runner = createRunner(options);
  return {
    pending: runner.pending,
    ...fieldCommands(runner),
    ...lineCommands(runner),
    ...paymentCommands(runner),
    ...receivableCommands(runner),
    ...specialCommands(runner),
    ...redeemCommands(runner),
    ...couponCommands(runner),
    ...membershipCommands(runner),
    ...lifecycleCommands(runner, options.store),
  };
}
