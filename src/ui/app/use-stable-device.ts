// The device settings as one object that changes only when a field does: the session's view is rebuilt on
// every commit its live queries see, and /pos and the screens must not re-render for a sale's lines.
import { useMemo } from 'react';
import type { DeviceSettings } from './session-context';

export function useStableDevice(d: DeviceSettings): DeviceSettings {
  const { displayMode, printerPaperSize, decimalSeparator, thousandSeparator } = d;
  const { printerKind, printerCodepage, printerDevice, cashDrawer } = d;
  return useMemo(
    () => ({
      displayMode,
      printerPaperSize,
      decimalSeparator,
      thousandSeparator,
      printerKind,
      printerCodepage,
      printerDevice,
      cashDrawer,
    }),
    [
      displayMode,
      printerPaperSize,
      decimalSeparator,
      thousandSeparator,
      printerKind,
      printerCodepage,
      printerDevice,
      cashDrawer,
    ],
  );
}
