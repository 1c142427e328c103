// Step 4 – done (000 §2): the change, 'Transaksi berhasil dilakukan!', 'Lihat Struk', back to the
// lists; the submission's success dialog (online / offline, 000 §4) over it until dismissed.
// The digital receipt fields show when pos_print_digital_invoice = 1 (the receipts' own component).
import { Button, Center, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { formatCurrency, paymentStatus } from '../../../../domain';
import { receiptPath } from '../../../../machines/cashier';
import { DigitalReceiptForm } from '../../receipt';
import { usePos } from '../context';
import { showsDoneText } from '../step3/model';

export const STEP4_TEXTS = {
  change: 'Uang Kembalian',
  done: 'Transaksi berhasil dilakukan!',
  receipt: 'Lihat Struk',
  back: 'Kembali ke Daftar Transaksi',
} as const;

export function Step4() {
  const { trx, local_trx_id, config, separators, cashier } = usePos();
  const [, navigate] = useLocation();
  const status = trx ? paymentStatus(trx.drv_grand_total ?? 0, trx.payments) : null;
  const message = cashier.submission.message;
  return (
    <Center h="100%">
      <Paper withBorder radius="lg" p="xl" w={520} maw="100%">
        <Stack align="center" gap="md">
          {status && status.remaining < 0 && (
            <Stack gap={0} align="center" data-testid="step4-change">
              <Text size="lg">{STEP4_TEXTS.change}</Text>
              <Title order={1}>{formatCurrency(-status.remaining, config.currency_code, separators)}</Title>
            </Stack>
          )}
          {trx && showsDoneText(trx) && (
            <Title order={3} ta="center">
              {STEP4_TEXTS.done}
            </Title>
          )}
          <Button
            size="lg"
            variant="light"
            fullWidth
            disabled={!local_trx_id}
            onClick={() => local_trx_id && navigate(receiptPath(local_trx_id, 'view'))}
          >
            {STEP4_TEXTS.receipt}
          </Button>
          {local_trx_id && Number(config.pos_print_digital_invoice) === 1 && (
            <DigitalReceiptForm local_trx_id={local_trx_id} customer={trx?.customer ?? null} />
          )}
          <Button size="lg" fullWidth onClick={() => cashier.send({ type: 'done' })}>
            {STEP4_TEXTS.back}
          </Button>
        </Stack>
      </Paper>
      <Modal
        opened={!!message && cashier.submission.status === 'succeeded'}
        onClose={() => cashier.send({ type: 'submission.dismiss' })}
        centered
        withCloseButton={false}
      >
        <Stack align="center" gap="md" py="sm">
          <Text ta="center" fw={600} data-testid="submission-message">
            {message}
          </Text>
          <Button size="md" onClick={() => cashier.send({ type: 'submission.dismiss' })}>
            OK
          </Button>
        </Stack>
      </Modal>
    </Center>
  );
}
