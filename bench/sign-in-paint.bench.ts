// Issue 28: a first visit to /sign-in in Debian's Chromium, Lighthouse's mobile (slow 4G as DevTools applies it,
// 4× CPU) and desktop presets, measured with Playwright + the DevTools protocol (Lighthouse is not installed; see
// scripts/first-visit.mjs): FCP, LCP, TBT, CLS, an estimated performance score, and the JavaScript the page fetched
// until the network was idle (gzip as transferred), and after a first touch of the form.
// Usage: npx vite build && npx tsx bench/sign-in-paint.bench.ts [--runs 3] [--dist dist] [--compare other-dist]
//        [--json]   (--compare alternates the two builds run by run, on the same machine in one sitting)
import { chromium } from 'playwright-core';
// @ts-expect-error: a plain .mjs module without types
import { CHROMIUM, firstVisit, median, serveDist } from '../scripts/first-visit.mjs';

interface Visit {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  score: number | null;
  scriptMs: number;
  js: { files: number; bytes: number };
  touched?: { files: number; bytes: number };
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const runs = Number(arg('runs', '3'));
const dists = [arg('dist', 'dist'), ...(process.argv.includes('--compare') ? [arg('compare', '')] : [])];

export interface SignInFigures {
  dist: string;
  mobile: { score: number; fcp: number; lcp: number; tbt: number; cls: number; scriptMs: number };
  desktop: { score: number; fcp: number; lcp: number; tbt: number };
  jsBeforeIdle: number;
  jsFiles: number;
  jsAfterTouch: number;
}

export async function measureSignIn(distList: string[], n: number): Promise<SignInFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const servers = await Promise.all(distList.map((d) => serveDist(d)));
  const samples = distList.map(() => ({
    mobile: [] as Visit[],
    desktop: [] as Visit[],
    plain: [] as Visit[],
  }));
  try {
    for (let run = 0; run < n; run++) {
      for (let i = 0; i < distList.length; i++) {
        const url = servers[i];
        samples[i].mobile.push(await firstVisit(browser, url, { preset: 'mobile', quietMs: 3000 }));
        samples[i].desktop.push(await firstVisit(browser, url, { preset: 'desktop' }));
        samples[i].plain.push(await firstVisit(browser, url, { preset: 'plain', touch: true }));
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) await s.close();
  }
  const med = (xs: Visit[], f: (v: Visit) => number) => median(xs.map(f)) as number;
  return distList.map((dist, i) => {
    const { mobile, desktop, plain } = samples[i];
    return {
      dist,
      mobile: {
        score: med(mobile, (v) => v.score ?? 0),
        fcp: med(mobile, (v) => v.fcp),
        lcp: med(mobile, (v) => v.lcp),
        tbt: med(mobile, (v) => v.tbt),
        cls: med(mobile, (v) => v.cls),
        scriptMs: med(mobile, (v) => v.scriptMs),
      },
      desktop: {
        score: med(desktop, (v) => v.score ?? 0),
        fcp: med(desktop, (v) => v.fcp),
        lcp: med(desktop, (v) => v.lcp),
        tbt: med(desktop, (v) => v.tbt),
      },
      jsBeforeIdle: med(plain, (v) => v.js.bytes),
      jsFiles: med(plain, (v) => v.js.files),
      jsAfterTouch: med(plain, (v) => v.touched?.bytes ?? 0),
    };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureSignIn(dists, runs);
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
  else {
    console.log(
      `/sign-in, first visit, median of ${runs} (Chromium ${CHROMIUM}; Lighthouse-like, see scripts/first-visit.mjs)`,
    );
    for (const f of figures) {
      console.log(`${f.dist}:`);
      console.log(
        `  mobile  score ~${f.mobile.score}  FCP ${ms(f.mobile.fcp)}  LCP ${ms(f.mobile.lcp)}  TBT ${ms(f.mobile.tbt)}  CLS ${f.mobile.cls.toFixed(3)}  script ${ms(f.mobile.scriptMs)}`,
      );
      console.log(
        `  desktop score ~${f.desktop.score}  FCP ${ms(f.desktop.fcp)}  LCP ${ms(f.desktop.lcp)}  TBT ${ms(f.desktop.tbt)}`,
      );
      console.log(
        `  JS until idle ${kb(f.jsBeforeIdle)} gzip (${f.jsFiles} files); after the first touch of the form ${kb(f.jsAfterTouch)}`,
      );
    }
  }
}
