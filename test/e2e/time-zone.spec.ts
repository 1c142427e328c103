// Issue 10 item 5 in a real browser: a till whose clock is set to New York stamps, lists and prints a sale
// in WIB, as Home already showed its times and as a till in Jakarta does (src/domain/time.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { receiptDateTime } from '../../src/domain/receipt/model';
import { formatOutletStamp, formatOutletTime } from '../../src/domain/time';
import { launchBrowser, type RunningServer, removeDataDir, screenshot, startServer } from './harness';
import { Pos, signInKemang, storedTrx } from './pages/pos';

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

it('a sale made on a device set to America/New_York is stamped, listed and printed in WIB', async () => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'id-ID',
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'America/New_York',
  );
  await signInKemang(page, server.url);
  const pos = new Pos(page, server.url);
  await pos.open();

  const before = Date.now() - 1000;
  const { id, message } = await pos.completeCashSale();
  const after = Date.now() + 1000;
  expect(message).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');

  // Stamped in WIB, not in the device's zone.
  const end = String((await storedTrx(page, id))?.trx_local_end_time);
  expect(end >= formatOutletStamp(before) && end <= formatOutletStamp(after), end).toBe(true);

  // The completed list shows that WIB time.
  await expect(pos.card(id).textContent()).resolves.toContain(
    `Selesai ${formatOutletTime(end, 'dd MMM yyyy HH:mm')}`,
  );
  await screenshot(page, 'time-zone-new-york-completed-list');

  // So does the receipt.
  await page.goto(`${server.url}/pos/receipt/${id}/completed`);
  const paper = page.getByTestId('receipt-paper');
  await paper.waitFor({ timeout: 20_000 });
  const text = (await paper.textContent()) ?? '';
  const printed = [formatOutletStamp(before), formatOutletStamp(after)].map((s) => receiptDateTime(s));
  expect(text).toContain(receiptDateTime(end).date);
  expect(
    printed.some((p) => text.includes(p.time)),
    text,
  ).toBe(true);
  await screenshot(page, 'time-zone-new-york-receipt');
  await context.close();
});
