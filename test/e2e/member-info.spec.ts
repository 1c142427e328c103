// Member info in a real browser on the real server (issue 24, 001 §2.7): a demo customer's member info opened
// by /member-info/qr/{user_code} (the auto-search); 'Edit Member Data' with an uploaded photo (a generated PNG,
// compressed in the browser, stored by the server and shown by URL), the reference code cleared and
// 'Generate'd, 'Edit NIK', an NFC card registered by a keyboard-wedge reader and tested; then the search
// panel, the coupons and the two history tabs with the type filter. axe at 1366×768 and 800×1280.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { PASSWORD, signInKemang } from './pages/pos';

const e2e = e2eFixture();
const customers = demoBusiness().customers;

/** A w×h PNG of two colours (a generated image file to upload). */
function pngFile(w: number, h: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      raw.set(x < w / 2 ? [200, 60, 90] : [40, 120, 200], y * (w * 3 + 1) + 1 + x * 3);
  const file = join(tmpdir(), `member-photo-${process.pid}.png`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}

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
    await page.getByLabel('Unggah Foto').setInputFiles(pngFile(2400, 1600));
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
