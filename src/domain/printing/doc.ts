// A paper as the thermal printer takes it (issue 29): blocks of text, label/value rows, rules, the logo,
// a QR code, page cuts and the drawer pulse, laid out to the printer's columns (32 on 6 cm / 58 mm rolls,
// 48 on 8 cm / 80 mm rolls, font A). Pure: the ESC/POS encoding is ./escpos.ts, the transports src/ui.

export type PaperAlign = 'left' | 'center' | 'right';

export type PaperBlock =
  | { kind: 'text'; text: string; align?: PaperAlign; bold?: boolean; indent?: number; big?: boolean }
  | { kind: 'row'; label: string; value: string; bold?: boolean; indent?: number }
  | { kind: 'rule' }
  /** The receipt's logo (pos_print_logo): the caller hands the decoded picture to the encoder. */
  | { kind: 'logo' }
  | { kind: 'qr'; value: string }
  /** The end of a printed page (the receipt, its order-detail page): feed and cut. */
  | { kind: 'cut' };

export interface PaperDoc {
  blocks: PaperBlock[];
}

export type PaperWidth = '8cm' | '6cm';

/** Characters per line of font A: 576 dots / 12 on an 80 mm roll, 384 / 12 on a 58 mm roll. */
export const PAPER_COLUMNS: Record<PaperWidth, number> = { '8cm': 48, '6cm': 32 };
/** Printable dots per line. */
export const PAPER_DOTS: Record<PaperWidth, number> = { '8cm': 576, '6cm': 384 };

/** A laid-out line: text no wider than the columns (half of them when big). */
export type LaidLine =
  | { kind: 'text'; text: string; bold: boolean; big: boolean }
  | { kind: 'logo' }
  | { kind: 'qr'; value: string }
  | { kind: 'cut' };

const squashSpaces = (s: string) => s.replace(/[\t ]+/g, ' ').trim();

/** Word-wraps a text to `width` characters; a word longer than a line is broken. */
export const wrapText = (value: string, width: number): string[] => {
  const out: string[] = [];
  for (const para of value.split(/\r?\n/)) {
    const words = squashSpaces(para).split(' ').filter(Boolean);
    let line = '';
    for (let word of words) {
      while (word.length > width) {
        if (line) {
          out.push(line);
          line = '';
        }
        out.push(word.slice(0, width));
        word = word.slice(width);
      }
      if (!word) continue;
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line = `${line} ${word}`;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
  }
  return out;
};

const place = (text: string, width: number, align: PaperAlign): string => {
  const gap = Math.max(0, width - text.length);
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text;
  if (align === 'right') return ' '.repeat(gap) + text;
  return text;
};

/**
 * A label on the left and a value on the right (the paper's rc-row): on one line when both fit, else the
 * label wraps and the value stands right-aligned on the label's last line or, too long for it, on its own.
 */
export const layoutRow = (label: string, value: string, width: number, indent = 0): string[] => {
  const pad = ' '.repeat(indent);
  const inner = width - indent;
  const v = squashSpaces(value);
  const labelLines = label.trim() ? wrapText(label, inner) : [];
  if (!v) return labelLines.map((l) => pad + l);
  const valueLines = wrapText(v, inner);
  if (valueLines.length > 1 || labelLines.length === 0)
    return [...labelLines.map((l) => pad + l), ...valueLines.map((l) => pad + place(l, inner, 'right'))];
  const last = labelLines.at(-1) ?? '';
  const lines = labelLines.slice(0, -1).map((l) => pad + l);
  if (last.length + 1 + v.length <= inner)
    lines.push(pad + last + ' '.repeat(inner - last.length - v.length) + v);
  else lines.push(pad + last, pad + place(v, inner, 'right'));
  return lines;
};

/** The document as lines of at most `columns` characters. */
export const layoutDoc = (doc: PaperDoc, columns: number): LaidLine[] => {
  const out: LaidLine[] = [];
  const text = (t: string, bold = false, big = false) => out.push({ kind: 'text', text: t, bold, big });
  for (const b of doc.blocks) {
    switch (b.kind) {
      case 'text': {
        const width = b.big ? Math.floor(columns / 2) : columns;
        const indent = b.indent ?? 0;
        for (const l of wrapText(b.text, width - indent))
          text(' '.repeat(indent) + place(l, width - indent, b.align ?? 'left'), !!b.bold, !!b.big);
        break;
      }
      case 'row':
        for (const l of layoutRow(b.label, b.value, columns, b.indent ?? 0)) text(l, !!b.bold);
        break;
      case 'rule':
        text('-'.repeat(columns));
        break;
      default:
        out.push(b);
    }
  }
  return out;
};

/** The device page's test print: the width's ruler, the paper and code page, and the cut. */
export const testPrintDoc = (title: string, paper: PaperWidth, codepage: string): PaperDoc => {
  const columns = PAPER_COLUMNS[paper];
  const ruler = Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');
  return {
    blocks: [
      { kind: 'text', text: title, align: 'center', bold: true },
      { kind: 'rule' },
      { kind: 'text', text: ruler },
      { kind: 'row', label: paper, value: `${columns} col` },
      { kind: 'row', label: 'Code page', value: codepage },
      { kind: 'text', text: 'Rp 1.234.567,89 - ÀÉÎÕÜ àéîõü', align: 'center' },
      { kind: 'cut' },
    ],
  };
};

/** The code pages a device may choose (Latin text; 'auto' lets the encoder pick per character). */
export const PRINTER_CODEPAGES = ['auto', 'cp437', 'cp850', 'cp858', 'windows1252'] as const;
export type PrinterCodepage = (typeof PRINTER_CODEPAGES)[number];

/** A decoded picture: RGBA pixels, width and height multiples of 8. */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The widest logo: two thirds of the line, a multiple of 8 dots. */
export const logoWidth = (paper: PaperWidth): number => Math.floor((PAPER_DOTS[paper] * 2) / 3 / 8) * 8;
