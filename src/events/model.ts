/**
 * The entity shapes the log carries, from the domain model (src/domain/model), the authority on
 * field meaning. The user data stays a loose shape naming the fields the reducers read, so both
 * the wire contract's UserData (src/api/contract) and the domain's PosConfig can be stored as is.
 */
import type {
  DeviceConfig,
  AppointmentLink as DomainAppointmentLink,
  PosTransaction as DomainPosTransaction,
} from '../domain/model';
import { DEFAULT_DEVICE_CONFIG } from '../domain/model';

export type { SignHistoryEntry } from '../domain/model';

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
export type DeviceSettings = Pick<
  DeviceConfig,
  | 'displayMode'
  | 'printerPaperSize'
  | 'decimalSeparator'
  | 'thousandSeparator'
  | 'printerKind'
  | 'printerCodepage'
  | 'printerDevice'
  | 'cashDrawer'
>;

export const DEVICE_DEFAULTS: DeviceSettings = {
  displayMode: DEFAULT_DEVICE_CONFIG.displayMode,
  printerPaperSize: DEFAULT_DEVICE_CONFIG.printerPaperSize,
  decimalSeparator: DEFAULT_DEVICE_CONFIG.decimalSeparator,
  thousandSeparator: DEFAULT_DEVICE_CONFIG.thousandSeparator,
  printerKind: DEFAULT_DEVICE_CONFIG.printerKind,
  printerCodepage: DEFAULT_DEVICE_CONFIG.printerCodepage,
  printerDevice: DEFAULT_DEVICE_CONFIG.printerDevice,
  cashDrawer: DEFAULT_DEVICE_CONFIG.cashDrawer,
};

/** trx_status_id: 1 appointment, 2 pending/open, 3 completed, 4 void. */
export type TrxStatusId = 1 | 2 | 3 | 4;

/** The POS transaction held locally (000 §3), as the domain model parses it. */
export type PosTransaction = DomainPosTransaction;

/** An appointment linked to the POS; a link without pos_trx adds no transaction. */
export type AppointmentLink = DomainAppointmentLink;
