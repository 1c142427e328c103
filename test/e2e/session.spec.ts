// Issue 2 in a real browser: Debian's Chromium against the built client and the real server (PGlite).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import { newContext, screenshot } from './harness';

const e2e = e2eFixture();

async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${e2e.server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** What the browser keeps of the session in IndexedDB (the read model of the event log). */
async function storedSession(page: Page): Promise<{ client_key?: string; login_token?: string } | null> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('serambi');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('session')) return resolve(null);
          const get = db.transaction('session').objectStore('session').get('current');
          get.onsuccess = () => {
            const user = get.result?.user ?? null;
            resolve(user ? { client_key: user.client_key, login_token: user.login_token } : null);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** GET cashier/config straight to the server with these tokens (not through the page). */
function configWith(tokens: { client_key?: string; login_token?: string } | null) {
  return fetch(`${e2e.server.url}/cashier/config`, {
    headers: {
      Authorization: tokens?.client_key ?? '',
      'APP-Token': tokens?.login_token ?? '',
      'Authorization-Type': 'business_user',
    },
  });
}

describe('session in the browser', () => {
  it('signs in, chooses an outlet, reloads the configuration, switches cashier and signs out', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.waitForURL('**/sign-in');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email harus diisi!').first().waitFor()).resolves.toBeUndefined();

    await signIn(page, 'demo@serambi.id');
    await page.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await page.getByText('Serambi Klinik Menteng').waitFor();
    await screenshot(page, 'session-choose-outlet');
    await page.getByText('Serambi Salon Kemang').click();
    await page.getByText('Config successfully loaded.').waitFor({ timeout: 20_000 });
    await page.waitForURL(`${e2e.server.url}/`);
    expect(await page.getByTestId('header-title').textContent()).toContain(
      'Serambi Beauty - Serambi Salon Kemang',
    );
    await page.getByText('1.8.70').first().waitFor();
    await screenshot(page, 'session-home');

    await page.getByRole('button', { name: 'Perbarui Konfigurasi' }).click();
    await page.getByText('Konfigurasi berhasil diperbarui').waitFor({ timeout: 20_000 });

    // Device settings belong to the device: they survive a reload.
    await page.getByText('Tablet', { exact: true }).click();
    await page.getByText('6cm', { exact: true }).click();
    // each choice is an event; the radios follow the stored settings, so both checked means both stored
    await page.locator('input[value="TABLET"]:checked').waitFor({ state: 'attached' });
    await page.locator('input[value="6cm"]:checked').waitFor({ state: 'attached' });
    await page.reload();
    await page.getByTestId('header-title').waitFor();
    // the settings section renders once the stored session and configuration are read back from IndexedDB
    await page.locator('input[value="6cm"]:checked').waitFor({ state: 'attached' });
    const checked = await page.evaluate(() =>
      Array.from(document.querySelectorAll('input:checked')).map((i) => (i as HTMLInputElement).value),
    );
    expect(checked).toEqual(expect.arrayContaining(['TABLET', '6cm']));

    expect(await page.getByTestId('header-cashier').textContent()).toBe('Dewi');
    const ownerTokens = await storedSession(page);
    expect(ownerTokens?.client_key).toBeTruthy();
    await page.getByRole('button', { name: 'Ganti Akun Kasir' }).click();
    await page.getByLabel('Email').last().fill('kasir@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).last().fill('demo1234');
    await page.getByRole('dialog').getByRole('button', { name: 'Ganti Akun Kasir' }).click();
    await page.getByText('Pergantian akun kasir berhasil dilakukan').waitFor({ timeout: 30_000 });
    // the header names the new cashier; the old session is closed on the server, the new one is live
    await page.waitForFunction(
      () => document.querySelector('[data-testid="header-cashier"]')?.textContent === 'Sari',
    );
    const kasirTokens = await storedSession(page);
    expect(kasirTokens?.client_key).toBeTruthy();
    expect(kasirTokens?.client_key).not.toBe(ownerTokens?.client_key);
    expect((await configWith(ownerTokens)).status).toBe(303);
    expect((await configWith(kasirTokens)).status).toBe(200);

    await page.getByText('Sign Out', { exact: true }).click();
    await page.getByText('Apakah Anda yakin ingin sign out?').waitFor();
    await page.getByRole('button', { name: 'Ya' }).click();
    await page.getByText('Proses sign out sukses!').waitFor({ timeout: 30_000 });
    await page.waitForURL('**/sign-in', { timeout: 30_000 });
    // the clear follows the log's one upload attempt (issue 15), which the revoked session is refused
    await expect.poll(() => storedSession(page), { timeout: 20_000 }).toBeNull();
    await context.close();
  });

  it('keeps trying to sign in while the server is unreachable, then succeeds', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    let refusals = 2;
    await page.route('**/cashier/pos/auth/sign-in', (route) => {
      if (refusals > 0) {
        refusals -= 1;
        return route.abort('connectionrefused');
      }
      return route.continue();
    });
    await signIn(page, 'kasir@serambi.id');
    await page.getByText('Gagal sign-in, sedang mencoba kembali..').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'session-sign-in-retrying');
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 40_000 });
    expect(refusals).toBe(0);
    expect(await page.getByTestId('header-title').textContent()).toContain('Serambi Salon Kemang');
    await context.close();
  });

  it('refuses to sign in offline (000 §5) without posting', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/cashier/pos/auth/sign-in')) posted += 1;
    });
    await context.setOffline(true);
    await page.getByLabel('Email').fill('kasir@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Tidak ada koneksi internet! Silakan cek dan coba kembali').first().waitFor();
    expect(posted).toBe(0);
    expect(page.url()).toContain('/sign-in');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });
    await context.close();
  });

  it('forces the sign-out when the server has revoked the session', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, 'kasir@serambi.id');
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });
    const tokens = await storedSession(page);
    expect(tokens?.client_key).toBeTruthy();

    // The same session signed out elsewhere (another device, an administrator): the server revokes it.
    const revoked = await fetch(`${e2e.server.url}/cashier/pos/auth/sign-out`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        Authorization: tokens?.client_key ?? '',
        'APP-Token': tokens?.login_token ?? '',
        'Authorization-Type': 'business_user',
        Platform: 'web',
        'App-Version': '1.8.70',
        'Build-Number': '20251030',
      },
      body: JSON.stringify({ configs: {}, deletedTrxs: [], pendingTrxs: [] }),
    });
    expect(revoked.status).toBe(200);

    await page.getByRole('button', { name: 'Perbarui Konfigurasi' }).click();
    await page.getByText('Proses sign out sukses!').waitFor({ timeout: 20_000 });
    await page.waitForURL('**/sign-in', { timeout: 30_000 });
    // the clear follows the log's one upload attempt (issue 15), which the revoked session is refused
    await expect.poll(() => storedSession(page), { timeout: 20_000 }).toBeNull();
    await context.close();
  });

  it('shows the reports menu to the owner and not to the restricted cashier', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, 'kasir@serambi.id');
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });
    await page.getByText('Sistem Kasir').first().waitFor();
    expect(await page.getByText('Laporan', { exact: true }).count()).toBe(0);
    await screenshot(page, 'session-menu-kasir');
    await context.close();

    const owner = await newContext(e2e.browser);
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, 'demo@serambi.id');
    await ownerPage.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await ownerPage.getByText('Serambi Salon Kemang').click();
    await ownerPage.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });
    await ownerPage.getByText('Laporan', { exact: true }).first().waitFor();
    await screenshot(ownerPage, 'session-menu-owner');
    await owner.close();
  });

  it('asks for a reset link from the sign-in page', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByText('Lupa password?').click();
    await page.getByText('Reset Password').waitFor();
    await page.getByRole('button', { name: 'Send Reset Link to Email' }).click();
    await page.getByText('Email harus diisi!').first().waitFor();
    await page.getByLabel('Email').fill('kasir@serambi.id');
    await page.getByRole('button', { name: 'Send Reset Link to Email' }).click();
    await page
      .getByText('Jika email terdaftar, tautan untuk mengatur ulang password telah dikirim ke email Anda.')
      .first()
      .waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('the reset link opens the new-password form; the server refuses a link it never sent', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/sign-in?reset_token=not-a-real-link`);
    await page.getByText('Reset Password').waitFor();
    await page.getByRole('button', { name: 'Simpan Password Baru' }).click();
    await page.getByText('Password harus diisi!').first().waitFor();
    await page.getByLabel('Password Baru', { exact: true }).fill('passwordbaru');
    await page.getByLabel('Ulangi Password Baru').fill('passwordlain');
    await page.getByRole('button', { name: 'Simpan Password Baru' }).click();
    await page.getByText('Konfirmasi password tidak sama.').first().waitFor();
    await page.getByLabel('Ulangi Password Baru').fill('passwordbaru');
    await page.getByRole('button', { name: 'Simpan Password Baru' }).click();
    await page
      .getByText('Tautan reset password tidak valid atau sudah kedaluwarsa.')
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'session-reset-password');
    await page.getByText('Kembali ke Sign In').click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('/purgatory clears the browser storage and goes back to sign-in', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, 'kasir@serambi.id');
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });
    expect(await storedSession(page)).not.toBeNull();
    await page.evaluate(() => localStorage.setItem('leftover', '1'));
    await page.goto(`${e2e.server.url}/purgatory`);
    await page.getByText('Clearing Storage..').first().waitFor();
    await page.waitForURL('**/sign-in', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await storedSession(page)).toBeNull();
    await context.close();
  });
});
