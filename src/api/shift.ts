import {
  SHIFT_PATHS,
  SHIFT_SYNC_TIMEOUT_MS,
  type ShiftSyncRequest,
  type ShiftSyncResponse,
  shiftSyncResponse,
} from './contract/shift';
import type { ApiClient } from './http';

/** The shift call of 002 §7, typed by the shared contract (src/api/contract/shift.ts). */
export interface ShiftApi {
  /** POST cashier/pos-shift {shifts}: 10-second time-out; one {status, pos_shift_id} per shift. */
  syncShifts(body: ShiftSyncRequest): Promise<ShiftSyncResponse>;
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
  };
}
