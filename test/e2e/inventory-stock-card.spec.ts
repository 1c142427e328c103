// The stock card (issue 22 item 9) in a real browser on the real server: 'Riwayat Stok' (/inventory/history)
// renders Daftar Stok; a click on an item's row (or Enter on the focused row) opens that item's stock card —
// every movement at Kemang's locations with date, reference, who, quantity and the running balance — whose
// newest balance is the stock the server reports, and whose stock in made just before (by API) is the newest
// row with its reference. One location narrows it. axe and screenshots at the till and the tablet sizes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shortId } from '../../src/domain/transaction-labels';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { storedTokens } from './pages/pos';
import { serverApi } from './server-api';

const MAKARIZO = 10721; // Makarizo Conditioner 250 ml (Kemang)
const KEMANG_GUDANG = 31;
const KEMANG_ETALASE = 32;

const e2e = e2eFixture();
const api = serverApi(() => e2e.server.url);
const qtyOf = (text: string | null) => Number((text ?? '').replace(/[+,]/g, ''));

async function bothSizes(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-${size}`);
    await expectNoSeriousAxeViolations(page, `${name} ${size}`);
  }
  await page.setViewportSize(VIEWPORTS.till);
}

describe('Kartu Stok', () => {
  it('a row of Riwayat Stok opens the item’s stock card with the running balance the server sums', {
    timeout: 300_000,
  }, async () => {
    const { page } = await e2e.cashier();
    const tokens = await storedTokens(page);
    const localTrxId = crypto.randomUUID();
    await api('cashier/inventory/inventory-in', {
      method: 'POST',
      tokens,
      body: {
        local_trx_id: localTrxId,
        trx_type: 'FROM_SUPPLIER',
        inv_sloc_id: KEMANG_GUDANG,
        notes: 'kiriman uji',
        items: [{ pos_item_variant_id: MAKARIZO, qty: 3, bad_qty: 0, price: 0, disc_percent: 0 }],
      },
    });
    const stock = async (sloc: number) =>
      (await api(`cashier/inventory/current-stock?pos_item_variant_id=${MAKARIZO}&inv_sloc_id=${sloc}`, {
        tokens,
      })) as unknown as { qty: number; drv_bad_qty: number };
    const outletQty = (await stock(KEMANG_GUDANG)).qty + (await stock(KEMANG_ETALASE)).qty;

    await page.setViewportSize(VIEWPORTS.till);
    await page.goto(`${e2e.server.url}/inventory/history`);
    await page.getByRole('heading', { name: 'Daftar Stok' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('stock-list-card-hint').waitFor();
    const row = page.getByTestId(`stock-row-${MAKARIZO}`);
    await page.getByTestId('filter-item_name').fill('Makarizo Cond');
    await row.waitFor({ timeout: 30_000 });
    await row.locator('td[data-column="item_name"]').click();

    const card = page.getByTestId('stock-card');
    await card.getByTestId('stock-card-table').waitFor({ timeout: 30_000 });
    await expect.poll(() => card.getByRole('heading').first().textContent()).toContain('Kartu Stok');
    const rows = card.locator('[data-testid^="stock-card-row-"]');
    // the newest movement is the stock in, with its reference, who and the balance the server reports
    const newest = rows.first();
    expect(await newest.getAttribute('data-entry-type')).toBe('from_supplier');
    expect(await newest.textContent()).toContain('Stok Masuk');
    expect(await newest.textContent()).toContain(shortId(localTrxId));
    expect(await newest.textContent()).toContain('kiriman uji');
    expect(qtyOf(await newest.locator('td[data-column="qty"]').textContent())).toBe(3);
    expect(qtyOf(await newest.locator('td[data-column="balance"]').textContent())).toBe(outletQty);
    // each row's balance is the next (older) row's balance plus its own movement
    const n = await rows.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n - 1; i++) {
      const [bal, mv, older] = await Promise.all([
        rows.nth(i).locator('td[data-column="balance"]').textContent(),
        rows.nth(i).locator('td[data-column="qty"]').textContent(),
        rows
          .nth(i + 1)
          .locator('td[data-column="balance"]')
          .textContent(),
      ]);
      expect(Math.round((qtyOf(older) + qtyOf(mv)) * 1e4) / 1e4, `row ${i}`).toBe(qtyOf(bal));
    }
    await bothSizes(page, 'stock-card');

    // one location: Gudang Salon Kemang's own balance
    await card.getByTestId('stock-card-location').click();
    await page.getByRole('option', { name: 'Gudang Salon Kemang' }).click();
    await expect
      .poll(async () => qtyOf(await rows.first().locator('td[data-column="balance"]').textContent()), {
        timeout: 15_000,
      })
      .toBe((await stock(KEMANG_GUDANG)).qty);
    await screenshot(page, 'stock-card-one-location-till');

    // closed, then opened from the keyboard: Enter on the focused row
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('stock-card-table').waitFor({ timeout: 30_000 });
  });
});
