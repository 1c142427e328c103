// What a printer's link offers (the @point-of-sale transports, and our own Web Serial link), apart from
// transports.ts so that serial-transport.ts, which transports.ts loads, does not import it back.

export interface PrinterInfo {
  type?: string;
  vendorId?: number | null;
  productId?: number | null;
  serialNumber?: string | null;
  id?: string;
}

/** What the @point-of-sale transports offer. */
export interface ReceiptPrinterTransport {
  connect(): Promise<void>;
  reconnect(info: PrinterInfo): Promise<void>;
  print(bytes: Uint8Array): Promise<void>;
  addEventListener(event: 'connected' | 'disconnected', fn: (info?: PrinterInfo) => void): void;
  /** WebUSB's transport answers a DataView, Web Serial's a Uint8Array (the port's stream chunk). */
  addEventListener(event: 'data', fn: (data: DataView | Uint8Array) => void): void;
  /** Starts reading what the printer answers (USB and serial; false or absent when it cannot). */
  listen?(): Promise<boolean | undefined>;
}
