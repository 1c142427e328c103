// Issue 14 in a real browser on the real server: at Serambi Salon Kemang, for the demo's redeem customer, a
// redeem by a typed QR code (the free 'Cuci & Blow' line opened in the item dialog with its allowed variant)
// and a redeem by SMS code (the code read from what the server's SMS outbox sent through its gateway), each sale
// completed; after the run the server's point_ledger holds one debit per sale. axe on the redeem dialog at
// 1366×768 and 800×1280.
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

const sales: string[] = [];
let debits: { ref_local_trx_id: string; points: string }[] = [];
const e2e = e2eFixture({
  env: serverEnv,
  afterStop: async (dataDir) => {
    const db = new PGlite(dataDir);
    try {
      debits = (
        await db.query<{ ref_local_trx_id: string; points: string }>(
          `SELECT ref_local_trx_id, points::text AS points FROM point_ledger WHERE entry_type = 'redeem' ORDER BY entry_id`,
        )
      ).rows;
    } finally {
      await db.close();
    }
    expect(debits.map((d) => d.ref_local_trx_id).sort()).toEqual([...sales].sort());
    expect(debits.map((d) => Number(d.points)).sort((a, b) => a - b)).toEqual([-400, -100]);
  },
});
const customer = demoBusiness().customers.find((c) => c.user_code === REDEEM_DEMO_CUSTOMER);
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');

describe('Redeem in a sale', () => {
  it('a redeem by typed QR code and one by SMS code, each sale completed, the points debited once', {
    timeout: 240_000,
  }, async () => {
    const { page, pos } = await e2e.cashier();
    const ONLINE = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.';
    const dialog = page.getByTestId('redeem-dialog');

    // 1. QR Code, typed: the free 'Cuci & Blow' (Blow Lurus only) in the item dialog, then a bought haircut
    sales.push(await pos.startSale());
    await pos.setCustomerByPhone(local(customer?.user_phone ?? ''));
    await page.getByTestId('step2-actions').getByRole('button', { name: 'Redeem', exact: true }).click();
    await dialog.waitFor();
    await screenshot(page, 'redeem-1-dialog-1366');
    await expectNoSeriousAxeViolations(page, 'Redeem dialog 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'redeem-2-dialog-800');
    await expectNoSeriousAxeViolations(page, 'Redeem dialog 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await dialog.getByTestId('redeem-code').fill('RDM-KMG-0001');
    await dialog.getByRole('button', { name: 'Check' }).click();
    const item = page.getByRole('dialog', { name: 'Cuci & Blow' });
    await item.waitFor({ timeout: 20_000 });
    await item.getByLabel('Catatan', { exact: true }).waitFor();
    await pos.addWorker(item);
    await pos.confirmItem(item);
    await page.getByTestId('redeem-banner').getByText('Gratis Cuci & Blow').waitFor();
    await pos.addItem('Potong Rambut Wanita');
    await pos.toPayment();
    await pos.pay('Cash');
    await screenshot(page, 'redeem-3-qr-payment');
    expect(await pos.submit()).toBe(ONLINE);
    await pos.dismissAndBack();

    // 2. SMS: the reward grid sends the code; the payment step takes it
    sales.push(await pos.startSale());
    await pos.setCustomerByPhone(local(customer?.user_phone ?? ''));
    await page.getByTestId('step2-actions').getByRole('button', { name: 'Redeem', exact: true }).click();
    await dialog.waitFor();
    await dialog.locator('label', { hasText: /^SMS$/ }).click();
    await dialog.getByTestId('redeem-rewards').getByText('Diskon Belanja 15%').click();
    await page.getByTestId('redeem-banner').getByText('Diskon Belanja 15%').waitFor({ timeout: 20_000 });
    await pos.addItem('Potong Rambut Wanita');
    await pos.toPayment();
    await expect.poll(() => sent.length, { timeout: 40_000, interval: 500 }).toBeGreaterThan(0);
    const code = /(\d{6})/.exec(sent[sent.length - 1].message)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('sms-redeem-code').fill(code);
    await page.getByTestId('sms-redeem-code').blur();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(ONLINE);
  });
});
