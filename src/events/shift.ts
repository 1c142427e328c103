import type { ShiftExpense } from '../domain/model';
import type { ShiftTotals } from '../domain/shift';

/** Who and where a shift runs, fixed when it starts (002 §3 Shift). */
export interface ShiftOpening {
  local_shift_id: string;
  /** Local "YYYY-MM-DD HH:mm:ss" (WIB). */
  shift_start: string;
  cash_start: number;
  business_id: number | null;
  business_user_id: number;
  business_outlet_id: number | null;
  outlet_id: number;
  cashier_name: string;
  outlet_name: string | null;
}

/**
 * Shift events (002 §4 Shift). Each carries its local_shift_id in the payload; the shifts projection
 * keeps one row per shift. An end is recorded only once the server answered 'success' (002 §4): a failed
 * end records nothing, so the shift stays active with everything it had.
 */
export interface ShiftEventPayloads {
  /** A shift started with its starting cash. */
  'shift.started': ShiftOpening;
  /** An expense added to the active shift. */
  'shift.expenseAdded': { local_shift_id: string } & ShiftExpense;
  /** An expense removed from the active shift by its key. */
  'shift.expenseDeleted': { local_shift_id: string; key: string };
  /** The server took the shift ('success'): ended locally, synced, with its pos_shift_id. */
  'shift.ended': {
    local_shift_id: string;
    pos_shift_id: number;
    shift_end: string;
    /** The counted cash at the end (beyond the spec, Moka-style; docs/decisions.md). */
    cash_end_actual: number;
    /** The summary sent: shiftTotals over the shift's completed sales. */
    trxs: ShiftTotals;
    /** The expected cash at the end, as the device computed it (cash_start + cash sales − expenses). */
    cash_end_expected: number;
  };
}

export const SHIFT_EVENT_VERSIONS = {
  'shift.started': 1,
  'shift.expenseAdded': 1,
  'shift.expenseDeleted': 1,
  'shift.ended': 1,
} as const satisfies Record<keyof ShiftEventPayloads, number>;

/** Cash counts and the end: all money-critical, all strict. */
export const SHIFT_STRICT_EVENT_TYPES = [
  'shift.started',
  'shift.expenseAdded',
  'shift.expenseDeleted',
  'shift.ended',
] as const satisfies readonly (keyof ShiftEventPayloads)[];
