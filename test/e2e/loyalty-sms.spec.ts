import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { REDEEM_DEMO_CUSTOMER } from '../../server/db/demo/redeem';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';

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
});
