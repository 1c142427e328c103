// Transfer Keluar and Transfer Masuk in a real browser on the real server (issue 13, 002 §2.6–2.7, §5):
// the owner at Kemang sends stock from Gudang Salon Kemang (31) to Menteng's Gudang Klinik Menteng (41) —
// the source's stock drops at once by the qty (the server's current stock) — and the doctor at Menteng
// finds it in Transfer Masuk and accepts it, when the target's stock rises by the qty. Every message of
// 002 §5 for the two screens; a transfer out and an acceptance whose first answer is lost on the way back
// (page.route lets the request reach the server, then aborts) are resent and applied once. axe and
// screenshots at the till and the tablet sizes.
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES as M } from '../../src/domain/texts/inventory';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { loseNextAnswer, PASSWORD, storedTokens, type Tokens } from './pages/pos';
import { serverApi } from './server-api';

const SERUM = 10741; // Serum Wajah Vitamin C 20 ml, sold at Kemang and Menteng
const CONDITIONER = 10721; // Makarizo Conditioner 250 ml (Kemang)
const SHAMPOO = 10711; // L'Oreal Serie Expert Shampoo 300 ml (Kemang)

/** local_trx_ids the server answered (or may have stored): each is exactly one write after the run. */
const transfersOut: string[] = [];

