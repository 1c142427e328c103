// Daftar Stok in a real browser (issue 13: first paint of the list ≤ 1 s, a column search ≤ 50 ms per
// keystroke): the real server seeded by seed:large (its RETAIL variants with opening stock at Kemang),
// the production bundle in headless Chromium. Each sample opens /inventory/stock from Home and stops when
// the first data row is painted (the page syncs first, then GET outlet-stock, then the virtual table);
// then types into the 'Nama Barang' filter, one key at a time, and times each keystroke until the rows
// show the typed term highlighted (with Playwright's round trips), and inside the page from the input event
// to the frame after the table commits the filtered rows. Prints the row count and p50/p95; asserts nothing.
// Run: npx tsx bench/stock-list-paint.bench.ts   (ITEMS=… SAMPLES=… SEEDED_DATA_DIR=<dir> reuses a seeded folder;
// COLD=1 clicks the moment Home shows after a page load)
import { startRealPos } from '../test/ui/pos-catalogue-harness';

const ITEMS = Number(process.env.ITEMS ?? 20_000);
const SAMPLES = Number(process.env.SAMPLES ?? 5);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const real = await startRealPos({
  largeItems: ITEMS,
  serverPort: 4300 + Math.floor(Math.random() * 500),
  dataDir: process.env.SEEDED_DATA_DIR,
});
try {
  const { page } = real;
  const base = new URL(page.url()).origin;
  const paints: number[] = [];
  let rows = 0;
  for (let i = 0; i < SAMPLES; i++) {
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor({ timeout: 120_000 });
    // as a cashier opens it from the menu: Home has been on screen for 2 s, the app has settled (its
    // start-up sync pass done, the other pages' code loaded while idle). COLD=1 clicks the moment Home shows.
    if (!process.env.COLD) {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2000);
    }
    const t0 = Date.now();
    // client-side navigation, as the menu does
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, '/inventory/stock');
    await page.locator('[data-testid^="stock-row-"]').first().waitFor({ timeout: 120_000 });
    paints.push(Date.now() - t0);
    rows = Number(await page.getByTestId('stock-list-table').getAttribute('aria-rowcount')) - 2;
  }
  console.log(
    `rows ${rows}; first paint of the list (from the click): p50 ${pct(paints, 50)} ms, max ${Math.max(...paints)} ms`,
  );

  const keys: number[] = [];
  const inPage: number[] = [];
  // CPU_PROFILE=1: the page's JavaScript profile over the keystrokes, its heaviest functions by self time
  // printed (with PROFILE=1 the bundle is not minified, so the names are readable)
  const cdp = process.env.CPU_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const filter = page.getByTestId('filter-item_name');
  // terms that narrow the list step by step and one that ends empty (item names: brand + product words)
  for (const term of ['sh', 'cr', 'zq']) {
    await filter.fill('');
    await page.waitForTimeout(300);
    let typed = '';
    for (const ch of term) {
      typed += ch;
      // inside the page: from the input event to the frame after the table commits the rows rendered with
      // the typed filter (its data-applied-filters) — no Playwright round trip in it
      // (a string: tsx would wrap named functions in a helper the page does not have)
      await page.evaluate(`(() => {
        const want = ${JSON.stringify(typed)};
        window.__t0 = undefined;
        window.__t1 = undefined;
        const input = document.querySelector('[data-testid="filter-item_name"]');
        input.addEventListener('input', () => { window.__t0 = performance.now(); }, { once: true, capture: true });
        const table = document.querySelector('[data-testid="stock-list-table"]');
        const mo = new MutationObserver(() => {
          const applied = JSON.parse(table.getAttribute('data-applied-filters') || '{}');
          if (applied.item_name !== want) return;
          mo.disconnect();
          // the next frame is the paint of the committed rows
          requestAnimationFrame(() => setTimeout(() => { window.__t1 = performance.now(); }, 0));
        });
        mo.observe(table, { attributes: true, attributeFilter: ['data-applied-filters'] });
      })()`);
      const t0 = Date.now();
      await filter.press(ch);
      // done when the rows show the whole typed term highlighted (Mantine's <mark>), or the empty text
      await page.waitForFunction(
        (t) =>
          !!document.querySelector('[data-testid="stock-list-empty"]') ||
          [...document.querySelectorAll('[data-testid^="stock-row-"] mark')].some(
            (m) => (m.textContent ?? '').toLowerCase() === t,
          ),
        typed,
        { timeout: 10_000 },
      );
      keys.push(Date.now() - t0);
      await page.waitForFunction(() => (window as unknown as { __t1?: number }).__t1 !== undefined, null, {
        timeout: 10_000,
      });
      inPage.push(
        await page.evaluate(() => {
          const w = window as unknown as { __t0?: number; __t1?: number };
          return Math.round((w.__t1 ?? 0) - (w.__t0 ?? 0));
        }),
      );
    }
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const dt = new Map<number, number>();
    profile.samples?.forEach((id, i) => {
      dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
    });
    const self = new Map<string, number>();
    for (const n of profile.nodes) {
      const f = n.callFrame;
      const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
      self.set(name, (self.get(name) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`CPU profile over the keystrokes: ${total.toFixed(0)} ms sampled; heaviest by self time:`);
    for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
  console.log(
    `column search per keystroke, in the page (input event → the frame after the rows commit): p50 ${pct(inPage, 50)} ms, p95 ${pct(inPage, 95)} ms, max ${Math.max(...inPage)} ms`,
  );
  console.log(
    `column search per keystroke with Playwright's round trips (press → rows show it highlighted): p50 ${pct(keys, 50)} ms, p95 ${pct(keys, 95)} ms`,
  );
} finally {
  await real.stop();
}
