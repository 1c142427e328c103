// Issue 10 "Done when", as a new user on a fresh demo would try it: at Kemang an online sale and an
// offline sale (the header says offline and 1 waiting), then the network returns and the sale syncs by
// itself (the header goes to 0, the server has it); at Menteng the user starts a shift, takes a product out of
// stock (is_inventory_required = 1) and, once the shift ended, can sign out; a blocked sign-out
// links to the screen that unblocks it, and 'Pilih Outlet' offers sign-out (ruling 24).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  type RunningServer,
  removeDataDir,
  screenshot,
  startServer,
} from './harness';
import { overrideConfig, PASSWORD, Pos, serverTrx, signInKemang, storedTokens } from './pages/pos';
import { STOCK_OUT_DONE, StockOutScreen } from './pages/stock-out';

const ONLINE = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.';
const OFFLINE = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.';
const TABLET = { width: 800, height: 1280 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function fresh(viewport?: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  return { context, page };
}

/** Signs in; lands on Home, or on 'Pilih Outlet' for an account with several outlets. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(choose-outlet)?$/, { timeout: 30_000 });
}

const network = (page: Page) => page.getByTestId('device-network').first();
const outbox = (page: Page) => page.getByTestId('device-outbox').first();

/** Both sizes of the till: the till (1366×768) and the tablet (800×1280). */
async function shotBoth(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['1366', { width: 1366, height: 768 }],
    ['800', TABLET],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await screenshot(page, `newcomer-${name}-${size}`);
  }
  if (before) await page.setViewportSize(before);
}

describe('a newcomer at Kemang', { timeout: 300_000 }, () => {
  it('sells online, sells offline, and the offline sale syncs by itself when the network returns', async () => {
    const { context, page } = await fresh();
    await signInKemang(page, server.url, 'kasir@serambi.id');
    await expect.poll(() => network(page).textContent()).toContain('Online');
    expect(await outbox(page).textContent()).toBe('Belum sync: 0');
    await shotBoth(page, 'home-online');

    const pos = new Pos(page, server.url);
    await pos.open();
    const online = await pos.completeCashSale('Potong Rambut Wanita');
    expect(online.message).toBe(ONLINE);
    const tokens = await storedTokens(page);

    // Offline: Kemang sells offline (check_stock_availability_on_trx 0, ruling 24).
    await context.setOffline(true);
    await expect.poll(() => network(page).textContent()).toContain('Offline');
    const id = await pos.startSale();
    await pos.addItem('Potong Rambut Pria');
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(OFFLINE);
    await pos.dismissAndBack();
    await expect.poll(() => outbox(page).textContent()).toBe('Belum sync: 1');
    expect(await serverTrx(server.url, tokens, id)).toBeNull();
    await shotBoth(page, 'pos-offline-1-waiting');

    // The network returns: nobody taps anything, the sale goes and the header says so.
    await context.setOffline(false);
    await expect.poll(() => outbox(page).textContent(), { timeout: 60_000 }).toBe('Belum sync: 0');
    expect(await network(page).textContent()).toContain('Online');
    const stored = await serverTrx(server.url, tokens, id);
    expect(stored).toMatchObject({ local_trx_id: id });
    expect(await serverTrx(server.url, tokens, online.id)).toMatchObject({ local_trx_id: online.id });
    await shotBoth(page, 'pos-offline-2-synced');

    // Removing a line asks first (issue 10), here a line of 1; declined, it stays.
    await pos.startSale();
    await pos.addItem('Potong Rambut Pria');
    await page.locator('[aria-label="Hapus item"]').first().click();
    await page.getByText('Apakah Anda yakin ingin menghapus?').waitFor();
    await shotBoth(page, 'cart-remove-confirm');
    await page.getByRole('button', { name: 'Tidak', exact: true }).click();
    expect(await page.locator('[aria-label="Hapus item"]').count()).toBe(1);
    await context.close();
  });

  it("the owner voids a sale: a refused reason keeps the password, one message; '[VOID]' whole at 800 px", async () => {
    const { context, page } = await fresh();
    await signInKemang(page, server.url);
    const pos = new Pos(page, server.url);
    await pos.open();
    const { id } = await pos.completeCashSale('Potong Rambut Wanita');
    await pos.card(id).getByRole('button', { name: 'Void', exact: true }).click();
    await pos.confirm('Apakah Anda yakin ingin void transaksi ini?');
    const dialog = page.getByRole('dialog').filter({ hasText: 'Alasan Pembatalan' }).last();
    await dialog.waitFor();
    const password = dialog.locator('input[type=password]');
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Konfirmasi' }).click();
    await dialog.getByText('Alasan pembatalan harus diisi!').waitFor();
    expect(await password.inputValue()).toBe(PASSWORD);
    expect(await page.getByText('Alasan pembatalan harus diisi!').count()).toBe(1);
    await shotBoth(page, 'void-reason-refused');
    await dialog.getByLabel('Alasan Pembatalan').fill('Salah input');
    await dialog.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByText('Transaksi berhasil divoid').first().waitFor({ timeout: 30_000 });

    await page.setViewportSize(TABLET);
    const mark = pos.card(id).getByTestId('void-mark');
    await mark.waitFor();
    const cut = async (sel: ReturnType<Page['locator']>) =>
      sel.evaluate((el) => {
        const inner = (el.querySelector('span') as HTMLElement | null) ?? (el as HTMLElement);
        return inner.scrollWidth > inner.clientWidth + 1;
      });
    expect(await cut(mark)).toBe(false);
    expect(await cut(pos.card(id).getByTestId('trx-card-title'))).toBe(false);
    await screenshot(page, 'newcomer-completed-void-800');
    await context.close();
  });
});

