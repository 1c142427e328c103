import type { AppointmentLink, DeviceSettings } from './model';

/** Device, inventory and appointment events of the foundation issue. */
export interface DeviceEventPayloads {
  /** Home's device settings; only the given fields change. */
  'device.settingsChanged': Partial<DeviceSettings>;
  /** The outlet's inventory consumption was recorded: has_done_inventory_consumption = 1. */
  'inventory.consumptionDone': Record<string, never>;
  /** Sign-in step 5: an appointment's pos_trx joins the transactions with trx_status_id 1. */
  'appointment.trxLoaded': AppointmentLink;
}

export const DEVICE_EVENT_VERSIONS = {
  'device.settingsChanged': 1,
  'inventory.consumptionDone': 1,
  'appointment.trxLoaded': 1,
} as const satisfies Record<keyof DeviceEventPayloads, number>;
