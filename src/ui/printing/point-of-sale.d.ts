// The transports of @point-of-sale ship without types: what Serambi uses of them (issue 29).
declare module '@point-of-sale/webusb-receipt-printer' {
  import type { ReceiptPrinterTransport } from './transport-types';

  const Transport: new (options?: object) => ReceiptPrinterTransport;
  export default Transport;
}
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  import type { ReceiptPrinterTransport } from './transport-types';

  const Transport: new (options?: object) => ReceiptPrinterTransport;
  export default Transport;
}
