// The appointment calendar in headless Chromium on the 800×1280 tablet (issue 26: a day of 20 workers and 300
// appointments renders in ≤ 300 ms and scrolls without dropped frames). The bench page
// (bench/appointment-calendar/) is the production build of the page's own Timeline and cards; each sample
// mounts the day afresh and times the render call to the frame after the cards are in the document (the
// paint), inside the page. Then it scrolls the timeline across and down, one step a frame, for 3 s and
// counts the frames that took longer than 1.5 × 16.7 ms. Prints p50/max; asserts nothing.
// Run: npx tsx bench/appointment-calendar.bench.ts   (WORKERS=20 APPOINTMENTS=300 SAMPLES=7 THROTTLE=4)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../test/ui/pos-catalogue-harness';

const WORKERS = Number(process.env.WORKERS ?? 20);
const APPOINTMENTS = Number(process.env.APPOINTMENTS ?? 300);
const SAMPLES = Number(process.env.SAMPLES ?? 7);
const THROTTLE = Number(process.env.THROTTLE ?? 1);
const OUT = '/tmp/serambi-appointment-calendar-bench';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

const built = spawnSync('npx', ['vite', 'build', '--config', 'bench/appointment-calendar/vite.config.ts'], {
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 1280 } });
  // the built files served from disk, no server process
  await page.route('http://bench.local/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(OUT, path === '/' ? 'index.html' : path);
    try {
      return route.fulfill({
        status: 200,
        contentType: TYPES[extname(file)] ?? 'application/octet-stream',
        body: readFileSync(file),
      });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
  await page.goto('http://bench.local/');
  await page.waitForFunction(() => !!window.__calendar);
  if (THROTTLE > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  }
  // one warm-up (the code's first run), then the samples
  await page.evaluate(([w, n]) => window.__calendar?.render(w, n), [WORKERS, APPOINTMENTS] as const);
  const renders: number[] = [];
  for (let i = 0; i < SAMPLES; i++)
    renders.push(
      Math.round(
        (await page.evaluate(([w, n]) => window.__calendar?.render(w, n), [
          WORKERS,
          APPOINTMENTS,
        ] as const)) ?? 0,
      ),
    );
  const cards = await page.locator('[data-testid="appointment-card"]').count();
  const slots = await page.locator('.appt-slot').count();
  console.log(
    `${WORKERS} workers, ${cards} appointments (${slots} slots), 800×1280${THROTTLE > 1 ? `, CPU ${THROTTLE}× slower` : ''}`,
  );
  console.log(
    `render → paint: p50 ${pct(renders, 50)} ms, max ${Math.max(...renders)} ms (samples: ${renders.join(', ')}; target ≤ 300 ms)`,
  );
  const gaps = (await page.evaluate(() => window.__calendar?.scroll(3000))) ?? [];
  const dropped = gaps.filter((g) => g > 25).length;
  console.log(
    `scrolling 3 s: ${gaps.length} frames, p50 ${pct(gaps, 50).toFixed(1)} ms, p95 ${pct(gaps, 95).toFixed(1)} ms, max ${Math.max(...gaps).toFixed(1)} ms; ${dropped} frames over 25 ms`,
  );
} finally {
  await browser.close();
}
