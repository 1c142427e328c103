import { DEVICE_DEFAULTS, type DeviceRecord, type DeviceSettings, type StoredEvent } from '../events';
import type { Projection } from './projection';

export const DEVICE_RECORD_DEFAULTS: DeviceRecord = { id: 'current', ...DEVICE_DEFAULTS };

const SETTING_KEYS: ReadonlyArray<keyof DeviceSettings> = [
  'displayMode',
  'printerPaperSize',
  'decimalSeparator',
  'thousandSeparator',
  'printerKind',
  'printerCodepage',
  'printerDevice',
  'cashDrawer',
];

/** (device, event) → device. Only the settings the event names change. */
export function reduceDevice(state: DeviceRecord, event: StoredEvent): DeviceRecord {
  if (event.type !== 'device.settingsChanged') return state;
  const next: DeviceRecord = { ...state };
  for (const key of SETTING_KEYS) {
    const value = event.payload[key];
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  return next;
}

export const deviceProjection: Projection<DeviceRecord, 'current'> = {
  table: 'device',
  keyOf: (row) => row.id,
  keysOf: (event) => (event.type === 'device.settingsChanged' ? ['current'] : []),
  reduce: (row, event) => reduceDevice(row ?? DEVICE_RECORD_DEFAULTS, event),
};
