// Looks at the customer panel, Set Customer, the journal and the cashier dialogs on the real app
// (not a test): screenshots at 1366×768 (till) and 1280×800 (tablet) into test-artifacts/pos-customer/.
// Needs dist/ (`npx vite build`). Run: npx tsx test/ui/pos-customer-screens.ts
// It starts its own server on a fresh PGlite folder (demo business) and stops it at the end.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, removeDataDir, startServer } from '../e2e/harness';

const OUT = join(process.cwd(), 'test-artifacts', 'pos-customer');
const VIEWPORTS = [
  { name: 'till', width: 1366, height: 768 },
  { name: 'tablet', width: 1280, height: 800 },
];

async function shot(page: Page, name: string) {
  await page.waitForTimeout(500);
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path });
  console.log(path);
}

/** Runs one step; a failure is reported with a screenshot and the script goes on. */
async function step(page: Page, name: string, act: () => Promise<void>): Promise<boolean> {
  try {
    await act();
    return true;
  } catch (error) {
    console.error(`${name}: ${(error as Error).message.split('\n')[0]}`);
    await page.screenshot({ path: join(OUT, `${name}-FAILED.png`) }).catch(() => undefined);
    await page.keyboard.press('Escape').catch(() => undefined);
    return false;
  }
}

/**
 * Kemang's flags are customer_journal 0 and service_area_type 'item'; the 'kemang-flags' run turns
 * on the journal link, the transaction's service area and is_user_id_required in the answers the
 * browser gets (sign-in and config), to look at those parts too.
 */
const FLAG_OVERRIDES = { customer_journal: 1, service_area_type: 'transaction', is_user_id_required: 1 };

async function patchFlags(page: Page) {
  await page.route(/cashier\/(config|pos\/auth\/sign-in)(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
    if (body?.data && typeof body.data === 'object' && 'customer_journal' in body.data)
      Object.assign(body.data, FLAG_OVERRIDES);
    await route.fulfill({ response, json: body });
  });
}

async function signIn(page: Page, base: string, outlet: string) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill('demo@serambi.id');
  await page.locator('input[type="password"]').fill('demo1234');
  await page.getByRole('button', { name: /sign in|masuk/i }).click();
  await page.getByText(outlet).first().click({ timeout: 30_000 });
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
}

async function newSale(page: Page, base: string) {
  await page.goto(`${base}/pos`);
  await page.getByText('Transaksi Baru').first().waitFor({ timeout: 30_000 });
  // The first sales-type button of 'Transaksi Baru'.
  const column = page
    .locator('[data-testid="new-trx"], section, div')
    .filter({ hasText: 'Transaksi Baru' })
    .last();
  await column.getByRole('button').first().click();
  await page.getByText('Label Transaksi').first().waitFor({ timeout: 30_000 });
}

const closeModal = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
};

async function shootOutlet(page: Page, base: string, prefix: string, outlet: string) {
  if (!(await step(page, `${prefix}-signin`, () => signIn(page, base, outlet)))) return;
  const started = await step(page, `${prefix}-step2`, async () => {
    await newSale(page, base);
    await shot(page, `${prefix}-step2-right-panel`);
  });
  if (!started) return;
  await step(page, `${prefix}-set-customer`, async () => {
    if (
      !(await page
        .getByRole('dialog')
        .isVisible()
        .catch(() => false))
    )
      await page.getByRole('button', { name: 'Set Customer' }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `${prefix}-set-customer-empty`);
    const typeButton = (name: string) =>
      page
        .getByRole('dialog')
        .locator('label')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .first();
    await typeButton('Phone').click();
    await page.getByRole('dialog').locator('input[type="tel"]').fill('12');
    await page.getByRole('button', { name: 'Check' }).click();
    await shot(page, `${prefix}-set-customer-invalid-phone`);
    await typeButton('Nama').click();
    await page.getByRole('dialog').locator('input[type="text"]').first().fill('a');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.waitForTimeout(800);
    await shot(page, `${prefix}-set-customer-search`);
    await typeButton('Reference').click();
    await page.getByRole('dialog').locator('input[type="text"]').first().fill('REF-0001');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Change Customer').waitFor({ timeout: 15_000 });
    await shot(page, `${prefix}-set-customer-chosen`);
    await closeModal(page);
    await shot(page, `${prefix}-customer-panel`);
  });
  await step(page, `${prefix}-journal`, async () => {
    const link = page.getByText('Lihat Catatan Jurnal Pelanggan');
    if (await link.isVisible()) {
      await link.click();
      await page.getByText('Customer Journals').waitFor();
      await shot(page, `${prefix}-journal`);
      await closeModal(page);
    }
  });
  await step(page, `${prefix}-notes`, async () => {
    await page.getByRole('button', { name: 'Notes', exact: true }).click();
    await page.getByRole('dialog').locator('textarea').fill('Pelanggan minta handuk tambahan');
    await page.getByRole('button', { name: 'Save' }).click();
    await shot(page, `${prefix}-notes-saved`);
  });
  await step(page, `${prefix}-discount`, async () => {
    await page.getByRole('button', { name: 'Discount', exact: true }).click();
    await page.getByText('Apply Global Discount').waitFor();
    await shot(page, `${prefix}-discount-promo`);
    await page
      .getByRole('dialog')
      .locator('label')
      .filter({ hasText: /^Persentase \(%\)$/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await shot(page, `${prefix}-discount-percent-empty`);
    await closeModal(page);
  });
  await step(page, `${prefix}-stock-out`, async () => {
    await page.getByRole('button', { name: 'Stok Keluar', exact: true }).click();
    await page.getByText('Stok Barang Keluar').waitFor();
    await shot(page, `${prefix}-stock-out`);
    await closeModal(page);
  });
  await step(page, `${prefix}-service-area`, async () => {
    const area = page.getByLabel('Service Area');
    if (await area.first().isVisible()) {
      await area.first().click();
      await shot(page, `${prefix}-service-area-open`);
      // Take an area here, then a second sale sees it '(OCCUPIED)'.
      await page.getByRole('option').first().click();
      await page.waitForTimeout(300);
      await newSale(page, base);
      await closeModal(page);
      await page.getByLabel('Service Area').first().click();
      await page.getByText('(OCCUPIED)').first().waitFor();
      await shot(page, `${prefix}-service-area-occupied`);
      await closeModal(page);
    }
  });
  await step(page, `${prefix}-doc-date`, async () => {
    const doc = page.getByText('Doc. Date');
    if (await doc.first().isVisible()) {
      await page.getByLabel('Doc. Date').first().click();
      await shot(page, `${prefix}-doc-date-open`);
      await closeModal(page);
    }
  });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const vp of VIEWPORTS) {
      if (process.env.VP && process.env.VP !== vp.name) continue;
      // Menteng enforces a shift (shift management is another issue): Kemang, as is and with flags.
      for (const [key, outlet] of [
        ['kemang', 'Serambi Salon Kemang'],
        ['kemang-flags', 'Serambi Salon Kemang'],
      ] as const) {
        if (process.env.ONLY && !process.env.ONLY.split(',').includes(key)) continue;
        const context = await newContext(browser, { width: vp.width, height: vp.height });
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        if (key === 'kemang-flags') await patchFlags(page);
        page.on('pageerror', (e) => console.error('pageerror', e.message));
        await shootOutlet(page, server.url, `${vp.name}-${key}`, outlet);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
