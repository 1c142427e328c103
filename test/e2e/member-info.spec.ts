// Member info in a real browser on the real server (issue 24, 001 §2.7): a demo customer's member info opened
// by /member-info/qr/{user_code} (the auto-search); 'Edit Member Data' with an uploaded photo (a generated PNG,
// compressed in the browser, stored by the server and shown by URL), the reference code cleared and
// 'Generate'd, 'Edit NIK', an NFC card registered by a keyboard-wedge reader and tested; then the search
// panel, the coupons and the two history tabs with the type filter. axe at 1366×768 and 800×1280.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, pngFile, screenshot } from './harness';
import { PASSWORD, signInKemang } from './pages/pos';

const e2e = e2eFixture();
const customers = demoBusiness().customers;

describe('Informasi Pelanggan', () => {
  it('views, edits with a photo, generates a reference, edits the NIK and registers and tests an NFC card', {
    timeout: 300_000,
  }, async () => {
    const c = customers[12];
    const context = await newContext(e2e.browser, VIEWPORTS.till);
    const page = await context.newPage();
    await signInKemang(page, e2e.server.url);

    // the auto-search: both route parameters → the view at once
    await page.goto(`${e2e.server.url}/member-info/qr/${c.user_code}`);
    await page.getByRole('tab', { name: 'Data Pelanggan' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(c.user_name, { exact: true }).first().isVisible()).toBe(true);
    await page.getByText('Belum ada foto').waitFor();
    await expect
      .poll(() => page.getByRole('tab').allTextContents())
      .toEqual(['Data Pelanggan', 'Kupon', 'Riwayat Transaksi (Bill)', 'Riwayat Transaksi (Item)']);
    await expectNoSeriousAxeViolations(page, 'member info view (till)');
    await screenshot(page, 'member-info-view-till');

    // Edit Member Data: an uploaded photo, the reference code cleared, a notification e-mail; Cancel first
    await page.getByRole('button', { name: 'Edit Member Data' }).click();
    await page.getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('tab', { name: 'Data Pelanggan' }).waitFor();
    await page.getByRole('button', { name: 'Edit Member Data' }).click();
    await page.getByLabel('Unggah Foto').setInputFiles(pngFile(2400, 1600, 'member-photo'));
    await page.getByRole('img', { name: 'Foto' }).waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: 'Kode Referensi' }).fill('');
    await page.getByRole('textbox', { name: 'Email Notifikasi' }).fill('bukan-email');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('E-mail notifikasi tidak valid.').waitFor();
    await page.getByRole('textbox', { name: 'Email Notifikasi' }).fill('member.e2e@serambi.id');
    await expectNoSeriousAxeViolations(page, 'member edit (till)');
    await screenshot(page, 'member-info-edit-till');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Data member telah berhasil diubah.').waitFor();
    const photo = page.getByRole('img', { name: `Foto ${c.user_name}` });
    await photo.waitFor();
    const src = (await photo.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/cashier\/user\/photo\/[A-Za-z0-9_-]+$/);
    // compressed in the browser to at most 1,500 px, stored as a JPEG or PNG, served with its type
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1500);
    const served = await page.request.get(`${e2e.server.url}${src}`);
    expect(served.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
    await page.getByText('member.e2e@serambi.id').waitFor();

    // Generate: enabled without a reference, disabled once generated
    const generate = page.getByRole('button', { name: 'Generate' });
    await expect.poll(() => generate.isEnabled()).toBe(true);
    await generate.click();
    await page.getByText('Kode user berhasil di generate').waitFor();
    await expect.poll(() => page.getByTestId('member-reference').textContent()).toMatch(/^M[2-9A-Z]{8}$/);
    await expect.poll(() => generate.isDisabled()).toBe(true);

    // Edit NIK: the name read-only, 16 digits
    await page.getByRole('button', { name: 'Edit NIK' }).click();
    expect(await page.getByRole('textbox', { name: 'Nama' }).getAttribute('readonly')).not.toBeNull();
    await page.getByRole('textbox', { name: 'NIK' }).fill('3171234567890999');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('3171234567890999').waitFor();

    // NFC 'Daftar Baru': Password → 'Scan Kartu' → the reader types the code and Enter; then 'Test'
    await page.getByRole('button', { name: 'Daftar Baru' }).click();
    await page.getByRole('button', { name: 'Scan Kartu' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid NFC Card!' }).waitFor();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Scan Kartu' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.type('E2E-CARD-0012', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByText('User NFC has been successfully set.').waitFor();
    await page.getByText('Terdaftar', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.type('WRONG-CARD', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('Invalid NFC Card!').waitFor();
    await page.keyboard.type('E2E-CARD-0012', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByText('NFC card is valid.').waitFor();

    // Back resets to the search
    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.getByRole('button', { name: 'Check' }).waitFor();
    await context.close();
  });

  it('finds a member with the search panel; coupons with their filter; the bill and item history', {
    timeout: 240_000,
  }, async () => {
    const c = customers[40];
    const context = await newContext(e2e.browser, VIEWPORTS.tablet);
    const page = await context.newPage();
    await signInKemang(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/member-info`);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Please fill out the user contact.').waitFor();
    await page.getByRole('textbox', { name: 'Phone' }).fill(c.user_phone.replace(/^(\+62|0)/, ''));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('tab', { name: 'Data Pelanggan' }).waitFor({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(page, 'member info view (tablet)');
    await screenshot(page, 'member-info-view-tablet');

    await page.getByRole('tab', { name: 'Kupon' }).click();
    const filter = page.getByRole('textbox', { name: 'Cari kupon..' });
    await filter.waitFor();
    await filter.fill('zzzz-tidak-ada');
    await page.getByText('Tidak ada data').waitFor();
    await filter.fill('');

    await page.getByRole('tab', { name: 'Riwayat Transaksi (Bill)' }).click();
    await page.getByTestId('bill-history').waitFor({ timeout: 20_000 });
    await page.getByLabel('Jenis Transaksi').first().click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual([
        'Semua Jenis Transaksi',
        'Redeem',
        'Penjualan Kupon',
        'Pemakaian Kupon',
        'Top Up Deposit',
        'Pemakaian Deposit',
        'Piutang',
        'Pembayaran Piutang',
      ]);
    await page.getByRole('option', { name: 'Top Up Deposit' }).click();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('Mohon pilih tanggal transaksi terlebih dahulu.').waitFor({ state: 'detached' });
    await page.getByTestId('bill-history').waitFor();
    await expectNoSeriousAxeViolations(page, 'bill history (tablet)');
    await screenshot(page, 'member-info-bills-tablet');

    await page.getByRole('tab', { name: 'Riwayat Transaksi (Item)' }).click();
    await page.getByTestId('item-history').waitFor({ timeout: 20_000 });
    await screenshot(page, 'member-info-items-tablet');
    await context.close();
  });
});
