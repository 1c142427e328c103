// /receipt/{receipt_token} (000 §2 "Public receipt"): no sign-in; the sale as a legitimate printable
// receipt with its own cashier_configs; 'Loading receipt, please wait..' then the receipt, or
// 'Failed to load receipt, please try again.'
import { useEffect, useMemo, useState } from 'react';
import type { PosTransaction } from '../../../domain';
import { publicReceiptMode, type ReceiptConfig } from '../../../domain/receipt';
import { RECEIPT_TEXTS } from '../../../domain/texts/receipt';
import { DEFAULT_DEVICE, type DeviceSettings } from '../../app/session-context';
import { RECEIPT_HEADING, ReceiptScreen } from './ReceiptScreen';
import { receiptCss } from './receipt.css';
import { publicReceiptApi, type ReceiptApi } from './receipt-api';

/**
 * Loaded by the light entry (src/ui/receipt-main.tsx) on a customer's phone: nothing here may open the
 * cashier's storage or session, so the device settings come as a prop (defaults without a session).
 */
export function PublicReceiptPage({
  receipt_token,
  api,
  device = DEFAULT_DEVICE,
}: {
  receipt_token: string;
  api?: ReceiptApi;
  device?: DeviceSettings;
}) {
  const [state, setState] = useState<{ trx: PosTransaction; config: ReceiptConfig } | 'loading' | 'failed'>(
    'loading',
  );
  useEffect(() => {
    let live = true;
    setState('loading');
    (api ?? publicReceiptApi())
      .publicReceipt(receipt_token)
      .then((t) => live && setState(t ? { trx: t, config: t.cashier_configs as ReceiptConfig } : 'failed'))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [api, receipt_token]);
  const mode = useMemo(() => publicReceiptMode(), []);
  const d = device;
  if (state === 'loading' || state === 'failed')
    return (
      <main className="rc-status" aria-busy={state === 'loading'}>
        <style>{receiptCss}</style>
        <h1 className="rc-visually-hidden">{RECEIPT_HEADING}</h1>
        <p data-testid="public-receipt-status">
          {state === 'loading' ? RECEIPT_TEXTS.loading : RECEIPT_TEXTS.loadFailed}
        </p>
      </main>
    );
  return (
    <ReceiptScreen
      trx={state.trx}
      config={state.config}
      mode={mode}
      paper={d.printerPaperSize === '6cm' ? '6cm' : '8cm'}
      isTablet={false}
      separators={{ decimalSeparator: d.decimalSeparator, thousandSeparator: d.thousandSeparator }}
      buttons="print"
    />
  );
}
