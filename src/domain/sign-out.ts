// 000 §4 Sign-out's blocking rules in the order a user clears them (rulings 24, 25, 27), and where each
// block's link leads. Pure: the session statechart, the guard and the shift screen read the same answers.

/** The consumption's stock-out screen (002 §2.4): reachable without a shift while it is due (ruling 25). */
export const STOCK_OUT_PATH = '/inventory/stock-out';

export interface SignOutState {
  /** is_inventory_required = 1 */
  inventoryRequired: boolean;
  /** has_done_inventory_consumption */
  consumptionDone: boolean;
  /** pos_shift_enforced = 1 */
  shiftEnforced: boolean;
  /** CASHIER_SYSTEM granted: with shiftEnforced, the guard sends a user without a shift to start one */
  cashierSystem: boolean;
  shiftActive: boolean;
  /** pos_cashier_delete_by_pin = 1 */
  deleteByPin: boolean;
  /** Pending transactions someone works on (status 2, not empty: ruling 27). */
  openTrxCount: number;
}

export type SignOutBlock = 'inventoryRequired' | 'openTransactions' | 'shiftActive';

/** Where a block's link leads: the stock-out, the cashier, the shift screen to start or to end a shift. */
export type UnblockTarget = 'stockOut' | 'pos' | 'startShift' | 'endShift';

/**
 * Ruling 25: the required consumption is still to be done. While it is, the stock-out opens without a
 * shift (the guard) and ending an active shift asks for it first (the shift screen).
 */
export const consumptionDue = (s: Pick<SignOutState, 'inventoryRequired' | 'consumptionDone'>): boolean =>
  s.inventoryRequired && !s.consumptionDone;

/**
 * The first thing standing between the user and sign-out, or null. The order is the one a user can clear
 * them in without undoing a step (ruling 25): the consumption first (it ends nothing), then the pending
 * transactions (finished in the cashier, which an enforced outlet opens only during a shift), and the
 * shift's end last.
 */
export function signOutBlock(s: SignOutState): SignOutBlock | null {
  if (consumptionDue(s)) return 'inventoryRequired';
  if (s.deleteByPin && s.openTrxCount > 0) return 'openTransactions';
  if (s.shiftEnforced && s.shiftActive) return 'shiftActive';
  return null;
}

/**
 * Where the block's link leads: a screen that works from here (ruling 25). Pending transactions at an
 * outlet that enforces shifts, with none active, are finished after starting one (the guard would send
 * the cashier's link there anyway, without saying why).
 */
export function unblockTarget(block: SignOutBlock, s: SignOutState): UnblockTarget {
  switch (block) {
    case 'inventoryRequired':
      return 'stockOut';
    case 'openTransactions':
      return s.shiftEnforced && s.cashierSystem && !s.shiftActive ? 'startShift' : 'pos';
    case 'shiftActive':
      return 'endShift';
  }
}
