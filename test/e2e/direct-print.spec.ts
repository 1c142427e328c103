// Issue 29, in the browser: a fake WebUSB printer (navigator.usb injected before the app loads) records
// every byte. Home pairs it (Device Settings, axe at the till and tablet sizes); a cash sale completed at
// Kemang prints its receipt and opens the drawer with no print dialog; the time from 'Selesai' to the last
// byte is measured (plain and with the CPU throttled 4×); an unplugged printer shows the message and the
// browser's print, and the sale is completed all the same. The decoded receipt is drawn as the printer
// would (monospace, 576 dots) beside the on-screen paper. A fake Web Serial printer (navigator.serial)
// prints a sale and the settlement printout, each without a dialog.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeEscPos, printedText } from '../domain/printing/escpos-decoder';
import { drawPicture } from '../domain/printing/escpos-picture';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { ARTIFACTS, screenshot } from './harness';

const e2e = e2eFixture();

/**
 * The fake printer: an Epson-like USB device whose transferOut records the bytes and the time, and whose
 * IN endpoint answers DLE EOT 4 (the paper sensor) with the roll's state: 0x12 loaded, 0x72 run out.
 */
function fakeUsb() {
  const w = window as unknown as Record<string, unknown>;
  const record = {
    chunks: [] as number[][],
    times: [] as number[],
    dialogs: 0,
    selesai: 0,
    plugged: true,
    paperOut: false,
    queries: 0,
  };
  w.__printer = record;
  window.print = () => {
    record.dialogs++;
  };
  document.addEventListener(
    'click',
    (e) => {
      const b = (e.target as HTMLElement).closest('button');
      if (b?.textContent?.trim() === 'Selesai') record.selesai = performance.now();
    },
    true,
  );
  const out = { direction: 'out', endpointNumber: 1 };
  const inEp = { direction: 'in', endpointNumber: 2 };
  const g = globalThis as unknown as Record<string, unknown>;
  if (typeof g.USBInTransferResult !== 'function')
    g.USBInTransferResult = class {
      constructor(
        readonly status: string,
        readonly data: DataView,
      ) {}
    };
  const Result = g.USBInTransferResult as new (status: string, data: DataView) => unknown;
  let answer: ((byte: number) => void) | null = null;
  const pending: number[] = [];
  const device = {
    vendorId: 1208,
    productId: 3605,
    serialNumber: 'FAKE-TM-T82',
    manufacturerName: 'EPSON',
    productName: 'TM-T82 (fake)',
    configuration: { interfaces: [{ interfaceNumber: 0, alternate: { endpoints: [out, inEp] } }] },
    open: async () => {
      if (!record.plugged) throw new Error('NetworkError: device unavailable');
    },
    selectConfiguration: async () => {},
    claimInterface: async () => {},
    reset: async () => {},
    close: async () => {},
    transferIn: async () => {
      const byte = pending.shift() ?? (await new Promise<number>((r) => (answer = r)));
      return new Result('ok', new DataView(Uint8Array.of(byte).buffer));
    },
    transferOut: async (_ep: number, data: Uint8Array) => {
      if (!record.plugged) throw new Error('NetworkError: device unavailable');
      if (data.length === 3 && data[0] === 0x10 && data[1] === 0x04 && data[2] === 0x04) {
        record.queries++;
        const byte = record.paperOut ? 0x72 : 0x12;
        if (answer) {
          const a = answer;
          answer = null;
          a(byte);
        } else pending.push(byte);
        return { status: 'ok', bytesWritten: 3 };
      }
      record.chunks.push(Array.from(data));
      record.times.push(performance.now());
      return { status: 'ok', bytesWritten: data.length };
    },
  };
  const usb = new EventTarget() as EventTarget & Record<string, unknown>;
  usb.requestDevice = async () => device;
  usb.getDevices = async () => (record.plugged ? [device] : []);
  w.__unplug = () => {
    record.plugged = false;
    const ev = new Event('disconnect') as Event & { device?: unknown };
    ev.device = device;
    usb.dispatchEvent(ev);
  };
  Object.defineProperty(navigator, 'usb', { value: usb, configurable: true });
}

/**
 * A fake Web Serial port of the same printer (navigator.serial injected): its writable stream records the
 * bytes in the same record as the USB fake; DLE EOT 4 is answered on its readable stream as a serial port
 * does, with a Uint8Array chunk.
 */
