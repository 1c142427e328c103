// Issue 15, storage safety on the device, in a real browser against the real server: the persistence state
// is shown; an unsynced sale older than 24 hours warns (the page's clock moved on); a sale made offline is
// exported to a file and imported on a second device of the outlet (a second import, an altered file and a
// stranger's file change nothing); when the first device syncs too, the server holds the sale once. Then the
// device's IndexedDB is deleted from the page with an unsynced sale in it: the reload recovers the session
// and says which sale could not be recovered. axe at both sizes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { freshCashier, headsInDatabase, signInKemang } from './pages/pos';

const exported: string[] = [];
const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    // exactly once: exported, imported twice, synced by its own device too — one head on the server
    const heads = await headsInDatabase(dataDir);
    for (const id of exported) expect(heads.filter((h) => h.local_trx_id === id)).toHaveLength(1);
  },
});

const PERSIST = /^Penyimpanan permanen: (aktif|tidak aktif|tidak didukung)/;

describe('storage safety on the device', () => {
  it('persistence, the 24-hour warning, export → import exactly once, and recovery of a deleted database', async () => {
    const { context, page, pos } = await freshCashier(e2e.browser, e2e.server.url);
    const base = e2e.server.url;
    // The device's sales cannot reach the server until the route is lifted (as if its network failed): the
    // spec's one-sale call and the batch call the device syncs through (issue 28).
    const SALE_POSTS = /\/cashier\/pos-trx(-batch)?$/;
    const block = () => page.route(SALE_POSTS, (route) => route.abort('internetdisconnected'));
    await block();

    // A sale made offline, then the storage page
    await context.setOffline(true);
    const { id, message } = await pos.completeCashSale();
    expect(message).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.');
    exported.push(id);
    await context.setOffline(false);
    await page.goto(`${base}/storage`);
    await expect.poll(() => page.getByTestId('storage-persist').textContent()).toMatch(PERSIST);
    await expect
      .poll(() => page.getByTestId('storage-unsynced').textContent())
      .toBe('Transaksi belum sync: 1');
    expect(await page.getByTestId('storage-unsynced-warning').count()).toBe(0);

    // Export to a file
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('storage-export').click(),
    ]);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(download.suggestedFilename()).toMatch(/^serambi-belum-sync-\d+-\d{8}-\d{6}\.json$/);
    expect(JSON.parse(text).sales.map((s: { local_trx_id: string }) => s.local_trx_id)).toEqual([id]);
    await page.getByTestId('storage-last-export').waitFor();

    // 25 hours later the sale is still unsynced: the warning shows (on every page, above it)
    await page.clock.install({ time: new Date(Date.now() + 25 * 3_600_000) });
    await page.goto(`${base}/storage`);
    await page.getByTestId('storage-unsynced-warning').waitFor();
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await screenshot(page, `storage-${name}`);
      await expectNoSeriousAxeViolations(page, `/storage ${name}`);
    }
    await page.setViewportSize(VIEWPORTS.till);
    await page.clock.setSystemTime(new Date());

    // A second device of the outlet (another cashier) imports the file: sent once, then already there
    const second = await newContext(e2e.browser);
    const other = await second.newPage();
    await signInKemang(other, base, 'kasir@serambi.id');
    await other.goto(`${base}/storage`);
    const importFile = async (name: string, body: string, expected: string) => {
      await other
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
      await expect
        .poll(() => other.getByTestId('storage-import-result').textContent(), { timeout: 30_000 })
        .toBe(expected);
    };
    await importFile('a.json', text, 'Impor selesai: 1 terkirim ke server, 0 sudah ada di server, 0 gagal.');
    await importFile('a2.json', text, 'Impor selesai: 0 terkirim ke server, 1 sudah ada di server, 0 gagal.');
    const altered = text.replace(
      /"drv_grand_total": ?(\d+)/,
      (_m, n) => `"drv_grand_total": ${Number(n) + 1}`,
    );
    expect(altered).not.toBe(text);
    await importFile('b.json', altered, 'File ekspor sudah diubah atau rusak. Impor dibatalkan.');
    await importFile('c.json', '{"hello":"world"}', 'File ini bukan file ekspor transaksi Serambi.');
    await screenshot(other, 'storage-import');
    await expectNoSeriousAxeViolations(other, '/storage import');
    await second.close();

    // The first device's network comes back and it syncs the same sale: the server keeps one (afterStop)
    await page.unroute(SALE_POSTS);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect
      .poll(() => page.getByTestId('storage-unsynced').textContent(), { timeout: 30_000 })
      .toBe('Transaksi belum sync: 0');

    // Another sale the server never gets, then IndexedDB deleted from the page and a reload
    await block();
    await pos.open();
    await context.setOffline(true);
    const lost = await pos.completeCashSale();
    await context.setOffline(false);
    await page.waitForFunction(([key, trx]) => (localStorage.getItem(key) ?? '').includes(trx), [
      'serambi.storage-guard.serambi',
      lost.id,
    ] as const);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('serambi');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
    await page.goto(`${base}/`);
    const notice = page.getByTestId('storage-recovery-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('storage-lost-count').textContent()).toBe(
      '1 transaksi belum sync tidak dapat dipulihkan:',
    );
    expect(await page.getByTestId('storage-lost-list').textContent()).toContain('tidak ada di file ekspor');
    // still signed in: the session came back from the copy, the configuration from the server
    expect(await page.getByTestId('header-title').textContent()).toContain('Kemang');
    await screenshot(page, 'storage-recovered');
    await expectNoSeriousAxeViolations(page, 'recovery notice');
    await page.getByTestId('storage-recovery-dismiss').click();
    await expect.poll(() => notice.count()).toBe(0);
    await context.close();
  });
});
