// A receipt on screen with its buttons (000 §2): 'Print' / 'Print Struk', 'Tutup', 'Kembali';
// auto-print after 0.5 s then close in DESKTOP (or unset) mode for print / pre-settlement /
// order-preview; printing marks the lines printed through the caller's command (event log).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Now, PosTransaction, Separators } from '../../../domain';
import {
  AUTO_PRINT_DELAY_MS,
  buildReceipt,
  type ReceiptConfig,
  type ReceiptMode,
} from '../../../domain/receipt';
import { PRINTING_TEXTS } from '../../../domain/texts/printing';
import { RECEIPT_TEXTS } from '../../../domain/texts/receipt';
import type { DirectPrinter } from '../../printing/direct-print';
import { PrintFallback } from '../../printing/PrintFallback';
import { type PaperSize, printReceipt } from './print';
import { ReceiptPaper } from './ReceiptPaper';

export interface ReceiptScreenProps {
  trx: PosTransaction;
  config: ReceiptConfig;
  mode: ReceiptMode;
  paper: PaperSize;
  isTablet: boolean;
  separators?: Separators;
  now?: () => Now;
  /** Called after each print when the mode marks lines printed (the printing command). */
  onPrinted?: () => Promise<void> | void;
  /** 'Kembali': to /pos. */
  onBack?: () => void;
  /** 'Tutup' and the close after an auto-print: close the window (the page gives the fallback). */
  onClose?: () => void;
  onItemClick?: (local_trx_detail_id: string) => void;
  /** Hide the buttons (the edit page has its own frame). */
  buttons?: 'all' | 'print' | 'none';
  /** Auto-print uses this (tests and the bench replace window.print). */
  print?: (root: HTMLElement, paper: PaperSize) => Promise<void>;
  /** The device's direct printer (issue 29): 'Print' and the auto-print send ESC/POS, no dialog. */
  direct?: DirectPrinter | null;
}

/**
 * The buttons (000 §2): the legitimate receipt in TABLET mode shows 'Print Struk' and 'Kembali'; other
 * pages show 'Print', with 'Tutup' in DESKTOP and 'Kembali' in TABLET (a tablet has no window to close).
 */
export const receiptButtons = (
  isTablet: boolean,
  mode: Pick<ReceiptMode, 'tabletButtons'>,
): { print: string; leave: 'close' | 'back' } => ({
  print: mode.tabletButtons ? RECEIPT_TEXTS.printReceipt : RECEIPT_TEXTS.print,
  leave: isTablet ? 'back' : 'close',
});

/** The page's heading for screen readers: the route table's title of the receipt routes (000 §2). */
export const RECEIPT_HEADING = 'Receipt';

export function ReceiptScreen(props: ReceiptScreenProps) {
  const { trx, config, mode, paper, separators, now, onPrinted, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [printing, setPrinting] = useState(false);
  const model = useMemo(
    () => buildReceipt(trx, config, { mode, separators, now: now?.() }),
    [trx, config, mode, separators, now],
  );
  const doPrint = props.print ?? printReceipt;
  const direct = props.direct ?? null;
  const [failed, setFailed] = useState<string | null>(null);

  const browserPrint = useCallback(async () => {
    if (!ref.current) return;
    setPrinting(true);
    try {
      await doPrint(ref.current, paper);
      if (mode.marksPrinted && onPrinted) await onPrinted();
    } finally {
      setPrinting(false);
    }
  }, [doPrint, paper, mode.marksPrinted, onPrinted]);

  /** True when printed; false when the direct printer failed (the fallback shows, the page stays). */
  const print = useCallback(async (): Promise<boolean> => {
    if (!direct) {
      await browserPrint();
      return true;
    }
    setPrinting(true);
    try {
      // the paper document and its printer code load only when a direct printer prints (the public receipt never)
      const [{ receiptDoc }, { printDirect }] = await Promise.all([
        import('../../../domain/printing/receipt'),
        import('../../printing/direct-print'),
      ]);
      await printDirect(direct, receiptDoc(model, { logo: !!model.header?.logo }), {
        logoUrl: model.header?.logo,
      });
      setFailed(null);
      if (mode.marksPrinted && onPrinted) await onPrinted();
      return true;
    } catch (e) {
      // duck-typed: the public receipt's chunk does not load the transports for their PrinterError
      setFailed(
        (e as { reason?: string }).reason === 'paper-out' ? PRINTING_TEXTS.paperOut : PRINTING_TEXTS.failed,
      );
      return false;
    } finally {
      setPrinting(false);
    }
  }, [direct, browserPrint, model, mode.marksPrinted, onPrinted]);

  // Auto-print after 0.5 s, then close (000 §2). The timer reads the latest print and close: a
  // re-render (the live sale, new callbacks) must neither restart nor cancel it.
  const latest = useRef({ print, onClose });
  useEffect(() => {
    latest.current = { print, onClose };
  });
  useEffect(() => {
    if (!mode.autoPrint) return;
    const timer = setTimeout(() => {
      void latest.current.print().then((printed) => printed && latest.current.onClose?.());
    }, AUTO_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mode.autoPrint]);

  const buttons = receiptButtons(props.isTablet, mode);
  const show = props.buttons ?? 'all';
  // A page of its own (the main landmark with a heading) unless shown inside the edit page's layout.
  const Root = show === 'none' ? 'div' : 'main';
  return (
    <Root
      className={show === 'none' ? 'rc-desk rc-desk-inline' : 'rc-desk'}
      data-testid="receipt-screen"
      data-line-count={model.lineCount}
    >
      {show === 'none' ? null : <h1 className="rc-visually-hidden">{RECEIPT_HEADING}</h1>}
      <ReceiptPaper ref={ref} model={model} paper={paper} onItemClick={props.onItemClick} />
      {failed ? (
        <PrintFallback
          message={failed}
          onBrowserPrint={() => {
            setFailed(null);
            void browserPrint();
          }}
        />
      ) : null}
      {show !== 'none' ? (
        <div className="rc-actions rc-noprint">
          {/* Plain buttons: the public receipt's light entry loads no Mantine (docs/decisions.md). */}
          <button
            type="button"
            className="rc-btn rc-btn-primary"
            onClick={() => void print()}
            disabled={printing}
            aria-busy={printing}
          >
            {buttons.print}
          </button>
          {show === 'all' && buttons.leave === 'close' && props.onClose ? (
            <button type="button" className="rc-btn" onClick={props.onClose}>
              {RECEIPT_TEXTS.close}
            </button>
          ) : null}
          {show === 'all' && (buttons.leave === 'back' || !props.onClose) && props.onBack ? (
            <button type="button" className="rc-btn" onClick={props.onBack}>
              {RECEIPT_TEXTS.back}
            </button>
          ) : null}
        </div>
      ) : null}
    </Root>
  );
}
