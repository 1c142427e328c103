// Issue 14 in a real browser on the real server: at Serambi Salon Kemang, for the demo's redeem customer, a
// redeem by a typed QR code (the free 'Cuci & Blow' line opened in the item dialog with its allowed variant)
// and a redeem by SMS code (the code read from what the server's SMS outbox sent through its gateway), each sale
// completed, then a Direct redeem (the reward grid) and an Agent redeem (the partner's AGT-TKP-0001), and the
// coupon dialog's Agent mode (Ayu Lestari's agent coupon AGT-TKP-0102); after the run the server's point_ledger
// holds one debit per points-spending sale, the agent redemption is fulfilled once by its sale and the agent
// coupon used once. Without a camera (headless) the QR tab shows the typed-code field only. axe on the redeem
// dialog and the coupon dialog's Agent mode at 1366×768 and 800×1280.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { AGENT_COUPON_DEMO_CUSTOMER, REDEEM_DEMO_CUSTOMER } from '../../server/db/demo/redeem';
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
let agentSale = '';
let couponAgentSale = '';
let debits: { ref_local_trx_id: string; points: string }[] = [];
let fulfilled: { pos_trx_code: string; fulfilled_local_trx_id: string | null }[] = [];
let agentCouponUses: { ref_local_trx_id: string; qty: number }[] = [];
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
      fulfilled = (
        await db.query<{ pos_trx_code: string; fulfilled_local_trx_id: string | null }>(
          'SELECT pos_trx_code, fulfilled_local_trx_id FROM reward_agent_transactions ORDER BY pos_trx_code',
        )
      ).rows;
      agentCouponUses = (
        await db.query<{ ref_local_trx_id: string; qty: number }>(
          `SELECT l.ref_local_trx_id, l.qty FROM coupon_user_ledger l
           JOIN coupon_agent_transactions a USING (coupon_user_id)
           WHERE a.pos_trx_code = 'AGT-TKP-0102' AND l.entry_type = 'coupon_use'`,
        )
      ).rows;
    } finally {
      await db.close();
    }
    expect(debits.map((d) => d.ref_local_trx_id).sort()).toEqual([...sales].sort());
    // QR (Cuci & Blow 100), SMS and Direct (Diskon Belanja 15%, 400 each); an agent's redemption spends none
    expect(debits.map((d) => Number(d.points)).sort((a, b) => a - b)).toEqual([-400, -400, -100]);
    expect(fulfilled).toEqual([
      { pos_trx_code: 'AGT-GRB-0002', fulfilled_local_trx_id: null },
      { pos_trx_code: 'AGT-TKP-0001', fulfilled_local_trx_id: agentSale },
    ]);
    expect(agentCouponUses).toEqual([{ ref_local_trx_id: couponAgentSale, qty: -1 }]);
  },
});
const customer = demoBusiness().customers.find((c) => c.user_code === REDEEM_DEMO_CUSTOMER);
const ayu = demoBusiness().customers.find((c) => c.user_code === AGENT_COUPON_DEMO_CUSTOMER);
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
    // no camera here: no empty scanner box, the typed code only
    await expect.poll(() => dialog.getByTestId('qr-scanner').count(), { timeout: 10_000 }).toBe(0);
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
    await pos.dismissAndBack();

    // 3. Direct (direct_reward_redeem = 1 at Kemang): the reward grid, the points debited with the sale
    sales.push(await pos.startSale());
    await pos.setCustomerByPhone(local(customer?.user_phone ?? ''));
    await page.getByTestId('step2-actions').getByRole('button', { name: 'Redeem', exact: true }).click();
    await dialog.waitFor();
    await dialog.locator('label', { hasText: /^Direct$/ }).click();
    await dialog.getByTestId('redeem-rewards').getByText('Diskon Belanja 15%').click();
    await page.getByTestId('redeem-banner').getByText('Diskon Belanja 15%').waitFor({ timeout: 20_000 });
    await pos.addItem('Potong Rambut Wanita');
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(ONLINE);
    await pos.dismissAndBack();

    // 4. Agent: the partner's redemption AGT-TKP-0001 (a free Manicure), fulfilled by this sale
    agentSale = await pos.startSale();
    await pos.setCustomerByPhone(local(customer?.user_phone ?? ''));
    await page.getByTestId('step2-actions').getByRole('button', { name: 'Redeem', exact: true }).click();
    await dialog.waitFor();
    await dialog.locator('label', { hasText: /^Agent$/ }).click();
    await dialog.getByRole('button', { name: /AGT-TKP-0001/ }).click();
    const manicure = page.getByRole('dialog', { name: 'Manicure' });
    await manicure.waitFor({ timeout: 20_000 });
    await manicure.getByLabel('Catatan', { exact: true }).waitFor();
    await pos.addWorker(manicure);
    await pos.confirmItem(manicure);
    await page.getByTestId('redeem-banner').getByText('Gratis Manicure').waitFor();
    await pos.addItem('Potong Rambut Wanita');
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(ONLINE);
    await pos.dismissAndBack();

    // 5. the coupon dialog's Agent mode: Ayu's coupon bought at Tokopedia (AGT-TKP-0102), searched and used
    couponAgentSale = await pos.startSale();
    await pos.setCustomerByPhone(local(ayu?.user_phone ?? ''));
    await pos.addItem('Potong Rambut Wanita');
    await page.getByTestId('step2-actions').getByRole('button', { name: 'Kupon', exact: true }).click();
    const couponDialog = page.getByRole('dialog', { name: 'Penggunaan Kupon' });
    await couponDialog.waitFor({ timeout: 20_000 });
    await couponDialog.locator('label', { hasText: /^Agent$/ }).click();
    const agentCoupon = couponDialog.getByTestId('coupon-agent-option');
    await agentCoupon.first().waitFor({ timeout: 20_000 });
    expect(await agentCoupon.count()).toBe(2);
    await couponDialog.getByRole('textbox', { name: 'Cari' }).fill('tokopedia');
    await expect.poll(() => agentCoupon.count()).toBe(1);
    await screenshot(page, 'redeem-4-coupon-agent-1366');
    await expectNoSeriousAxeViolations(page, 'coupon dialog Agent 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'redeem-5-coupon-agent-800');
    await expectNoSeriousAxeViolations(page, 'coupon dialog Agent 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await agentCoupon.first().click();
    await page.getByTestId('coupon-banner').waitFor({ timeout: 20_000 });
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(ONLINE);
  });
});
