/**
 * The entity shapes the log carries. Loose on purpose: the event log stores what the server and
 * the cashier hand it, and later issues add fields. The domain model (src/domain/model) is the
 * authority on field meaning; these types only name the fields the reducers read.
 */

/** The configuration as GET /cashier/config answers it: the user data of 000 §3 without the tokens. */
export interface ConfigData {
  business_id?: number;
  business_user_id: number;
  business_user_firstname?: string | null;
  cashier_name: string;
  brand_name?: string;
  outlet_id: number | null;
  business_outlet_id?: number | null;
  outlet_name?: string | null;
  signed_in_at?: string | null;
  retrieve_time?: string | null;
  [field: string]: unknown;
}

/** User data as sign-in answers it: the configuration plus the session's tokens. */
export interface UserData extends ConfigData {
  client_key?: string;
  login_token?: string;
}

/** Device configuration of 000 §3 "Other local records". */
export interface DeviceSettings {
  displayMode: 'DESKTOP' | 'TABLET';
  printerPaperSize: '8cm' | '6cm';
  decimalSeparator: string;
  thousandSeparator: string;
}

export const DEVICE_DEFAULTS: DeviceSettings = {
  displayMode: 'DESKTOP',
  printerPaperSize: '8cm',
  decimalSeparator: '.',
  thousandSeparator: ',',
};

/** One entry of the sign history. */
export interface SignHistoryEntry {
  business_user_id: number;
  cashier_name: string;
}

/** trx_status_id: 1 appointment, 2 pending/open, 3 completed, 4 void. */
export type TrxStatusId = 1 | 2 | 3 | 4;

/** The POS transaction held locally (000 §3); the fields beyond these pass through untouched. */
export interface PosTransaction {
  local_trx_id: string;
  trx_status_id: TrxStatusId;
  is_synced: boolean;
  trx_type?: string;
  local_appointment_id?: string | number | null;
  local_shift_id?: string | null;
  [field: string]: unknown;
}

/** An appointment linked to the POS (000 §3 "Other local records"). */
export interface AppointmentLink {
  local_appointment_id: string | number;
  pos_trx: PosTransaction;
  business_commission_worker_id?: number | null;
  start_time?: string | null;
}
