// @vitest-environment jsdom
// Issue 29: a paper's 'Print' button prints on the device's direct printer (no dialog) when it has one. The
// settlement printout in TABLET (its 'Print'), on a fake Web Serial port (navigator.serial injected) that
// records the bytes and answers the paper sensor (DLE EOT 4) as a serial port does: with a Uint8Array.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { SettlementData } from '../../src/domain/settlement';
import type { ShiftRecord } from '../../src/events';
import type { AppServices } from '../../src/ui/app/services';
import { ServicesProvider } from '../../src/ui/app/services';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { SettlementPage } from '../../src/ui/features/settlement/SettlementPage';
import { ShiftHistory } from '../../src/ui/features/shift/ShiftPage';
import { answerBytes, queryPaper, sendToPrinter } from '../../src/ui/printing/transports';
import { decodeEscPos, printedText } from '../domain/printing/escpos-decoder';
import { config } from '../projections/commands/fixtures';
import { button, cleanup, installDomShims, render } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

beforeAll(installDomShims);
afterEach(cleanup);

const waitFor = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 150; i++) {
    if (check()) return;
    await act(async () => new Promise((r) => setTimeout(r, 20)));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A serial port of a USB thermal printer: writes recorded; DLE EOT 4 answered with the roll's state. */
function fakeSerial() {
  const port = {
    written: [] as number[][],
    paperOut: false,
    /** A slow port: each write takes this long before the port has the bytes (0: at once). */
    writeDelay: 0,
    answer: null as ((bytes: Uint8Array) => void) | null,
  };
  const queue: Uint8Array[] = [];
  const readable = {
    getReader: () => ({
      read: async () => {
        const next = queue.shift() ?? (await new Promise<Uint8Array>((r) => (port.answer = r)));
        return { value: next, done: false };
      },
      releaseLock: () => {},
      cancel: async () => {},
      closed: Promise.resolve(),
    }),
  };
  const send = (bytes: Uint8Array) => {
    if (port.answer) {
      const a = port.answer;
      port.answer = null;
      a(bytes);
    } else queue.push(bytes);
  };
  const serialPort = {
    getInfo: () => ({ usbVendorId: 1208, usbProductId: 3605 }),
    open: async () => {},
    close: async () => {},
    readable,
    writable: {
      getWriter: () => ({
        write: async (data: Uint8Array) => {
          if (data.length === 3 && data[0] === 0x10 && data[1] === 0x04 && data[2] === 0x04)
            send(Uint8Array.of(port.paperOut ? 0x72 : 0x12));
          else {
            if (port.writeDelay > 0) await new Promise((r) => setTimeout(r, port.writeDelay));
            port.written.push(Array.from(data));
          }
        },
        releaseLock: () => {},
      }),
    },
  };
  const serial = new EventTarget() as EventTarget & Record<string, unknown>;
  serial.requestPort = async () => serialPort;
  serial.getPorts = async () => [serialPort];
  Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  return port;
}

const item = (id: number, name: string, qty: number, price: number) => ({
  pos_item_id: id,
  pos_item_variant_id: 1,
  item_name: name,
  variant_name: 'Regular',
  qty,
  variant_price: price,
  gross_total_sum: qty * price,
});
const summary = (gross: number) => ({
  drv_gross_total: gross,
  discount_value: 0,
  trx_discount_value: 0,
  drv_tax_value: 0,
  drv_service_charge_value: 0,
  drv_additional_charge_value: 0,
  drv_grand_total: gross,
});
const SETTLEMENT: SettlementData = {
  service_item_summary: [item(1, 'Haircut', 3, 150000)],
  retail_item_summary: [],
  item_summary: [item(1, 'Haircut', 3, 150000)],
  coupon_summary: [],
  top_up_deposit_summary: { trx_count: 0, drv_gross_total: 0 },
  membership_summary: { trx_count: 0, drv_gross_total: 0 },
  account_receivable_summary: { trx_count: 0, drv_gross_total: 0 },
  service_trx_summary: summary(450000),
  retail_trx_summary: summary(0),
  trx_summary: summary(450000),
  payment_summary: [{ payment_method_name: 'Cash', trx_count: 3, payment_after_change_sum: 450000 }],
};

const SHIFT = {
  local_shift_id: 's1',
  status: 'ended',
  pos_shift_id: 9,
  shift_start: '2026-11-20 08:00:00',
  shift_end: '2026-11-20 17:00:00',
  business_id: 1,
  business_user_id: 5,
  business_outlet_id: 2,
  outlet_id: 2,
  cash_start: 500000,
  cash_end_actual: 1250000,
  cash_end_expected: 1250000,
  cashier_name: 'Dewi',
  outlet_name: 'Kemang',
  expenses: [{ key: 'e1', expenseTitle: 'Galon air', expenseAmount: 20000 }],
  trxs: {
    total_amount: 770000,
    drvPaymentMethods: [
      { payment_method_name: 'Cash', table_name: 'cash', table_id: 1, trx_count: 4, trx_amount: 770000 },
    ],
  },
  isSynced: true,
  started_seq: 1,
  ended_seq: 2,
} as unknown as ShiftRecord;

const mount = (printImpl: () => Promise<void>, displayMode: 'TABLET' | 'DESKTOP' = 'TABLET') => {
  const userData = {
    ...config(),
    outlet_id: 1,
    outlet_name: 'Kemang',
    cashier_name: 'Dewi',
  } as unknown as Parameters<typeof sessionView>[0];
  const view = sessionView(userData, {
    device: {
      displayMode,
      printerPaperSize: '6cm',
      decimalSeparator: '.',
      thousandSeparator: ',',
      printerKind: 'serial',
      printerDevice: 'serial:1208:3605',
      printerCodepage: 'auto',
    },
  });
  const services = {
    client: { request: vi.fn(async () => SETTLEMENT), requestEnvelope: vi.fn() },
  } as unknown as AppServices;
  render(
    <Router ssrPath="/settlement/today">
      <ServicesProvider value={services}>
        <SessionContextProvider value={{ view, commands: noCommands }}>
          <SettlementPage settlement_type="today" print={printImpl} />
        </SessionContextProvider>
      </ServicesProvider>
    </Router>,
  );
};

// One port for the file: the page's printer link (module state) outlives a test, as it outlives a page.
let port: ReturnType<typeof fakeSerial>;
beforeAll(() => {
  port = fakeSerial();
});
beforeEach(() => {
  port.paperOut = false;
  port.writeDelay = 0;
  port.written.length = 0;
});

describe('direct printing from a paper’s Print button (issue 29)', () => {
  it("the settlement printout's 'Print' (TABLET) sends ESC/POS to the serial printer, no dialog", async () => {
    const dialog = vi.fn(async () => {});
    mount(dialog);
    await waitFor(() => !!document.querySelector('[data-testid="settlement-paper"]'), 'the paper');
    await act(async () => {
      button('Print')?.click();
    });
    await waitFor(() => port.written.length > 0, 'the bytes');
    const lines = printedText(decodeEscPos(new Uint8Array(port.written.flat())));
    expect(lines.some((l) => l.includes('Haircut'))).toBe(true);
    expect(lines.some((l) => l.includes('450,000'))).toBe(true);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(32);
    expect(dialog).not.toHaveBeenCalled();
  });

  it('a serial printer out of paper says so (its answer is a Uint8Array): nothing sent, the browser print offered', async () => {
    port.paperOut = true;
    const dialog = vi.fn(async () => {});
    mount(dialog);
    await waitFor(() => !!document.querySelector('[data-testid="settlement-paper"]'), 'the paper');
    await act(async () => {
      button('Print')?.click();
    });
    await waitFor(() => !!document.querySelector('[data-testid="print-fallback"]'), 'the message');
    expect(document.querySelector('[data-testid="print-fallback"]')?.textContent).toContain(
      'Kertas printer habis',
    );
    expect(port.written).toHaveLength(0);
    await act(async () => {
      button('Cetak lewat browser')?.click();
    });
    expect(dialog).toHaveBeenCalledTimes(1);
  });

  it("the shift paper's 'Print' (history, print preview) sends ESC/POS to the serial printer, no dialog", async () => {
    const dialog = vi.fn();
    window.print = dialog;
    const view = sessionView({ ...config(), outlet_id: 2 } as unknown as Parameters<typeof sessionView>[0], {
      device: {
        displayMode: 'TABLET',
        printerPaperSize: '8cm',
        decimalSeparator: ',',
        thousandSeparator: '.',
        printerKind: 'serial',
        printerDevice: 'serial:1208:3605',
      },
    });
    render(
      <SessionContextProvider value={{ view, commands: noCommands }}>
        <ShiftHistory
          history={[SHIFT]}
          separators={{ decimalSeparator: ',', thousandSeparator: '.' }}
          paper="8cm"
        />
      </SessionContextProvider>,
    );
    await act(async () => {
      button('Print Preview')?.click();
    });
    await waitFor(() => !!button('Print'), 'the preview');
    await act(async () => {
      button('Print')?.click();
    });
    await waitFor(() => port.written.length > 0, 'the bytes');
    const lines = printedText(decodeEscPos(new Uint8Array(port.written.flat())));
    expect(lines.some((l) => l.includes('Galon air'))).toBe(true);
    expect(lines.some((l) => l.includes('Dewi'))).toBe(true);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(48);
    expect(dialog).not.toHaveBeenCalled();
  });

  it("reads a printer's answer from WebUSB's DataView and Web Serial's Uint8Array alike", async () => {
    expect(Array.from(answerBytes(new DataView(Uint8Array.of(9, 0x12, 7).buffer, 1, 1)))).toEqual([0x12]);
    expect(Array.from(answerBytes(Uint8Array.of(0x72)))).toEqual([0x72]);
    port.paperOut = true;
    expect(await queryPaper('serial', 'serial:1208:3605')).toBe('end');
  });

  it('a slow serial port: print() resolves only once the port has taken every byte', async () => {
    port.writeDelay = 60;
    const bytes = Uint8Array.from({ length: 700 }, (_, i) => 0x20 + (i % 90));
    await sendToPrinter('serial', 'serial:1208:3605', bytes);
    expect(port.written.flat()).toEqual(Array.from(bytes));
    // two prints at once take turns on the port's one writer, each whole
    await Promise.all([
      sendToPrinter('serial', 'serial:1208:3605', bytes.subarray(0, 10)),
      sendToPrinter('serial', 'serial:1208:3605', bytes.subarray(10, 20)),
    ]);
    expect(port.written.slice(-2)).toEqual([
      Array.from(bytes.subarray(0, 10)),
      Array.from(bytes.subarray(10, 20)),
    ]);
  });

  it('DESKTOP: the settlement page closes itself only after a slow serial port has every byte', async () => {
    port.writeDelay = 120;
    const writtenAtClose: number[] = [];
    const close = vi.spyOn(window, 'close').mockImplementation(() => {
      writtenAtClose.push(port.written.length);
    });
    try {
      mount(
        vi.fn(async () => {}),
        'DESKTOP',
      );
      await waitFor(() => close.mock.calls.length > 0, 'the page to close itself');
      // whatever the port was still writing would be cut off by the closing window
      await act(async () => new Promise((r) => setTimeout(r, 400)));
      expect(port.written.length).toBeGreaterThan(0);
      expect(writtenAtClose).toEqual([port.written.length]);
      const lines = printedText(decodeEscPos(new Uint8Array(port.written.flat())));
      expect(lines.some((l) => l.includes('Haircut'))).toBe(true);
    } finally {
      close.mockRestore();
    }
  });
});
