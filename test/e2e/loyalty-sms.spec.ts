// Issue 24 in a real browser on the real server: /redeem-sms-transaction walked end to end (the reward list
// with images, the phone through the shared search panel, 'Send SMS' — the code read from what the server's
// SMS outbox sent through its gateway —, 'Redeem Code dari SMS', the server's message with Purchase No. and
// 'Simpan'); and a customer found by the camera path: a QR image generated with the `qrcode` package is
// written as a Y4M file and fed to Chromium as its fake camera, and the search panel's QR scanner finds
// the customer. After the run the server holds one SMS redemption with its purchase no. axe at 1366×768 and
// 800×1280.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { REDEEM_DEMO_CUSTOMER } from '../../server/db/demo/redeem';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { ARTIFACTS, screenshot } from './harness';
import { freshCashier } from './pages/pos';

// The SMS gateway the server's outbox delivers to (SMS_GATEWAY_URL): the messages it sent, as sent.
const sent: { to: string; message: string }[] = [];
let gateway: Server;
const serverEnv: Record<string, string> = {};
beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      sent.push(JSON.parse(body));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  serverEnv.SMS_GATEWAY_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
});
afterAll(() => {
  gateway?.close();
});

let smsUses: { kind: string; pos_trx_code: string | null }[] = [];
const e2e = e2eFixture({
  env: serverEnv,
  afterStop: async (dataDir) => {
    const db = new PGlite(dataDir);
    try {
      smsUses = (
        await db.query<{ kind: string; pos_trx_code: string | null }>(
          `SELECT kind, pos_trx_code FROM code_uses WHERE kind = 'sms' ORDER BY code_use_id`,
        )
      ).rows;
    } finally {
      await db.close();
    }
    expect(smsUses).toEqual([{ kind: 'sms', pos_trx_code: 'INV-SMS-1' }]);
  },
});
const dian = demoBusiness().customers.find((c) => c.user_code === REDEEM_DEMO_CUSTOMER);
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');

/** A Y4M (4:2:0) video of `frames` identical frames showing `text` as a QR code, centred on white. */
function qrY4m(text: string, file: string, frames = 10): void {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const [w, h] = [640, 480];
  // small enough to sit inside the scanner's centre box (qrbox) once the frame is scaled to the video element
  const scale = Math.floor(200 / (size + 8));
  const side = (size + 8) * scale;
  const [x0, y0] = [Math.floor((w - side) / 2), Math.floor((h - side) / 2)];
  const y = Buffer.alloc(w * h, 235);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      if (!data[r * size + c]) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++)
          y[(y0 + (r + 4) * scale + dy) * w + x0 + (c + 4) * scale + dx] = 16;
    }
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(frames).fill(frame),
    ]),
  );
}

describe('Redeem by SMS, and a QR code found by the camera', () => {
  it('walks /redeem-sms-transaction: reward, phone, Send SMS, the code, the message and Purchase No.', {
    timeout: 300_000,
  }, async () => {
    const { page } = await e2e.cashier();
    const base = e2e.server.url;
    await page.goto(`${base}/redeem-sms-transaction`);
    await page.getByRole('heading', { name: 'Penukaran Poin - Melalui SMS' }).waitFor({ timeout: 30_000 });
    const rewards = page.getByTestId('sms-rewards');
    await rewards.getByRole('img', { name: 'Gratis Cuci & Blow' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Belum tersedia').count()).toBe(0);
    await screenshot(page, 'loyalty-sms-1-rewards-1366');
    await expectNoSeriousAxeViolations(page, 'Penukaran Poin SMS 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'loyalty-sms-2-rewards-800');
    await expectNoSeriousAxeViolations(page, 'Penukaran Poin SMS 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await rewards.getByRole('button', { name: /Gratis Cuci & Blow/ }).click();

    await page.getByRole('button', { name: 'Send SMS' }).click();
    await page.getByText('Nomor HP harus diisi!').waitFor();
    await page.getByRole('textbox', { name: 'Phone' }).fill(local(dian?.user_phone ?? ''));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await page.getByTestId('sms-code').waitFor({ timeout: 20_000 });
    await expect.poll(() => sent.length, { timeout: 40_000, interval: 500 }).toBeGreaterThan(0);
    const code = /(\d{6})/.exec(sent[sent.length - 1].message)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await screenshot(page, 'loyalty-sms-3-code');
    await page.getByTestId('sms-code').fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();

    const modal = page.getByRole('dialog', { name: 'Redeem Success' });
    await modal.getByText(/telah berhasil menukarkan Gratis Cuci & Blow/).waitFor({ timeout: 20_000 });
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await modal.getByText('Purchase No. harus diisi!').waitFor();
    await modal.getByRole('textbox', { name: 'Purchase No.' }).fill('INV-SMS-1');
    await screenshot(page, 'loyalty-sms-4-purchase-no-1366');
    await expectNoSeriousAxeViolations(page, 'Redeem Success SMS 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'loyalty-sms-5-purchase-no-800');
    await expectNoSeriousAxeViolations(page, 'Redeem Success SMS 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await modal.getByRole('button', { name: 'Simpan' }).click();
    const done = page.getByRole('dialog', { name: 'Transaction Success!' });
    await done.getByText('Purchase no. telah disimpan, transaksi redeem telah berhasil dilakukan.').waitFor({
      timeout: 20_000,
    });
    await done.getByRole('button', { name: 'Tutup' }).last().click();
    // the flow starts again at the reward list
    await rewards.waitFor();
  });

  it('a generated QR image fed to the camera (a fake camera stream) finds the customer in the search panel', {
    timeout: 300_000,
  }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const video = join(ARTIFACTS, 'customer-qr.y4m');
    qrY4m(REDEEM_DEMO_CUSTOMER, video);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const { page, context } = await freshCashier(browser, e2e.server.url);
      await context.grantPermissions(['camera'], { origin: e2e.server.url });
      await page.goto(`${e2e.server.url}/loyalty-transaction`);
      await page.getByRole('heading', { name: 'Pemberian Poin' }).waitFor({ timeout: 30_000 });
      await page
        .getByTestId('customer-search-panel')
        .locator('label', { hasText: /^QR Code$/ })
        .click();
      await page.getByTestId('qr-scanner').locator('video').waitFor({ timeout: 30_000 });
      // the scan fills the code and looks the customer up at once
      await page.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByRole('textbox', { name: 'QR Code' }).inputValue())
        .toBe(REDEEM_DEMO_CUSTOMER);
      await page
        .getByText(dian?.user_name ?? '-', { exact: false })
        .first()
        .waitFor();
      await screenshot(page, 'loyalty-sms-6-camera-found');
    } finally {
      await browser.close();
    }
  });
});
