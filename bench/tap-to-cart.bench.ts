// Tap-to-cart with a 20,000-item catalogue (target p95 ≤ 50 ms with 4× CPU throttling): the real
// server seeded by seed:large, its configuration in headless Chromium (production bundle of the
// catalogue + item modal + cart on the real engine: Dexie store, cashier commands, useLiveQuery).
// Each sample taps a different tile, and with no think time: waits for the item modal, picks the
// first variant when the item has several, presses 'Tambahkan' (and 'Ya' on the missing-worker
// question when the commission scheme asks it), and stops when the cart shows the new line.
// Prints p50/p95 of the whole tap → line and of its parts ('Ya → cart line' when the question was
// asked), and where failed samples stopped; a sample that times out (10 s) is counted as failed and
// the run goes on. Asserts nothing.
// Run: npx tsx bench/tap-to-cart.bench.ts   (SEEDED_DATA_DIR=<dir> reuses a seeded folder; with REAL=1,
// PROFILE=1 builds unminified and prints where the 4× run's CPU went, /tmp/tap-to-cart-4x.cpuprofile)
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { startHarness, startRealPos } from '../test/ui/pos-catalogue-harness';

const ITEMS = Number(process.env.ITEMS ?? 20_000);
const SAMPLES = Number(process.env.SAMPLES ?? 30);

// In-page code is a string: tsx would otherwise wrap named functions in a __name helper the page lacks.
const TAP_LOOP = `async (samples) => {
  const TIMEOUT = 10000;
  const q = (sel) => document.querySelector(sel);
  // The cart's rows text: a new line, or a merged qty (the same item again), changes it.
  const rows = () => [...document.querySelectorAll('[data-testid="cart-row"]')].map((r) => r.textContent).join('|');
  // The question's 'Ya' in whichever dialog asks it (a Mantine confirm modal or the page's light dialog).
  const yesButton = () =>
    [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent.trim() === 'Ya') || null;
  // Resolves as soon as the DOM satisfies pred (MutationObserver: no frame-rate granularity).
  const waitFor = (pred, timeout = 5000) =>
    new Promise((resolve, reject) => {
      const first = pred();
      if (first) return resolve(first);
      const timer = setTimeout(() => { obs.disconnect(); reject(new Error('timeout')); }, timeout);
      const obs = new MutationObserver(() => {
        const v = pred();
        if (v) { clearTimeout(timer); obs.disconnect(); resolve(v); }
      });
      obs.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    });
  const idle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
  const out = [];
  let offset = 0;
  const fail = async (stage) => {
    out.push({ failed: true, stage });
    // Escape on the body (a focused element's target): on the document, Mantine's handler reads
    // e.target.getAttribute, which a document lacks (the old bench's pageerror).
    (document.activeElement || document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    offset++;
    await waitFor(() => !q('[data-testid="item-modal"]') && !yesButton(), TIMEOUT).catch(() => {});
    await idle();
  };
  for (let i = 0; i < samples; i++) {
    const tiles = document.querySelectorAll('[data-testid="catalogue-tile"]');
    const tile = tiles[(i + offset) % Math.min(tiles.length, 15)];
    const before = rows();
    const t0 = performance.now();
    tile.click();
    let submit;
    try {
      submit = await waitFor(() => q('[data-testid="item-modal-submit"]'), TIMEOUT);
    } catch (e) {
      await fail('modal');
      continue;
    }
    const t1 = performance.now();
    // The first variant when the item has several (the variant choice's radio inputs, either markup).
    const chip = q('[data-testid="item-modal"] input[type="radio"]');
    if (chip && !q('[data-testid="item-modal"] input[type="radio"]:checked')) chip.click();
    const t2 = performance.now();
    submit.click();
    let asked = false;
    let tq = 0;
    try {
      // The line, or the missing-worker question (its 'Ya' in a Mantine confirm modal).
      const hit = await waitFor(() => (rows() !== before ? 'row' : yesButton()), TIMEOUT);
      if (hit !== 'row') {
        asked = true;
        tq = performance.now();
        hit.click();
        await waitFor(() => rows() !== before, TIMEOUT);
      }
    } catch (e) {
      await fail(asked ? 'line after Ya' : 'line');
      continue;
    }
    const t3 = performance.now();
    out.push({ total: t3 - t0 - (t2 - t1), toModal: t1 - t0, submitToLine: t3 - t2, yesToLine: asked ? t3 - tq : undefined, asked });
    await waitFor(() => !q('[data-testid="item-modal"]'), TIMEOUT).catch(() => {});
    await idle();
  }
  return out;
}`;

