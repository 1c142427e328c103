// /receipt/{receipt_token} (000 §2 "Public receipt"): no sign-in; the sale as a legitimate printable
// receipt with its own cashier_configs; 'Loading receipt, please wait..' then the receipt, or
// 'Failed to load receipt, please try again.'
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { PosTransaction } from '../../../domain';
import { publicReceiptMode, RECEIPT_TEXTS, type ReceiptConfig } from '../../../domain/receipt';
import { useSession } from '../../app/session-context';
import { ReceiptScreen } from './ReceiptScreen';
import { publicReceiptApi, type ReceiptApi } from './receipt-api';

export function PublicReceiptPage({ receipt_token, api }: { receipt_token: string; api?: ReceiptApi }) {
  const { view } = useSession();
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
  const d = view.device;
  if (state === 'loading' || state === 'failed')
    return (
      <Center h="100dvh" p="md">
        <Stack align="center">
          {state === 'loading' ? <Loader /> : null}
          <Text ta="center" data-testid="public-receipt-status">
            {state === 'loading' ? RECEIPT_TEXTS.loading : RECEIPT_TEXTS.loadFailed}
          </Text>
        </Stack>
      </Center>
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
