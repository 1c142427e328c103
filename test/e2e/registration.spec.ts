// Issue 26 in a real browser on the real server: /customer-registration — a day's queue of three new
// customers registered through the 3-step dialog (search by phone, details, status) and moved through the
// statuses, the change history shown; one more registered offline shows at once ('Menunggu dikirim') and is
// sent once when the connection returns. axe at 1366×768 and 800×1280.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';

const e2e = e2eFixture();
const phone = () => `81${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function register(page: Page, name: string) {
  await page.getByRole('button', { name: 'Registrasi dan Proses Baru' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill(phone());
  await dialog.getByRole('button', { name: 'Cari Customer' }).click();
  await dialog.getByTestId('registration-details').waitFor({ timeout: 20_000 });
  await dialog.getByRole('textbox', { name: 'Nama', exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await dialog.getByTestId('registration-status-step').waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
}

async function changeStatus(page: Page, name: string, status: string) {
  const row = page.getByTestId('registration-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Ubah Status' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(status);
}

describe('registration queue', () => {
  it('a day’s queue of three moved through the statuses; one registered offline is sent once', {
    timeout: 300_000,
  }, async () => {
    const { page, context } = await e2e.cashier();
    await page.setViewportSize(VIEWPORTS.till);
    await page.goto(`${e2e.server.url}/customer-registration`);
    await page.getByRole('heading', { name: 'Registrasi dan Proses' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Belum tersedia').count()).toBe(0);

    const names = ['Antrian Satu', 'Antrian Dua', 'Antrian Tiga'];
    for (const name of names) await register(page, name);
    const rows = page.getByTestId('registration-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    for (const [i, name] of names.entries()) expect(await rows.nth(i).textContent()).toContain(name);
    expect((await rows.nth(2).locator('td').first().textContent())?.trim()).toBe('3');

    await changeStatus(page, 'Antrian Satu', 'Dalam Proses');
    await changeStatus(page, 'Antrian Satu', 'Selesai');
    await changeStatus(page, 'Antrian Dua', 'Dalam Proses');
    // the change history of the first
    await rows.filter({ hasText: 'Antrian Satu' }).getByRole('button', { name: 'Riwayat Status' }).click();
    const history = page.getByTestId('registration-history');
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(3);
    await expectNoSeriousAxeViolations(page, 'registration history (till)');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await expectNoSeriousAxeViolations(page, 'registration queue (till)');
    await screenshot(page, 'registration-queue-till');

    // offline: shown at once, waiting; back online: sent once
    await context.setOffline(true);
    await register(page, 'Antrian Offline');
    const offlineRow = rows.filter({ hasText: 'Antrian Offline' });
    await offlineRow.getByText('Menunggu dikirim').waitFor({ timeout: 20_000 });
    expect((await offlineRow.locator('td').first().textContent())?.trim()).toBe('4');
    await page.setViewportSize(VIEWPORTS.tablet);
    await expectNoSeriousAxeViolations(page, 'registration queue offline (tablet)');
    await screenshot(page, 'registration-queue-offline-tablet');
    await context.setOffline(false);
    await expect.poll(() => offlineRow.getByText('Menunggu dikirim').count(), { timeout: 60_000 }).toBe(0);
    await page.getByRole('button', { name: 'Reload Data' }).click();
    await page.getByText('Data successfully reloaded!').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Reload Data' }).isDisabled()).toBe(true);
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.filter({ hasText: 'Antrian Offline' }).count()).toBe(1);
    await screenshot(page, 'registration-queue-tablet');
  });
});
