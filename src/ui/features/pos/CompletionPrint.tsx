// Issue 29: with a direct printer, a completed sale prints its receipt at once (no dialog) and, when the
// device says so and the sale has a cash payment, opens the cash drawer first (ESC p). Printing starts as
// soon as the device has stored the sale as completed, not when the server answers (a receipt that prints
// the server's figures, receiptAwaitsServerAnswer, waits for the answer); nothing waits for the printer: one
// that is off, out of paper or unpaired leaves the message and the browser's print of the same receipt.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PosTransaction } from '../../../domain';
import { isCashPayment } from '../../../domain/payments';
import { receiptDoc } from '../../../domain/printing';
import {
  buildReceipt,
  type ReceiptConfig,
  type ReceiptModel,
  receiptAwaitsServerAnswer,
  receiptConfig,
  receiptMode,
} from '../../../domain/receipt';
import { readTrx } from '../../../projections/selectors';
import { useServices } from '../../app/services';
import { directPrinterOf, printDirect, printFailureMessage } from '../../printing/direct-print';
import { PrintFallback } from '../../printing/PrintFallback';
import { connectPrinter } from '../../printing/transports';
import { printAlone } from '../receipt/print';
import { ReceiptPaper } from '../receipt/ReceiptPaper';
import { usePos } from './context';

/** Whether the completed sale opens the drawer: the device setting and a cash payment. */
export const opensDrawer = (trx: Pick<PosTransaction, 'payments'>, cashDrawer: boolean): boolean =>
  cashDrawer && trx.payments.some(isCashPayment);

export function CompletionPrint() {
  const { cashier, local_trx_id, config, device, separators } = usePos();
  const { store } = useServices();
  const direct = useMemo(() => directPrinterOf(device), [device]);
  const done = useRef(new Set<string>());
  const [failed, setFailed] = useState<{ model: ReceiptModel; message: string } | null>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  const status = cashier.submission.status;
  const succeeded = status === 'succeeded';
  // the sale as stored, watched only while it is being submitted (a direct printer only)
  const watching = !!direct && status === 'submitting' && !!local_trx_id;
  const stored = useLiveQuery(
    () => (watching && local_trx_id ? store.db.transactions.get(local_trx_id) : undefined),
    [watching, local_trx_id, store],
  );
  const recorded =
    !!stored &&
    Number(stored.trx_status_id) === 3 &&
    !receiptAwaitsServerAnswer(stored, receiptConfig(config as ReceiptConfig, stored));
  const ready = succeeded || (watching && recorded);

  // link to the printer while the cashier works, so the receipt goes out as soon as the sale is stored
  useEffect(() => {
    if (direct) void connectPrinter(direct.kind, direct.key).catch(() => undefined);
  }, [direct]);

  useEffect(() => {
    if (!direct || !ready || !local_trx_id || done.current.has(local_trx_id)) return;
    done.current.add(local_trx_id);
    // the bench and the browser test read when printing began (the sale stored)
    performance.mark('serambi:receipt-print');
    void (async () => {
      const trx = await readTrx(store.db, local_trx_id);
      if (!trx) return;
      const model = buildReceipt(trx, receiptConfig(config as ReceiptConfig, trx), {
        mode: receiptMode('print', device.displayMode),
        separators,
      });
      try {
        await printDirect(direct, receiptDoc(model, { logo: !!model.header?.logo }), {
          logoUrl: model.header?.logo,
          drawer: opensDrawer(trx, direct.cashDrawer),
        });
        setFailed(null);
      } catch (e) {
        setFailed({ model, message: printFailureMessage(e) });
      }
    })();
  }, [direct, ready, local_trx_id, store, config, device.displayMode, separators]);

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
