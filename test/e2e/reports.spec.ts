// Issue 27's other reports in the browser: worker activity (form messages, workers with 'Semua Pekerja', the
// summary print page with its chart and Total Commission for the owner, CSV read back; by transaction paged
// with the server's CSV), the omzet recap (print
// page with totals and the period's fees, chart hidden in print) and customer birthdays (leading-0 phones,
// WhatsApp links to 62), product consumption and treatment reminder (form and print page), each with axe at 1366×768 and 800×1280 and a screenshot of each print page.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { freshCashier, signInKemang } from './pages/pos';

const e2e = e2eFixture();

async function bothSizes(page: Page, name: string, label: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`);
    await expectNoSeriousAxeViolations(page, `${label} ${size}`);
  }
  await page.setViewportSize(VIEWPORTS.till);
}

describe('worker activity, omzet recap and birthday reports', () => {
  it('worker activity: messages, workers, summary print page with chart and commission, CSV', async () => {
    const { context, page, pos } = await freshCashier(e2e.browser, e2e.server.url);
    await pos.completeCashSale();
    await page.goto(`${e2e.server.url}/report/worker-commission`);
    await page.getByTestId('worker-report-form').waitFor({ timeout: 30_000 });
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe('Jenis laporan harus dipilih');
    await page.getByTestId('report-type').click();
    await page.getByRole('option', { name: 'Ringkasan' }).click();
    const all = page.getByTestId('report-all-workers');
    expect(await all.isChecked()).toBe(true);
    await all.uncheck();
    await page.getByTestId('report-submit').click();
    expect(await page.getByTestId('report-error').textContent()).toBe(
      'Pekerja harus dipilih minimal satu orang',
    );
    await all.check();
    await bothSizes(page, 'report-worker-form', '/report/worker-commission');
    const [print] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('report-submit').click(),
    ]);
    expect(print.url()).toMatch(
      /\/report\/worker-commission\/print\?.*report_type=summary.*commission_workers=\d+/,
    );
    await print.getByTestId('report-table').waitFor({ timeout: 60_000 });
    expect(await print.getByRole('heading', { level: 1 }).textContent()).toBe('Riwayat Komisi Pekerja');
    const table = (await print.getByTestId('report-table').textContent()) ?? '';
    for (const col of ['Worker', 'Retail Net Value', 'Service Net Value', 'Total Commission'])
      expect(table).toContain(col);
    expect((await print.getByTestId('report-header').textContent()) ?? '').toContain('Jenis Produk');
    await bothSizes(print, 'report-worker-summary', '/report/worker-commission/print');
    const [download] = await Promise.all([
      print.waitForEvent('download'),
      print.getByTestId('report-csv').click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual(['No', 'Worker', 'Retail Net Value', 'Service Net Value', 'Total Commission']);
    expect(parsed.at(-1)?.[0]).toBe('Total');
    // by transaction (issue 27): read a page at a time, the worker's whole-range totals, the server's CSV
    await print.goto(print.url().replace('report_type=summary', 'report_type=by-transaction'));
    await print.getByTestId('report-worker-section').first().waitFor({ timeout: 60_000 });
    const section = (await print.getByTestId('report-worker-section').first().textContent()) ?? '';
    for (const col of ['ID Transaksi', 'Waktu Transaksi', 'Total Commission', 'Total'])
      expect(section).toContain(col);
    await bothSizes(print, 'report-worker-trx', '/report/worker-commission/print (by transaction)');
    const [trxDownload] = await Promise.all([
      print.waitForEvent('download'),
      print.getByTestId('report-csv').click(),
    ]);
    const trxCsv = Papa.parse<string[]>(
      readFileSync(await trxDownload.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .trim(),
    ).data;
    expect(trxCsv[0]?.slice(0, 3)).toEqual(['Worker', 'No', 'ID Transaksi']);
    expect(trxCsv[0]).toContain('Total Commission');
    expect(trxCsv.length).toBeGreaterThanOrEqual(3);
    expect(trxCsv.at(-1)?.[1]).toBe('Total');
    await context.close();
  }, 300_000);

  it('omzet recap and customer birthdays: print pages with totals, fees, phones and WhatsApp links', async () => {
    const { context, page, pos } = await freshCashier(e2e.browser, e2e.server.url);
    await pos.completeCashSale();
    await page.goto(`${e2e.server.url}/report/custom/omzet-recap`);
    await page.getByTestId('omzet-report-form').waitFor({ timeout: 30_000 });
    await bothSizes(page, 'report-omzet-form', '/report/custom/omzet-recap');
    const [omzet] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('report-submit').click(),
    ]);
    await omzet.getByTestId('report-table').waitFor({ timeout: 60_000 });
    expect(await omzet.getByTestId('omzet-summary').textContent()).toContain('Royalty Fee = 9%');
    expect((await omzet.getByTestId('report-totals').textContent()) ?? '').toMatch(/IDR [\d,]+/);
    await omzet.getByTestId('report-chart').locator('.recharts-surface').first().waitFor();
    await bothSizes(omzet, 'report-omzet', '/report/custom/omzet-recap/print');
    await omzet.emulateMedia({ media: 'print' });
    expect(await omzet.getByTestId('report-chart').isVisible()).toBe(false);
    await omzet.emulateMedia({ media: 'screen' });

    // the demo's customer 0 has a birthday today
    await page.goto(`${e2e.server.url}/report/customer-birthday`);
    await page.getByTestId('birthday-report-form').waitFor({ timeout: 30_000 });
    const [birthday] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('report-submit').click(),
    ]);
    await birthday.getByTestId('report-table').waitFor({ timeout: 60_000 });
    const link = birthday.getByRole('link', { name: 'Open WhatsApp' }).first();
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/628\d+$/);
    const firstCell = await birthday.getByTestId('report-table').locator('tbody tr td').nth(1).textContent();
    expect(firstCell).toMatch(/^08\d+$/);
    await bothSizes(birthday, 'report-birthday', '/report/customer-birthday/print');
    await context.close();
  });

  it('product consumption and treatment reminder: form, print page (table or empty state), axe at both sizes', async () => {
    const { context, page } = await freshCashier(e2e.browser, e2e.server.url);
    for (const [route, form, name] of [
      ['/report/product-consumption', 'consumption-report-form', 'report-consumption'],
      ['/report/treatment-reminder', 'reminder-report-form', 'report-reminder'],
    ] as const) {
      await page.goto(`${e2e.server.url}${route}`);
      await page.getByTestId(form).waitFor({ timeout: 30_000 });
      expect(await page.getByText('Belum tersedia').count()).toBe(0);
      await bothSizes(page, `${name}-form`, route);
      const [print] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('report-submit').click(),
      ]);
      await print
        .getByTestId('report-table')
        .or(print.getByTestId('report-empty'))
        .first()
        .waitFor({ timeout: 60_000 });
      expect(print.url()).toContain(`${route}/print?`);
      await bothSizes(print, name, `${route}/print`);
      await print.close();
    }
    await context.close();
  });

  it("the brand's full data export: the owner downloads the ZIP of CSVs from /storage, the supervisor sees no button", async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signInKemang(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/storage`);
    await page.getByTestId('brand-export').waitFor({ timeout: 30_000 });
    await bothSizes(page, 'storage-brand-export', '/storage (owner)');
    // the Blob way (plain-http tills); the save dialog of showSaveFilePicker cannot be answered headless
    await page.evaluate(() => {
      (window as { showSaveFilePicker?: unknown }).showSaveFilePicker = undefined;
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('brand-export-zip').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^serambi-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = execFileSync('unzip', ['-Z1', await download.path()], { encoding: 'utf8' }).trim();
    expect(names.split('\n')).toEqual(
      [
        'customers',
        'sales',
        'sale_lines',
        'payments',
        'stock_ledger',
        'point_ledger',
        'wallet_ledger',
        'coupon_ledger',
        'receivable_ledger',
      ].map((t) => `${t}.csv`),
    );
    await context.close();
    const other = await newContext(e2e.browser);
    const spv = await other.newPage();
    await signInKemang(spv, e2e.server.url, 'spv@serambi.id');
    await spv.goto(`${e2e.server.url}/storage`);
    await spv.getByTestId('storage-export').waitFor({ timeout: 30_000 });
    expect(await spv.getByTestId('brand-export').count()).toBe(0);
    await other.close();
  }, 180_000);
});
