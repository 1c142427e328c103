// The one browser fixture of the e2e specs: the real server on a fresh database (PGlite in a new data
// folder, demo business loaded), Debian's Chromium, and a signed-in cashier on demand. A spec calls
// `e2eFixture()` once at its top; vitest's beforeAll/afterAll start and stop everything for the file.
// harness.ts keeps its lower-level exports (startServer, launchBrowser, newContext, screenshot).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, type RunningServer, removeDataDir, startServer } from './harness';
import { freshCashier, type Pos } from './pages/pos';

export interface E2e {
  /** The server of this spec file (started in beforeAll). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A new till-sized context with the owner signed in at Kemang, on the cashier's step 1. */
  cashier(before?: (page: Page) => Promise<void>): Promise<{ context: BrowserContext; page: Page; pos: Pos }>;
}

export interface E2eOptions {
  /** Server environment (e.g. SMTP settings). */
  env?: Record<string, string>;
  /** Runs after the server stopped, before its data folder is removed (e.g. read the database). */
  afterStop?: (dataDir: string) => Promise<void> | void;
}

/** The server's start may take E2E_SERVER_TIMEOUT_MS on a loaded machine (harness.ts). */
const START_TIMEOUT_MS = (Number(process.env.E2E_SERVER_TIMEOUT_MS) || 60_000) + 60_000;

export function e2eFixture(options: E2eOptions = {}): E2e {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  // an uncaught error in any page fails the test that caused it: a screen that went blank under a render
  // error once passed unnoticed until a later step timed out
  const pageErrors: string[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: options.env }), launchBrowser()]);
    const b = browser;
    const newContext = b.newContext.bind(b);
    b.newContext = async (contextOptions) => {
      const context = await newContext(contextOptions);
      context.on('page', (page) =>
        page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`)),
      );
      return context;
    };
  }, START_TIMEOUT_MS);
  afterEach(() => {
    const seen = pageErrors.splice(0);
    expect(seen, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (!server) return;
    try {
      await options.afterStop?.(server.dataDir);
    } finally {
      removeDataDir(server.dataDir);
    }
  });
  const e2e: E2e = {
    get server() {
      if (!server) throw new Error('e2eFixture: the server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('e2eFixture: the browser starts in beforeAll');
      return browser;
    },
    cashier: (before) => freshCashier(e2e.browser, e2e.server.url, before),
  };
  return e2e;
}

/** The two screen sizes every screen is checked at: the till and a 10-inch tablet held upright. */
export const VIEWPORTS = {
  till: { width: 1366, height: 768 },
  tablet: { width: 800, height: 1280 },
} as const;

/**
 * axe-core (WCAG 2.1 A/AA rules) on the page as it is now: no critical or serious violation. `alsoRules`
 * turns on rules axe keeps off by default (experimental ones such as label-content-name-mismatch).
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  label = page.url(),
  alsoRules: readonly string[] = [],
): Promise<void> {
  const settle = () =>
    // a modal, menu or notification still fading in or out is measured at part opacity (a false contrast
    // failure): let finite animations and transitions end first; spinners (infinite) are left running
    page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
  const check = async () => {
    await settle();
    const results = await new AxeBuilder({ page })
      .options({ rules: Object.fromEntries(alsoRules.map((id) => [id, { enabled: true }])) })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    return results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(' | ')}`,
      );
  };
  let serious = await check();
  // a notification that began to fade while axe ran (CI saw one): measured again once it has settled; a
  // real defect is still there the second time
  if (serious.length > 0) {
    await page.waitForTimeout(1_000);
    serious = await check();
  }
  expect(serious, `axe on ${label}`).toEqual([]);
}
