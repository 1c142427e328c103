// Serves the built receipt harness (test/ui/receipt-preview, built to /tmp/serambi-receipt-preview)
// on loopback and launches headless Chromium (not a test; the render bench uses it).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const RECEIPT_PREVIEW_DIR = '/tmp/serambi-receipt-preview';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

export interface ReceiptHarness {
  browser: Browser;
  url: (query: string) => string;
  /** Opens the harness and waits until the receipt is print-ready. */
  open: (
    page: Page,
    query: string,
  ) => Promise<{ renderMs: number; printReadyMs: number; rule: string; lineCount: number }>;
  stop: () => Promise<void>;
}

export async function startReceiptHarness(port: number): Promise<ReceiptHarness> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    const file = join(RECEIPT_PREVIEW_DIR, path === '/' ? 'index.html' : path);
    readFile(file)
      .then((body) => {
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(404);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const url = (query: string) => `http://127.0.0.1:${port}/index.html${query}`;
  return {
    browser,
    url,
    open: async (page, query) => {
      await page.goto(url(query));
      await page.waitForFunction(() => window.__receipt?.ready === true);
      return page.evaluate(() => {
        const r = window.__receipt;
        if (!r) throw new Error('not ready');
        return { renderMs: r.renderMs, printReadyMs: r.printReadyMs, rule: r.rule, lineCount: r.lineCount };
      });
    },
    stop: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
