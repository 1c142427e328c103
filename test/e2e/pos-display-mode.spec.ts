// Issue 22 item 8 in a real browser: the product grid fills its width on a portrait tablet (800×1280); the
// TABLET display mode, chosen in Home's device settings (which say what it changes), gives larger product
// tiles and leaves the search unfocused; the coupon item dialog opens with 'Coupon Start Date' filled as 003
// §9 asks (the day after the customer's active same coupon expires) in DD/MM/YYYY; the audit page's date reads
// DD/MM/YYYY in an English browser too. axe on each screen at both sizes; screenshots in test-artifacts/e2e.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { DEVICE_TEXTS } from '../../src/domain/texts/device';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot, wibDay } from './harness';
import { signInKemang, storedTokens } from './pages/pos';
import { serverApi } from './server-api';

const e2e = e2eFixture();
const api = serverApi(() => e2e.server.url);
const POS_RULES = ['label-content-name-mismatch'];
const demo = demoBusiness();
const ayu = demo.customers[0];
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');
const ddmmyyyy = (ymd: string) => ymd.split('-').reverse().join('/');
const nextDay = (ymd: string) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The grid's columns, the empty width right of its first full row, and a tile's height. */
async function gridShape(page: Page) {
  return page.getByTestId('catalogue-grid').evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const tiles = [...grid.querySelectorAll('[data-testid="catalogue-tile"]')].map((t) =>
      t.getBoundingClientRect(),
    );
    const firstRow = tiles.filter((t) => Math.abs(t.top - tiles[0].top) < 1);
    const right = Math.max(...firstRow.map((t) => t.right));
    return {
      columns: Number(grid.getAttribute('data-columns')),
      inRow: firstRow.length,
      emptyRight: Math.round(box.left + grid.clientWidth - right),
      tileWidth: Math.round(tiles[0].width),
      tileHeight: Math.round(tiles[0].height),
    };
  });
}

const searchFocused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'catalogue-search');

describe('display mode, product grid and date pickers', () => {
  it('fills the grid, TABLET gives larger tiles, the coupon start date is filled', {
    timeout: 300_000,
  }, async () => {
    const { context, page, pos } = await e2e.cashier();
    await page.setViewportSize(VIEWPORTS.tablet);
    await pos.startSale();
    await page.getByTestId('catalogue-tile').first().waitFor();
    const desktop = await gridShape(page);
    // the row's tiles share the whole width (before: two 150 px tiles and ~130 px of nothing beside them)
    expect(desktop.inRow).toBe(desktop.columns);
    expect(desktop.emptyRight).toBeLessThanOrEqual(2);
    expect(desktop.tileWidth).toBeGreaterThan(150);
    expect(await searchFocused(page)).toBe(true);
    await screenshot(page, 'display-mode-1-desktop-800');
    await page.setViewportSize(VIEWPORTS.till);
    await expect.poll(async () => (await gridShape(page)).columns).toBeGreaterThan(desktop.columns);
    const desktopTill = await gridShape(page);
    expect(desktopTill.emptyRight).toBeLessThanOrEqual(2);
    await screenshot(page, 'display-mode-2-desktop-1366');

    // Home: the device settings say what each mode changes; choose Tablet
    await page.goto(`${e2e.server.url}/`);
    const settings = page.getByTestId('device-settings');
    await settings.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('display-mode-help').textContent()).toBe(DEVICE_TEXTS.DESKTOP);
    await settings.getByText('Tablet', { exact: true }).click();
    await expect.poll(() => page.getByTestId('display-mode-help').textContent()).toBe(DEVICE_TEXTS.TABLET);
    await screenshot(page, 'display-mode-3-home-tablet-1366');
    await expectNoSeriousAxeViolations(page, 'Home device settings 1366x768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'display-mode-4-home-tablet-800');
    await expectNoSeriousAxeViolations(page, 'Home device settings 800x1280');

    // the cashier in TABLET mode: larger tiles (fewer columns), the search not focused (no on-screen keyboard)
    await pos.open();
    await pos.startSale();
    await page.getByTestId('catalogue-tile').first().waitFor();
    const tablet = await gridShape(page);
    expect(tablet.tileHeight).toBeGreaterThan(desktop.tileHeight);
    expect(tablet.emptyRight).toBeLessThanOrEqual(2);
    expect(await searchFocused(page)).toBe(false);
    await screenshot(page, 'display-mode-5-pos-tablet-800');
    await expectNoSeriousAxeViolations(page, '/pos TABLET 800x1280', POS_RULES);
    await page.setViewportSize(VIEWPORTS.till);
    await expect.poll(async () => (await gridShape(page)).tileHeight).toBeGreaterThan(desktopTill.tileHeight);
    expect((await gridShape(page)).emptyRight).toBeLessThanOrEqual(2);
    await screenshot(page, 'display-mode-6-pos-tablet-1366');
    await expectNoSeriousAxeViolations(page, '/pos TABLET 1366x768', POS_RULES);

    // a coupon for Ayu Lestari, who holds an active 'Kupon Potong Rambut Wanita' (801): it starts the day after
    await pos.open();
    await page.getByTestId('new-trx-buttons').getByRole('button', { name: 'Kirim/Jual Kupon' }).click();
    await page.getByTestId('continue').waitFor({ timeout: 20_000 });
    await page.getByText('Kupon Satuan').first().waitFor({ timeout: 20_000 });
    await pos.setCustomerByPhone(local(ayu.user_phone));
    // her coupons as the server answers Set Customer (the page's source)
    const found = (await api('cashier/pos/user?retrieve_coupon=1', {
      method: 'POST',
      tokens: await storedTokens(page),
      body: { user_identifier_type: 'phone', user_identifier_string: ayu.user_phone },
    })) as { active_coupons: { coupon_id: number; expired_date: string }[] };
    const held = found.active_coupons
      .filter((c) => Number(c.coupon_id) === 801)
      .map((c) => c.expired_date.slice(0, 10));
    expect(held.length).toBeGreaterThan(0);
    const dialog = await pos.openItem('Kupon Potong Rambut Wanita');
    const start = dialog.getByRole('button', { name: 'Coupon Start Date' });
    await start.waitFor({ timeout: 10_000 });
    expect((await start.textContent())?.trim()).toBe(ddmmyyyy(nextDay(held.sort().at(-1) ?? '')));
    await screenshot(page, 'display-mode-7-coupon-start-date-1366');
    await expectNoSeriousAxeViolations(page, 'coupon item dialog 1366x768', POS_RULES);
    await start.click();
    await page.locator('.mantine-DatePickerInput-dropdown, .mantine-Popover-dropdown').first().waitFor();
    await screenshot(page, 'display-mode-8-coupon-start-date-picker-1366');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it("the audit page's date reads DD/MM/YYYY in an English browser", { timeout: 180_000 }, async () => {
    const context = await e2e.browser.newContext({
      viewport: VIEWPORTS.till,
      locale: 'en-US',
      timezoneId: 'Asia/Jakarta',
    });
    const page = await context.newPage();
    await signInKemang(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor({ timeout: 30_000 });
    const day = page.getByRole('button', { name: 'Tanggal' });
    await day.waitFor();
    expect((await day.textContent())?.trim()).toBe(ddmmyyyy(wibDay()));
    await screenshot(page, 'display-mode-9-audit-date-1366');
    await expectNoSeriousAxeViolations(page, 'audit 1366x768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'display-mode-10-audit-date-800');
    await expectNoSeriousAxeViolations(page, 'audit 800x1280');
    await context.close();
  });
});
