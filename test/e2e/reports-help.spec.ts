// Issue 27 in the browser: /help (FAQ accordion, an answer's script inert), /backdoor (a wrong passphrase
// refused by the server, dumps, local storage with 'Are you sure?', 'Change Value' → a correction the auditor's
// replay on /audit shows), and the sales report (form validation, sync, print page in a new tab with header,
// chart, table and totals, CSV with the right columns; by product), each with axe at 1366×768 and 800×1280.
import { readFileSync } from 'node:fs';
import { hashSync } from '@node-rs/argon2';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { freshCashier, signInKemang } from './pages/pos';

const PASSPHRASE = 'serambi-maintenance-e2e';
const e2e = e2eFixture({ env: { MAINTENANCE_PASSPHRASE_HASH: hashSync(PASSPHRASE) } });

async function bothSizes(page: Page, name: string, label: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`);
    await expectNoSeriousAxeViolations(page, `${label} ${size}`);
  }
  await page.setViewportSize(VIEWPORTS.till);
}

describe('help, maintenance and the sales report', () => {
  it("/help: the FAQs with 'Help content loaded!', an answer's script never runs", async () => {
    const { context, page } = await freshCashier(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/help`);
    await page.getByText('Help content loaded!').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Bagaimana cara void transaksi?' }).click();
    const answer = page.getByTestId('help-answer').filter({ hasText: 'alasan pembatalan' });
    await answer.waitFor();
    expect(await answer.innerHTML()).toContain('<b>Riwayat Transaksi</b>');
    await bothSizes(page, 'help', '/help');

    // an FAQ answer carrying a script and a handler (as a compromised back office could store it)
    await page.route('**/cashier/help', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'success',
          data: [
            {
              business_user_faq_id: 1,
              question: 'Apakah aman?',
              answer:
                '<p>Aman <b>sekali</b></p><script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">',
            },
          ],
        }),
      }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Apakah aman?' }).click();
    await page.getByTestId('help-answer').filter({ hasText: 'Aman' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.getByTestId('help-answer').first().innerHTML()).not.toMatch(/script|onerror/);
    await context.close();
  });

  it("/backdoor: a wrong passphrase is refused, 'Change Value' appends a correction that /audit replays", async () => {
    const { context, page, pos } = await freshCashier(e2e.browser, e2e.server.url);
    const { id } = await pos.completeCashSale();

    await page.goto(`${e2e.server.url}/backdoor`);
    await page.getByLabel('Who is this?').fill('tebakan');
    await page.getByTestId('backdoor-unlock').click();
    await page.getByTestId('backdoor-error').waitFor();
    expect(await page.getByTestId('backdoor-error').textContent()).toBe(
      'Bukan kamu yang dicari. Passphrase salah, coba tebak lagi.',
    );
    expect(await page.getByRole('link', { name: 'Back to App' }).getAttribute('href')).toBe('/');
    await bothSizes(page, 'backdoor-locked', '/backdoor locked');

    await page.getByLabel('Who is this?').fill(PASSPHRASE);
    await page.getByTestId('backdoor-unlock').click();
    await page.getByTestId('backdoor-unlocked').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('dump-transactions').textContent()).toContain(id);
    expect(await page.getByTestId('dump-user-config').textContent()).not.toMatch(/"login_token": "(?!•)/);

    // local storage: the key is required; set and remove ask 'Are you sure?'
    await page.getByTestId('storage-set').click();
    await page.getByText('Local Storage Item Name is Required!').first().waitFor();
    await page.getByTestId('storage-key').fill('serambi.e2e');
    await page.getByTestId('storage-value').fill('satu');
    await page.getByTestId('storage-set').click();
    await page.getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await page.getByText('Value has been added / edited').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('serambi.e2e'))).toBe('satu');
    await page.getByTestId('storage-remove').click();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await page.getByText('Local Storage Item has been removed').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('serambi.e2e'))).toBeNull();

    // 'Change Value': the sale's notes corrected by hand
    const json = page.getByTestId('trx-json');
    const trxs = JSON.parse(await json.inputValue()) as Record<string, unknown>[];
    const edited = trxs.map((t) => (t.local_trx_id === id ? { ...t, trx_notes: 'Koreksi maintenance' } : t));
    await json.fill(JSON.stringify(edited, null, 2));
    await page.getByTestId('change-value').click();
    await page.getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await page.getByText('Koreksi dicatat di log: 1 transaksi.').first().waitFor();
    await bothSizes(page, 'backdoor-unlocked', '/backdoor unlocked');

    // the log reaches the server at sign-out; the auditor replays the correction
    await pos.signOut();
    await signInKemang(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/audit`);
    const row = page.getByTestId('audit-trxs').getByRole('button', { name: new RegExp(id.slice(-6)) });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const replay = page.getByTestId('audit-replay');
    await replay.waitFor();
    const step = replay.getByTestId('audit-step').filter({ hasText: 'Dikoreksi lewat halaman maintenance' });
    await step.waitFor();
    expect(await step.textContent()).toContain('Field: trx_notes');
    await screenshot(page, 'backdoor-correction-on-audit');
    await context.close();
  }, 300_000);

  it('the sales report: form messages, print page with header, chart, table, totals, CSV; by product', async () => {
    const { context, page, pos } = await freshCashier(e2e.browser, e2e.server.url);
    await pos.completeCashSale();
    await page.goto(`${e2e.server.url}/report/pos-all-trx`);
    await page.getByTestId('sales-report-form').waitFor({ timeout: 30_000 });
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('Jenis laporan harus dipilih');
    await page.getByTestId('report-type').click();
    await page.getByRole('option', { name: 'Penjualan harian' }).click();
    await bothSizes(page, 'report-sales-form', '/report/pos-all-trx');
    const [print] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('report-submit').click(),
    ]);
    expect(print.url()).toMatch(
      /\/report\/pos-all-trx\/print\?start_date=\d{4}-\d{2}-\d{2}&end_date=.*report_type=by-transaction/,
    );
    await print.getByTestId('report-table').waitFor({ timeout: 60_000 });
    expect(await print.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Laporan Penjualan - Harian (SERVICE & RETAIL)',
    );
    const header = (await print.getByTestId('report-header').textContent()) ?? '';
    for (const label of ['Outlet', 'Kasir', 'Tanggal Laporan', 'Waktu Pembuatan Laporan'])
      expect(header).toContain(label);
    expect(header).toContain('Serambi Salon Kemang');
    await print.getByTestId('report-chart').locator('.recharts-surface').first().waitFor();
    const totals = (await print.getByTestId('report-totals').textContent()) ?? '';
    expect(totals).toMatch(/IDR [\d,]+/);
    await bothSizes(print, 'report-sales-daily', '/report/pos-all-trx/print daily');
    await print.emulateMedia({ media: 'print' });
    expect(await print.getByTestId('report-chart').isVisible()).toBe(false);
    await screenshot(print, 'report-sales-daily-print-media');
    await print.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      print.waitForEvent('download'),
      print.getByTestId('report-csv').click(),
    ]);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    const [head, first] = csv.split('\r\n');
    expect(head).toBe(
      'No,ID Transaksi,Waktu Transaksi,Nama Pelanggan,Qty,Gross Sales,Discount Value,Net Value',
    );
    expect(first).toMatch(/^1,/);

    await print.goto(`${print.url().replace('report_type=by-transaction', 'report_type=by-product')}`);
    await print.getByTestId('report-table').waitFor({ timeout: 60_000 });
    expect(await print.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Laporan Penjualan - Berdasarkan Service / Retail (SERVICE & RETAIL)',
    );
    expect(await print.getByTestId('report-table').textContent()).toContain('Potong Rambut Wanita');
    await bothSizes(print, 'report-sales-by-product', '/report/pos-all-trx/print by-product');

    await print.goto(
      `${e2e.server.url}/report/pos-all-trx/print?start_date=2026-01-01&end_date=2026-01-01&report_type=by-transaction-detail&item_nature=`,
    );
    await print.getByTestId('report-empty').waitFor({ timeout: 60_000 });
    await screenshot(print, 'report-sales-empty');
    await context.close();
  }, 300_000);
});
