// Time to render and be print-ready for a 70-line receipt (issue 5 "Measure"), in headless Chromium
// on the built receipt harness (test/ui/receipt-preview, minified React): from the script start to
// React's commit (render) and to print-ready (layout, the @page rule from the measured height,
// images and fonts), fresh page load each run, plain and with 4× CPU throttling; and the pure
// receipt model (buildReceipt) in Node. Prints numbers; asserts nothing.
// Run: npx vite build --config test/ui/receipt-preview/vite.config.ts && npx tsx bench/receipt-render.bench.ts
import { performance } from 'node:perf_hooks';
import { buildReceipt, receiptMode } from '../src/domain/receipt';
import { printConfig, receiptLine, sale } from '../test/domain/receipt/fixtures';
import { startReceiptHarness } from '../test/ui/receipt-harness';

const RUNS = Number(process.env.RUNS ?? 15);
const LINES = Number(process.env.LINES ?? 70);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(44)} n=${String(xs.length).padStart(4)}  p50 ${pct(xs, 50).toFixed(2)} ms  p95 ${pct(xs, 95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`,
  );

async function main() {
  // The model alone (what every render recomputes).
  const trx = sale({
    details: Array.from({ length: LINES }, (_, i) => receiptLine(i + 1, { price: 1000 * (i + 1) })),
  });
  const model: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    buildReceipt(trx, printConfig(), { mode: receiptMode('print') });
    model.push(performance.now() - t0);
  }
  line(`buildReceipt ${LINES} lines (Node)`, model.slice(20));

  const h = await startReceiptHarness(5261);
  try {
    for (const throttle of [1, 4]) {
      for (const template of ['DETAILED', 'SIMPLE']) {
        const render: number[] = [];
        const ready: number[] = [];
        let lines = 0;
        for (let i = 0; i < RUNS + 2; i++) {
          const page = await h.browser.newPage({ viewport: { width: 1366, height: 768 } });
          if (throttle > 1) {
            const cdp = await page.context().newCDPSession(page);
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
          }
          const r = await h.open(page, `?template=${template}&paper=8cm&lines=${LINES}&modifier=print`);
          await page.close();
          lines = r.lineCount;
          if (i < 2) continue; // warm-up (disk cache)
          render.push(r.renderMs);
          ready.push(r.printReadyMs);
        }
        const tag = `${template} ${lines} lines${throttle > 1 ? ` cpu×${throttle}` : ''}`;
        line(`render (script start → commit) ${tag}`, render);
        line(`print-ready ${tag}`, ready);
      }
    }
  } finally {
    await h.stop();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
