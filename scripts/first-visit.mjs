// A first visit to a page of the built client, measured in Chromium (issue 28): what the page really fetches
// (every script it requests until the network is idle, the chunks fetched after the first paint included; the
// offline worker's own precache downloads are the worker's, not the page's), and the paint figures a Lighthouse run
// reports (FCP, LCP, TBT, CLS), measured with Playwright + Chromium's DevTools protocol because Lighthouse is not
// installed: Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate for the mobile preset (slow 4G as
// DevTools applies it, 4× CPU), PerformanceObserver for paint, LCP, long tasks and layout shifts, and the score
// computed with Lighthouse 10's curves and weights (Speed Index, which needs a filmstrip, taken as the LCP: a
// pessimistic stand-in, the page is visually complete at its largest paint or later).
// Used by scripts/check-bundle-budget.mjs (sizes only) and bench/sign-in-paint.bench.ts (the paint figures).
// Sizes are deterministic (the budgets are CI's guard): each script URL the page requested counts once, at the size
// the server sends it (the file gzip'd at level 9, serveDist's gzipSize), not at what the DevTools protocol says was
// transferred (0 for a chunk the offline worker served from its precache, headers included otherwise); the sizes'
// visits block service workers (the worker's precache is its own download, after idle, and would serve the page's
// later chunks); after a touch the script waits for the app to have taken the form over, then for the network to
// be idle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Serves a built client as the server does (server/static.ts): hashed assets immutable, the rest no-cache, the
 * page for every other path, text gzip-compressed (level 9); API paths answer 404 (a first visit does not call them).
 */
export function serveDist(distDir = 'dist') {
  const gz = new Map();
  const fileOf = (path) => {
    const file = join(distDir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    return !existsSync(file) || statSync(file).isDirectory() ? join(distDir, 'index.html') : file;
  };
  const gzipOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(file), { level: 9 }));
    return gz.get(file);
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (/^\/(cashier|healthz|api)(\/|$)/.test(path)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"not found"}');
      return;
    }
    const file = fileOf(path);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const hashed = path.startsWith('/assets/');
    const headers = {
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let body = readFileSync(file);
    if (/text|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipOf(file);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        /** The bytes this server sends for a path (gzip level 9): the size a script counts for. */
        gzipSize: (path) => gzipOf(fileOf(decodeURIComponent(path))).length,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections?.();
          }),
      });
    });
  });
}

/** Lighthouse 10's presets: DevTools-applied slow 4G + 4× CPU on a phone; desktop unthrottled network-wise. */
export const PRESETS = {
  mobile: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    network: { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 },
    cpu: 4,
    curves: {
      fcp: [1800, 3000],
      si: [3387, 5800],
      lcp: [2500, 4000],
      tbt: [200, 600],
      cls: [0.1, 0.25],
    },
  },
  desktop: {
    viewport: { width: 1350, height: 940 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    network: { latency: 40, downloadThroughput: (10240 * 1024) / 8, uploadThroughput: (10240 * 1024) / 8 },
    cpu: 1,
    curves: {
      fcp: [934, 1600],
      si: [1311, 2300],
      lcp: [1200, 2400],
      tbt: [150, 350],
      cls: [0.1, 0.25],
    },
  },
  /** No throttling: for sizes only. */
  plain: {
    viewport: { width: 1366, height: 768 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    network: null,
    cpu: 1,
    curves: null,
  },
};

const WEIGHTS = { fcp: 0.1, si: 0.1, lcp: 0.25, tbt: 0.3, cls: 0.25 };

// Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7), as Lighthouse's statistics.js does.
function erf(x) {
  const sign = Math.sign(x);
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-ax * ax);
  return sign * y;
}

/** Lighthouse's log-normal score of one metric from its p10 and median. */
export function logNormalScore([p10, median], value) {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  const p = (1 - erf(standardized)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, p));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, p));
  return Math.max(0, Math.min(0.49999999999999994, p));
}

export function performanceScore(curves, m) {
  const values = { fcp: m.fcp, si: m.lcp, lcp: m.lcp, tbt: m.tbt, cls: m.cls };
  let sum = 0;
  for (const [k, w] of Object.entries(WEIGHTS)) sum += w * logNormalScore(curves[k], values[k]);
  return Math.round(sum * 100);
}

const OBSERVE = `(() => {
  const m = (window.__firstVisit = { fcp: 0, fp: 0, lcp: 0, cls: 0, longTasks: [] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; else m.fp = e.startTime; } }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})();`;

/**
 * One first visit (a fresh browser context: no storage, no worker, empty cache) to `path`, until the network
 * has been idle for `quietMs`. Answers the scripts the page requested (each URL once, at the gzip size `server`
 * sends it) and the paint figures. `touch`: after the idle, focus the first text field (a cashier starting to type),
 * wait for the app to have taken the HTML form over and for idle again, counting what that loads too. `server` is
 * serveDist's answer (or a bare URL: then the sizes are the transferred bytes DevTools reports, less exact).
 * `workers`: 'block' (the default of the sizes-only preset) keeps the offline worker from registering.
 */
