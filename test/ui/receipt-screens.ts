// Looks at the receipts (not a test): both templates on both paper sizes, the modifiers, a top-up,
// TABLET buttons, and a 70-line receipt in print media, into test-artifacts/receipt/. The 70-line
// receipt is also printed to PDF with its own @page size: it must come out as exactly one page per
// printed part (the receipt and its order-detail page), i.e. whole.
// Run: npx vite build --config test/ui/receipt-preview/vite.config.ts && npx tsx test/ui/receipt-screens.ts
import { mkdirSync } from 'node:fs';
import { startReceiptHarness } from './receipt-harness';

const OUT = 'test-artifacts/receipt';

async function main() {
  mkdirSync(OUT, { recursive: true });
  const h = await startReceiptHarness(5251);
  try {
    const shots: [string, string, { width: number; height: number }][] = [];
    for (const template of ['DETAILED', 'SIMPLE'])
      for (const paper of ['8cm', '6cm'])
        shots.push([
          `${template.toLowerCase()}-${paper}-till`,
          `?template=${template}&paper=${paper}&modifier=print&tablet=0`,
          { width: 1366, height: 768 },
        ]);
    shots.push(
      [
        'detailed-8cm-tablet-legit',
        '?template=DETAILED&paper=8cm&modifier=print&tablet=1',
        { width: 1280, height: 800 },
      ],
      [
        'simple-8cm-tablet-view',
        '?template=SIMPLE&paper=8cm&modifier=view&tablet=1',
        { width: 1280, height: 800 },
      ],
      [
        'pre-settlement-8cm',
        '?template=DETAILED&modifier=pre-settlement&tablet=1',
        { width: 1366, height: 768 },
      ],
      [
        'order-preview-8cm',
        '?template=DETAILED&modifier=order-preview&tablet=1',
        { width: 1366, height: 768 },
      ],
      ['completed-copy-6cm', '?template=SIMPLE&paper=6cm&modifier=completed', { width: 1366, height: 768 }],
      [
        'topup-8cm',
        '?template=SIMPLE&kind=TOP_UP_DEPOSIT&modifier=print&tablet=1',
        { width: 1366, height: 768 },
      ],
    );
    for (const [name, query, viewport] of shots) {
      const page = await h.browser.newPage({ viewport });
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      await h.open(page, query);
      await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
      console.log(`${OUT}/${name}.png`);
      await page.close();
    }
    for (const paper of ['8cm', '6cm']) {
      const page = await h.browser.newPage({ viewport: { width: 1366, height: 768 } });
      const ready = await h.open(page, `?template=DETAILED&paper=${paper}&lines=70&modifier=print`);
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${OUT}/70-lines-${paper}-print.png`, fullPage: true });
      // Re-measure in print media (narrower without the desk), as the print button does.
      const rule = await page.evaluate(() => {
        const style = document.getElementById('serambi-receipt-page');
        return style?.textContent ?? '';
      });
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      const parts = await page.locator('[data-receipt-page]').count();
      console.log(
        `70 lines ${paper}: ${ready.lineCount} lines, ${rule}, PDF pages ${pages} for ${parts} printed parts ${pages === parts ? 'OK (whole)' : 'CUT'}`,
      );
      await page.close();
    }
  } finally {
    await h.stop();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
