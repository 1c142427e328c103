// Issue 29: with a direct printer, a completed sale prints its receipt at once (no dialog) and, when the
// device says so and the sale has a cash payment, opens the cash drawer first (ESC p). 'Selesai' → paper:
// the submit command tells this page the row the sale is about to be stored as (onPlanned) and the
// receipt's bytes are made and the paper sensor asked while the commit runs; the moment the commit
// resolves (onRecorded, never for a sale that was not stored) the bytes go to the printer, before the
// server is asked. A receipt that prints the server's figures (receiptAwaitsServerAnswer) waits for the
// answer. Nothing waits for the printer: one that is off, out of paper or unpaired leaves the message and
// the browser's print of the same receipt.
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PosTransaction } from '../../../domain';
import { isCashPayment } from '../../../domain/payments';
import { receiptDoc } from '../../../domain/printing';
import {
  buildReceipt,
  type ReceiptConfig,
  type ReceiptModel,
  receiptAwaitsServerAnswer,
  receiptConfig,
  receiptLogo,
  receiptMode,
} from '../../../domain/receipt';
import type { SubmitInput } from '../../../projections/commands';
import { readTrx } from '../../../projections/selectors';
import { useServices } from '../../app/services';
import {
  directPrinterOf,
  type PreparedPrint,
  preparePrint,
  printFailureMessage,
  sendPrepared,
  warmDirectPrinter,
} from '../../printing/direct-print';
import { PrintFallback } from '../../printing/PrintFallback';
import { printAlone } from '../receipt/print';
import { ReceiptPaper } from '../receipt/ReceiptPaper';
import { usePos } from './context';

/** Whether the completed sale opens the drawer: the device setting and a cash payment. */
export const opensDrawer = (trx: Pick<PosTransaction, 'payments'>, cashDrawer: boolean): boolean =>
  cashDrawer && trx.payments.some(isCashPayment);

/** The submit command's hooks this page answers (live-pos passes them to commands.submit). */
export type SaleReceiptHooks = Required<Pick<SubmitInput, 'onPlanned' | 'onRecorded'>>;

interface Job {
  trx: PosTransaction;
  model: ReceiptModel;
  prepared: PreparedPrint;
}

export function CompletionPrint({ hooks }: { hooks?: RefObject<SaleReceiptHooks | null> }) {
  const { cashier, local_trx_id, config, device, separators } = usePos();
  const { store } = useServices();
  const direct = useMemo(() => directPrinterOf(device), [device]);
  const done = useRef(new Set<string>());
  /** The receipt being made for the sale being committed (at most one). */
  const ahead = useRef<Job | null>(null);
  const [failed, setFailed] = useState<{ model: ReceiptModel; message: string } | null>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  const succeeded = cashier.submission.status === 'succeeded';

  // the hooks run outside React's render: they read the page's latest settings
  const latest = useRef({ direct, config, displayMode: device.displayMode, separators });
  latest.current = { direct, config, displayMode: device.displayMode, separators };

  /** The receipt's model and its bytes on their way (null: no direct printer, or it waits for the server). */
  const prepare = useCallback((trx: PosTransaction, awaitingAllowed: boolean): Job | null => {
    const { direct: printer, config: c, displayMode, separators: seps } = latest.current;
    if (!printer) return null;
    const rc = receiptConfig(c as ReceiptConfig, trx);
    if (!awaitingAllowed && receiptAwaitsServerAnswer(trx, rc)) return null;
    const model = buildReceipt(trx, rc, { mode: receiptMode('print', displayMode), separators: seps });
    performance.mark('serambi:receipt-model');
    const prepared = preparePrint(printer, receiptDoc(model, { logo: !!model.header?.logo }), {
      logoUrl: model.header?.logo,
      drawer: opensDrawer(trx, printer.cashDrawer),
    });
    return { trx, model, prepared };
  }, []);

  const print = useCallback((job: Job) => {
    // the bench and the browser test read when printing was let go (the sale stored)
    performance.mark('serambi:receipt-print');
    sendPrepared(job.prepared).then(
      () => setFailed(null),
      (e: unknown) => setFailed({ model: job.model, message: printFailureMessage(e) }),
    );
  }, []);

  useEffect(() => {
    if (!hooks) return;
    hooks.current = {
      onPlanned: (trx) => {
        ahead.current = done.current.has(trx.local_trx_id) ? null : prepare(trx, false);
      },
      onRecorded: (trx) => {
        const early = ahead.current;
        ahead.current = null;
        if (done.current.has(trx.local_trx_id)) return;
        // the bytes made from exactly this row, else made now from the stored row
        const job = early && early.trx === trx ? early : prepare(trx, false);
        if (!job) return;
        done.current.add(trx.local_trx_id);
        print(job);
      },
    };
    return () => {
      hooks.current = null;
    };
  }, [hooks, prepare, print]);

  // ahead of the first receipt: the printer's link, the encoder, the logo's raster
  const logoUrl = receiptLogo(config as ReceiptConfig);
  useEffect(() => {
    if (direct) void warmDirectPrinter(direct, logoUrl);
  }, [direct, logoUrl]);

  // a receipt that waited for the server's answer (or a sale the hooks did not see, e.g. adopted from the
  // server): printed from the stored row once the submission succeeded
  useEffect(() => {
    if (!direct || !succeeded || !local_trx_id || done.current.has(local_trx_id)) return;
    done.current.add(local_trx_id);
    void (async () => {
      const trx = await readTrx(store.db, local_trx_id);
      if (!trx || Number(trx.trx_status_id) !== 3) return;
      const job = prepare(trx, true);
      if (job) print(job);
    })();
  }, [direct, succeeded, local_trx_id, store, prepare, print]);

  if (!failed || !direct) return null;
  return (
    <div className="rc-noprint" style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 300 }}>
      <div style={{ position: 'absolute', left: -10000, top: 0 }} aria-hidden>
        <ReceiptPaper ref={paperRef} model={failed.model} paper={direct.paper} />
      </div>
      <PrintFallback
        message={failed.message}
        onBrowserPrint={() => {
          const root = paperRef.current;
          setFailed(null);
          if (root) void printAlone(root, direct.paper);
        }}
      />
    </div>
  );
}
