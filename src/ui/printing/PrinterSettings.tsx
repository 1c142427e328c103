// Home's device settings, the printer part (issue 29): the browser's print (the default) or a direct
// printer over WebUSB, Web Serial or Web Bluetooth, paired from here; its code page, the cash drawer and a
// test print. The APIs exist only in a secure context and in some browsers: what is missing is said.
import { Alert, Button, Group, Select, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { PRINTER_CODEPAGES, testPrintDoc } from '../../domain/printing';
import { PRINTING_TEXTS as T } from '../../domain/texts/printing';
import type { DeviceSettings } from '../app/session-context';
import { notify } from '../components/feedback';
import { directPrinterOf, printDirect } from './direct-print';
import { type PrinterKind, pairPrinter, transportSupported } from './transports';

const KINDS: PrinterKind[] = ['usb', 'serial', 'bluetooth'];

export function PrinterSettings({
  device,
  onChange,
}: {
  device: DeviceSettings;
  onChange: (patch: Partial<DeviceSettings>) => void;
}) {
  const kind = device.printerKind ?? 'browser';
  const [busy, setBusy] = useState<'pair' | 'test' | null>(null);
  const supported = KINDS.filter(transportSupported);
  const direct = directPrinterOf(device);
  const samePaired = direct && device.printerDevice?.startsWith(`${kind}:`);

  const pair = async (k: PrinterKind) => {
    setBusy('pair');
    try {
      const key = await pairPrinter(k);
      if (key) onChange({ printerKind: k, printerDevice: key });
    } catch {
      notify('error', T.failed);
    } finally {
      setBusy(null);
    }
  };
  const test = async () => {
    if (!direct) return;
    setBusy('test');
    try {
      await printDirect(direct, testPrintDoc(T.testLine, direct.paper, direct.codepage));
      notify('success', T.testOk);
    } catch {
      notify('error', T.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Select
        size="md"
        label={T.printer}
        value={kind}
        allowDeselect={false}
        data-testid="printer-kind"
        onChange={(v) =>
          onChange({ printerKind: (v ?? 'browser') as DeviceSettings['printerKind'], printerDevice: '' })
        }
        data={[
          { value: 'browser', label: T.browser },
          ...KINDS.map((k) => ({ value: k, label: T[k], disabled: !transportSupported(k) })),
        ]}
      />
      {supported.length === 0 ? (
        <Alert color="yellow" data-testid="printer-unsupported">
          {T.unsupported}
        </Alert>
      ) : null}
      {direct ? (
        <>
          {transportSupported(direct.kind) ? null : <Alert color="yellow">{T.kindUnsupported}</Alert>}
          <Text size="sm" data-testid="printer-paired">
            {samePaired ? `${T.paired}: ${device.printerDevice}` : T.notPaired}
          </Text>
          <Group>
            <Button
              size="md"
              variant="light"
              loading={busy === 'pair'}
              disabled={!transportSupported(direct.kind)}
              onClick={() => void pair(direct.kind)}
            >
              {T.pair}
            </Button>
            <Button
              size="md"
              variant="outline"
              loading={busy === 'test'}
              disabled={!samePaired}
              onClick={() => void test()}
            >
              {T.testPrint}
            </Button>
          </Group>
          <Select
            size="md"
            label={T.codepage}
            value={direct.codepage}
            allowDeselect={false}
            onChange={(v) => onChange({ printerCodepage: v ?? 'auto' })}
            data={PRINTER_CODEPAGES.map((c) => ({ value: c, label: c }))}
          />
          <Switch
            size="md"
            label={T.drawer}
            checked={direct.cashDrawer}
            onChange={(e) => onChange({ cashDrawer: e.currentTarget.checked })}
          />
        </>
      ) : null}
    </>
  );
}
