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
import { PRINTING_TEXTS } from '../../domain/texts/printing';
import type { DeviceSettings } from '../app/session-context';
import { PrinterError, type PrinterKind, queryPaper, sendToPrinter } from './transports';

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

/**
 * Renders and sends; resolves once the last byte is handed to the transport; throws PrinterError ('paper-out'
 * when the printer says its roll has run out: nothing is sent, the drawer stays shut, the page offers the
 * browser's print). The paper is asked about while the document renders.
 */
export async function printDirect(
  printer: DirectPrinter,
  doc: PaperDoc,
  options: DirectPrintOptions = {},
): Promise<void> {
  const paper = queryPaper(printer.kind, printer.key).catch(() => null);
  const logo = options.logoUrl ? await loadLogo(options.logoUrl, printer.paper) : null;
  // the encoder (and its code pages) loads with the first direct print, never with a page's first paint
  const { encodeDoc } = await import('../../domain/printing/escpos');
  const bytes = encodeDoc(doc, {
    paper: printer.paper,
    codepage: printer.codepage,
    logo,
    drawer: options.drawer === true,
  });
  if ((await paper) === 'end') throw new PrinterError('paper end', 'paper-out');
  await sendToPrinter(printer.kind, printer.key, bytes);
}

/** The message for a direct print that failed. */
export const printFailureMessage = (error: unknown): string =>
  error instanceof PrinterError && error.reason === 'paper-out'
    ? PRINTING_TEXTS.paperOut
    : PRINTING_TEXTS.failed;
