// Step 3 – payment (000 §2): left the customer, the transaction summary and 'Notes:'; right the
// payment area and the actions. 'Selesai' opens the NFC modal first when needsNfcScan says so.
import { Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { type PosTransaction, priceTransaction } from '../../../../domain';
import { PAYMENT_TEXTS } from '../../../../domain/texts/cashier';
import { needsNfcScan } from '../../../../machines/cashier';
import { GRID_BUTTON } from '../../../components/buttons';
import { summaryRows } from '../cart/lines';
import { usePos } from '../context';
import { CustomerPanel } from '../customer';
import { allowed } from '../frame/access';
import { Split } from '../frame/Split';
import { itemModalActions } from '../item-modal';
import { NfcModal } from './NfcModal';
import { PaymentArea } from './PaymentArea';
import { isWorkersMissingRefusal, WorkersMissingList } from './WorkersMissing';

const itemModal = itemModalActions();

export const STEP3_ACTIONS = {
  back: 'Kembali',
  orderList: 'Order List',
  unprinted: 'Unprinted Order',
  preSettlement: 'Pre-Settlement',
  submit: 'Selesai',
} as const;

export function TrxSummary({ trx }: { trx: PosTransaction }) {
  const { config, separators } = usePos();
  const rows = useMemo(
    () => summaryRows(trx, priceTransaction(trx, config), config, separators),
    [trx, config, separators],
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="trx-summary">
      <Stack gap={4}>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" wrap="nowrap">
            <Text
              size={row.kind === 'amount' && row.strong ? 'lg' : 'sm'}
              fw={row.kind === 'amount' && row.strong ? 700 : 400}
            >
              {row.label}
            </Text>
            <Text
              size={row.kind === 'amount' && row.strong ? 'lg' : 'sm'}
              fw={row.kind === 'amount' && row.strong ? 700 : 500}
            >
              {row.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export function Step3() {
  const { trx, config, cashier, commands } = usePos();
  const [nfcOpen, setNfcOpen] = useState(false);
  // Issue 29 ('Selesai' → paper): the submission is planned while this step is on screen, after every
  // change of the sale; 'Selesai' then commits that plan when nothing was recorded since (else plans anew)
  const pendingTrx = trx && Number(trx.trx_status_id) === 2 ? trx : null;
  useEffect(() => {
    if (pendingTrx) commands.prepareSubmit?.(pendingTrx.local_trx_id).catch(() => {});
  }, [pendingTrx, commands]);
  if (!trx) return null;
  const send = cashier.send;
  const busy = cashier.busy;
  const submit = () => {
    if (needsNfcScan(trx, config)) setNfcOpen(true);
    else send({ type: 'submit' });
  };
  return (
    <>
      <Split
        ratio={[5, 7]}
        left={
          <ScrollArea h="100%" type="auto" scrollbarSize={6}>
            <Stack gap="sm">
              <CustomerPanel />
              <TrxSummary trx={trx} />
              <Paper withBorder radius="md" p="sm">
                <Text fw={600} size="sm">
                  {PAYMENT_TEXTS.notes}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {trx.trx_notes?.trim() ? trx.trx_notes : '-'}
                </Text>
              </Paper>
            </Stack>
          </ScrollArea>
        }
        right={
          <>
            <ScrollArea style={{ flex: 1 }} type="auto" scrollbarSize={6}>
              <PaymentArea trx={trx} />
            </ScrollArea>
            {cashier.submission.status === 'failed' && isWorkersMissingRefusal(cashier.submission.message) ? (
              <WorkersMissingList trx={trx} config={config} onOpen={itemModal.open} />
            ) : null}
            <Stack gap="xs" pt="sm" data-testid="step3-actions">
              <SimpleGrid cols={4} spacing="xs">
                <Button
                  {...GRID_BUTTON}
                  variant="default"
                  onClick={() => send({ type: 'step.back' })}
                  disabled={busy}
                >
                  {STEP3_ACTIONS.back}
                </Button>
                <Button
                  {...GRID_BUTTON}
                  variant="light"
                  onClick={() => send({ type: 'preview.open', kind: 'order-preview' })}
                  disabled={busy}
                >
                  {STEP3_ACTIONS.orderList}
                </Button>
                <Button
                  {...GRID_BUTTON}
                  variant="light"
                  onClick={() => send({ type: 'preview.open', kind: 'order-preview-unprinted' })}
                  disabled={busy}
                >
                  {STEP3_ACTIONS.unprinted}
                </Button>
                {allowed(config, 'PRE_SETTLEMENT') && (
                  <Button
                    {...GRID_BUTTON}
                    variant="light"
                    onClick={() => send({ type: 'preview.open', kind: 'pre-settlement' })}
                    disabled={busy}
                  >
                    {STEP3_ACTIONS.preSettlement}
                  </Button>
                )}
              </SimpleGrid>
              {allowed(config, 'SHOW_SUBMIT_TRX_BUTTON') && (
                <Button
                  size="lg"
                  fullWidth
                  color="teal"
                  onClick={submit}
                  loading={cashier.submission.status === 'submitting'}
                  disabled={busy}
                >
                  {STEP3_ACTIONS.submit}
                </Button>
              )}
            </Stack>
          </>
        }
      />
      <NfcModal
        opened={nfcOpen}
        onCancel={() => setNfcOpen(false)}
        onScanned={(code) => {
          setNfcOpen(false);
          send({ type: 'submit', nfc_code: code });
        }}
      />
    </>
  );
}
