// Catalogue search per keystroke with a 20,000-item catalogue (target ≤ 16 ms): the real server
// seeded by seed:large, its configuration in headless Chromium, the catalogue + cart on the real
// engine (test/ui/pos-catalogue-preview). Measures, per keystroke, the synchronous time from the
// input event to React's committed DOM (filter + render of the virtual grid), plain and with 4×
// CPU throttling; and the pure filter in Node. Prints numbers; asserts nothing.
// Run: npx tsx bench/catalogue-search.bench.ts   (SEEDED_DATA_DIR=<dir> reuses a seeded folder)
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { posConfigSchema } from '../src/domain';
import { buildItemCatalogue, countTiles, filterCatalogue } from '../src/ui/features/pos/catalogue/model';
import { startHarness } from '../test/ui/pos-catalogue-harness';

const ITEMS = Number(process.env.ITEMS ?? 20_000);
const QUERIES = ['potong rambut', 'facial', 'paket spa', 'lulur', 'zzz', 'a'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(34)} n=${String(xs.length).padStart(4)}  p50 ${pct(xs, 50).toFixed(2)} ms  p95 ${pct(xs, 95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`,
  );

// In-page code is a string: tsx would otherwise wrap named functions in a __name helper the page lacks.
const TYPE_AND_TIME = `async (qs) => {
  const input = document.querySelector('[data-testid="catalogue-search"]');
  if (!input) throw new Error('no search input');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const times = [];
  const key = (value) => {
    const t0 = performance.now();
    setter.call(input, value);
    // A discrete input event: React renders and commits synchronously before dispatch returns.
    input.dispatchEvent(new Event('input', { bubbles: true }));
    times.push(performance.now() - t0);
  };
  const idle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  for (const q of qs) {
    for (let i = 1; i <= q.length; i++) { key(q.slice(0, i)); await idle(); }
    for (let i = q.length - 1; i >= 0; i--) { key(q.slice(0, i)); await idle(); }
  }
  return times;
}`;

/** Types each query a key at a time, then erases it; returns ms per keystroke (input → DOM committed). */
async function typeAndTime(page: Page, queries: string[]): Promise<number[]> {
  return (await page.evaluate(`(${TYPE_AND_TIME})(${JSON.stringify(queries)})`)) as number[];
}

async function main() {
  const h = await startHarness({
    largeItems: ITEMS,
    serverPort: 4741,
    bundle: 'build',
    vitePort: 5241,
    dataDir: process.env.SEEDED_DATA_DIR,
  });
  try {
    const config = posConfigSchema.parse(h.config);
    console.log(`catalogue: ${config.pos_items.length} items in the configuration (Kemang)`);
    // Pure filter in Node (no DOM).
    const t0 = performance.now();
    const index = buildItemCatalogue(
      config,
      { business_user_group_id: config.business_user_group_id },
      'http://h',
    );
    console.log(
      `index build (node): ${(performance.now() - t0).toFixed(1)} ms for ${index.size} visible items`,
    );
    const pure: number[] = [];
    for (const q of QUERIES)
      for (let i = 1; i <= q.length; i++) {
        const s = performance.now();
        countTiles(filterCatalogue(index.blocks, q.slice(0, i)));
        pure.push(performance.now() - s);
      }
    line('filter only (node)', pure);

    const page = await h.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await h.open(page);
    const tiles = await page.locator('[data-testid="catalogue-tile"]').count();
    console.log(`tiles in the DOM at rest (virtualised): ${tiles}`);
    await typeAndTime(page, ['warm']); // warm-up
    line('keystroke → DOM (chromium)', await typeAndTime(page, QUERIES));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    line('keystroke → DOM (chromium, 4× CPU)', await typeAndTime(page, QUERIES));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.close();
  } finally {
    await h.stop();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
