// pos/receipt/{local_trx_id}/{modifier} (000 §2 "Printed receipt page"): the transaction from this
// device's read model, else the server's stored copy; printing marks last_printed_at through the
// cashier commands (trx.printed in the event log).
import { Center, Loader, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo } from 'react';
import type { PosTransaction } from '../../../domain';
import { receiptConfig, receiptMode } from '../../../domain/receipt';
import { RECEIPT_TEXTS } from '../../../domain/texts/receipt';
import { readTrx } from '../../../projections/selectors';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { ReceiptScreen } from './ReceiptScreen';
import { createReceiptApi } from './receipt-api';
import { useReceiptCommands } from './use-receipt-commands';
import { useReceiptEnv } from './use-receipt-env';
import { useStoredTrx } from './use-stored-trx';

const now = () => new Date();
const notifyError = (message: string) => notify('error', message);

export function ReceiptPage({ local_trx_id, modifier }: { local_trx_id: string; modifier: string }) {
  const { store, client } = useServices();
  const env = useReceiptEnv();
  // undefined: still reading; null: not on this device.
  const local = useLiveQuery(
    async () => (await readTrx(store.db, local_trx_id)) ?? null,
    [store, local_trx_id],
  );
  // not on this device: the server's stored copy
  const loadRemote = useMemo(() => {
    const api = createReceiptApi(client);
    return (id: string) => api.transaction(id);
  }, [client]);
  const remote = useStoredTrx<PosTransaction>(local === null ? loadRemote : null, local_trx_id, notifyError);

  const posConfig = env.posConfig;
  const commands = useReceiptCommands(posConfig);
  const onPrinted = useCallback(async () => {
    if (!local || !commands) return;
    const result = await commands.markPrinted(local_trx_id);
    if (!result.ok) notify('error', result.message);
  }, [local, commands, local_trx_id]);

  const trx = local ?? (typeof remote === 'object' ? remote : null);
  const mode = useMemo(() => receiptMode(modifier, env.displayMode), [modifier, env.displayMode]);
  const config = useMemo(() => (trx ? receiptConfig(env.config, trx) : env.config), [env.config, trx]);

  if (!trx)
    return (
      <Center h="100dvh">{remote === 'failed' ? <Text>{RECEIPT_TEXTS.loadFailed}</Text> : <Loader />}</Center>
    );
  return (
    <ReceiptScreen
      trx={trx}
      config={config}
      mode={mode}
      paper={env.paper}
      isTablet={env.isTablet}
      separators={env.separators}
      now={now}
      onPrinted={onPrinted}
      direct={env.direct}
      onBack={env.back}
      onClose={env.close}
    />
  );
}
