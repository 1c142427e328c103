// Issue 29 "Speed": the part of 'Selesai' → last byte that is ours to render: a 20-line receipt built
// (buildReceipt), laid out (receiptDoc) and encoded as ESC/POS (encodeDoc) for both widths, with and without
// the logo raster and the drawer pulse. The browser's share (Selesai → the sale stored → last byte handed
// to the fake USB transport, plain and at 4× CPU throttling) is measured by test/e2e/direct-print.spec.ts,
// which writes test-artifacts/e2e/direct-print-timing.json with the app's performance marks per step
// (DIRECT_PRINT_SAMPLES=4 for more 4× samples; figures in bench/README.md). Prints numbers; asserts nothing.
// Run: npx tsx bench/direct-print.bench.ts
import { performance } from 'node:perf_hooks';
import { receiptDoc } from '../src/domain/printing';
import { encodeDoc } from '../src/domain/printing/escpos';
import { buildReceipt, receiptMode } from '../src/domain/receipt';
import { printConfig, receiptLine, sale } from '../test/domain/receipt/fixtures';

const RUNS = Number(process.env.RUNS ?? 300);
const LINES = Number(process.env.LINES ?? 20);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const report = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(52)} p50 ${pct(xs, 50).toFixed(2)} ms  p95 ${pct(xs, 95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`,
  );

const trx = sale({
  details: Array.from({ length: LINES }, (_, i) => receiptLine(i + 1, { price: 1000 * (i + 1) })),
});
const logo = { width: 256, height: 96, data: new Uint8ClampedArray(256 * 96 * 4).fill(128) };

for (const paper of ['8cm', '6cm'] as const)
  for (const withLogo of [false, true]) {
    const config = printConfig(withLogo ? { pos_print_logo: 1, brand_logo: 'logo.png' } : {});
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const model = buildReceipt(trx, config, { mode: receiptMode('print') });
      const out = encodeDoc(receiptDoc(model, { logo: withLogo }), { paper, logo, drawer: true });
      times.push(performance.now() - t0);
      bytes = out.length;
    }
    report(`${LINES} lines, ${paper}${withLogo ? ', logo' : ''} (${bytes} bytes)`, times.slice(RUNS / 10));
  }
