// 'Daftar Stok' in a real browser on the real server (issue 13, 002 §2.2 reading A, ruling 6): the demo's
// Kemang stock as GET outlet-stock answers it and as the stock ledger sums it (read from the server's own
// database after it stops); the column searches filter and highlight; every sort orders the rows; the
// virtualised table renders only the rows in view yet reaches the last one; /inventory/history renders the
// same list; axe at the till and the tablet sizes.
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeStockList, stockListWire } from '../../src/api/contract/stock-list-wire';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { storedTokens } from './pages/pos';
import { serverApi } from './server-api';

interface StockRow {
  pos_item_variant_id: number;
  item_type: string | null;
  category_name: string | null;
  sku: string | null;
  item_name: string | null;
  variant_name: string | null;
  qty: number;
  drv_bad_qty: number;
  unit_name: string | null;
}

/** What the page showed, per variant: checked against the ledger once the server stopped. */
const shown = new Map<number, { qty: number; bad: number }>();

const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    if (shown.size === 0) return;
    const db = new PGlite(dataDir);
    try {
      const r = await db.query<{ v: number; qty: string; bad: string }>(
        `SELECT l.pos_item_variant_id AS v, sum(l.qty)::text AS qty, sum(l.bad_qty)::text AS bad
         FROM stock_ledger l JOIN storage_locations s USING (inv_sloc_id)
         WHERE s.business_outlet_id = 1 GROUP BY 1`,
      );
      const ledger = new Map(r.rows.map((x) => [Number(x.v), { qty: Number(x.qty), bad: Number(x.bad) }]));
      for (const [v, seen] of shown)
        expect(ledger.get(v) ?? { qty: 0, bad: 0 }, `variant ${v}`).toEqual(seen);
    } finally {
      await db.close();
    }
  },
});
const api = serverApi(() => e2e.server.url);

const cell = (page: Page, id: number, column: string) =>
  page.getByTestId(`stock-row-${id}`).locator(`td[data-column="${column}"]`);
const renderedRows = (page: Page) => page.locator('[data-testid^="stock-row-"]');
/** The first rendered row's cell (the list scrolled to the top). */
const firstCell = (page: Page, column: string) =>
  page.locator('tr[data-index="0"]').locator(`td[data-column="${column}"]`);
const qtyOf = (text: string | null) => Number((text ?? '').replace(/\./g, '').replace(',', '.'));

