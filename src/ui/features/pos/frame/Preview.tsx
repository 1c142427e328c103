// Steps 5, 6, 7 (000 §2): the print previews pre-settlement, order-preview, order-preview-unprinted —
// the receipt in that mode (the last two with workers and sellers), 'Cetak' prints it and only then
// marks the details printed; 'Kembali' returns to step 3.
import { Box, Button, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../../api/http';
import { receiptDoc } from '../../../../domain/printing';
import { buildReceipt, type ReceiptConfig, receiptConfig, receiptMode } from '../../../../domain/receipt';
import type { PreviewKind } from '../../../../machines/cashier';
import { directPrinterOf } from '../../../printing/direct-print';
import { usePaperPrint } from '../../../printing/use-paper-print';
import { type PaperSize, printAlone } from '../../receipt/print';
import { ReceiptPaper } from '../../receipt/ReceiptPaper';
import { usePos } from '../context';

export const PREVIEW_TITLES: Record<PreviewKind, string> = {
  'pre-settlement': 'Pre-Settlement',
  'order-preview': 'Order List',
  'order-preview-unprinted': 'Unprinted Order',
};

export interface PreviewProps {
  /** Prints the paper (tests replace it); resolves once printed, throws when it could not print. */
  print?: (root: HTMLElement, paper: PaperSize) => Promise<void>;
}

export function Preview({ print = printAlone }: PreviewProps) {
  const { cashier, trx, config, device, separators, now, notify } = usePos();
  const kind = cashier.preview ?? 'pre-settlement';
  const paper: PaperSize = device.printerPaperSize === '6cm' ? '6cm' : '8cm';
  const ref = useRef<HTMLDivElement>(null);
  const [printing, setPrinting] = useState(false);
  const model = useMemo(
    () =>
      trx
        ? buildReceipt(trx, receiptConfig(config as ReceiptConfig, trx), {
            mode: receiptMode(kind, device.displayMode),
            separators,
            now: now(),
          })
        : null,
    [trx, config, kind, device.displayMode, separators, now],
  );

  // issue 29: 'Cetak' prints on the device's direct printer when it has one (no dialog)
  const direct = useMemo(() => directPrinterOf(device), [device]);
  const browserPrint = async () => {
    if (!ref.current) return;
    await print(ref.current, paper);
    cashier.send({ type: 'preview.printed' });
  };
  const paperPrint = usePaperPrint(direct, async () => {
    try {
      await browserPrint();
    } catch (e) {
      notify('error', errorMessage(e));
    }
  });

  const onPrint = async () => {
    if (!ref.current || !model) return;
    setPrinting(true);
    try {
      if (direct) {
        const printed = await paperPrint.print(() => receiptDoc(model, { logo: !!model.header?.logo }), {
          logoUrl: model.header?.logo,
        });
        if (printed) cashier.send({ type: 'preview.printed' });
      } else await browserPrint();
    } catch (e) {
      // Nothing printed: the lines stay unprinted.
      notify('error', errorMessage(e));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Center h="100%" p="md">
      <Paper withBorder radius="lg" p="lg" w={560} maw="100%" mah="100%" style={{ display: 'flex' }}>
        <Stack gap="md" w="100%" mih={0}>
          <Title order={3} ta="center">
            {PREVIEW_TITLES[kind]}
          </Title>
          <Box style={{ overflow: 'auto', flex: '1 1 auto', minHeight: 0 }} bg="gray.1" p="sm">
            {model ? <ReceiptPaper ref={ref} model={model} paper={paper} /> : null}
          </Box>
          {paperPrint.fallback}
          <Group grow w="100%">
            <Button size="lg" variant="default" onClick={() => cashier.send({ type: 'preview.close' })}>
              Kembali
            </Button>
            <Button
              size="lg"
              loading={printing || cashier.busy}
              disabled={!model}
              onClick={() => void onPrint()}
            >
              Cetak
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
