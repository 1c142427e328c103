// The printer document as ESC/POS bytes (issue 29), through @point-of-sale/receipt-printer-encoder: the laid
// out lines (bold, double size for the big order number), the logo as a raster image (GS v 0), the receipt
// link as a QR code, a feed and cut at each page's end, and the cash drawer's pulse (ESC p) first when
// asked. Pure: no device, no DOM; the logo comes in decoded.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { layoutDoc, PAPER_COLUMNS, PAPER_DOTS, type PaperDoc, type PaperWidth } from './doc';

/** The code pages a device may choose (Latin text; 'auto' lets the encoder pick per character). */
export const PRINTER_CODEPAGES = ['auto', 'cp437', 'cp850', 'cp858', 'windows1252'] as const;
export type PrinterCodepage = (typeof PRINTER_CODEPAGES)[number];

/** A decoded picture: RGBA pixels, width and height multiples of 8. */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface EncodeOptions {
  paper: PaperWidth;
  codepage?: PrinterCodepage;
  logo?: RasterImage | null;
  /** Open the cash drawer (pin 2) before printing. */
  drawer?: boolean;
}

/** The widest logo: two thirds of the line, a multiple of 8 dots. */
export const logoWidth = (paper: PaperWidth): number => Math.floor((PAPER_DOTS[paper] * 2) / 3 / 8) * 8;

const encoder = (paper: PaperWidth, codepage: PrinterCodepage) =>
  new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: PAPER_COLUMNS[paper],
    codepageMapping: 'epson',
    imageMode: 'raster',
    feedBeforeCut: 4,
  })
    .initialize()
    .codepage(codepage);

export const encodeDoc = (doc: PaperDoc, options: EncodeOptions): Uint8Array => {
  const e = encoder(options.paper, options.codepage ?? 'auto');
  if (options.drawer) e.pulse(0, 100, 500);
  for (const line of layoutDoc(doc, PAPER_COLUMNS[options.paper])) {
    switch (line.kind) {
      case 'text':
        if (line.bold) e.bold(true);
        if (line.big) e.size(2, 2);
        e.line(line.text);
        if (line.big) e.size(1, 1);
        if (line.bold) e.bold(false);
        break;
      case 'logo': {
        const logo = options.logo;
        if (logo && logo.width % 8 === 0 && logo.height % 8 === 0)
          e.align('center').image(logo, logo.width, logo.height, 'threshold').align('left');
        break;
      }
      case 'qr':
        e.align('center').qrcode(line.value, { model: 2, size: 6, errorlevel: 'm' }).align('left');
        break;
      case 'cut':
        e.cut('partial');
        break;
    }
  }
  return e.encode();
};

/** The drawer alone (ESC p, pin 2, 100 ms on, 500 ms off). */
export const encodeDrawerPulse = (): Uint8Array =>
  new ReceiptPrinterEncoder({ language: 'esc-pos', codepageMapping: 'epson' })
    .initialize()
    .pulse(0, 100, 500)
    .encode();
