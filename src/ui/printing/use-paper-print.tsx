// One paper's print button (issue 29): the direct printer when the device has one, else the browser's
// dialog; a direct printer that fails leaves the message and the browser's print on the page.
import { type ReactNode, useCallback, useState } from 'react';
import type { PaperDoc } from '../../domain/printing';
import {
  type DirectPrinter,
  type DirectPrintOptions,
  printDirect,
  printFailureMessage,
} from './direct-print';
import { PrintFallback } from './PrintFallback';

export function usePaperPrint(
  direct: DirectPrinter | null,
  browserPrint: () => Promise<void>,
): {
  /** True when printed (directly or through the dialog); false when the direct printer failed. */
  print: (doc: () => PaperDoc, options?: DirectPrintOptions) => Promise<boolean>;
  fallback: ReactNode;
} {
  const [failed, setFailed] = useState<string | null>(null);
  const print = useCallback(
    async (doc: () => PaperDoc, options?: DirectPrintOptions) => {
      if (!direct) {
        await browserPrint();
        return true;
      }
      try {
        await printDirect(direct, doc(), options);
        setFailed(null);
        return true;
      } catch (e) {
        setFailed(printFailureMessage(e));
        return false;
      }
    },
    [direct, browserPrint],
  );
  const fallback = failed ? (
    <PrintFallback
      message={failed}
      onBrowserPrint={() => {
        setFailed(null);
        void browserPrint();
      }}
    />
  ) : null;
  return { print, fallback };
}