describe('Menteng and the outlet choice trap no one (ruling 24)', { timeout: 300_000 }, () => {
  it('dokter@ starts a shift (Menteng enforces them, issue 12), reaches the cashier, ends it and signs out', async () => {
    const { context, page } = await fresh();
    await signIn(page, 'dokter@serambi.id');
    if (page.url().endsWith('/choose-outlet')) await page.getByText('Serambi Klinik Menteng').click();
    await page.getByTestId('header-title').waitFor({ timeout: 30_000 });
    // the guard sends the clinic's users to start a shift first
    await page.waitForURL('**/shift-management', { timeout: 30_000 });
    await page.getByTestId('shift-cash-start').fill('0');
    await page.getByTestId('shift-start').click();
    await page.getByText('Shift baru berhasil dimulai.').waitFor();
    await page.goto(`${server.url}/pos`);
    await page.getByText('Transaksi Baru').first().waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/pos');
    // sign-out also waits for a consumption (is_inventory_required = 1, 000 §4), done while the shift runs
    // (ruling 25: the shift's end asks for it first; sign-out-walk.spec.ts walks that)
    const stockOut = new StockOutScreen(page, server.url);
    await stockOut.open();
    expect(await stockOut.consume('Serum Wajah Vitamin C 20 ml')).toBe(STOCK_OUT_DONE);

    // sign-out waits for the shift's end
    await page.goto(`${server.url}/shift-management`);
    // the counted cash is asked for, never taken as 0 (issue 23 item 11)
    await page.getByTestId('shift-counted').fill('100000');
    await page.getByTestId('shift-end').click();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await page.getByText('Shift berhasil diakhiri.').waitFor({ timeout: 30_000 });
    await page.goto(`${server.url}/`);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-sign-out').waitFor();
    await shotBoth(page, 'menteng-account-menu');
    await page.getByTestId('account-sign-out').click();
    await page.getByText('Apakah Anda yakin ingin sign out?').waitFor();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await page.getByText('Proses sign out sukses!').waitFor({ timeout: 30_000 });
    await page.waitForURL('**/sign-in', { timeout: 30_000 });
    await context.close();
  });

  it('a blocked sign-out says why and links to the screen that unblocks it', async () => {
    const { context, page } = await fresh();
    // Menteng requires the stock-out before sign-out (is_inventory_required = 1). Shifts not enforced here
    // (with them, sign-out-walk.spec.ts: the stock-out opens without a shift while the consumption is due).
    await overrideConfig(page, { pos_shift_enforced: [1, 0] });
    await signIn(page, 'demo@serambi.id');
    await page.getByText('Serambi Klinik Menteng').click();
    await page.getByTestId('header-title').waitFor({ timeout: 30_000 });
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-sign-out').click();
    await page
      .getByText('Wajib melakukan konsumsi produk melalui menu "Inventory - Stok Keluar" sebelum sign out.')
      .waitFor();
    await shotBoth(page, 'menteng-sign-out-blocked');
    await page.getByRole('button', { name: 'Buka Inventory - Stok Keluar' }).click();
    await page.waitForURL('**/inventory/stock-out');
    await context.close();
  });

  it("'Pilih Outlet' offers sign-out", async () => {
    const { context, page } = await fresh();
    await signIn(page, 'demo@serambi.id');
    await page.waitForURL('**/choose-outlet');
    await page.getByRole('heading', { name: 'Pilih Outlet' }).waitFor();
    await shotBoth(page, 'choose-outlet');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.getByText('Apakah Anda yakin ingin sign out?').waitFor();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await page.waitForURL('**/sign-in', { timeout: 30_000 });
    await context.close();
  });
});
