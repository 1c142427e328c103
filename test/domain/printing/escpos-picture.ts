// The decoded ESC/POS (our own test decoder) drawn as a thermal printer would put it on paper (issue 29's
// pictures): a white roll 384 dots wide (6 cm) or 576 (8 cm), text in Font A cells of 12 × 24 dots
// (monospace, bold, double size), raster images and QR codes centred as the encoder aligns them, a dashed
// line with a gap where the paper is cut. Drawn on a canvas in headless Chromium (no image library needed);
// `pictureHtml` is the page, `drawPicture` opens it in a page and answers the PNG.
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import type { Printed } from './escpos-decoder';

type Drawn =
  | { kind: 'text'; text: string; bold: boolean; big: boolean }
  | { kind: 'image'; width: number; height: number; bits: number[] }
  | { kind: 'qr'; modules: number; dark: number[] }
  | { kind: 'cut' }
  | { kind: 'pulse' };

/** QR module size our encoder asks for (GS ( k, size 6). */
const QR_DOT = 6;

const toDrawn = (p: Printed): Drawn => {
  if (p.kind === 'image')
    return { kind: 'image', width: p.width, height: p.height, bits: Array.from(p.bits) };
  if (p.kind === 'qr') {
    const qr = QRCode.create(p.value, { errorCorrectionLevel: 'M' });
    const dark: number[] = [];
    qr.modules.data.forEach((v, i) => {
      if (v) dark.push(i);
    });
    return { kind: 'qr', modules: qr.modules.size, dark };
  }
  if (p.kind === 'pulse') return { kind: 'pulse' };
  return p;
};

// In-page code is a string: tsx would otherwise wrap named functions in a __name helper the page lacks.
const DRAW = `(items, dots, qrDot) => {
  const CELL_W = 12, CELL_H = 24, MARGIN = 24;
  const heightOf = (it) =>
    it.kind === 'text' ? (it.big ? 2 : 1) * CELL_H
    : it.kind === 'image' ? it.height
    : it.kind === 'qr' ? (it.modules + 8) * qrDot
    : it.kind === 'cut' ? 48 : 0;
  const total = MARGIN * 2 + items.reduce((s, it) => s + heightOf(it), 0);
  const c = document.getElementById('paper');
  c.width = dots;
  c.height = total;
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, dots, total);
  g.fillStyle = '#000';
  g.textBaseline = 'alphabetic';
  let y = MARGIN;
  for (const it of items) {
    if (it.kind === 'text') {
      const k = it.big ? 2 : 1;
      g.font = (it.bold ? 'bold ' : '') + 20 * k + "px 'DejaVu Sans Mono', monospace";
      [...it.text].forEach((ch, i) => g.fillText(ch, i * CELL_W * k, y + 19 * k));
    } else if (it.kind === 'image') {
      const x0 = Math.floor((dots - it.width) / 2);
      const wBytes = it.width / 8;
      for (let r = 0; r < it.height; r++)
        for (let b = 0; b < wBytes; b++) {
          const byte = it.bits[r * wBytes + b];
          for (let k = 0; k < 8; k++) if (byte & (0x80 >> k)) g.fillRect(x0 + b * 8 + k, y + r, 1, 1);
        }
    } else if (it.kind === 'qr') {
      const size = it.modules * qrDot;
      const x0 = Math.floor((dots - size) / 2);
      const y0 = y + 4 * qrDot;
      for (const i of it.dark)
        g.fillRect(x0 + (i % it.modules) * qrDot, y0 + Math.floor(i / it.modules) * qrDot, qrDot, qrDot);
    } else if (it.kind === 'cut') {
      g.save();
      g.strokeStyle = '#c00';
      g.setLineDash([8, 6]);
      g.beginPath();
      g.moveTo(0, y + 24);
      g.lineTo(dots, y + 24);
      g.stroke();
      g.restore();
    }
    y += heightOf(it);
  }
}`;

/** A page with the roll drawn on a canvas (#paper). */
export function pictureHtml(printed: Printed[], dots: number): string {
  const items = JSON.stringify(printed.map(toDrawn));
  return `<!doctype html><html><body style="margin:0;background:#ddd;padding:16px">
<canvas id="paper" style="display:block;box-shadow:0 0 4px #888"></canvas>
<script>(${DRAW})(${items}, ${dots}, ${QR_DOT});</script></body></html>`;
}

/** The roll as a PNG (the canvas element's screenshot), drawn in the given page. */
export async function drawPicture(page: Page, printed: Printed[], dots: number): Promise<Buffer> {
  await page.setContent(pictureHtml(printed, dots));
  await page.evaluate(() => document.fonts.ready);
  return page.locator('#paper').screenshot();
}
