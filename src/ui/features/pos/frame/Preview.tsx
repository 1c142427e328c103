// Steps 5, 6, 7 (000 §2): the print previews pre-settlement, order-preview, order-preview-unprinted.
// The printable receipt itself is the receipts issue's page (pos/receipt/{id}/{modifier}); here the
// cashier opens it, marks the details printed, or goes back to step 3.
import { Button, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { type PreviewKind, receiptPath } from '../../../../machines/cashier';
import { usePos } from '../context';

export const PREVIEW_TITLES: Record<PreviewKind, string> = {
  'pre-settlement': 'Pre-Settlement',
  'order-preview': 'Order List',
  'order-preview-unprinted': 'Unprinted Order',
};

export function Preview() {
  const { cashier, local_trx_id } = usePos();
  const [, navigate] = useLocation();
  const kind = cashier.preview ?? 'pre-settlement';
  return (
    <Center h="100%">
      <Paper withBorder radius="lg" p="xl" w={520} maw="100%">
        <Stack gap="md" align="center">
          <Title order={3}>{PREVIEW_TITLES[kind]}</Title>
          <Button
            size="lg"
            variant="light"
            fullWidth
            disabled={!local_trx_id}
            onClick={() => local_trx_id && navigate(receiptPath(local_trx_id, kind))}
          >
            Lihat
          </Button>
          <Group grow w="100%">
            <Button size="lg" variant="default" onClick={() => cashier.send({ type: 'preview.close' })}>
              Kembali
            </Button>
            <Button
              size="lg"
              loading={cashier.busy}
              onClick={() => cashier.send({ type: 'preview.printed' })}
            >
              Cetak
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
