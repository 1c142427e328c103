// What the receipt pages read from the session: the configuration (loose; a sale's own
// cashier_configs overlays it), the device (paper, display mode, separators) and leaving the page.
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { PosConfig, Separators } from '../../../domain';
import type { ReceiptConfig } from '../../../domain/receipt';
import { useSession } from '../../app/session-context';
import { useSessionConfig } from '../../app/use-session-config';
import { type DirectPrinter, directPrinterOf } from '../../printing/direct-print';
import type { PaperSize } from './print';

export interface ReceiptEnv {
  config: ReceiptConfig;
  /** Parsed for the command layer (null while the session has none). */
  posConfig: PosConfig | null;
  paper: PaperSize;
  isTablet: boolean;
  displayMode: string;
  separators: Separators;
  /** The device's direct printer (issue 29); null: the browser's print dialog. */
  direct: DirectPrinter | null;
  /** 'Kembali': to /pos. */
  back: () => void;
  /** 'Tutup': close the window; when it was not opened by a script, go back (or to /pos). */
  close: () => void;
}

export function useReceiptEnv(): ReceiptEnv {
  const { view } = useSession();
  const [, navigate] = useLocation();
  const userData = view.userData;
  const { config: posConfig } = useSessionConfig();
  const back = useCallback(() => navigate('/pos'), [navigate]);
  const close = useCallback(() => {
    window.close();
    // A tab the cashier navigated to cannot be closed by script: return where they came from.
    setTimeout(() => {
      if (window.closed) return;
      if (window.history.length > 1) window.history.back();
      else navigate('/pos');
    }, 150);
  }, [navigate]);
  const d = view.device;
  return useMemo(
    () => ({
      config: (posConfig ?? userData ?? {}) as ReceiptConfig,
      posConfig,
      paper: d.printerPaperSize === '6cm' ? '6cm' : '8cm',
      isTablet: d.displayMode === 'TABLET',
      displayMode: d.displayMode,
      separators: { decimalSeparator: d.decimalSeparator, thousandSeparator: d.thousandSeparator },
      direct: directPrinterOf(d),
      back,
      close,
    }),
    [posConfig, userData, d, back, close],
  );
}