const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    const db = new PGlite(dataDir);
    try {
      const out = await db.query<{ local_trx_id: string; n: string }>(
        `SELECT t.local_trx_id, count(*)::text AS n FROM inventory_trxs t JOIN inv_stock_trf_heads h USING (inv_trx_id)
         WHERE t.trx_type = 'TRANSFER_OUT' GROUP BY t.local_trx_id`,
      );
      expect(out.rows.map((r) => r.local_trx_id).sort()).toEqual([...transfersOut].sort());
      expect(out.rows.every((r) => r.n === '1')).toBe(true);
      // each line carried its own uuid (002 §4), not its variant id (issue 23 item 9)
      const lines = await db.query<{ uuid: string | null }>(
        `SELECT i->>'uuid' AS uuid FROM inv_stock_trf_heads h, jsonb_array_elements(h.items) i`,
      );
      expect(lines.rows.length).toBeGreaterThan(0);
      for (const l of lines.rows)
        expect(l.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(lines.rows.map((l) => l.uuid)).size).toBe(lines.rows.length);
      // each acceptance is one write with one ledger row per item
      const accepted = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM stock_ledger WHERE entry_type = 'transfer_in'`,
      );
      expect(Number(accepted.rows[0]?.n)).toBe(2);
    } finally {
      await db.close();
    }
  },
});

const api = serverApi(() => e2e.server.url);
const stockAt = async (tokens: Tokens, variant: number, sloc: number) =>
  Number(
    (
      await api(`cashier/inventory/current-stock?pos_item_variant_id=${variant}&inv_sloc_id=${sloc}`, {
        tokens,
      })
    ).qty,
  );

const SELECTS = {
  'Lokasi Stok Asal': 'transfer-source',
  'Lokasi Stok Tujuan': 'transfer-target',
  'Lokasi Stok Penerimaan': 'transfer-receiving',
} as const;
const select = (page: Page, label: keyof typeof SELECTS) => page.getByTestId(SELECTS[label]);

async function choose(page: Page, label: keyof typeof SELECTS, option: string | RegExp) {
  await select(page, label).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function pickItem(page: Page, search: string) {
  const input = page.getByTestId('item-picker-name');
  await input.click();
  await input.fill(search);
  await page
    .getByRole('option', { name: new RegExp(search) })
    .first()
    .click();
  await page.getByTestId('transfer-stock-now').waitFor({ timeout: 15_000 });
}

async function addItem(page: Page, search: string, qty: string) {
  await pickItem(page, search);
  await page.getByTestId('transfer-qty').fill(qty);
  await page.getByRole('button', { name: 'Masukkan ke dalam Daftar' }).click();
}

const notice = (page: Page, id: string) => page.getByTestId(id);
async function expectNotice(page: Page, id: string, text: string) {
  await expect.poll(() => notice(page, id).textContent(), { timeout: 20_000 }).toBe(text);
}

async function bothSizes(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page, `${name} ${size}`);
    await screenshot(page, `inventory-transfer-${name}-${size}`);
  }
  await page.setViewportSize(VIEWPORTS.till);
}

/** The id the browser sent with each POST transfer-out (to compare a resend with the first send). */
function sentIds(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/cashier/inventory/transfer-out'))
      ids.push((r.postDataJSON() as { local_trx_id: string }).local_trx_id);
  });
  return ids;
}

describe('Transfer Keluar and Transfer Masuk', () => {
  it('sends stock from Kemang to Menteng, with every message, and Menteng accepts it', {
    timeout: 400_000,
  }, async () => {
    const base = e2e.server.url;
    const { context, page } = await e2e.cashier();
    const ids = sentIds(page);
    const owner = await storedTokens(page);
    const source0 = await stockAt(owner, SERUM, 31);
    const target0 = await stockAt(owner, SERUM, 41);
    expect(source0).toBeGreaterThan(3);

    await page.goto(`${base}/inventory/transfer-out`);
    await page.getByRole('heading', { name: 'Inventory - Transfer Keluar' }).waitFor({ timeout: 30_000 });

    // 002 §5, in the spec's order: no source, no target, no items
    const submit = page.getByRole('button', { name: 'Transfer Keluar', exact: true });
    await submit.click();
    await expectNotice(page, 'transfer-out-notice', M.sourceRequired);
    await choose(page, 'Lokasi Stok Asal', 'Gudang Salon Kemang');
    await submit.click();
    await expectNotice(page, 'transfer-out-notice', M.targetRequired);
    // the target never offers the source
    await select(page, 'Lokasi Stok Tujuan').click();
    await expect(page.getByRole('option', { name: 'Gudang Salon Kemang' }).count()).resolves.toBe(0);
    await page.getByRole('option', { name: 'Gudang Klinik Menteng' }).click();
    await submit.click();
    await expectNotice(page, 'transfer-out-notice', M.transferItemsRequired);
    expect(ids).toEqual([]);

    // the same location is refused by the server too (the screen cannot choose it)
    await expect(
      api('cashier/inventory/transfer-out', {
        method: 'POST',
        tokens: owner,
        body: {
          local_trx_id: 'e2e-same-location',
          source_inv_sloc_id: 31,
          target_inv_sloc_id: 31,
          items: [{ pos_item_variant_id: SERUM, qty: 1 }],
        },
      }),
    ).rejects.toThrow(M.sameLocation);

    // item entry: 'Stok Saat Ini' at the source, zero qty, the item already in the list, delete with confirmation
    await pickItem(page, 'Serum Wajah');
    expect(Number(await page.getByTestId('transfer-stock-now').inputValue())).toBe(source0);
    await page.getByRole('button', { name: 'Masukkan ke dalam Daftar' }).click();
    await expect.poll(() => page.getByTestId('transfer-line-error').textContent()).toBe(M.qtyZero);
    await page.getByTestId('transfer-qty').fill('3');
    await page.getByRole('button', { name: 'Masukkan ke dalam Daftar' }).click();
    await page.getByTestId(`transfer-row-${SERUM}`).waitFor();
    await addItem(page, 'Serum Wajah', '1');
    await expect.poll(() => page.getByTestId('transfer-line-error').textContent()).toBe(M.itemInTransferList);
    await page.getByTestId('transfer-notes').fill('Stok untuk klinik');
    await pickItem(page, 'Shampoo');
    await page.getByTestId('transfer-qty').fill('1');
    await bothSizes(page, 'out');
    await page.getByRole('button', { name: 'Masukkan ke dalam Daftar' }).click();
    await page.getByTestId(`transfer-row-${SHAMPOO}`).waitFor();
    await bothSizes(page, 'out-list');
    await page.getByRole('button', { name: /^Delete L'Oreal/ }).click();
    await page.getByText('Hapus Barang Transfer').waitFor();
    await page.getByText('Apakah Anda yakin ingin menghapus?').waitFor();
    await page.getByRole('button', { name: 'Ya' }).click();
    await page.getByTestId(`transfer-row-${SHAMPOO}`).waitFor({ state: 'detached' });

    // submit: the source's stock drops by the qty at once; the form resets
    await submit.click();
    await expectNotice(page, 'transfer-out-notice', M.transferOutDone);
    transfersOut.push(ids[0]);
    expect(ids).toHaveLength(1);
    expect(await stockAt(owner, SERUM, 31)).toBe(source0 - 3);
    expect(await stockAt(owner, SERUM, 41)).toBe(target0);
    await page.getByTestId('transfer-list-empty').waitFor();
    expect(await select(page, 'Lokasi Stok Asal').inputValue()).toBe('');
    await context.close();

    // Menteng: the doctor (INV_TRANSFER_IN, Menteng only) starts the shift Menteng enforces, then accepts
    const doctor = await newContext(e2e.browser);
    const dpage = await doctor.newPage();
    dpage.on('pageerror', (e) => console.error('pageerror', e.message));
    await dpage.goto(`${base}/sign-in`);
    await dpage.getByLabel('Email').fill('dokter@serambi.id');
    await dpage.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await dpage.getByRole('button', { name: 'Sign In' }).click();
    await dpage.waitForURL('**/shift-management', { timeout: 30_000 });
    await dpage.getByTestId('shift-cash-start').fill('100000');
    await dpage.getByTestId('shift-start').click();
    await dpage.getByText('Shift baru berhasil dimulai.').waitFor();

    await dpage.goto(`${base}/inventory/transfer-in`);
    await dpage.getByRole('heading', { name: 'Inventory - Transfer Masuk' }).waitFor({ timeout: 30_000 });
    const row = dpage.locator('[data-testid^="incoming-TRF-"]');
    await row.first().waitFor({ timeout: 30_000 });
    expect(await row.count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells[2]).toBe('3'); // Jumlah Barang
    expect(cells[3]).toBe('Gudang Salon Kemang'); // Transfer Dari
    await bothSizes(dpage, 'in-list');

    await row.getByRole('button', { name: /^Detail Barang/ }).click();
    const receiving = select(dpage, 'Lokasi Stok Penerimaan');
    // the transfer's target, one of the doctor's locations, is preselected
    expect(await receiving.inputValue()).toBe('Gudang Klinik Menteng');
    const details = await dpage.getByTestId('incoming-details').locator('tbody td').allTextContents();
    expect(details[0]).toMatch(/Serum Wajah Vitamin C/);
    expect(details[1]).toBe(String(target0));
    expect(details[2]).toBe('3');
    await bothSizes(dpage, 'in-detail');

    // no receiving location
    await dpage
      .getByTestId('incoming-detail')
      .locator('button[class*="ClearButton"], button[class*="CloseButton"]')
      .first()
      .click();
    expect(await receiving.inputValue()).toBe('');
    await dpage.getByRole('button', { name: 'Transfer Masuk', exact: true }).click();
    await expectNotice(dpage, 'transfer-in-notice', M.receivingRequired);
    // Cancel goes back to the list
    await dpage.getByRole('button', { name: 'Cancel' }).click();
    await row.first().waitFor();

    await row.getByRole('button', { name: /^Detail Barang/ }).click();
    await choose(dpage, 'Lokasi Stok Penerimaan', 'Gudang Klinik Menteng');
    await dpage.getByRole('button', { name: 'Transfer Masuk', exact: true }).click();
    await expectNotice(dpage, 'transfer-in-notice', M.transferInDone);
    await dpage.getByTestId('incoming-empty').waitFor({ timeout: 20_000 });
    const doctorTokens = await storedTokens(dpage);
    expect(await stockAt(doctorTokens, SERUM, 41)).toBe(target0 + 3);
    expect(await stockAt(doctorTokens, SERUM, 31)).toBe(source0 - 3);
    await doctor.close();
  });

  it('a transfer out and an acceptance whose first answers are lost are resent and applied once', {
    timeout: 300_000,
  }, async () => {
    const base = e2e.server.url;
    const { context, page } = await e2e.cashier();
    const ids = sentIds(page);
    const owner = await storedTokens(page);
    const at31 = await stockAt(owner, CONDITIONER, 31);
    const at32 = await stockAt(owner, CONDITIONER, 32);

    await page.goto(`${base}/inventory/transfer-out`);
    await page.getByRole('heading', { name: 'Inventory - Transfer Keluar' }).waitFor({ timeout: 30_000 });
    await choose(page, 'Lokasi Stok Asal', 'Gudang Salon Kemang');
    await choose(page, 'Lokasi Stok Tujuan', 'Etalase Kemang');
    await addItem(page, 'Makarizo', '2');
    await page.getByTestId(`transfer-row-${CONDITIONER}`).waitFor();

    const fault = await loseNextAnswer(page, '/cashier/inventory/transfer-out', 'POST');
    await page.getByRole('button', { name: 'Transfer Keluar', exact: true }).click();
    await expectNotice(page, 'transfer-out-notice', M.transferOutDone);
    expect(fault.lost()).toBe(1);
    // the resend carried the same local_trx_id, and the stock left once
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    transfersOut.push(ids[0]);
    expect(await stockAt(owner, CONDITIONER, 31)).toBe(at31 - 2);

    // the owner accepts it at Kemang (the target, Etalase Kemang, is the owner's); the answer is lost once
    await page.goto(`${base}/inventory/transfer-in`);
    const row = page.locator('[data-testid^="incoming-TRF-"]');
    await row.first().waitFor({ timeout: 30_000 });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: /^Detail Barang/ }).click();
    expect(await select(page, 'Lokasi Stok Penerimaan').inputValue()).toBe('Etalase Kemang');
    const lostIn = await loseNextAnswer(page, '/cashier/inventory/transfer-in', 'POST');
    await page.getByRole('button', { name: 'Transfer Masuk', exact: true }).click();
    await expectNotice(page, 'transfer-in-notice', M.transferInDone);
    expect(lostIn.lost()).toBe(1);
    await page.getByTestId('incoming-empty').waitFor({ timeout: 20_000 });
    expect(await stockAt(owner, CONDITIONER, 32)).toBe(at32 + 2);
    expect(await stockAt(owner, CONDITIONER, 31)).toBe(at31 - 2);
    await context.close();
  });
});
