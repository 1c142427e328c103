// Printing a paper document on the device's direct printer (issue 29): the device setting says which
// printer, the pure renderer (src/domain/printing) makes the ESC/POS bytes, the transport sends them.
// The logo is fetched and drawn once per page into a raster the width of two thirds of the roll.
import {
  logoWidth,
  type PaperDoc,
  type PaperWidth,
  PRINTER_CODEPAGES,
  type PrinterCodepage,
  type RasterImage,
} from '../../domain/printing';
import type { PaperStatus } from '../../domain/printing/status';
import { PRINTING_TEXTS } from '../../domain/texts/printing';
import type { DeviceSettings } from '../app/session-context';
import { connectPrinter, PrinterError, type PrinterKind, queryPaper, sendToPrinter } from './transports';

export interface DirectPrinter {
  kind: PrinterKind;
  key: string;
  paper: PaperWidth;
  codepage: PrinterCodepage;
  cashDrawer: boolean;
}

/** The device's direct printer, or null when it prints through the browser. */
export const directPrinterOf = (device: DeviceSettings): DirectPrinter | null => {
  const kind = device.printerKind;
  if (!kind || kind === 'browser') return null;
  const codepage = (PRINTER_CODEPAGES as readonly string[]).includes(device.printerCodepage ?? '')
    ? (device.printerCodepage as PrinterCodepage)
    : 'auto';
  return {
    kind,
    key: device.printerDevice ?? '',
    paper: device.printerPaperSize === '6cm' ? '6cm' : '8cm',
    codepage,
    cashDrawer: device.cashDrawer === true,
  };
};

const logos = new Map<string, Promise<RasterImage | null>>();

/** The logo as a raster (null when it does not load or the server does not allow reading it). */
export function loadLogo(url: string, paper: PaperWidth): Promise<RasterImage | null> {
  const cacheKey = `${paper} ${url}`;
  let pending = logos.get(cacheKey);
  if (!pending) {
    pending = new Promise<RasterImage | null>((resolve) => {
      const img = new Image();
      img.crossOrigin = 'anonymous';
      const timer = setTimeout(() => resolve(null), 3000);
      img.onerror = () => {
        clearTimeout(timer);
        resolve(null);
      };
      img.onload = () => {
        clearTimeout(timer);
        try {
          const width = Math.min(logoWidth(paper), Math.ceil(img.naturalWidth / 8) * 8 || 8);
          const height = Math.max(8, Math.ceil(((img.naturalHeight / img.naturalWidth) * width) / 8) * 8);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const ctx = canvas.getContext('2d');
          if (!ctx) return resolve(null);
          ctx.fillStyle = '#fff';
          ctx.fillRect(0, 0, width, height);
          ctx.drawImage(img, 0, 0, width, height);
          const data = ctx.getImageData(0, 0, width, height);
          resolve({ width, height, data: data.data });
        } catch {
          resolve(null);
        }
      };
      img.src = url;
    });
    logos.set(cacheKey, pending);
  }
  return pending;
}

export interface DirectPrintOptions {
  /** The logo's address when the document has a logo block. */
  logoUrl?: string | null;
  /** Open the cash drawer first. */
  drawer?: boolean;
}

/** The encoder's module (and its code pages): loaded with the first direct print or by warmDirectPrinter. */
let escpos: Promise<typeof import('../../domain/printing/escpos')> | null = null;
const loadEncoder = () => {
  escpos ??= import('../../domain/printing/escpos');
  return escpos;
};

/**
 * Issue 29 "Speed": what the first receipt would otherwise wait for, done while the cashier works (the POS
 * page, once its printer is known): the link to the printer, the encoder's module, the logo's raster and its
 * encoded block. Never throws (a printer that is not there shows its message when a paper prints).
 */
export async function warmDirectPrinter(printer: DirectPrinter, logoUrl?: string | null): Promise<void> {
  const [{ logoBlock }, logo] = await Promise.all([
    loadEncoder(),
    logoUrl ? loadLogo(logoUrl, printer.paper) : null,
    connectPrinter(printer.kind, printer.key).catch(() => undefined),
  ]);
  if (logo) logoBlock(logo, printer.paper);
}

/** A paper on its way to the printer: its bytes being made and the paper sensor being asked. */
export interface PreparedPrint {
  printer: DirectPrinter;
  bytes: Promise<Uint8Array>;
  paper: Promise<PaperStatus | null>;
}

/**
 * Starts a direct print without sending anything: asks the paper sensor and makes the ESC/POS bytes (the
 * logo raster, the encoder). sendPrepared sends them; a paper that must not print is simply dropped.
 */
export function preparePrint(
  printer: DirectPrinter,
  doc: PaperDoc,
  options: DirectPrintOptions = {},
): PreparedPrint {
  const paper = queryPaper(printer.kind, printer.key).catch(() => null);
  const bytes = (async () => {
    const logo = options.logoUrl ? await loadLogo(options.logoUrl, printer.paper) : null;
    const { encodeDoc } = await loadEncoder();
    const out = encodeDoc(doc, {
      paper: printer.paper,
      codepage: printer.codepage,
      logo,
      drawer: options.drawer === true,
    });
    performance.mark('serambi:receipt-encoded');
    return out;
  })();
  // sendPrepared reports a failure; a prepared paper never sent must not leave an unhandled rejection
  bytes.catch(() => undefined);
  return { printer, bytes, paper };
}

/**
 * Sends a prepared paper; resolves once the last byte is handed to the transport; throws PrinterError
 * ('paper-out' when the printer says its roll has run out: nothing is sent, the drawer stays shut, the page
 * offers the browser's print).
 */
export async function sendPrepared(prepared: PreparedPrint): Promise<void> {
  const [bytes, paper] = await Promise.all([prepared.bytes, prepared.paper]);
  if (paper === 'end') throw new PrinterError('paper end', 'paper-out');
  performance.mark('serambi:receipt-send');
  await sendToPrinter(prepared.printer.kind, prepared.printer.key, bytes);
}

/**
 * Renders and sends; resolves once the last byte is handed to the transport; throws PrinterError (see
 * sendPrepared). The paper is asked about while the document renders.
 */
export const printDirect = (
  printer: DirectPrinter,
  doc: PaperDoc,
  options: DirectPrintOptions = {},
): Promise<void> => sendPrepared(preparePrint(printer, doc, options));

/** The message for a direct print that failed. */
export const printFailureMessage = (error: unknown): string =>
  error instanceof PrinterError && error.reason === 'paper-out'
    ? PRINTING_TEXTS.paperOut
    : PRINTING_TEXTS.failed;
