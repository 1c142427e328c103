// Walks the real app as a cashier does and keeps screenshots (not a test; nothing asserted).
// Needs a built client served by a running server: BASE_URL=http://127.0.0.1:8791 npx tsx test/ui/flow-screens.ts
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const OUT = 'test-artifacts/ui/flow';
const VIEWPORT = process.env.TABLET === '1' ? { width: 1280, height: 800 } : { width: 1366, height: 768 };
const tag = process.env.TABLET === '1' ? 'tablet' : 'till';

let n = 0;
async function shot(page: Page, name: string) {
  n += 1;
  const file = `${OUT}/${tag}-${String(n).padStart(2, '0')}-${name}.png`;
  await page.screenshot({ path: file });
  console.log(file, page.url());
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console', m.text().slice(0, 300)));
  page.on('dialog', (d) => {
    console.log('dialog', d.message());
    void d.accept();
  });
  try {
    await page.goto(`${BASE}/`);
    await page.waitForURL('**/sign-in');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForTimeout(500);
    await shot(page, 'sign-in-empty-email');

    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 20_000 });
    await page.waitForTimeout(300);
    await shot(page, 'choose-outlet');

    await page.getByText('Serambi Salon Kemang').click();
    await page.waitForURL(`${BASE}/`, { timeout: 20_000 });
    await page.waitForTimeout(600);
    await shot(page, 'home');

    await page.getByRole('button', { name: 'Perbarui Konfigurasi' }).click();
    await page.getByText('Konfigurasi berhasil diperbarui').waitFor({ timeout: 10_000 });
    await shot(page, 'config-reloaded');

    await page.getByText('Tablet', { exact: true }).click();
    await page.getByText('6cm', { exact: true }).click();
    await page.waitForTimeout(300);
    await page.reload();
    await page.waitForTimeout(1000);
    await shot(page, 'device-settings-after-reload');

    await page.getByRole('button', { name: 'Ganti Akun Kasir' }).click();
    await page.getByLabel('Email').last().fill('kasir@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).last().fill('demo1234');
    await page.getByRole('dialog').getByRole('button', { name: 'Ganti Akun Kasir' }).click();
    await page.getByText('Pergantian akun kasir berhasil dilakukan').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(600);
    await shot(page, 'switched-to-kasir');

    await page.goto(`${BASE}/report/coupon`);
    await page.waitForTimeout(800);
    await shot(page, 'placeholder-report');

    await page.getByText('Sign Out', { exact: true }).click();
    await page.waitForTimeout(500);
    await shot(page, 'sign-out-confirm');
    await page.getByRole('button', { name: 'Ya' }).click();
    await page.getByText('Proses sign out sukses!').waitFor({ timeout: 20_000 });
    await shot(page, 'signed-out-toast');
    await page.waitForURL('**/sign-in', { timeout: 20_000 });
    await page.waitForTimeout(300);
    await shot(page, 'back-to-sign-in');
    await offlineAndPurgatory(browser);
    await signInWhileUnreachable(browser);
    await forcedSignOut(browser);
  } finally {
    await browser.close();
  }
}

/** The offline worker keeps the shell: a reload with the network off still shows Home; then /purgatory. */
async function offlineAndPurgatory(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  await page.goto(`${BASE}/sign-in`);
  await page.getByLabel('Email').fill('kasir@serambi.id');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${BASE}/`, { timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), null, { timeout: 20_000 });
  await page.reload();
  await page.waitForTimeout(1000);
  console.log(
    'controlled by worker:',
    await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null),
  );
  await context.setOffline(true);
  await page.reload();
  await page.waitForTimeout(1500);
  await shot(page, 'offline-reload');
  console.log(
    'offline header:',
    await page
      .getByTestId('header-title')
      .textContent()
      .catch(() => null),
  );
  await context.setOffline(false);

  await page.goto(`${BASE}/purgatory`);
  await shot(page, 'purgatory');
  await page.waitForURL('**/sign-in', { timeout: 20_000 });
  await page.waitForTimeout(500);
  const left = await page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((d) => d.name),
    localStorage: localStorage.length,
    caches: await caches.keys(),
  }));
  console.log('after purgatory:', JSON.stringify(left));
  await shot(page, 'after-purgatory');
  await context.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** Sign-in while the server cannot be reached, then reachable: the retry toast, then Home. */
async function signInWhileUnreachable(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  let failures = 2;
  await page.route('**/cashier/pos/auth/sign-in', (route) => {
    if (failures > 0) {
      failures -= 1;
      return route.abort('connectionrefused');
    }
    return route.continue();
  });
  await page.goto(`${BASE}/sign-in`);
  await page.getByLabel('Email').fill('kasir@serambi.id');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Gagal sign-in, sedang mencoba kembali..').waitFor({ timeout: 10_000 });
  await shot(page, 'sign-in-retrying');
  await page.waitForURL(`${BASE}/`, { timeout: 30_000 });
  await page.waitForTimeout(500);
  await shot(page, 'sign-in-after-retry');
  await context.close();
}

/** A revoked session (HTTP 303 on any call) forces the sign-out: toast, cleared, then /sign-in. */
async function forcedSignOut(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${BASE}/sign-in`);
  await page.getByLabel('Email').fill('kasir@serambi.id');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${BASE}/`, { timeout: 20_000 });
  await page.route('**/cashier/config**', (route) =>
    route.fulfill({
      status: 303,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'error',
        error: { message: 'Sesi telah berakhir, silakan sign in kembali.' },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Perbarui Konfigurasi' }).click();
  await page.getByText('Proses sign out sukses!').waitFor({ timeout: 10_000 });
  await shot(page, 'forced-sign-out');
  await page.waitForURL('**/sign-in', { timeout: 20_000 });
  await page.waitForTimeout(4000);
  await shot(page, 'forced-sign-out-after');
  console.log('after forced sign-out:', page.url());
  await context.close();
}
