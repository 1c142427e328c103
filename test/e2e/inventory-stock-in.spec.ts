// 'Inventory - Stok Masuk' and 'Inventory - Penyesuaian Stok' in a real browser on the real server (issue 13,
// 002 §2.3, §2.5, §5): the owner at Serambi Salon Kemang (group Owner: INV_STOCK_IN and INV_STOCK_ADJUSTMENT)
// receives goods and the server's current stock grows by exactly the received qty; the spec's messages for
// an empty list, a zero qty and a duplicate; the delete confirmation; an adjustment in each mode shows the
// computed figures and the server's stock equals them; a stock in whose first answer is lost on the way
// back (page.route lets the POST reach the server, then aborts it) is resent with the same local_trx_id and
// applied once. axe at both sizes; screenshots in test-artifacts/e2e.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES as M } from '../../src/domain/texts/inventory';
import { ADJUSTMENT_TEXTS, STOCK_IN_TEXTS } from '../../src/domain/texts/inventory-entry';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { signInKemang, storedTokens } from './pages/pos';
import { serverApi } from './server-api';

const e2e = e2eFixture();
const api = serverApi(() => e2e.server.url);

const GUDANG = { id: 31, name: 'Gudang Salon Kemang' };
const ETALASE = { id: 32, name: 'Etalase Kemang' };
const CONDITIONER = { variant: 10721, sku: '8992745110211', name: 'Makarizo Conditioner 250 ml - Reguler' };
const SERUM = { variant: 10741, search: 'Serum Wajah', name: 'Serum Wajah Vitamin C 20 ml - Reguler' };

