// The printer's link (issue 29): WebUSB, Web Serial or Web Bluetooth through the @point-of-sale transports.
// Pairing needs a click (the browser's chooser); later pages reconnect to the paired printer by its key
// without asking. The transports log their failures instead of throwing, so a printer that is not found,
// does not open, drops off or does not take the bytes in time is a PrinterError here, said in the page's
// words, and the page offers the browser's print instead (the sale is never held back by a printer).

import { PAPER_STATUS_QUERY, type PaperStatus, readPaperStatus } from '../../domain/printing/status';
import type { PrinterInfo, ReceiptPrinterTransport } from './transport-types';

export type { PrinterInfo, ReceiptPrinterTransport };

export type PrinterKind = 'usb' | 'serial' | 'bluetooth';

/** Why a direct print failed: 'paper-out' has its own message, the rest share one. */
export class PrinterError extends Error {
  constructor(
    message: string,
    readonly reason: 'paper-out' | 'other' = 'other',
  ) {
    super(message);
  }
}

/** Whether this browser offers the kind's API (it needs a secure context: https or localhost). */
export const transportSupported = (kind: PrinterKind): boolean => {
  if (typeof navigator === 'undefined' || typeof window === 'undefined' || !window.isSecureContext)
    return false;
  const nav = navigator as unknown as Record<string, unknown>;
  return !!nav[kind === 'usb' ? 'usb' : kind];
};

const load = async (kind: PrinterKind): Promise<new (o?: object) => ReceiptPrinterTransport> => {
  if (kind === 'usb') return (await import('@point-of-sale/webusb-receipt-printer')).default;
  // our own Web Serial link: the library's print() returned before the port had the bytes (serial-transport.ts)
  if (kind === 'serial') return (await import('./serial-transport')).default;
  return (await import('@point-of-sale/webbluetooth-receipt-printer')).default;
};

/** 'usb:1208:3605:SN1', 'serial:1208:3605', 'bluetooth:<id>'. */
export const printerKey = (kind: PrinterKind, info: PrinterInfo): string =>
  kind === 'bluetooth'
    ? `bluetooth:${info.id ?? ''}`
    : [
        kind,
        info.vendorId ?? '',
        info.productId ?? '',
        ...(kind === 'usb' ? [info.serialNumber ?? ''] : []),
      ].join(':');

const infoOf = (key: string): PrinterInfo => {
  const [kind, a = '', b = '', c = ''] = key.split(':');
  if (kind === 'bluetooth') return { id: key.slice('bluetooth:'.length) };
  return { vendorId: Number(a) || null, productId: Number(b) || null, serialNumber: c || null };
};

const tick = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Link {
  key: string;
  transport: ReceiptPrinterTransport;
  /** Whoever waits for the printer's next answer byte. */
  onByte: ((byte: number) => void) | null;
  /** Whether the printer answers status queries: null until asked once; a silent one is not asked again. */
  answers: boolean | null;
}
/** The printer this page is linked to (one at a time). */
let linked: Link | null = null;

/** Runs connect / reconnect and answers the printer's info, or null when none connected. */
async function link(
  transport: ReceiptPrinterTransport,
  run: () => Promise<void>,
): Promise<PrinterInfo | null> {
  let info: PrinterInfo | null = null;
  transport.addEventListener('connected', (i) => {
    info = i ?? {};
  });
  transport.addEventListener('disconnected', () => {
    if (linked?.transport === transport) linked = null;
  });
  await run();
  // the transports announce 'connected' on the next turn
  for (let i = 0; i < 20 && !info; i++) await tick(5);
  return info;
}

/** Pairs a printer (the browser's chooser; call from a click). Null when none was chosen. */
export async function pairPrinter(kind: PrinterKind): Promise<string | null> {
  const Transport = await load(kind);
  const transport = new Transport();
  const info = await link(transport, () => transport.connect());
  if (!info) return null;
  const key = printerKey(kind, info);
  linked = await listenTo({ key, transport, onByte: null, answers: null });
  return key;
}

const PRINT_TIMEOUT_MS = 8000;

/**
 * The bytes of a printer's answer: a DataView from WebUSB, a Uint8Array from Web Serial (reading it as a
 * DataView threw, so a serial printer's paper sensor was never heard).
 */
export const answerBytes = (data: DataView | Uint8Array): Uint8Array =>
  data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** Reads the printer's answers when the transport can (Bluetooth cannot: its status stays unknown). */
async function listenTo(l: Link): Promise<Link> {
  l.transport.addEventListener('data', (data) => {
    for (const byte of answerBytes(data)) l.onByte?.(byte);
  });
  try {
    if (!(await l.transport.listen?.())) l.answers = false;
  } catch {
    l.answers = false;
  }
  return l;
}

/** How long the first status query waits for an answer; a printer that never answers is not asked again. */
const STATUS_TIMEOUT_MS = 250;

/**
 * The paper roll's state (DLE EOT 4), or null when the printer does not tell. Asked before each print
 * while the receipt is being rendered, so a printer that answers adds no wait to 'Selesai' → paper.
 */
export async function queryPaper(kind: PrinterKind, key: string): Promise<PaperStatus | null> {
  await connectPrinter(kind, key);
  const l = linked;
  if (!l || l.answers === false) return null;
  const answer = new Promise<PaperStatus | null>((resolve) => {
    const timer = setTimeout(() => {
      l.onByte = null;
      if (l.answers === null) l.answers = false;
      resolve(null);
    }, STATUS_TIMEOUT_MS);
    l.onByte = (byte) => {
      const status = readPaperStatus(byte);
      if (!status) return;
      clearTimeout(timer);
      l.onByte = null;
      l.answers = true;
      resolve(status);
    };
  });
  try {
    await l.transport.print(Uint8Array.from(PAPER_STATUS_QUERY));
  } catch {
    return null;
  }
  return answer;
}

/** Links this page to the paired printer (ahead of the first print); throws a PrinterError when it cannot. */
export async function connectPrinter(kind: PrinterKind, key: string): Promise<void> {
  if (!transportSupported(kind) || !key) throw new PrinterError('unpaired');
  if (linked?.key !== key) {
    const Transport = await load(kind);
    const transport = new Transport();
    let info: PrinterInfo | null;
    try {
      info = await link(transport, () => transport.reconnect(infoOf(key)));
    } catch (e) {
      throw new PrinterError(`not opened: ${String(e)}`);
    }
    if (!info) throw new PrinterError('not found');
    linked = await listenTo({ key, transport, onByte: null, answers: null });
  }
}

/** Sends the bytes to the paired printer; throws a PrinterError when it cannot. */
export async function sendToPrinter(kind: PrinterKind, key: string, bytes: Uint8Array): Promise<void> {
  await connectPrinter(kind, key);
  const transport = linked?.transport;
  if (!transport) throw new PrinterError('not linked');
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      transport.print(bytes),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PrinterError('timeout')), PRINT_TIMEOUT_MS);
      }),
    ]);
  } catch (e) {
    linked = null;
    throw e instanceof PrinterError ? e : new PrinterError(String(e));
  } finally {
    clearTimeout(timer);
  }
  // a printer unplugged while printing is announced as 'disconnected'
  await tick(0);
  if (linked?.transport !== transport) throw new PrinterError('disconnected');
}
