// Issue 14 in a real browser on the real server: 'Kirim/Jual Kupon' sells a coupon to a customer (the
// catalogue in coupon mode, the receipt shows it), then a new sale for that customer applies the coupon with
// 'Kupon' (the coupon dialog, the linked item in the item dialog, the banner) next to a catalogue line of the
// same item (never merged), and completes; the server's coupon ledger holds the issuance and the consumption
// once each. axe at 1366×768 and 800×1280 on the catalogue in coupon mode and on the coupon dialog.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { storedTrx } from './pages/pos';

const ONLINE = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.';
const demo = demoBusiness();
const buyer = demo.customers[1]; // holds no coupon
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');
const COUPON = 'Kupon Potong Rambut Wanita';
const sold: string[] = [];

const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    const db = new PGlite(dataDir);
    try {
      const r = await db.query<{ entry_type: string; qty: number; ref_local_trx_id: string }>(
        `SELECT l.entry_type, l.qty, l.ref_local_trx_id FROM coupon_user_ledger l
         JOIN coupon_users cu USING (coupon_user_id) JOIN customers c USING (customer_id)
         WHERE c.user_code = $1 ORDER BY l.entry_id`,
        [buyer.user_code],
      );
      expect(r.rows).toEqual([
        { entry_type: 'coupon_sale', qty: 1, ref_local_trx_id: sold[0] },
        { entry_type: 'coupon_use', qty: -1, ref_local_trx_id: sold[1] },
      ]);
    } finally {
      await db.close();
    }
  },
});

describe('Kirim/Jual Kupon and Kupon in a sale', () => {
  it('sells a coupon, then uses it in a sale; the ledger holds each once', { timeout: 300_000 }, async () => {
    const { context, page, pos } = await e2e.cashier();

    // 1. the coupon sale: the catalogue in coupon mode, the coupon's item dialog
    await page.getByTestId('new-trx-buttons').getByRole('button', { name: 'Kirim/Jual Kupon' }).click();
    await page.getByTestId('continue').waitFor({ timeout: 20_000 });
    const saleId = String(
      await (await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'))).jsonValue(),
    );
    sold.push(saleId);
    await page.getByText('Kupon Satuan').first().waitFor({ timeout: 20_000 });
    await pos.setCustomerByPhone(local(buyer.user_phone));
    await screenshot(page, 'coupon-1-catalogue-1366');
    await expectNoSeriousAxeViolations(page, 'coupon catalogue 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'coupon-2-catalogue-800');
    await expectNoSeriousAxeViolations(page, 'coupon catalogue 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    const dialog = await pos.openItem(COUPON);
    await dialog.getByText('Coupon Notes').first().waitFor();
    await dialog.getByLabel('Coupon Notes').fill('ulang tahun');
    await pos.confirmItem(dialog);
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(ONLINE);
    const stored = (await storedTrx(page, saleId)) as { trx_status_id: number };
    expect(stored.trx_status_id).toBe(3);
    await page.goto(`${e2e.server.url}/pos/receipt/${saleId}/struk`);
    await page.getByText(COUPON).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'coupon-3-receipt');

    // 2. a sale using it: 'Kupon' → the coupon dialog → the linked haircut, next to a catalogue haircut
    await pos.open();
    const useId = await pos.startSale();
    sold.push(useId);
    await pos.setCustomerByPhone(local(buyer.user_phone));
    await pos.addItem('Potong Rambut Wanita');
    await page.getByTestId('step2-actions').getByRole('button', { name: 'Kupon', exact: true }).click();
    const couponDialog = page.getByRole('dialog', { name: 'Penggunaan Kupon' });
    await couponDialog.waitFor({ timeout: 20_000 });
    const option = couponDialog.getByTestId('coupon-option').filter({ hasText: COUPON });
    await option.waitFor({ timeout: 20_000 });
    await couponDialog.getByRole('textbox', { name: 'Cari' }).fill('ulang');
    await expect.poll(() => option.count()).toBe(1);
    await screenshot(page, 'coupon-4-dialog-1366');
    await expectNoSeriousAxeViolations(page, 'coupon dialog 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'coupon-5-dialog-800');
    await expectNoSeriousAxeViolations(page, 'coupon dialog 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await option.click();
    const linked = page.getByRole('dialog', { name: 'Potong Rambut Wanita' });
    await linked.waitFor({ timeout: 20_000 });
    await linked.getByLabel('Catatan', { exact: true }).waitFor();
    const variant = linked.getByText(/\(\d/).first();
    if (await variant.count()) await variant.click();
    await pos.addWorker(linked);
    await pos.confirmItem(linked);
    await page.getByTestId('coupon-banner').getByText(COUPON).waitFor({ timeout: 10_000 });
    await page.getByTestId('coupon-banner').getByRole('button', { name: 'hapus' }).waitFor();
    const trx = (await storedTrx(page, useId)) as {
      details: { pos_item_id: number; coupon?: unknown }[];
      coupon: { coupon_code: string };
    };
    // the coupon's line and the catalogue line of the same item stay two lines
    expect(trx.details.filter((d) => d.pos_item_id === 1001)).toHaveLength(2);
    expect(trx.details.filter((d) => d.coupon)).toHaveLength(1);
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe(ONLINE);
    await context.close();
  });
});
