// Issue 24 in a real browser on the real server: /loyalty-transaction awards points online and, with the
// browser offline, saves the award on the device, then the sync sends it once; /redeem-qr-transaction
// redeems a typed QR code through its three steps; /coupon-use-qr uses one of Ayu's coupons by its code.
// After the run the server holds each award once and one redeem use with its purchase no. axe at 1366×768
// and 800×1280.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { AGENT_COUPON_DEMO_CUSTOMER, REDEEM_DEMO_CUSTOMER } from '../../server/db/demo/redeem';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { storedTokens } from './pages/pos';
import { serverApi } from './server-api';

let awards: { pos_trx_code: string; is_offline: number }[] = [];
let uses: { kind: string; pos_trx_code: string | null }[] = [];
const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    const db = new PGlite(dataDir);
    try {
      awards = (
        await db.query<{ pos_trx_code: string; is_offline: number }>(
          'SELECT pos_trx_code, is_offline FROM loyalty_trxs ORDER BY loyalty_trx_head_id',
        )
      ).rows;
      uses = (
        await db.query<{ kind: string; pos_trx_code: string | null }>(
          'SELECT kind, pos_trx_code FROM code_uses ORDER BY code_use_id',
        )
      ).rows;
    } finally {
      await db.close();
    }
    expect(awards).toEqual([
      { pos_trx_code: 'INV-ONLINE-1', is_offline: 0 },
      { pos_trx_code: 'INV-OFFLINE-1', is_offline: 1 },
    ]);
    expect(uses).toEqual([
      { kind: 'reward', pos_trx_code: 'INV-RDM-1' },
      { kind: 'coupon', pos_trx_code: 'INV-KPN-1' },
    ]);
  },
});
const dian = demoBusiness().customers.find((c) => c.user_code === REDEEM_DEMO_CUSTOMER);
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');

describe('Loyalty screens', () => {
  it('a point award online, one offline sent later once; a QR redeem by typed code; a coupon use by QR', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await e2e.cashier();
    const base = e2e.server.url;

    // 1. the award online
    await page.goto(`${base}/loyalty-transaction`);
    await page.getByRole('heading', { name: 'Pemberian Poin' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Purchase No. harus diisi!').waitFor();
    await page.getByRole('textbox', { name: 'Purchase No.' }).fill('INV-ONLINE-1');
    await page.getByRole('textbox', { name: 'Transaction Amount' }).fill('250000');
    await page.getByRole('textbox', { name: 'Phone' }).fill(local(dian?.user_phone ?? ''));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'loyalty-1-award-1366');
    await expectNoSeriousAxeViolations(page, 'Pemberian Poin 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'loyalty-2-award-800');
    await expectNoSeriousAxeViolations(page, 'Pemberian Poin 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await page.getByRole('button', { name: 'Submit' }).click();
    const result = page.getByRole('dialog', { name: 'Loyalty Transaction Success!' });
    await result.getByText('The transaction has been done online.').waitFor({ timeout: 20_000 });
    await result.getByRole('button', { name: 'Tutup' }).last().click();

    // 2. offline: saved on the device, then sent by the sync once
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Purchase No.' }).fill('INV-OFFLINE-1');
    await page.getByRole('textbox', { name: 'Transaction Amount' }).fill('120000');
    await page.getByRole('textbox', { name: 'Phone' }).fill(local(dian?.user_phone ?? ''));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await result.getByText('Saving transaction to local device.').waitFor({ timeout: 20_000 });
    await result.getByRole('button', { name: 'Tutup' }).last().click();
    await page.getByTestId('loyalty-pending').getByText('Transaksi loyalty menunggu dikirim: 1').waitFor();
    await screenshot(page, 'loyalty-3-offline-saved');
    await context.setOffline(false);
    // /trx-history syncs first (000 §4): the pass sends the award
    await page.goto(`${base}/trx-history`);
    await page.getByRole('heading', { name: 'Riwayat Transaksi' }).first().waitFor({ timeout: 60_000 });
    await page.goto(`${base}/loyalty-transaction`);
    await page.getByRole('heading', { name: 'Pemberian Poin' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('loyalty-pending').count(), { timeout: 30_000 }).toBe(0);

    // 3. QR redeem by a typed code: preview → Redeem Now → purchase no. → success
    await page.goto(`${base}/redeem-qr-transaction`);
    await page
      .getByRole('heading', { name: 'Penukaran Poin - Melalui Kode QR' })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Redeem code harus diisi!').waitFor();
    await page.getByRole('textbox', { name: 'Kode QR' }).fill('RDM-KMG-0002');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Redeem Now' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'loyalty-4-redeem-preview-1366');
    await expectNoSeriousAxeViolations(page, 'Penukaran Poin QR 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'loyalty-5-redeem-preview-800');
    await expectNoSeriousAxeViolations(page, 'Penukaran Poin QR 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await page.getByRole('button', { name: 'Redeem Now' }).click();
    const modal = page.getByRole('dialog', { name: 'Redeem Success' });
    await modal
      .getByText(/telah berhasil menukarkan .* \(RDM-KMG-0002\) dengan/)
      .waitFor({ timeout: 20_000 });
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await modal.getByText('Purchase No. harus diisi!').waitFor();
    await modal.getByRole('textbox', { name: 'Purchase No.' }).fill('INV-RDM-1');
    await screenshot(page, 'loyalty-6-redeem-purchase-no');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    const done = page.getByRole('dialog', { name: 'Transaction Success!' });
    await done.getByText('Purchase no. telah disimpan, transaksi redeem telah berhasil dilakukan.').waitFor({
      timeout: 20_000,
    });
    await done.getByRole('button', { name: 'Tutup' }).last().click();
    await page.getByRole('textbox', { name: 'Kode QR' }).waitFor();

    // 4. coupon use by QR: one of Ayu's coupons by its code (its coupon_user_id)
    const api = serverApi(() => base);
    const ayu = (await api('cashier/pos/user?retrieve_coupon=1', {
      method: 'POST',
      body: { user_identifier_type: 'qr', user_identifier_string: AGENT_COUPON_DEMO_CUSTOMER },
      tokens: await storedTokens(page),
    })) as { active_coupons?: { coupon_user_id: number }[] };
    const couponCode = String(ayu.active_coupons?.[0]?.coupon_user_id ?? '');
    expect(couponCode).toMatch(/^\d+$/);
    await page.goto(`${base}/coupon-use-qr`);
    await page
      .getByRole('heading', { name: 'Penggunaan Kupon - Melalui Kode QR' })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Kode QR' }).fill(couponCode);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByTestId('code-detail').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'loyalty-7-coupon-preview-1366');
    await expectNoSeriousAxeViolations(page, 'Penggunaan Kupon QR 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'loyalty-8-coupon-preview-800');
    await expectNoSeriousAxeViolations(page, 'Penggunaan Kupon QR 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await page.getByRole('button', { name: 'Redeem Now' }).click();
    await modal.getByRole('textbox', { name: 'Purchase No.' }).fill('INV-KPN-1');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await done.getByText('Purchase no. telah disimpan, transaksi redeem telah berhasil dilakukan.').waitFor({
      timeout: 20_000,
    });
  });
});