describe('Daftar Stok', () => {
  it('shows the outlet stock the server and the ledger hold; searches, highlights and sorts', {
    timeout: 240_000,
  }, async () => {
    const { page } = await e2e.cashier();
    const tokens = await storedTokens(page);
    // the tuple wire format (src/api/contract/stock-list-wire.ts), expanded as the page does
    const answer = decodeStockList(
      stockListWire.parse(await api('cashier/inventory/outlet-stock', { tokens })),
    ) as StockRow[];
    expect(answer.length).toBeGreaterThan(5);

    // 1. the list at the till size: the columns of reading A, rows as the server answered them
    await page.setViewportSize(VIEWPORTS.till);
    await page.goto(`${e2e.server.url}/inventory/stock`);
    await page.getByRole('heading', { name: 'Daftar Stok' }).waitFor({ timeout: 30_000 });
    await renderedRows(page).first().waitFor({ timeout: 30_000 });
    for (const name of [
      'Tipe Barang',
      'Kategori',
      'SKU',
      'Nama Barang',
      'Varian',
      'Qty Baik',
      'Qty Rusak',
      'Unit',
    ])
      await page.getByRole('columnheader', { name }).first().waitFor();
    expect(await page.getByTestId('stock-list-table').getAttribute('aria-rowcount')).toBe(
      String(answer.length + 2),
    );
    const rendered = await renderedRows(page).count();
    for (let i = 0; i < rendered; i++) {
      const tr = renderedRows(page).nth(i);
      const id = Number((await tr.getAttribute('data-testid'))?.replace('stock-row-', ''));
      const row = answer.find((r) => r.pos_item_variant_id === id);
      expect(row, `row ${id}`).toBeDefined();
      if (!row) continue;
      const text = async (c: string) => (await cell(page, id, c).textContent()) ?? '';
      expect(await text('item_type')).toBe(row.item_type ?? '');
      expect(await text('category_name')).toBe(row.category_name ?? '');
      expect(await text('sku')).toBe(row.sku ?? '');
      expect(await text('item_name')).toBe(row.item_name ?? '');
      expect(await text('variant_name')).toBe(row.variant_name ?? '');
      expect(await text('unit_name')).toBe(row.unit_name ?? '');
      const qty = qtyOf(await text('qty'));
      const bad = qtyOf(await text('drv_bad_qty'));
      expect([qty, bad]).toEqual([row.qty, row.drv_bad_qty]);
      shown.set(id, { qty, bad });
    }
    expect(shown.size).toBeGreaterThan(3);
    await screenshot(page, 'stock-list-1-till');
    await expectNoSeriousAxeViolations(page, 'Daftar Stok 1366×768');

    // 2. each column search filters on its column and highlights the match
    const target = answer.find((r) => r.sku && r.item_name && r.variant_name && r.category_name) as StockRow;
    const searches: [string, string, (r: StockRow) => string | null][] = [
      ['sku', (target.sku ?? '').slice(-3).toLowerCase(), (r) => r.sku],
      ['item_name', (target.item_name ?? '').split(' ')[0].toUpperCase(), (r) => r.item_name],
      ['variant_name', (target.variant_name ?? '').slice(0, 3), (r) => r.variant_name],
      ['category_name', (target.category_name ?? '').slice(1, 5), (r) => r.category_name],
    ];
    for (const [column, text, of] of searches) {
      const filter = page.getByTestId(`filter-${column}`);
      await filter.fill(text);
      const expected = answer.filter((r) => (of(r) ?? '').toLowerCase().includes(text.toLowerCase()));
      await expect
        .poll(async () => page.getByTestId('stock-list-table').getAttribute('aria-rowcount'))
        .toBe(String(expected.length + 2));
      await cell(page, target.pos_item_variant_id, column).locator('mark').first().waitFor();
      expect(
        (
          (await cell(page, target.pos_item_variant_id, column).locator('mark').first().textContent()) ?? ''
        ).toLowerCase(),
      ).toBe(text.toLowerCase());
      if (column === 'item_name') await screenshot(page, 'stock-list-2-search');
      await filter.fill('');
    }
    // the filters combine; a miss says so
    await page.getByTestId('filter-sku').fill(target.sku ?? '');
    await page.getByTestId('filter-item_name').fill(target.item_name ?? '');
    await expect
      .poll(async () => renderedRows(page).count())
      .toBe(
        answer.filter(
          (r) => r.sku?.includes(target.sku ?? '') && r.item_name?.includes(target.item_name ?? ''),
        ).length,
      );
    await page.getByTestId('filter-variant_name').fill('tidak ada varian ini');
    await page.getByText('Barang tidak ditemukan').waitFor();
    for (const c of ['sku', 'item_name', 'variant_name']) await page.getByTestId(`filter-${c}`).fill('');
    await expect
      .poll(async () => page.getByTestId('stock-list-table').getAttribute('aria-rowcount'))
      .toBe(String(answer.length + 2));

    // 3. sorting: quantities as numbers both ways, texts in order
    await page.getByTestId('sort-qty').click();
    await expect
      .poll(async () => qtyOf(await firstCell(page, 'qty').textContent()))
      .toBe(Math.min(...answer.map((r) => r.qty)));
    await page.getByTestId('sort-qty').click();
    await expect
      .poll(async () => qtyOf(await firstCell(page, 'qty').textContent()))
      .toBe(Math.max(...answer.map((r) => r.qty)));
    expect(await page.getByRole('columnheader', { name: 'Qty Baik' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const collator = new Intl.Collator('id-ID', { numeric: true, sensitivity: 'base' });
    const names = answer.map((r) => r.item_name ?? '').sort(collator.compare);
    await page.getByTestId('sort-item_name').click();
    await expect.poll(async () => firstCell(page, 'item_name').textContent()).toBe(names[0]);
    await page.getByTestId('sort-item_name').click();
    await expect.poll(async () => firstCell(page, 'item_name').textContent()).toBe(names[names.length - 1]);

    // 4. the last row is reachable: scrolled to the bottom, it is rendered with its place in the list
    await page.getByTestId('stock-list-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = page.locator(`tr[aria-rowindex="${answer.length + 2}"]`);
    await last.waitFor();
    expect(await last.locator('td[data-column="item_name"]').textContent()).toBe(
      names[names.length - 1 - (answer.length - 1)],
    );

    // 5. the tablet held upright; /inventory/history renders the same list
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.goto(`${e2e.server.url}/inventory/history`);
    await page.getByRole('heading', { name: 'Daftar Stok' }).waitFor({ timeout: 30_000 });
    await renderedRows(page).first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('stock-list-table').getAttribute('aria-rowcount')).toBe(
      String(answer.length + 2),
    );
    await screenshot(page, 'stock-list-3-tablet');
    await expectNoSeriousAxeViolations(page, 'Daftar Stok 800×1280');
  });
});