function fakeSerial() {
  const w = window as unknown as Record<string, unknown>;
  const record = {
    chunks: [] as number[][],
    times: [] as number[],
    dialogs: 0,
    selesai: 0,
    paperOut: false,
    queries: 0,
  };
  w.__printer = record;
  // also told to the test (exposed functions outlive a page that closes itself after printing)
  const tell = (name: string, ...args: unknown[]) =>
    (w[name] as ((...a: unknown[]) => void) | undefined)?.(...args);
  window.print = () => {
    record.dialogs++;
    tell('__printDialog');
  };
  document.addEventListener(
    'click',
    (e) => {
      const b = (e.target as HTMLElement).closest('button');
      if (b?.textContent?.trim() === 'Selesai') record.selesai = performance.now();
    },
    true,
  );
  let answer: ReadableStreamDefaultController<Uint8Array> | null = null;
  const port = {
    getInfo: () => ({ usbVendorId: 1208, usbProductId: 3605 }),
    open: async () => {},
    close: async () => {},
    readable: new ReadableStream<Uint8Array>({
      start(c) {
        answer = c;
      },
    }),
    writable: new WritableStream<Uint8Array>({
      write(data) {
        if (data.length === 3 && data[0] === 0x10 && data[1] === 0x04 && data[2] === 0x04) {
          record.queries++;
          answer?.enqueue(Uint8Array.of(record.paperOut ? 0x72 : 0x12));
          return;
        }
        record.chunks.push(Array.from(data));
        record.times.push(performance.now());
        tell('__serialWrite', Array.from(data));
      },
    }),
  };
  const serial = new EventTarget() as EventTarget & Record<string, unknown>;
  serial.requestPort = async () => port;
  serial.getPorts = async () => [port];
  Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });
}

interface Record_ {
  chunks: number[][];
  times: number[];
  dialogs: number;
  selesai: number;
  paperOut: boolean;
  queries: number;
}
const record = (page: Page) =>
  page.evaluate(() => (window as unknown as { __printer: Record_ }).__printer) as Promise<Record_>;

/** A cash sale: item, Cash, Selesai; waits for the bytes; answers them and Selesai → last byte (ms). */
// services of Kemang that need no stock out before 'Selesai' (000 §2 'Ada item yang belum dikeluarkan stoknya.')
const LINE_ITEMS = [
  'Potong Rambut Wanita',
  'Potong Rambut Pria',
  'Potong Rambut Anak',
  'Creambath',
  'Hair Spa',
  'Hair Mask',
  'Facial Basic',
  'Facial Brightening',
  'Facial Acne',
  'Facial Anti Aging',
  'Hair Perming',
  'Sanggul & Hair Do',
  'Hair Tonic Treatment',
  'Catok & Curly Styling',
  'Totok Wajah',
  'Body Scrub',
  'Refleksi Kaki',
  'Waxing',
  'Eyelash Extension',
  'Totok Punggung',
];

async function cashSale(
  page: Page,
  pos: import('./pages/pos').Pos,
  before: number,
  beforeSubmit?: () => Promise<void>,
) {
  await pos.startSale();
  // DIRECT_PRINT_LINES=20: the 20-line receipt, 20 services of Kemang (bench/README.md); one line in CI
  for (const name of LINE_ITEMS.slice(0, Number(process.env.DIRECT_PRINT_LINES ?? 1)))
    await pos.addItem(name);
  await pos.toPayment();
  await pos.pay('Cash');
  await beforeSubmit?.();
  await pos.submit();
  await page.waitForFunction(
    (n) => (window as unknown as { __printer: Record_ }).__printer.chunks.length > n,
    before,
    { timeout: 20_000 },
  );
  const r = await record(page);
  const started = await page.evaluate(
    () => performance.getEntriesByName('serambi:receipt-print').at(-1)?.startTime ?? 0,
  );
  const bytes = new Uint8Array(r.chunks.slice(before).flat());
  const last = r.times.at(-1) ?? 0;
  // where the time went: the app's marks after 'Selesai' (ms from the click), the first and last byte
  const marks = await page.evaluate(
    (t0) =>
      Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('serambi:') && m.startTime >= t0)
          .map((m) => [m.name.slice('serambi:'.length), Math.round(m.startTime - t0)]),
      ),
    r.selesai,
  );
  const steps = {
    ...marks,
    // the sale's items found on the printed receipt (DIRECT_PRINT_LINES=20 gives 20)
    'item-lines': LINE_ITEMS.filter((n) => printedText(decodeEscPos(bytes)).some((l) => l.includes(n)))
      .length,
    'first-byte': Math.round((r.times[before] ?? 0) - r.selesai),
    'last-byte': Math.round(last - r.selesai),
  };
  return { bytes, ms: last - r.selesai, printMs: last - started, dialogs: r.dialogs, steps };
}

