// /trx-history/{local_trx_id} (002 §2.10): the stored transaction from the server (synced first by the
// route's SyncFirst), its receipt marked 'THIS IS A COPY'; in DESKTOP mode printed after 500 ms, then the
// window closes (ReceiptScreen's auto-print, the receipt page's logic).
import { Center, Loader, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import type { StoredTrxResponse } from '../../../api/contract/receipt';
import { createHistoryApi, type HistoryApi } from '../../../api/history';
import { copyReceiptMode, receiptConfig } from '../../../domain/receipt';
import { RECEIPT_TEXTS } from '../../../domain/texts/receipt';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import type { PaperSize } from '../receipt/print';
import { ReceiptScreen } from '../receipt/ReceiptScreen';
import { useReceiptEnv } from '../receipt/use-receipt-env';
import { useStoredTrx } from '../receipt/use-stored-trx';

const notifyError = (message: string) => notify('error', message);

export function HistoryCopyPage({
  local_trx_id,
  api: given,
  print,
}: {
  local_trx_id: string;
  api?: HistoryApi;
  print?: (root: HTMLElement, paper: PaperSize) => Promise<void>;
}) {
  const { client } = useServices();
  const api = useMemo(() => given ?? createHistoryApi(client), [given, client]);
  const env = useReceiptEnv();
  const load = useCallback((id: string) => api.transaction(id), [api]);
  const trx = useStoredTrx<StoredTrxResponse>(load, local_trx_id, notifyError);
  const mode = useMemo(() => copyReceiptMode(env.displayMode), [env.displayMode]);
  const config = useMemo(
    () => (typeof trx === 'object' ? receiptConfig(env.config, trx) : env.config),
    [env.config, trx],
  );
  if (typeof trx !== 'object')
    return (
      <Center h="100dvh" data-testid="history-copy-loading">
        {trx === 'failed' ? (
          <Text>{RECEIPT_TEXTS.loadFailed}</Text>
        ) : (
          <Loader aria-label={RECEIPT_TEXTS.loading} />
        )}
      </Center>
    );
  return (
    <ReceiptScreen
      trx={trx}
      config={config}
      mode={mode}
      paper={env.paper}
      isTablet={env.isTablet}
      separators={env.separators}
      onClose={env.close}
      onBack={() => window.history.back()}
      print={print}
      direct={env.direct}
    />
  );
}
