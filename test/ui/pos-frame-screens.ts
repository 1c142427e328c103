// Walks the cashier page as a cashier does and keeps screenshots (not a test; nothing asserted).
// Needs a built client served by a running server:
//   npx vite build && PORT=8793 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
//   BASE_URL=http://127.0.0.1:8793 npx tsx test/ui/pos-frame-screens.ts   (TABLET=1 for 1280×800)
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8793';
const OUT = 'test-artifacts/ui/pos-frame';
const TABLET = process.env.TABLET === '1';
const VIEWPORT = TABLET ? { width: 1280, height: 800 } : { width: 1366, height: 768 };
const tag = TABLET ? 'tablet' : 'till';

let n = 0;
let currentPage: Page;
async function shot(page: Page, name: string) {
  n += 1;
  const file = `${OUT}/${tag}-${String(n).padStart(2, '0')}-${name}.png`;
  await page.waitForTimeout(400);
  await page.screenshot({ path: file });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(file, page.url(), overflow ? 'HORIZONTAL OVERFLOW' : '');
}

async function step(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    await shot(currentPage, `failed-${name.replace(/\s+/g, '-')}`).catch(() => {});
    console.error(`step ${name} failed:`, error instanceof Error ? error.message.split('\n')[0] : error);
  }
}

/** The item modal: first variant, 'Tambahkan', and 'Ya' to the missing-worker question. */
async function addFromModal(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/\(\d/).first().click();
  await dialog.getByPlaceholder('Worker').click();
  await page.getByRole('option').first().click();
  await dialog.getByPlaceholder('100').fill('100');
  await dialog.getByRole('button', { name: '+', exact: true }).click();
  await dialog.getByRole('button', { name: 'Tambahkan' }).click();
  await page.waitForTimeout(400);
  const yes = page.getByRole('button', { name: 'Ya', exact: true });
  if (await yes.isVisible()) await yes.click();
  await page.waitForFunction(() => !document.querySelector('[role=dialog]'), null, { timeout: 10_000 });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: VIEWPORT });
  currentPage = page;
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console', m.text().slice(0, 300)));
  try {
    await page.goto(`${BASE}/sign-in`);
    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await page.getByText('Kemang').first().click();
    await page.waitForURL(`${BASE}/`, { timeout: 30_000 });
    if (TABLET) {
      await page.getByText('Tablet', { exact: true }).click();
      await page.waitForTimeout(300);
    }
    await page.goto(`${BASE}/pos`);
    await page.getByText('Transaksi Baru').waitFor({ timeout: 30_000 });
    await shot(page, 'step1-empty');

    await step('saved modal', async () => {
      await page.getByRole('button', { name: 'Tersimpan' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(1500);
      await shot(page, 'saved-modal');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });

    await page.getByTestId('new-trx-buttons').getByRole('button').first().click();
    await page.getByTestId('continue').waitFor({ timeout: 20_000 });
    await shot(page, 'step2-new');

    await step('continue empty', async () => {
      await page.getByTestId('continue').click();
      await shot(page, 'step2-continue-empty');
    });

    await step('add item', async () => {
      await page.getByTestId('catalogue-tile').first().click();
      await page.waitForTimeout(600);
      await shot(page, 'item-modal');
      await addFromModal(page);
      await shot(page, 'step2-with-item');
    });

    await step('to payment', async () => {
      await page.getByTestId('continue').click();
      await page.getByTestId('payment-headline').waitFor({ timeout: 10_000 });
      await shot(page, 'step3');
    });

    await step('pay cash', async () => {
      await page.getByRole('button', { name: 'Cash', exact: true }).click();
      await shot(page, 'step3-cash-chosen');
      await page.getByRole('button', { name: 'Tambah', exact: true }).click();
      await page.getByTestId('payment-row').first().waitFor({ timeout: 10_000 });
      await shot(page, 'step3-paid');
    });

    await step('submit', async () => {
      await page.getByRole('button', { name: 'Selesai', exact: true }).click();
      await page.waitForTimeout(1500);
      await shot(page, 'submit-clicked');
      await page.getByText('Kembali ke Daftar Transaksi').waitFor({ timeout: 20_000 });
      await shot(page, 'step4');
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('button', { name: 'Kembali ke Daftar Transaksi' }).click();
      await page.getByText('Transaksi Baru').waitFor();
      await shot(page, 'step1-completed');
    });

    await step('pending list', async () => {
      await page.getByTestId('new-trx-buttons').getByRole('button').first().click();
      await page.getByTestId('continue').waitFor({ timeout: 20_000 });
      await page.getByTestId('catalogue-tile').first().click();
      await page.waitForTimeout(500);
      await addFromModal(page);
      await page.getByRole('button', { name: 'Kembali' }).first().click();
      await page.getByText('Transaksi Tertunda').waitFor();
      await shot(page, 'step1-pending');
      await page.getByRole('button', { name: 'Hapus' }).first().click();
      await shot(page, 'delete-confirm');
      await page.getByRole('button', { name: 'Tidak', exact: true }).click();
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'), null, { timeout: 10_000 });
    });

    await step('void', async () => {
      await page.getByRole('button', { name: 'Void' }).first().click();
      await shot(page, 'void-confirm');
      await page.getByRole('button', { name: 'Ya', exact: true }).click();
      await page.waitForTimeout(500);
      await shot(page, 'void-authorization');
      await page.getByRole('dialog').locator('input[type=password]').fill('demo1234');
      await page.getByLabel('Alasan Pembatalan').fill('Salah input');
      await page.getByRole('button', { name: 'Konfirmasi' }).click();
      await page.waitForTimeout(2500);
      await shot(page, 'voided');
    });
    await step('next query', async () => {
      await page.goto(`${BASE}/pos?next&tags=1`);
      await page.getByTestId('continue').waitFor({ timeout: 20_000 });
      await shot(page, 'pos-next');
    });
  } finally {
    await browser.close();
  }
}

void main();
