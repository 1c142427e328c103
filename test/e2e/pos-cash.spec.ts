// Issue 4 in a real browser: a sale paid in cash with change (000 §2 step 3–4).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, removeDataDir, startServer } from './harness';
import { freshCashier, rupiah, serverTrx, storedTokens, storedTrx } from './pages/pos';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('cash sale', () => {
  it('pays more than the total in cash and shows the change on step 4', async () => {
    const { context, page, pos } = await freshCashier(browser, server.url);
    const id = await pos.startSale();
    await pos.addItem('Potong Rambut Wanita');
    await pos.shot('pos-cash-1-cart');
    await pos.toPayment();
    const total = await pos.headline();
    expect(total).toBeGreaterThan(0);
    const paid = (Math.floor(total / 50_000) + 1) * 50_000;
    await pos.pay('Cash', { amount: paid });
    await page.getByText('Uang Kembalian').first().waitFor();
    // The grand total may carry half a rupiah (tax 11%): the screen shows whole rupiah.
    const grand = Number((await storedTrx(page, id))?.drv_grand_total);
    expect(Math.abs((await pos.headline()) - (paid - grand))).toBeLessThan(1);
    await pos.shot('pos-cash-2-paid');

    expect(await pos.submit()).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
    const change = page.getByTestId('step4-change');
    await expect(change.getByText('Uang Kembalian').textContent()).resolves.toBe('Uang Kembalian');
    expect(Math.abs(rupiah((await change.locator('h1').textContent()) ?? '') - (paid - grand))).toBeLessThan(
      1,
    );
    await pos.shot('pos-cash-3-step4');

    const local = await storedTrx(page, id);
    expect(Number(local?.trx_status_id)).toBe(3);
    const stored = await serverTrx(server.url, await storedTokens(page), id);
    expect(Number(stored?.drv_grand_total)).toBe(grand);
    expect(Math.abs(grand - total)).toBeLessThan(1);
    expect(Number(stored?.trx_status_id)).toBe(3);
    await pos.dismissAndBack();
    await expect(pos.card(id).count()).resolves.toBe(1);
    await context.close();
  });
});
