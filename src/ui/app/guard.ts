// "Guard for protected pages" (000 §2), steps 1–4, as a pure decision.
import { STOCK_OUT_PATH } from '../../domain/sign-out';

export interface GuardInput {
  authenticated: boolean;
  outletId: number | null | undefined;
  posShiftEnforced: boolean;
  cashierSystem: boolean;
  hasActiveShift: boolean;
  pendingSignOut: boolean;
  /** The page being opened: the shift redirect must not loop on /shift-management itself. */
  pathname: string;
  /**
   * Ruling 25: is_inventory_required = 1 and no consumption yet. The stock-out screen then opens without a
   * shift: it is what stands between the user and sign-out.
   */
  consumptionDue?: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/sign-in' | '/choose-outlet' | '/shift-management' }
  | { kind: 'resumeSignOut' };

export const SHIFT_REQUIRED_NOTICE = 'Shift harus dimulai terlebih dahulu sebelum dapat mulai beraktivitas';

export function guard(input: GuardInput): GuardDecision {
  if (!input.authenticated) return { kind: 'redirect', to: '/sign-in' };
  if (input.outletId === null || input.outletId === undefined)
    return { kind: 'redirect', to: '/choose-outlet' };
  if (
    input.posShiftEnforced &&
    input.cashierSystem &&
    !input.hasActiveShift &&
    input.pathname !== '/shift-management' &&
    !(input.consumptionDue && input.pathname === STOCK_OUT_PATH)
  ) {
    return { kind: 'redirect', to: '/shift-management' };
  }
  if (input.pendingSignOut) return { kind: 'resumeSignOut' };
  return { kind: 'allow' };
}