describe('direct thermal printing (issue 29)', () => {
  it('pairs a USB printer, prints the completed sale with the drawer and no dialog; unplugged: the message and the browser print', async () => {
    const { context, page, pos } = await e2e.cashier(async (p) => {
      await p.addInitScript(fakeUsb);
    });
    try {
      // Device Settings: USB, paired from the page, drawer on, test print
      await page.goto(`${e2e.server.url}/`);
      const settings = page.getByTestId('device-settings');
      await settings.waitFor({ timeout: 30_000 });
      await settings.getByLabel('Printer', { exact: true }).click();
      await page.getByRole('option', { name: 'USB (WebUSB)' }).click();
      await settings.getByRole('button', { name: 'Pasangkan printer' }).click();
      await expect
        .poll(() => settings.getByTestId('printer-paired').textContent())
        .toContain('usb:1208:3605');
      const drawer = settings.getByRole('switch', { name: 'Buka laci kas saat transaksi tunai selesai' });
      await drawer.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => drawer.isChecked()).toBe(true);
      await settings.getByRole('button', { name: 'Tes cetak' }).click();
      await page.getByText('Tes cetak terkirim ke printer.').waitFor({ timeout: 10_000 });
      const test = printedText(decodeEscPos(new Uint8Array((await record(page)).chunks.flat())));
      expect(test[0]?.trim()).toBe('Tes cetak Serambi');
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await expectNoSeriousAxeViolations(page, `device settings ${size}`);
        await settings.scrollIntoViewIfNeeded();
        await screenshot(page, `direct-print-settings-${size}`);
      }
      await page.setViewportSize(VIEWPORTS.till);

      // a cash sale at Kemang: the drawer, then the receipt, cut; no print dialog
      await pos.open();
      const before = (await record(page)).chunks.length;
      const sale = await cashSale(page, pos, before);
      const printed = decodeEscPos(sale.bytes);
      expect(printed[0]?.kind).toBe('pulse');
      const lines = printedText(printed);
      expect(lines.some((l) => l.startsWith('Receipt Number'))).toBe(true);
      expect(lines.some((l) => l.includes('Potong Rambut Wanita'))).toBe(true);
      expect(lines.some((l) => l.startsWith('Cash'))).toBe(true);
      expect(printed.at(-1)?.kind === 'cut' || printed.filter((p) => p.kind === 'cut').length > 0).toBe(true);
      expect(sale.dialogs).toBe(0);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(48);

      // the decoded receipt as the printer draws it (576 dots), beside the on-screen paper
      const shot = await context.newPage();
      const decodedPng = await drawPicture(shot, printed, 576);
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      await page.getByRole('button', { name: 'Lihat Struk' }).click();
      await page.getByTestId('receipt-paper').waitFor();
      await screenshot(page, 'direct-print-onscreen-8cm');
      const screenPng = await page.getByTestId('receipt-paper').screenshot();
      await shot.setContent(
        `<body style="margin:0;display:flex;gap:24px;align-items:flex-start;background:#ddd;padding:16px">
          <img src="data:image/png;base64,${decodedPng.toString('base64')}">
          <img src="data:image/png;base64,${screenPng.toString('base64')}" style="background:#fff"></body>`,
      );
      await screenshot(shot, 'direct-print-beside-8cm');
      await shot.close();
      expect((await record(page)).dialogs).toBe(0);
      await pos.open();

      // Selesai → last byte with the CPU throttled 4×
      const cdp = await context.newCDPSession(page);
      // DIRECT_PRINT_TRACE=<file>: a Chromium trace of the 4× samples (the app's marks, IndexedDB on both
      // sides, the renderer's tasks and JS samples) for bench/README.md's profile of the commit
      const trace = process.env.DIRECT_PRINT_TRACE;
      if (trace)
        await context.browser()?.startTracing(page, {
          path: trace,
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'blink.user_timing',
            'IndexedDB',
            'toplevel',
            'v8.execute',
            'disabled-by-default-v8.cpu_profiler',
          ],
        });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const slow = await cashSale(page, pos, (await record(page)).chunks.length);
      // more samples when asked (bench/README.md): DIRECT_PRINT_SAMPLES=5, the cart filled with the CPU
      // unthrottled, 'Selesai' pressed at 4×
      const more: (typeof slow)[] = [];
      for (let i = 1; i < Number(process.env.DIRECT_PRINT_SAMPLES ?? 1); i++) {
        await pos.dismissAndBack();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        more.push(
          await cashSale(page, pos, (await record(page)).chunks.length, async () => {
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          }),
        );
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      if (trace) await context.browser()?.stopTracing();
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(
        join(ARTIFACTS, 'direct-print-timing.json'),
        JSON.stringify(
          {
            selesaiToLastByteMs: sale.ms,
            storedToLastByteMs: sale.printMs,
            steps: sale.steps,
            throttled4x: {
              selesaiToLastByteMs: slow.ms,
              storedToLastByteMs: slow.printMs,
              steps: slow.steps,
              more: more.map((m) => m.steps),
            },
          },
          null,
          2,
        ),
      );
      console.log(
        `Selesai → last byte: ${sale.ms.toFixed(0)} ms (sale stored → last byte ${sale.printMs.toFixed(0)} ms); ` +
          `4× throttled: ${slow.ms.toFixed(0)} ms (${slow.printMs.toFixed(0)} ms)`,
      );
      await pos.dismissAndBack();

      // out of paper: the printer says so before anything is sent; the sale completes, the paper message
      // and the browser's print; no drawer pulse, no bytes
      await page.evaluate(() => {
        (window as unknown as { __printer: Record_ }).__printer.paperOut = true;
      });
      const sent = (await record(page)).chunks.length;
      const queried = (await record(page)).queries;
      await pos.startSale();
      await pos.addItem('Potong Rambut Wanita');
      await pos.toPayment();
      await pos.pay('Cash');
      expect(await pos.submit()).not.toBe('');
      const paperOut = page.getByTestId('print-fallback');
      await paperOut.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => paperOut.textContent())
        .toContain('Kertas printer habis: pasang gulungan kertas baru, lalu cetak ulang.');
      expect((await record(page)).queries).toBeGreaterThan(queried);
      expect((await record(page)).chunks.length).toBe(sent);
      await screenshot(page, 'direct-print-paper-out');
      await paperOut.getByRole('button', { name: 'Cetak lewat browser' }).click();
      await expect.poll(async () => (await record(page)).dialogs).toBe(1);
      await page.evaluate(() => {
        (window as unknown as { __printer: Record_ }).__printer.paperOut = false;
      });
      await pos.dismissAndBack();

      // unplugged: the sale completes, the message and the browser's print; that prints through the dialog
      await page.evaluate(() => (window as unknown as { __unplug: () => void }).__unplug());
      await pos.startSale();
      await pos.addItem('Potong Rambut Wanita');
      await pos.toPayment();
      await pos.pay('Cash');
      const message = await pos.submit();
      expect(message).not.toBe('');
      const fallback = page.getByTestId('print-fallback');
      await fallback.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => fallback.textContent())
        .toContain('Printer tidak dapat mencetak: pastikan printer menyala, berkertas dan terpasang.');
      await screenshot(page, 'direct-print-unplugged');
      await fallback.getByRole('button', { name: 'Cetak lewat browser' }).click();
      await expect.poll(async () => (await record(page)).dialogs).toBe(2);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('a Web Serial printer prints the sale and the settlement printout without a dialog', async () => {
    const { context, page, pos } = await e2e.cashier(async (p) => {
      await p.addInitScript(fakeSerial);
    });
    try {
      await page.goto(`${e2e.server.url}/`);
      const settings = page.getByTestId('device-settings');
      await settings.waitFor({ timeout: 30_000 });
      await settings.getByLabel('Printer', { exact: true }).click();
      await page.getByRole('option', { name: 'Serial (Web Serial)' }).click();
      await settings.getByRole('button', { name: 'Pasangkan printer' }).click();
      await expect
        .poll(() => settings.getByTestId('printer-paired').textContent())
        .toContain('serial:1208:3605');
      await pos.open();
      const sale = await cashSale(page, pos, 0);
      const lines = printedText(decodeEscPos(sale.bytes));
      expect(lines.some((l) => l.includes('Potong Rambut Wanita'))).toBe(true);
      expect(sale.dialogs).toBe(0);
      // the paper sensor was asked and its answer (a Uint8Array on serial) read: the receipt went out
      expect((await record(page)).queries).toBeGreaterThan(0);
      await pos.dismissAndBack();

      // the settlement printout (DESKTOP prints by itself, then closes) goes to the same printer, no dialog
      const written: number[][] = [];
      let dialogs = 0;
      await page.exposeFunction('__serialWrite', (bytes: number[]) => written.push(bytes));
      await page.exposeFunction('__printDialog', () => dialogs++);
      await page.goto(`${e2e.server.url}/settlement/today`);
      await expect
        .poll(() => decodeEscPos(new Uint8Array(written.flat())).some((p) => p.kind === 'cut'), {
          timeout: 20_000,
        })
        .toBe(true);
      const paper = printedText(decodeEscPos(new Uint8Array(written.flat())));
      expect(paper.some((l) => l.includes('Kemang'))).toBe(true);
      for (const l of paper) expect(l.length).toBeLessThanOrEqual(48);
      expect(dialogs).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
