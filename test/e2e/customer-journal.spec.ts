// The customer journal in a real browser on the real server (issue 25, 001 §2.9, §2.15): as dokter@serambi.id
// at Menteng (medical-record mode), a patient's journal by the search step and by the auto-search route; a
// new activity with an uploaded photo (compressed in the browser, stored as a blob, shown by URL), a room, an
// ICD-10 diagnosis found by typing Indonesian words and SOAP; it is listed with its not-yet-sent mark, its
// photo modal shows the photo; the diagnosis statistics count it. axe at 1366×768 and 800×1280.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, pngFile, screenshot } from './harness';
import { signInKemang } from './pages/pos';

const e2e = e2eFixture();
const customers = demoBusiness().customers;

describe('Jurnal Pelanggan', () => {
  it('records an activity with a photo, a room, an ICD-10 diagnosis and SOAP, and lists it', {
    timeout: 300_000,
  }, async () => {
    const c = customers[5];
    const context = await newContext(e2e.browser, VIEWPORTS.till);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    await signInKemang(page, e2e.server.url, 'dokter@serambi.id');
    // Menteng enforces shifts: the guard sends the doctor to start one first
    await page.waitForURL('**/shift-management', { timeout: 30_000 });
    await page.getByTestId('shift-cash-start').fill('0');
    await page.getByTestId('shift-start').click();
    await page.getByText('Shift baru berhasil dimulai.').waitFor({ timeout: 30_000 });

    // the search step: the shared panel, phone by default
    await page.goto(`${e2e.server.url}/customer-journal`);
    await page.getByText('Cari Customer Berdasarkan').waitFor({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(page, 'journal search (till)');
    await screenshot(page, 'journal-search-till');

    // the auto-search: both route parameters → the customer view
    await page.goto(`${e2e.server.url}/customer-journal/qr/${c.user_code}`);
    await page.getByRole('tab', { name: 'Aktivitas Pelanggan' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Lihat Informasi Pelanggan' }).waitFor();
    await page.getByRole('button', { name: 'Buat Aktivitas Baru' }).click();

    // the activity form: a photo uploaded and described
    await page.getByRole('button', { name: 'Tambahkan Foto Baru' }).click();
    await page.getByLabel('Upload File').setInputFiles(pngFile(1800, 1200, 'journal-photo'));
    await page.getByRole('img', { name: 'Foto' }).first().waitFor({ timeout: 30_000 });
    await page.getByLabel('Deskripsi Foto').fill('Pipi kiri');
    await page.getByRole('button', { name: 'Tambahkan', exact: true }).click();
    await page.getByLabel('Deskripsi Foto 1').waitFor();
    await page.getByLabel('Catatan Aktivitas').fill('Kontrol demam hari ketiga');
    await page.getByLabel('Catatan untuk Kasir').fill('Resep parasetamol');

    // Rekam Medis Elektronik: the room is required
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Room harus dipilih!').waitFor();
    await page
      .getByRole('combobox', { name: /^Room/ })
      .or(page.getByRole('textbox', { name: /^Room/ }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Ruang Konsultasi A' }).click();
    // ICD 10 found by Indonesian words (debounced remote search)
    await page
      .getByRole('combobox', { name: 'ICD 10' })
      .or(page.getByRole('textbox', { name: 'ICD 10' }))
      .first()
      .fill('demam berdarah');
    const option = page
      .getByRole('option')
      .filter({ hasText: /berdarah/i })
      .first();
    await option.waitFor({ timeout: 30_000 });
    const chosen = ((await option.textContent()) ?? '').split(' - ')[0].trim();
    await option.click();
    await page.getByLabel('Subject').fill('Demam tiga hari');
    await page.getByLabel('Object').fill('Suhu 38,5');
    await page.getByLabel('Assessment').fill('Suspek DBD');
    await page.getByLabel('Planning').fill('Cek trombosit');
    await expectNoSeriousAxeViolations(page, 'activity form (till)');
    await screenshot(page, 'journal-activity-form-till');
    await page.getByRole('button', { name: 'Submit' }).click();

    // back in the view: listed, with Ubah/Hapus (the author) and the not-yet-sent mark (rme_satu_sehat = 1)
    const row = page.getByRole('row').filter({ hasText: 'Kontrol demam hari ketiga' });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByLabel('Belum terkirim').count()).toBe(1);
    await expect.poll(() => row.getByRole('button', { name: 'Ubah' }).count()).toBe(1);
    await page.getByPlaceholder('Cari..').fill('zzz-tidak-ada');
    await page.getByText('Belum ada aktivitas').waitFor();
    await page.getByPlaceholder('Cari..').fill('demam');
    await row.waitFor();
    await expectNoSeriousAxeViolations(page, 'journal activities (till)');
    await screenshot(page, 'journal-activities-till');

    // the photo modal: the stored photo by URL, the medical-record section
    await row.getByRole('button', { name: 'Lihat Foto Aktivitas' }).click();
    const dialog = page.getByRole('dialog');
    const img = dialog.getByRole('img', { name: 'Pipi kiri' });
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/cashier\/customer-activity\/photo\//);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await dialog.getByText(chosen, { exact: false }).first().waitFor();
    await screenshot(page, 'journal-photo-modal-till');
    await page.keyboard.press('Escape');

    // the tablet
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.getByRole('tab', { name: 'Data Pelanggan' }).click();
    await page.getByRole('button', { name: 'Update Catatan' }).waitFor();
    await page.getByLabel('Catatan Jurnal').fill('Alergi amoksisilin');
    await page.getByText('*Peringatan: Anda memiliki perubahan yang belum disimpan.').waitFor();
    await page.getByRole('button', { name: 'Update Catatan' }).click();
    await page.getByText(/Last Modified by Andi Saputra At/).waitFor({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(page, 'journal data (tablet)');
    await screenshot(page, 'journal-data-tablet');
    await page.getByRole('tab', { name: 'Aktivitas Pelanggan' }).click();
    await row.waitFor();
    await expectNoSeriousAxeViolations(page, 'journal activities (tablet)');
    await screenshot(page, 'journal-activities-tablet');

    // the diagnosis statistics count the activity
    await page.goto(`${e2e.server.url}/report/emr-statistic/diagnosis`);
    await page.getByRole('cell', { name: chosen, exact: true }).waitFor({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(page, 'diagnosis statistics (tablet)');
    await screenshot(page, 'emr-statistic-diagnosis-tablet');
    await context.close();
  });
});
