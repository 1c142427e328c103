// pos/receipt/{local_trx_id}/{modifier} (000 §2 "Printed receipt page"): the transaction from this
// device's read model, else the server's stored copy; printing marks last_printed_at through the
// cashier commands (trx.printed in the event log).
import { Center, Loader, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/http';
import type { PosTransaction } from '../../../domain';
import { RECEIPT_TEXTS, receiptConfig, receiptMode } from '../../../domain/receipt';
import { readTrx } from '../../../projections/selectors';
import { useServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { ReceiptScreen } from './ReceiptScreen';
import { createReceiptApi } from './receipt-api';
import { useReceiptCommands } from './use-receipt-commands';
import { useReceiptEnv } from './use-receipt-env';

const now = () => new Date();

export function ReceiptPage({ local_trx_id, modifier }: { local_trx_id: string; modifier: string }) {
  const { store, client } = useServices();
  const env = useReceiptEnv();
  // undefined: still reading; null: not on this device.
  const local = useLiveQuery(
    async () => (await readTrx(store.db, local_trx_id)) ?? null,
    [store, local_trx_id],
  );
  const [remote, setRemote] = useState<PosTransaction | 'failed' | null>(null);
  useEffect(() => {
    if (local !== null) return;
    let live = true;
    createReceiptApi(client)
      .transaction(local_trx_id)
      .then((t) => live && setRemote(t))
      .catch((e: unknown) => {
        if (!live) return;
        setRemote('failed');
        notify('error', errorMessage(e));
      });
    return () => {
      live = false;
    };
  }, [local, client, local_trx_id]);

  const posConfig = env.posConfig;
  const commands = useReceiptCommands(posConfig);
  const onPrinted = useCallback(async () => {
    if (!local || !commands) return;
    const result = await commands.markPrinted(local_trx_id);
    if (!result.ok) notify('error', result.message);
  }, [local, commands, local_trx_id]);

  const trx = local ?? (remote && remote !== 'failed' ? remote : null);
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
      onBack={env.back}
      onClose={env.close}
    />
  );
}
