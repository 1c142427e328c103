// The medical sub-records in a real browser on the real server (issue 25, 001 §2.10, §6): as dokter@serambi.id
// at Menteng a patient's journal shows the five medical tabs; a screening, a body-map marker (the note dialog
// stays open on a blank note) and a consent signed on the signature pad (a blank pad refused) are saved and
// listed in the history. The nurse of Menteng, who is not a registered health worker, is refused the record by
// the server, and the owner sees on /audit who read, wrote and was refused. axe at 1366×768 and 800×1280.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { signInKemang, storedTokens } from './pages/pos';

const e2e = e2eFixture();
const patient = demoBusiness().customers[3];

describe('Rekam medis pelanggan', () => {
  it('a health worker records a screening, a body map and a signed consent; the nurse is refused; the owner sees who', {
    timeout: 420_000,
  }, async () => {
    const context = await newContext(e2e.browser, VIEWPORTS.till);
    const page = await context.newPage();
    await signInKemang(page, e2e.server.url, 'dokter@serambi.id');
    // Menteng asks for a shift before anything else
    await page.getByTestId('shift-cash-start').fill('100000');
    await page.getByTestId('shift-start').click();
    await page.getByTestId('shift-end').waitFor({ timeout: 30_000 });
    await page.goto(`${e2e.server.url}/customer-journal/qr/${patient.user_code}`);
    await page
      .getByRole('tab', { name: 'Aktivitas Pelanggan' })
      .waitFor({ timeout: 30_000 })
      .catch(async (e) => {
        await screenshot(page, 'emr-debug');
        throw e;
      });
    await page.getByRole('tab', { name: 'Screening Rawat Jalan' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('tab').allTextContents())
      .toEqual(
        expect.arrayContaining([
          'Screening Rawat Jalan',
          'Riwayat Alergi',
          'Rekam Medis Tubuh',
          'Persetujuan Medis',
          'Resume Perencanaan Pulang (Discharge Planning Form)',
        ]),
      );

    // screening: weight and breathing, saved, listed with its arrival date and time
    await page.getByRole('tab', { name: 'Screening Rawat Jalan' }).click();
    await page.getByRole('button', { name: 'Buat Screening Rawat Jalan Baru' }).click();
    const modal = page.getByRole('dialog', { name: 'Screening Rawat Jalan' });
    await modal.getByRole('textbox', { name: 'Berat Badan (kg)' }).fill('62');
    await modal.getByRole('radio', { name: 'Sesak' }).check();
    await modal.getByRole('radio', { name: 'Poliklinik disegerakan' }).check();
    await expectNoSeriousAxeViolations(page, 'screening form (till)');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('emr-screening-row').count()).toBe(1);
    await page.getByTestId('emr-screening-row').getByText('Poliklinik disegerakan').waitFor();
    // view mode: inputs disabled, OK disabled
    await page.getByTestId('emr-screening-row').getByRole('button', { name: 'Lihat' }).click();
    await expect.poll(() => modal.getByRole('textbox', { name: 'Berat Badan (kg)' }).inputValue()).toBe('62');
    expect(await modal.getByRole('textbox', { name: 'Berat Badan (kg)' }).isDisabled()).toBe(true);
    expect(await modal.getByTestId('emr-ok').textContent()).toBe('Tutup');
    expect(await modal.getByTestId('emr-ok').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // body map: a click on the front image, a blank note keeps the dialog open, then the note
    await page.getByRole('tab', { name: 'Rekam Medis Tubuh' }).click();
    await page.getByRole('button', { name: 'Buat Rekam Medis Tubuh' }).click();
    const map = page.getByRole('dialog', { name: 'Rekam Medis Tubuh' });
    await map.getByTestId('bodymap-front').click({ position: { x: 110, y: 132 } });
    const note = page.getByRole('dialog', { name: 'Enter Description' });
    await note.waitFor();
    await note.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => note.isVisible()).toBe(true);
    await note.getByRole('textbox', { name: 'Catatan' }).fill('Memar di dada');
    await note.getByRole('button', { name: 'OK' }).click();
    await note.waitFor({ state: 'hidden' });
    await map.getByTestId('bodymap-list-front').getByText('1. Memar di dada').waitFor();
    await expect.poll(() => map.getByTestId('bodymap-marker').count()).toBe(1);
    await screenshot(page, 'emr-bodymap-till');
    await map.getByRole('button', { name: 'Simpan' }).click();
    await map.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('emr-bodymap-row').count()).toBe(1);

    // consent: prefilled from the patient; a blank pad is refused; a drawn signature is kept
    await page.getByRole('tab', { name: 'Persetujuan Medis' }).click();
    await page.getByRole('button', { name: 'Buat Persetujuan Medis Baru' }).click();
    const consent = page.getByRole('dialog', { name: 'Persetujuan Medis' });
    await expect
      .poll(() => consent.getByRole('textbox', { name: 'Nama Pasien' }).inputValue())
      .toBe(patient.user_name);
    await consent.getByRole('checkbox', { name: 'Diagnosis', exact: true }).check();
    await consent.getByRole('textbox', { name: 'Tindakan Medis' }).fill('Eksisi kecil');
    await consent.getByTestId('signature-doctor').getByRole('button', { name: 'Digital Signature' }).click();
    const pad = page.getByRole('dialog', { name: 'Signature Pad' });
    await pad.getByRole('button', { name: 'Save Signature' }).click();
    await pad.getByText('Tanda tangan masih kosong.').waitFor();
    const canvas = pad.getByTestId('signature-canvas');
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([500, 200]);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + 40, box.y + 120);
    await page.mouse.down();
    for (const [dx, dy] of [
      [90, 60],
      [160, 140],
      [240, 70],
      [330, 150],
    ])
      await page.mouse.move(box.x + dx, box.y + dy, { steps: 6 });
    await page.mouse.up();
    await pad.getByRole('button', { name: 'Save Signature' }).click();
    await pad.waitFor({ state: 'hidden' });
    await consent.getByRole('img', { name: 'Tanda Tangan Dokter' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'consent form (till)');
    await screenshot(page, 'emr-consent-till');
    await consent.getByRole('button', { name: 'Simpan' }).click();
    await consent.waitFor({ state: 'hidden' });
    await page.getByTestId('emr-consent-row').getByText('Sudah ditandatangani').waitFor();

    // the history at the tablet size
    await page.setViewportSize(VIEWPORTS.tablet);
    await expectNoSeriousAxeViolations(page, 'consent history (tablet)');
    await screenshot(page, 'emr-consent-history-tablet');
    await page.getByRole('tab', { name: 'Rekam Medis Tubuh' }).click();
    await page.getByRole('button', { name: 'Buat Rekam Medis Tubuh' }).click();
    await map.waitFor();
    await expectNoSeriousAxeViolations(page, 'body map (tablet)');
    await screenshot(page, 'emr-bodymap-tablet');
    await context.close();

    // the nurse of Menteng: not a registered health worker, refused by the server
    const nurseContext = await newContext(e2e.browser, VIEWPORTS.till);
    const nursePage = await nurseContext.newPage();
    await signInKemang(nursePage, e2e.server.url, 'perawat@serambi.id');
    const tokens = await storedTokens(nursePage);
    const refused = await fetch(
      `${e2e.server.url}/cashier/customer-emr?user_identifier_type=qr&user_identifier_string=${patient.user_code}`,
      {
        headers: {
          Authorization: tokens.client_key,
          'APP-Token': tokens.login_token,
          'Authorization-Type': 'business_user',
          Platform: 'web',
        },
      },
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Rekam medis hanya dapat dibuka dan diubah oleh tenaga kesehatan terdaftar di outlet ini.',
    );
    await nurseContext.close();

    // the owner sees who read, wrote and was refused
    const ownerContext = await newContext(e2e.browser, VIEWPORTS.till);
    const owner = await ownerContext.newPage();
    await signInKemang(owner, e2e.server.url);
    await owner.goto(`${e2e.server.url}/audit`);
    const log = owner.getByTestId('emr-access-log');
    await log.getByText('Akses Rekam Medis').waitFor({ timeout: 30_000 });
    await expect.poll(() => log.getByTestId('emr-access-row').count()).toBeGreaterThan(4);
    await log
      .getByTestId('emr-access-row')
      .filter({ hasText: 'Rina Wulandari' })
      .getByText('Ditolak')
      .waitFor();
    await log
      .getByTestId('emr-access-row')
      .filter({ hasText: 'Andi Saputra' })
      .filter({ hasText: 'Persetujuan Medis' })
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(owner, 'medical-record access log (till)');
    await screenshot(owner, 'emr-access-log-till');
    await ownerContext.close();
  });
});
