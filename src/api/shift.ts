import {
  SHIFT_PATHS,
  SHIFT_SYNC_TIMEOUT_MS,
  type ShiftExpensesRequest,
  type ShiftExpensesResponse,
  type ShiftListResponse,
  type ShiftStartRequest,
  type ShiftStartResponse,
  type ShiftSyncRequest,
  type ShiftSyncResponse,
  shiftExpensesResponse,
  shiftListResponse,
  shiftStartResponse,
  shiftSyncResponse,
} from './contract/shift';
import type { ApiClient } from './http';

/** The shift calls of 002 §7 and ruling 26, typed by the shared contract (src/api/contract/shift.ts). */
export interface ShiftApi {
  /** POST cashier/pos-shift {shifts}: 10-second time-out; one {status, pos_shift_id} per shift. */
  syncShifts(body: ShiftSyncRequest): Promise<ShiftSyncResponse>;
  /** POST cashier/pos-shift/start {shift}: the start, a server record (ruling 26); same time-out. */
  startShift(body: ShiftStartRequest): Promise<ShiftStartResponse>;
  /** GET cashier/pos-shift: this cashier's open shift and ended shifts at the session's outlet. */
  listShifts(): Promise<ShiftListResponse>;
  /** POST cashier/pos-shift/expenses: the open shift's whole expense list (ours); same time-out. */
  saveExpenses(body: ShiftExpensesRequest): Promise<ShiftExpensesResponse>;
}

export function createShiftApi(client: ApiClient): ShiftApi {
  return {
    syncShifts: (body) =>
      client.request({
        method: 'POST',
        path: SHIFT_PATHS.shiftSync,
        body,
        schema: shiftSyncResponse,
        timeoutMs: SHIFT_SYNC_TIMEOUT_MS,
      }),
    startShift: (body) =>
      client.request({
        method: 'POST',
        path: SHIFT_PATHS.shiftStart,
        body,
        schema: shiftStartResponse,
        timeoutMs: SHIFT_SYNC_TIMEOUT_MS,
      }),
    saveExpenses: (body) =>
      client.request({
        method: 'POST',
        path: SHIFT_PATHS.shiftExpenses,
        body,
        schema: shiftExpensesResponse,
        timeoutMs: SHIFT_SYNC_TIMEOUT_MS,
      }),
    listShifts: () =>
      client.request({
        method: 'GET',
        path: SHIFT_PATHS.shiftSync,
        schema: shiftListResponse,
        timeoutMs: SHIFT_SYNC_TIMEOUT_MS,
      }),
  };
}
