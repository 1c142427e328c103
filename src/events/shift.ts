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
  /** The outlet's pos_shift_enforced when the shift started (ruling 26: sign-out elsewhere names it). */
  pos_shift_enforced?: number;
}

/** The end as sent to the server, kept until its answer so a retry sends the very same body (issue 23 item 8). */
export interface ShiftEndBody {
  shift_end: string;
  /** The counted cash; null when not counted (issue 23 item 11). */
  cash_end_actual: number | null;
  trxs: ShiftTotals;
  cash_end_expected: number;
}

/**
 * Shift events (002 §4 Shift). Each carries its local_shift_id in the payload; the shifts projection
 * keeps one row per shift. An end is recorded only once the server answered 'success' (002 §4): a failed
 * end records nothing, so the shift stays active with everything it had.
 */
export interface ShiftEventPayloads {
  /** A shift started with its starting cash. */
  'shift.started': ShiftOpening;
  /** The server stored the start (ruling 26): the shift is a server record from now on. */
  'shift.startAccepted': { local_shift_id: string; pos_shift_id: number };
  /** The server refused the queued start (e.g. another open shift of this cashier there); shown on the screen. */
  'shift.startRefused': { local_shift_id: string; message: string };
  /**
   * The server's open shift of this cashier at this outlet, taken onto a device that lacked it (ruling 26),
   * with the expenses the server holds for it (absent on events recorded before they were sent).
   */
  'shift.restored': ShiftOpening & { pos_shift_id: number; expenses?: ShiftExpense[] };
  /** The server holds the open shift's expenses as listed by this digest (expensesDigest). */
  'shift.expensesAccepted': { local_shift_id: string; expenses_digest: string };
  /** The end is being sent: its body, kept for a retry after a lost answer. */
  'shift.endRequested': { local_shift_id: string } & ShiftEndBody;
  /** The server refused the end (a definite answer, not a lost one): the shift stays active, editable. */
  'shift.endRefused': { local_shift_id: string; message: string };
  /** An expense added to the active shift. */
  'shift.expenseAdded': { local_shift_id: string } & ShiftExpense;
  /** An expense removed from the active shift by its key. */
  'shift.expenseDeleted': { local_shift_id: string; key: string };
  /** The server took the shift ('success'): ended locally, synced, with its pos_shift_id. */
  'shift.ended': {
    local_shift_id: string;
    pos_shift_id: number;
    shift_end: string;
    /** The counted cash at the end (beyond the spec, Moka-style; docs/decisions.md); null: not counted. */
    cash_end_actual: number | null;
    /** The summary sent: shiftTotals over the shift's completed sales. */
    trxs: ShiftTotals;
    /** The expected cash at the end, as the device computed it (cash_start + cash sales − expenses). */
    cash_end_expected: number;
  };
}

export const SHIFT_EVENT_VERSIONS = {
  'shift.started': 1,
  'shift.startAccepted': 1,
  'shift.startRefused': 1,
  'shift.restored': 1,
  'shift.expensesAccepted': 1,
  'shift.endRequested': 1,
  'shift.endRefused': 1,
  'shift.expenseAdded': 1,
  'shift.expenseDeleted': 1,
  'shift.ended': 1,
} as const satisfies Record<keyof ShiftEventPayloads, number>;

/** Cash counts and the end: all money-critical, all strict. */
export const SHIFT_STRICT_EVENT_TYPES = [
  'shift.started',
  'shift.startAccepted',
  'shift.restored',
  'shift.expensesAccepted',
  'shift.endRequested',
  'shift.expenseAdded',
  'shift.expenseDeleted',
  'shift.ended',
] as const satisfies readonly (keyof ShiftEventPayloads)[];
