// A till on plain http over the LAN (issue 23 item 10): Chromium opens the real server by a name that is not
// localhost (`--host-resolver-rules` maps till.serambi.test to 127.0.0.1), so the page is no secure context: no
// offline worker, no crypto.randomUUID, no crypto.subtle, no Web Locks. The sign-in page, Home and the cashier
// say that Serambi cannot work offline there; a cash sale at Kemang completes; the inventory's Stok Masuk takes
// goods in. axe at 1366×768 and 800×1280 with the notice shown; screenshots in test-artifacts/e2e.
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES as M } from '../../src/domain/texts/inventory';
import { SECURE_CONTEXT_TEXTS } from '../../src/domain/texts/secure-context';
import { expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { type RunningServer, removeDataDir, screenshot, startServer } from './harness';
import { Pos, signInKemang, storedTrx } from './pages/pos';

const HOST = 'till.serambi.test';
const ONLINE = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.';

let server: RunningServer;
let browser: Browser;
let base = '';
const pageErrors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      ],
    }),
  ]);
  base = `http://${HOST}:${server.port}`;
}, 180_000);
afterEach(() => {
  expect(pageErrors.splice(0), 'uncaught errors in the page').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function tillPage(viewport: { width: number; height: number } = VIEWPORTS.till): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  return page;
}

async function expectNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('insecure-context-notice');
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.textContent()).toContain(SECURE_CONTEXT_TEXTS.title);
  expect(await notice.isVisible()).toBe(true);
}

describe('a till on plain http (no secure context)', () => {
  it('says it cannot work offline, and a cash sale at Kemang completes', { timeout: 300_000 }, async () => {
    const page = await tillPage();
    await page.goto(`${base}/sign-in`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 30_000 });
    // what the browser withholds from such a page
    expect(
      await page.evaluate(() => ({
        secure: window.isSecureContext,
        worker: 'serviceWorker' in navigator,
        randomUUID: typeof (crypto as { randomUUID?: unknown }).randomUUID,
        subtle: typeof (crypto as { subtle?: unknown }).subtle,
      })),
    ).toEqual({ secure: false, worker: false, randomUUID: 'undefined', subtle: 'undefined' });
    await expectNotice(page);
    await screenshot(page, 'plain-http-1-sign-in-1366');
    await expectNoSeriousAxeViolations(page, 'plain-http sign-in 1366x768');

    await signInKemang(page, base);
    await expectNotice(page);
    await screenshot(page, 'plain-http-2-home-1366');

    const pos = new Pos(page, base);
    await pos.open();
    await expectNotice(page);
    await expectNoSeriousAxeViolations(page, 'plain-http /pos 1366x768', ['label-content-name-mismatch']);
    const { id, message } = await pos.completeCashSale();
    expect(message).toBe(ONLINE);
    expect(((await storedTrx(page, id)) as { trx_status_id: number }).trx_status_id).toBe(3);
    await screenshot(page, 'plain-http-3-pos-after-sale-1366');

    await page.setViewportSize(VIEWPORTS.tablet);
    await pos.startSale();
    await pos.addItem('Potong Rambut Wanita');
    await expectNotice(page);
    await screenshot(page, 'plain-http-4-pos-step2-800');
    await expectNoSeriousAxeViolations(page, 'plain-http /pos 800x1280', ['label-content-name-mismatch']);
    await page.context().close();
  });

  // Stok Masuk draws its ids with the one id function (helper e-inventory, issue 23 item 9): crypto.randomUUID,
  // which this page lacks, threw here before that change.
  it('Inventory - Stok Masuk takes goods in', { timeout: 300_000 }, async () => {
    const page = await tillPage(VIEWPORTS.tablet);
    await signInKemang(page, base);
    await page.goto(`${base}/inventory/stock-in`);
    await page
      .getByRole('heading', { level: 1, name: 'Inventory - Stok Masuk' })
      .waitFor({ timeout: 30_000 });
    await expectNotice(page);
    await page.getByTestId('stock-in-location').click();
    await page.getByRole('option', { name: 'Etalase Kemang', exact: true }).click();
    await page.getByTestId('item-picker-sku').fill('8992745110211');
    await page.getByTestId('item-picker-sku').press('Enter');
    await page.getByTestId('stock-in-entry').waitFor({ timeout: 30_000 });
    await page.getByTestId('stock-in-qty').fill('2');
    await page.getByTestId('stock-in-add').click();
    await page.getByTestId('stock-in-row-10721').waitFor();
    await screenshot(page, 'plain-http-5-stock-in-800');
    await expectNoSeriousAxeViolations(page, 'plain-http stock in 800x1280');
    await page.getByTestId('stock-in-submit').click();
    await page.getByTestId('stock-in-notice').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('stock-in-notice').textContent()).toBe(M.stockInDone);
    await page.context().close();
  });
});
