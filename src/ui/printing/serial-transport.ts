// The Web Serial link to a receipt printer (issue 29), in place of @point-of-sale/webserial-receipt-printer,
// whose print() queued the bytes and returned before the port had them: the settlement page, which closes
// itself after a direct print, could close while a slow port was still writing (the paper cut short).
// Here print() resolves once the port's writer has taken every byte and its lock is released; prints take
// turns on the port's one writer. Connect, reconnect, listen and the events are as the library's.
import type { PrinterInfo, ReceiptPrinterTransport } from './transport-types';

/** The part of a Web Serial port used here (SerialPort in the browser; a fake in the tests). */
interface SerialPortLike {
  open(options: object): Promise<void>;
  getInfo(): { usbVendorId?: number; usbProductId?: number };
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
}
interface SerialLike extends EventTarget {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

/** The library's defaults: 9600 baud, 8N1, no flow control. */
const PORT_OPTIONS = {
  baudRate: 9600,
  bufferSize: 255,
  dataBits: 8,
  flowControl: 'none',
  parity: 'none',
  stopBits: 1,
};

// biome-ignore lint/suspicious/noExplicitAny: one list for the 'connected' / 'disconnected' / 'data' listeners
type Listener = (arg: any) => void;
const serialOf = () => (navigator as unknown as { serial: SerialLike }).serial;

export default class SerialReceiptPrinter implements ReceiptPrinterTransport {
  #port: SerialPortLike | null = null;
  #listeners = new Map<string, Listener[]>();
  /** The prints before this one (each waits for the one before: one writer at a time). */
  #tail: Promise<void> = Promise.resolve();
  #listening = false;

  constructor() {
    serialOf().addEventListener('disconnect', (e) => {
      if (this.#port && (e.target as unknown) === this.#port) {
        this.#port = null;
        this.#emit('disconnected');
      }
    });
  }

  #emit(event: string, arg?: unknown) {
    // as the library does: listeners hear it on the next turn
    for (const fn of this.#listeners.get(event) ?? []) setTimeout(() => fn(arg), 0);
  }

  addEventListener(event: string, fn: Listener): void {
    const list = this.#listeners.get(event) ?? [];
    list.push(fn);
    this.#listeners.set(event, list);
  }

  async #open(port: SerialPortLike) {
    this.#port = port;
    await port.open(PORT_OPTIONS);
    const info = port.getInfo();
    const connected: PrinterInfo = {
      type: 'serial',
      vendorId: info.usbVendorId ?? null,
      productId: info.usbProductId ?? null,
    };
    this.#emit('connected', connected);
  }

  /** The browser's chooser (from a click); nothing chosen: no 'connected'. */
  async connect(): Promise<void> {
    let port: SerialPortLike | null = null;
    try {
      port = await serialOf().requestPort();
    } catch {
      return;
    }
    if (port) await this.#open(port);
  }

  /** The paired printer again, by its USB ids, without asking (one port of those ids, as the library). */
  async reconnect(info: PrinterInfo): Promise<void> {
    if (!info.vendorId || !info.productId) return;
    const ports = (await serialOf().getPorts()).filter((p) => {
      const i = p.getInfo();
      return i.usbVendorId === info.vendorId && i.usbProductId === info.productId;
    });
    if (ports.length === 1) await this.#open(ports[0]);
  }

  /** Resolves once the port has taken the bytes; rejects when it cannot (not open, unplugged). */
  print(bytes: Uint8Array): Promise<void> {
    const run = this.#tail.then(async () => {
      const writable = this.#port?.writable;
      if (!writable) throw new Error('The serial port is not open');
      const writer = writable.getWriter();
      try {
        await writer.write(bytes);
        await writer.ready;
      } finally {
        writer.releaseLock();
      }
    });
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Reads what the printer answers (the paper sensor) until the port closes. */
  async listen(): Promise<boolean> {
    if (!this.#listening) {
      this.#listening = true;
      void this.#read();
    }
    return true;
  }

  async #read() {
    try {
      // a read error (a parity or break error) gives the port a new readable stream: read on from it
      while (this.#port?.readable) {
        const reader = this.#port.readable.getReader();
        let done = false;
        try {
          for (;;) {
            const next = await reader.read();
            if (next.done) {
              done = true;
              break;
            }
            if (next.value) this.#emit('data', next.value);
          }
        } catch {
          // read on from the port's next stream
        } finally {
          reader.releaseLock();
        }
        if (done) break;
      }
    } finally {
      this.#listening = false;
    }
  }
}
