// Home's device settings (000 §3 "Other local records"): the one command that records them, so the
// screens commit nothing themselves (the linter keeps src/ui away from the store's writer).
import { type Actor, type DeviceSettings, makeEvent } from '../../events';
import type { Writer } from '../store';

/** Records the changed device settings (display mode, paper size, separators): device.settingsChanged. */
export async function changeDeviceSettings(
  writer: Pick<Writer, 'commit'>,
  patch: Partial<DeviceSettings>,
  actor: Actor,
): Promise<void> {
  await writer.commit([makeEvent('device.settingsChanged', patch, { actor })]);
}

/**
 * 002 §2.4: a consumption stock-out was stored by the server, so has_done_inventory_consumption = 1
 * (sign-out with is_inventory_required = 1 may go on, 000 §4).
 */
export async function recordInventoryConsumption(
  writer: Pick<Writer, 'commit'>,
  actor: Actor,
): Promise<void> {
  await writer.commit([makeEvent('inventory.consumptionDone', {}, { actor })]);
}