async function signedIn(browser: Browser, path: string) {
  const context = await newContext(browser, VIEWPORTS.till);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  await signInKemang(page, e2e.server.url);
  await page.goto(`${e2e.server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  return { context, page };
}

/** The server's current stock of a variant at a location (GET current-stock). */
async function serverStock(page: Page, variant: number, sloc: number) {
  const d = (await api(`cashier/inventory/current-stock?pos_item_variant_id=${variant}&inv_sloc_id=${sloc}`, {
    tokens: await storedTokens(page),
  })) as { qty: number; drv_bad_qty: number };
  return { qty: Number(d.qty), bad_qty: Number(d.drv_bad_qty) };
}

async function chooseOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks an item with the shared ItemPicker: by SKU (Enter), or by the name search. */
async function pickBySku(page: Page, sku: string) {
  await page.getByTestId('item-picker-sku').fill(sku);
  await page.getByTestId('item-picker-sku').press('Enter');
}
async function pickByName(page: Page, search: string, label: RegExp) {
  await page.getByTestId('item-picker-name').fill(search);
  await page.getByRole('option', { name: label }).click({ timeout: 15_000 });
}

const value = (page: Page, testId: string) => page.getByTestId(testId).inputValue();
const num = (s: string) => Number(s.replace(',', '.'));

async function waitForValue(page: Page, testId: string, want: string) {
  await expect.poll(() => value(page, testId), { timeout: 15_000 }).toBe(want);
}

async function notice(page: Page, testId: string) {
  const n = page.getByTestId(testId);
  await n.waitFor({ timeout: 30_000 });
  return n.textContent();
}

/** Resizes and waits until the layout settled (the side menu becomes a drawer below 992 px). */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const heading = page.getByRole('heading', { level: 1 });
  await expect
    .poll(async () => {
      const x = (await heading.boundingBox())?.x ?? -1;
      return size.width < 992 ? x >= 0 && x < 100 : x > 250;
    })
    .toBe(true);
}

async function checkBothSizes(page: Page, name: string) {
  await resize(page, VIEWPORTS.till);
  await screenshot(page, `${name}-1366`);
  await expectNoSeriousAxeViolations(page, `${name} 1366x768`);
  await resize(page, VIEWPORTS.tablet);
  await screenshot(page, `${name}-800`);
  await expectNoSeriousAxeViolations(page, `${name} 800x1280`);
  // the page itself never scrolls sideways at 800 px (the list scrolls inside its own box)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await resize(page, VIEWPORTS.till);
}

describe('Inventory - Stok Masuk', () => {
  it('receives goods at Kemang: the spec messages, delete with confirmation, and the server stock grows by exactly the qty', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await signedIn(e2e.browser, '/inventory/stock-in');
    await page.getByRole('heading', { name: STOCK_IN_TEXTS.title }).waitFor();
    const before = {
      conditioner: await serverStock(page, CONDITIONER.variant, ETALASE.id),
      serum: await serverStock(page, SERUM.variant, ETALASE.id),
    };

    await chooseOption(page, 'stock-in-vendor', 'PT Loreal Indonesia');
    await page.getByTestId('stock-in-document-no').fill('DO-E2E-1');
    // before a location: 'Masukkan ke dalam Daftar' is grey and says why (issue 22 item 8)
    expect(await page.getByTestId('stock-in-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('stock-in-add-hint').textContent()).toBe(STOCK_IN_TEXTS.locationFirst);
    expect(await page.getByTestId('stock-in-add').getAttribute('aria-describedby')).toBe('stock-in-add-hint');
    await chooseOption(page, 'stock-in-location', ETALASE.name);
    expect(await page.getByTestId('stock-in-add-hint').count()).toBe(0);
    await page.getByTestId('stock-in-notes').fill('Penerimaan uji');
    // myob = 0 at Kemang: no PO / invoice numbers
    expect(await page.getByTestId('stock-in-po').count()).toBe(0);

    // an empty list
    await page.getByTestId('stock-in-submit').click();
    expect(await notice(page, 'stock-in-notice')).toBe(M.itemsRequired);

    // by SKU: the current stock at the location read-only, the price 0 (myob = 0); zero qty refused
    await pickBySku(page, CONDITIONER.sku);
    await waitForValue(page, 'stock-in-qty-now', String(before.conditioner.qty));
    expect(await value(page, 'stock-in-bad-qty-now')).toBe(String(before.conditioner.bad_qty));
    expect(num(await value(page, 'stock-in-price'))).toBe(0);
    await page.getByTestId('stock-in-add').click();
    expect(await page.getByTestId('stock-in-entry-error').textContent()).toBe(M.qtyZero);
    await page.getByTestId('stock-in-qty').fill('5');
    await page.getByTestId('stock-in-bad-qty').fill('1');
    await page.getByTestId('stock-in-discount').fill('12.5');
    await page.getByTestId('stock-in-price').fill('40000');
    await page.getByTestId('stock-in-add').click();
    const row = page.getByTestId(`stock-in-row-${CONDITIONER.variant}`);
    await row.waitFor();
    expect(await row.locator('[data-column="qty"]').textContent()).toBe('5');
    expect(await row.locator('[data-column="bad_qty"]').textContent()).toBe('1');
    expect(await row.locator('[data-column="price"]').textContent()).toBe('Rp 40,000');

    // the same item again: the duplicate message
    await pickBySku(page, CONDITIONER.sku);
    await waitForValue(page, 'stock-in-qty-now', String(before.conditioner.qty));
    await page.getByTestId('stock-in-qty').fill('2');
    await page.getByTestId('stock-in-add').click();
    expect(await page.getByTestId('stock-in-entry-error').textContent()).toBe(M.itemInList);

    // by name search; then a third line deleted after 'Hapus Barang' (cancelled once first)
    await pickByName(page, SERUM.search, /Serum Wajah Vitamin C/);
    await waitForValue(page, 'stock-in-qty-now', String(before.serum.qty));
    await page.getByTestId('stock-in-qty').fill('3');
    await page.getByTestId('stock-in-add').click();
    await page.getByTestId(`stock-in-row-${SERUM.variant}`).waitFor();
    await pickByName(page, 'Natur Hair', /Natur Hair Tonic/);
    await page.getByTestId('stock-in-entry').waitFor();
    await page.getByTestId('stock-in-bad-qty').fill('4');
    await page.getByTestId('stock-in-add').click();
    await page.getByTestId('stock-in-row-10731').waitFor();
    await page.getByTestId('stock-in-delete-10731').click();
    const dialog = page.getByRole('dialog', { name: STOCK_IN_TEXTS.deleteTitle });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(STOCK_IN_TEXTS.deleteMessage);
    await dialog.getByRole('button', { name: 'Tidak' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('stock-in-row-10731').count()).toBe(1);
    await page.getByTestId('stock-in-delete-10731').click();
    await dialog.getByRole('button', { name: 'Ya' }).click();
    await page.getByTestId('stock-in-row-10731').waitFor({ state: 'detached' });

    // a picked item shown with its inputs, for the pictures and axe
    await pickBySku(page, CONDITIONER.sku);
    await page.getByTestId('stock-in-entry').waitFor();
    await checkBothSizes(page, 'inventory-stock-in');

    // 'Terima Barang': the success text, the form reset with a new local_trx_id
    const draft = await page.getByTestId('stock-in-page').getAttribute('data-local-trx-id');
    await page.getByTestId('stock-in-submit').click();
    expect(await notice(page, 'stock-in-notice')).toBe(M.stockInDone);
    await expect
      .poll(() => page.getByTestId('stock-in-page').getAttribute('data-local-trx-id'))
      .not.toBe(draft);
    expect(await page.locator('[data-testid^="stock-in-row-"]').count()).toBe(0);
    expect(await value(page, 'stock-in-document-no')).toBe('');
    expect(await value(page, 'stock-in-notes')).toBe('');
    await screenshot(page, 'inventory-stock-in-done');

    expect(await serverStock(page, CONDITIONER.variant, ETALASE.id)).toEqual({
      qty: before.conditioner.qty + 5,
      bad_qty: before.conditioner.bad_qty + 1,
    });
    expect(await serverStock(page, SERUM.variant, ETALASE.id)).toEqual({
      qty: before.serum.qty + 3,
      bad_qty: before.serum.bad_qty,
    });
    await context.close();
  });

  it('a stock in whose answer is lost is resent with the same local_trx_id and applied once', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await signedIn(e2e.browser, '/inventory/stock-in');
    const before = await serverStock(page, CONDITIONER.variant, GUDANG.id);
    const sent: string[] = [];
    let lost = 0;
    await page.route(
      (url) => url.pathname.endsWith('/cashier/inventory/inventory-in'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        sent.push(String(JSON.parse(route.request().postData() ?? '{}').local_trx_id));
        if (lost >= 1) return route.fallback();
        lost++;
        await route.fetch(); // the server stores it…
        await route.abort('connectionreset'); // …and its answer never arrives
      },
    );
    await chooseOption(page, 'stock-in-location', GUDANG.name);
    await pickBySku(page, CONDITIONER.sku);
    await waitForValue(page, 'stock-in-qty-now', String(before.qty));
    await page.getByTestId('stock-in-qty').fill('7');
    await page.getByTestId('stock-in-add').click();
    await page.getByTestId(`stock-in-row-${CONDITIONER.variant}`).waitFor();
    const draft = await page.getByTestId('stock-in-page').getAttribute('data-local-trx-id');
    await page.getByTestId('stock-in-submit').click();
    await expect
      .poll(() => page.getByTestId('stock-in-notice').getAttribute('data-kind'), { timeout: 30_000 })
      .toBe('success');
    expect(await page.getByTestId('stock-in-notice').textContent()).toBe(M.stockInDone);
    expect(lost).toBe(1);
    expect(sent.length).toBe(2);
    expect(new Set(sent)).toEqual(new Set([draft]));
    expect(await serverStock(page, CONDITIONER.variant, GUDANG.id)).toEqual({
      qty: before.qty + 7,
      bad_qty: before.bad_qty,
    });
    await context.close();
  });
});

describe('Inventory - Penyesuaian Stok', () => {
  it('each mode shows its computed figures and the server’s stock is what was shown', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await signedIn(e2e.browser, '/inventory/stock-adjustment');
    await page.getByRole('heading', { name: ADJUSTMENT_TEXTS.title }).waitFor();
    await chooseOption(page, 'adjustment-location', ETALASE.name);

    // no item, then no type
    await page.getByTestId('adjustment-submit').click();
    expect(await notice(page, 'adjustment-notice')).toBe(M.adjustmentItemRequired);
    await pickBySku(page, CONDITIONER.sku);
    const start = await serverStock(page, CONDITIONER.variant, ETALASE.id);
    await waitForValue(page, 'adjustment-good-now', String(start.qty));
    await page.getByTestId('adjustment-submit').click();
    await expect
      .poll(() => page.getByTestId('adjustment-notice').textContent())
      .toBe(M.adjustmentTypeRequired);

    const adjust = async (
      type: 'FINAL' | 'INCREASE' | 'DECREASE',
      good: string,
      bad: string,
      shown: { qty: number; bad_qty: number },
      final: { qty: number; bad_qty: number },
      shot?: string,
    ) => {
      const now = await serverStock(page, CONDITIONER.variant, ETALASE.id);
      // the form after a success starts over: the location and the item again
      await chooseOption(page, 'adjustment-location', ETALASE.name);
      await pickBySku(page, CONDITIONER.sku);
      await waitForValue(page, 'adjustment-good-now', String(now.qty));
      expect(await value(page, 'adjustment-bad-now')).toBe(String(now.bad_qty));
      await page.getByTestId(`adjustment-type-${type}`).check();
      if (type === 'FINAL') {
        // 002 §4: 'Stok Final' prefills the current stock
        expect(num(await value(page, 'adjustment-good-input'))).toBe(now.qty);
        expect(num(await value(page, 'adjustment-bad-input'))).toBe(now.bad_qty);
      } else {
        expect(num(await value(page, 'adjustment-good-input'))).toBe(0);
      }
      await page.getByTestId('adjustment-good-input').fill(good);
      await page.getByTestId('adjustment-bad-input').fill(bad);
      await waitForValue(page, 'adjustment-good-shown', String(shown.qty));
      expect(await value(page, 'adjustment-bad-shown')).toBe(String(shown.bad_qty));
      if (shot) await checkBothSizes(page, shot);
      const draft = await page.getByTestId('adjustment-page').getAttribute('data-local-trx-id');
      await page.getByTestId('adjustment-submit').click();
      await expect
        .poll(() => page.getByTestId('adjustment-page').getAttribute('data-local-trx-id'), {
          timeout: 30_000,
        })
        .not.toBe(draft);
      expect(await page.getByTestId('adjustment-notice').textContent()).toBe(M.adjustmentDone);
      expect(await serverStock(page, CONDITIONER.variant, ETALASE.id)).toEqual(final);
      // the form reset: no item, no type
      expect(await value(page, 'adjustment-good-now')).toBe('');
      expect(await page.getByTestId(`adjustment-type-${type}`).isChecked()).toBe(false);
    };

    // 'Stok Final' 20 / 2: the difference shown; then 'Penambahan' 3 / 1 and 'Pengurangan' 5.5 / 2
    await adjust(
      'FINAL',
      '20',
      '2',
      { qty: 20 - start.qty, bad_qty: 2 - start.bad_qty },
      { qty: 20, bad_qty: 2 },
      'inventory-adjustment',
    );
    await screenshot(page, 'inventory-adjustment-done');
    await adjust('INCREASE', '3', '1', { qty: 23, bad_qty: 3 }, { qty: 23, bad_qty: 3 });
    await adjust('DECREASE', '5.5', '2', { qty: 17.5, bad_qty: 1 }, { qty: 17.5, bad_qty: 1 });
    await context.close();
  });
});
