// Cold replay in Chromium's IndexedDB (issue 28: 100,000 events ≤ 1 s, bounded memory): the app's store (bundled
// by esbuild from bench/replay-browser/entry.ts) appends N events of bench/replay.bench.ts's mix in commits of
// 1,000 (the chain hashed with crypto.subtle), then rebuilds the read models from scratch and from the snapshot
// taken 4,999 events before the end (the most a snapshot can be behind: the store takes one every 5,000), 3 runs
// each, with the page's JS heap (performance.memory, used) after each. Prints numbers; asserts nothing.
// Run: npx tsx bench/replay-browser.bench.ts [events=100000]
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../test/ui/pos-catalogue-harness';

declare global {
  interface Window {
    __replay: {
      append(total: number, behind: number): Promise<number>;
      rebuild(fromScratch: boolean): Promise<{ ms: number; events: number }>;
      hasSnapshot(): boolean;
    };
  }
}

const TOTAL = Number(process.argv[2] ?? 100_000);
const BEHIND = 4999;
const ENTRY = process.env.REPLAY_ENTRY ?? 'bench/replay-browser/entry.ts';

const bundled = await build({
  entryPoints: [ENTRY],
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
});
const script = bundled.outputFiles[0].text;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
});
try {
  const page = await browser.newPage();
  // a secure origin (crypto.subtle, IndexedDB), served from memory
  await page.route('http://localhost:9/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>replay</title>' }),
  );
  await page.goto('http://localhost:9/');
  await page.addScriptTag({ content: script });
  const heap = () =>
    page.evaluate(
      () =>
        (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 2 ** 20,
    );
  const append = (await page.evaluate(([n, b]) => window.__replay.append(n, b), [
    TOTAL,
    BEHIND,
  ] as const)) as number;
  console.log(
    `Chromium ${browser.version()}: append ${TOTAL} events in commits of 1,000: ${(append / 1000).toFixed(1)} s`,
  );
  const hasSnapshot = await page.evaluate(() => window.__replay.hasSnapshot());
  for (const fromScratch of hasSnapshot ? [true, false] : [true]) {
    const runs: string[] = [];
    let replayed = 0;
    for (let r = 0; r < 3; r++) {
      const { ms, events } = (await page.evaluate((s) => window.__replay.rebuild(s), fromScratch)) as {
        ms: number;
        events: number;
      };
      replayed = events;
      runs.push(`${ms.toFixed(0)} ms (heap ${(await heap()).toFixed(0)} MB)`);
    }
    console.log(
      `rebuild ${fromScratch ? 'from scratch' : `from the snapshot ${BEHIND} events behind`} (replays ${replayed}): ${runs.join(', ')}`,
    );
  }
} finally {
  await browser.close();
}
