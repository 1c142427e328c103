// Issue 29's pictures: a 20-line receipt (logo, receipt link as QR, drawer pulse, cut) encoded as ESC/POS,
// decoded back by our own test decoder and drawn as the printer would (monospace, 384 dots for 6 cm, 576 for
// 8 cm) in headless Chromium. The on-screen paper beside it is the browser test's picture
// (test/e2e/direct-print.spec.ts, direct-print-beside-8cm.png).
// Run: npx tsx scripts/receipt-pictures.ts   → test-artifacts/receipt-pictures/receipt-{6cm,8cm}.png
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { PAPER_DOTS, type RasterImage, receiptDoc } from '../src/domain/printing';
import { encodeDoc } from '../src/domain/printing/escpos';
import { buildReceipt, receiptMode } from '../src/domain/receipt';
import { decodeEscPos, printedText } from '../test/domain/printing/escpos-decoder';
import { drawPicture } from '../test/domain/printing/escpos-picture';
import { printConfig, receiptLine, sale } from '../test/domain/receipt/fixtures';

const OUT = join('test-artifacts', 'receipt-pictures');

/** A stand-in logo: a ring with the brand's initial bar (RGBA, the encoder thresholds it). */
function logo(width: number, height: number): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width / 2, y - height / 2);
      const ink =
        (d > height / 2 - 10 && d < height / 2 - 2) || (Math.abs(x - width / 2) < 6 && d < height / 3);
      if (ink) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  return { width, height, data };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const trx = sale({
    details: Array.from({ length: 20 }, (_, i) => receiptLine(i + 1, { price: 1000 * (i + 1) })),
  });
  const config = printConfig({ pos_print_logo: 1, brand_logo: 'logo.png' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    for (const paper of ['6cm', '8cm'] as const) {
      const model = buildReceipt(trx, config, { mode: receiptMode('print') });
      const bytes = encodeDoc(receiptDoc(model, { logo: true, link: 'https://serambi.id/r/DEMO-0001' }), {
        paper,
        logo: logo(paper === '8cm' ? 256 : 192, 96),
        drawer: true,
      });
      const printed = decodeEscPos(bytes);
      const file = join(OUT, `receipt-${paper}.png`);
      writeFileSync(file, await drawPicture(page, printed, PAPER_DOTS[paper]));
      const widest = Math.max(...printedText(printed).map((l) => l.length));
      console.log(
        `${file}: ${bytes.length} bytes, ${printed.length} pieces (${printed.filter((p) => p.kind === 'image').length} image, ` +
          `${printed.filter((p) => p.kind === 'qr').length} QR, ${printed.filter((p) => p.kind === 'cut').length} cut), widest line ${widest} columns`,
      );
    }
  } finally {
    await browser.close();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