export async function firstVisit(
  browser,
  server,
  {
    path = '/sign-in',
    preset = 'plain',
    quietMs = 2000,
    touch = false,
    workers = preset === 'plain' ? 'block' : 'allow',
  } = {},
) {
  const baseUrl = typeof server === 'string' ? server : server.url;
  const sizeOf = typeof server === 'string' ? null : server.gzipSize;
  const p = PRESETS[preset];
  const context = await browser.newContext({
    viewport: p.viewport,
    deviceScaleFactor: p.deviceScaleFactor,
    isMobile: p.isMobile,
    hasTouch: p.hasTouch,
    serviceWorkers: workers,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (p.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...p.network });
  if (p.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
  await cdp.send('Performance.enable');
  await page.bringToFront();
  await page.addInitScript(OBSERVE);

  const requests = new Map();
  let inFlight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!requests.has(e.requestId)) inFlight += 1;
    requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, done: false });
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.type = e.type;
      r.mime = e.response.mimeType;
    }
  });
  const finish = (e, failed) => {
    const r = requests.get(e.requestId);
    if (r && !r.done) {
      r.done = true;
      r.failed = failed;
      r.bytes = e.encodedDataLength ?? 0;
      inFlight -= 1;
    }
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => finish(e, false));
  cdp.on('Network.loadingFailed', (e) => finish(e, true));
  const idle = async () => {
    const start = Date.now();
    while (Date.now() - start < 60_000) {
      await new Promise((r) => setTimeout(r, 100));
      if (inFlight <= 0 && Date.now() - lastActivity >= quietMs) return;
    }
  };

  const t0 = Date.now();
  await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 120_000 });
  await idle();
  // and the main thread: the first paint seen, then no long task for 2 s (a loaded machine paints late)
  await page
    .waitForFunction(
      () => {
        const m = window.__firstVisit;
        const paint = performance.getEntriesByType('paint').length > 0 || m.fcp > 0 || m.fp > 0;
        const last = m.longTasks.reduce((t, [s, d]) => Math.max(t, s + d), 0);
        return paint && performance.now() - last > 2000;
      },
      null,
      { timeout: 60_000, polling: 250 },
    )
    .catch(() => {});
  await idle();
  const idleAt = Date.now() - t0;
  /** Each script URL once (a chunk preloaded and then imported is one download), at the size the server sends. */
  const scripts = () => {
    const byUrl = new Map();
    for (const r of requests.values()) {
      if (!(r.type === 'Script' || /javascript/.test(r.mime ?? '') || /\.m?js(\?|$)/.test(r.url))) continue;
      const url = new URL(r.url);
      const bytes = sizeOf && url.origin === new URL(baseUrl).origin ? sizeOf(url.pathname) : r.bytes;
      byUrl.set(url.href, { url: url.href, bytes: Math.max(bytes, byUrl.get(url.href)?.bytes ?? 0) });
    }
    return [...byUrl.values()].sort((a, b) => a.url.localeCompare(b.url));
  };
  const beforeTouch = scripts();
  const observed = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const m = window.__firstVisit;
        for (const e of performance.getEntriesByType('paint')) {
          if (e.name === 'first-contentful-paint') m.fcp = m.fcp || e.startTime;
          else m.fp = m.fp || e.startTime;
        }
        // the buffered entries again, in case the observers' callbacks had not run yet
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) m.lcp = Math.max(m.lcp, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(m), 300);
      }),
  );
  // Headless Chromium under load sometimes reports first-paint without first-contentful-paint: the page's first
  // paint is its form (text), so the first paint stands in.
  observed.fcp = observed.fcp || observed.fp;
  const metrics = Object.fromEntries(
    (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
  );
  // TBT as Lighthouse counts it: each long task after the first contentful paint, beyond 50 ms.
  const tbt = observed.longTasks
    .filter(([start]) => start >= observed.fcp)
    .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  const result = {
    path,
    preset,
    idleAt,
    fcp: observed.fcp,
    lcp: observed.lcp || observed.fcp,
    tbt,
    cls: observed.cls,
    longTasks: observed.longTasks.length,
    scriptMs: Math.round((metrics.ScriptDuration ?? 0) * 1000),
    taskMs: Math.round((metrics.TaskDuration ?? 0) * 1000),
    js: { files: beforeTouch.length, bytes: beforeTouch.reduce((s, r) => s + r.bytes, 0), list: beforeTouch },
    score: p.curves
      ? performanceScore(p.curves, {
          fcp: observed.fcp,
          lcp: observed.lcp || observed.fcp,
          tbt,
          cls: observed.cls,
        })
      : null,
  };
  if (touch) {
    await page.locator('input').first().focus();
    lastActivity = Date.now();
    // the app has the form (the HTML one gone, the app's fields drawn), then nothing more in flight for quietMs
    const tookOver = await page
      .waitForFunction(
        () => !document.getElementById('boot-sign-in') && document.querySelector('#root input') !== null,
        null,
        { timeout: 60_000, polling: 100 },
      )
      .then(
        () => true,
        () => false,
      );
    await idle();
    const all = scripts();
    result.touched = { files: all.length, bytes: all.reduce((s, r) => s + r.bytes, 0), list: all, tookOver };
  }
  await context.close();
  return result;
}

/** The median of a list of numbers. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
