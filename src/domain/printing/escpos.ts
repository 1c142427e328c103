// The printer document as ESC/POS bytes (issue 29), through @point-of-sale/receipt-printer-encoder: the laid
// out lines (bold, double size for the big order number), the logo as a raster image (GS v 0), the receipt
// link as a QR code, a feed and cut at each page's end, and the cash drawer's pulse (ESC p) first when
// asked. Pure: no device, no DOM; the logo comes in decoded.
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  layoutDoc,
  PAPER_COLUMNS,
  type PaperDoc,
  type PaperWidth,
  type PrinterCodepage,
  type RasterImage,
} from './doc';

export interface EncodeOptions {
  paper: PaperWidth;
  codepage?: PrinterCodepage;
  logo?: RasterImage | null;
  /** Open the cash drawer (pin 2) before printing. */
  drawer?: boolean;
}

const encoderOptions = (paper: PaperWidth) =>
  ({
    language: 'esc-pos',
    columns: PAPER_COLUMNS[paper],
    codepageMapping: 'epson',
    imageMode: 'raster',
    feedBeforeCut: 4,
  }) as const;

const encoder = (paper: PaperWidth, codepage: PrinterCodepage) =>
  new ReceiptPrinterEncoder(encoderOptions(paper)).initialize().codepage(codepage);

/**
 * The logo block's bytes (centred GS v 0 raster), made once per logo and width: thresholding the picture
 * is most of a receipt's encoding time (issue 29 "Speed"). The same bytes the encoder writes in place.
 */
const logoBlocks = new WeakMap<RasterImage, Map<PaperWidth, Uint8Array>>();
export function logoBlock(logo: RasterImage, paper: PaperWidth): Uint8Array {
  let byPaper = logoBlocks.get(logo);
  if (!byPaper) {
    byPaper = new Map();
    logoBlocks.set(logo, byPaper);
  }
  let bytes = byPaper.get(paper);
  if (!bytes) {
    bytes = new ReceiptPrinterEncoder(encoderOptions(paper))
      .align('center')
      .image(logo, logo.width, logo.height, 'threshold')
      .align('left')
      .encode();
    byPaper.set(paper, bytes);
  }
  return bytes;
}

/** ESC t n of the Epson mapping for the fixed code pages. */
const ESC_T: Record<Exclude<PrinterCodepage, 'auto'>, number> = {
  cp437: 0,
  cp850: 2,
  cp858: 19,
  windows1252: 16,
};
const ASCII = /^[\x20-\x7e]*$/;

/**
 * A laid-out line as bytes: ESC E (bold), GS ! (double size), the text, LF. The lines are laid out already,
 * so they go in raw — the encoder's own wrapping and its per-character code page search cost a few
 * milliseconds a line, too slow for 'Selesai' → paper; a non-ASCII line under 'auto' is left to it.
 */
const rawLine = (text: string, bold: boolean, big: boolean, codepage: PrinterCodepage): number[] | null => {
  let body: ArrayLike<number>;
  if (ASCII.test(text)) body = Array.from(text, (c) => c.charCodeAt(0));
  else if (codepage !== 'auto') body = CodepageEncoder.encode(text, codepage);
  else return null;
  return [
    ...(bold ? [0x1b, 0x45, 1] : []),
    ...(big ? [0x1d, 0x21, 0x11] : []),
    ...Array.from(body),
    ...(big ? [0x1d, 0x21, 0] : []),
    ...(bold ? [0x1b, 0x45, 0] : []),
    0x0a,
  ];
};

export const encodeDoc = (doc: PaperDoc, options: EncodeOptions): Uint8Array => {
  const codepage = options.codepage ?? 'auto';
  const e = encoder(options.paper, codepage);
  if (codepage !== 'auto') e.raw([0x1b, 0x74, ESC_T[codepage]]);
  if (options.drawer) e.pulse(0, 100, 500);
  for (const line of layoutDoc(doc, PAPER_COLUMNS[options.paper])) {
    switch (line.kind) {
      case 'text': {
        const raw = rawLine(line.text, line.bold, line.big, codepage);
        if (raw) {
          e.raw(raw);
          break;
        }
        if (line.bold) e.bold(true);
        if (line.big) e.size(2, 2);
        e.line(line.text);
        if (line.big) e.size(1, 1);
        if (line.bold) e.bold(false);
        if (codepage !== 'auto') e.raw([0x1b, 0x74, ESC_T[codepage]]);
        break;
      }
      case 'logo': {
        const logo = options.logo;
        if (logo && logo.width % 8 === 0 && logo.height % 8 === 0) e.raw(logoBlock(logo, options.paper));
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