interface Sample {
  failed?: boolean;
  /** Where a failed sample stopped: the modal, the line, or the line after 'Ya'. */
  stage?: string;
  yesToLine?: number;
  total?: number;
  toModal?: number;
  submitToLine?: number;
  asked?: boolean;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

function report(label: string, { samples, cpu }: Run) {
  const ok = samples.filter((s) => !s.failed);
  const show = (name: string, xs: number[]) =>
    console.log(
      `  ${name.padEnd(24)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms  max ${Math.max(...xs).toFixed(1)} ms`,
    );
  console.log(
    `${label}: ${ok.length} lines added (${samples.length - ok.length} failed; missing-worker question answered in ${ok.filter((s) => s.asked).length})`,
  );
  show(
    'tap → cart line',
    ok.map((s) => s.total ?? 0),
  );
  show(
    '  tap → item modal',
    ok.map((s) => s.toModal ?? 0),
  );
  show(
    '  Tambahkan → cart line',
    ok.map((s) => s.submitToLine ?? 0),
  );
  const asked = ok.filter((s) => s.asked).map((s) => s.yesToLine ?? 0);
  if (asked.length > 0) show('  Ya → cart line', asked);
  console.log(cpu);
  const failed = samples.filter((s) => s.failed).map((s) => s.stage ?? '?');
  if (failed.length > 0) console.log(`  failed at: ${failed.join(', ')}`);
}

/**
 * The samples, and the page's main-thread CPU per tap (Chromium's ThreadTime over the run, the bench's
 * own waits included): CPU work, which the machine's load does not inflate as it does wall-clock time.
 */
async function run(page: Page): Promise<Run> {
  await page.evaluate(`(${TAP_LOOP})(3)`); // warm-up lines
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics: m } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return new Map(m.map((x) => [x.name, x.value]));
  };
  const before = await metrics();
  const samples = (await page.evaluate(`(${TAP_LOOP})(${SAMPLES})`)) as Sample[];
  const after = await metrics();
  const per = (name: string) =>
    ((((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000) / SAMPLES).toFixed(1);
  const cpu = `  page main-thread CPU per tap ${per('ThreadTime')} ms (script ${per('ScriptDuration')}, style ${per('RecalcStyleDuration')}, layout ${per('LayoutDuration')}); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  await cdp.detach();
  return { samples, cpu };
}

interface Run {
  samples: Sample[];
  /** The page's main-thread CPU per tap over the run, as a printed line. */
  cpu: string;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where the page's CPU went (PROFILE=1, an unminified build): self time per function and per source
 * (our src/ files by folder, each dependency by package), from a CDP CPU profile of the samples.
 */
function summariseProfile(profile: CpuProfile, taps: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const where = (url: string) => {
    if (!url) return '(native / idle / gc)';
    const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (dep) return dep[1] as string;
    const src = /\/src\/(.+)\/[^/]+$/.exec(url);
    if (src) return `src/${src[1]}`;
    return url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');
  };
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, ms] of self) {
    const n = byId.get(id);
    if (!n) continue;
    const f = n.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') {
      files.set(f.functionName, (files.get(f.functionName) ?? 0) + ms);
      continue;
    }
    const name = `${f.functionName || '(anonymous)'} ${where(f.url)}:${f.lineNumber + 1}`;
    fns.set(name, (fns.get(name) ?? 0) + ms);
    files.set(where(f.url), (files.get(where(f.url)) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, ms]) => `    ${(ms / taps).toFixed(2).padStart(7)} ms/tap  ${n}`);
  console.log(
    `  CPU profile (self time per tap, ${taps} taps):\n  by source:\n${top(files, 14).join('\n')}\n  by function:\n${top(fns, 25).join('\n')}`,
  );
}

/** The same loop on the real /pos page (PosPage, the frame, live commands): REAL=1. */
async function real() {
  const r = await startRealPos({ largeItems: ITEMS, serverPort: 4752, dataDir: process.env.SEEDED_DATA_DIR });
  try {
    const cdp = await r.page.context().newCDPSession(r.page);
    report('real /pos, plain (missing-worker question answered)', await run(r.page));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (process.env.PROFILE === '1') {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const slow = await run(r.page);
    report('real /pos, 4× CPU (missing-worker question answered)', slow);
    if (process.env.PROFILE === '1') {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      writeFileSync('/tmp/tap-to-cart-4x.cpuprofile', JSON.stringify(profile));
      summariseProfile(profile, slow.samples.length + 3);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  } finally {
    await r.stop();
  }
}

async function main() {
  if (process.env.REAL === '1') return real();
  const h = await startHarness({
    largeItems: ITEMS,
    serverPort: 4751,
    vitePort: 5251,
    bundle: 'build',
    dataDir: process.env.SEEDED_DATA_DIR,
  });
  try {
    const page = await h.browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    const cdp = await page.context().newCDPSession(page);
    // Each run on a fresh transaction (reload). commission=0: no missing-worker question in between.
    for (const [label, query, rate] of [
      ['plain', '?commission=0', 1],
      ['4× CPU throttling', '?commission=0', 4],
      ['plain, with the missing-worker question', '', 1],
      ['4× CPU, with the missing-worker question', '', 4],
    ] as const) {
      await h.open(page, query);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      report(label, await run(page));
      if (query !== '') {
        const xs = (await page.evaluate('window.__posPreview.timeAddItem(30)')) as number[];
        console.log(
          `  ${'addItem command alone'.padEnd(24)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms  (no rendering; another transaction)`,
        );
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await page.close();
  } finally {
    await h.stop();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
