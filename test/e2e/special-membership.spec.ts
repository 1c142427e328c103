// Issue 14 in a real browser on the real server: 'Jual Membership' at Serambi Salon Kemang end to end (the
// step 1 button, 'Aktifkan / Perpanjang Membership' with its customer message, 'Pilih membership', the seller,
// payment, the online submit, the receipt) with the server's customer_memberships holding the period once; and
// a deposit payment through the NFC dialog typed like a keyboard-wedge reader (a wrong card refused with
// 'Invalid NFC Card!', then the customer's card). Kemang is configured with wallet_use_nfc = 1 for this test
// (ruling 24: the demo's own Kemang leaves it 0). axe at 1366×768 and 800×1280 on the form and the dialog.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { DEMO_NFC_CARD, DEMO_WALLET_CUSTOMER } from '../../server/db/demo/customers';
import { MEMBER_KLINIK } from '../../server/db/demo/promos';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { overrideConfig, storedTokens, storedTrx } from './pages/pos';
import { serverApi } from './server-api';

let membershipSaleId = '';
const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    if (!membershipSaleId) return;
    const db = new PGlite(dataDir);
    try {
      const r = await db.query<{ source: string; n: string }>(
        `SELECT source, count(*)::text AS n FROM customer_memberships WHERE ref_local_trx_id = $1 GROUP BY 1`,
        [membershipSaleId],
      );
      // the period once
      expect(r.rows).toEqual([{ source: 'membership_sale', n: '1' }]);
    } finally {
      await db.close();
    }
  },
});
const api = serverApi(() => e2e.server.url);
const demo = demoBusiness();
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');

describe('Jual Membership and the NFC dialog', () => {
  it('sells a membership end to end; a deposit payment passes the NFC dialog with the customer’s card', {
    timeout: 300_000,
  }, async () => {
    const { context, page, pos } = await e2e.cashier((p) => overrideConfig(p, { wallet_use_nfc: [0, 1] }));
    const tokens = await storedTokens(page);

    // 1. Jual Membership: the button, the customer message, the grid, the seller
    const buyer = demo.customers[2]; // Citra Kirana, not a member
    const lookup = async () =>
      (
        await api('cashier/pos/user', {
          method: 'POST',
          tokens,
          body: { user_identifier_type: 'qr', user_identifier_string: buyer.user_code },
        })
      ).membership_name;
    expect(await lookup()).toBeNull();
    await page.getByTestId('new-trx-buttons').getByRole('button', { name: 'Jual Membership' }).click();
    await page.getByTestId('membership-form').waitFor({ timeout: 20_000 });
    membershipSaleId = String(
      await (await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'))).jsonValue(),
    );
    await page.getByRole('heading', { name: 'Aktifkan / Perpanjang Membership' }).waitFor();
    await page.getByText('Silakan tentukan customer terlebih dahulu').waitFor();
    // Continue without a customer: the spec's message
    await page.getByTestId('continue').click();
    await page
      .getByText('Customer harus ditentukan untuk melakukan aktivasi membership.')
      .first()
      .waitFor({ timeout: 10_000 });
    await pos.setCustomerByPhone(local(buyer.user_phone));
    await page.getByText('Pilih membership').waitFor({ timeout: 10_000 });
    await page.getByTestId(`membership-${MEMBER_KLINIK}`).click();
    await page
      .getByTestId('sticky-total')
      .getByText(/250,000/)
      .waitFor({ timeout: 10_000 });
    expect(await page.getByTestId(`membership-${MEMBER_KLINIK}`).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Seller').first().waitFor();
    await screenshot(page, 'membership-1-form-1366');
    await expectNoSeriousAxeViolations(page, 'Jual Membership 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'membership-2-form-800');
    await expectNoSeriousAxeViolations(page, 'Jual Membership 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
    const sold = (await storedTrx(page, membershipSaleId)) as {
      trx_status_id: number;
      membership_item: { business_membership_id: number };
    };
    expect(sold.trx_status_id).toBe(3);
    expect(sold.membership_item.business_membership_id).toBe(MEMBER_KLINIK);
    expect(await lookup()).toBe('Klinik Care');
    await pos.dismissAndBack();

    // 2. a deposit payment: 'Selesai' opens the NFC dialog; the reader types the code and Enter
    const holder = demo.customers[DEMO_WALLET_CUSTOMER];
    const saleId = await pos.startSale();
    await pos.setCustomerByPhone(local(holder.user_phone));
    await pos.addItem('Potong Rambut Wanita');
    await pos.toPayment();
    await page.getByRole('button', { name: 'Gunakan', exact: true }).first().click();
    await page.getByTestId('payment-row').first().waitFor({ timeout: 10_000 });
    if ((await pos.headline()) > 0) await pos.pay('Cash');
    await page.getByRole('button', { name: 'Selesai', exact: true }).click();
    const nfc = page.getByTestId('nfc-text');
    await nfc.waitFor({ timeout: 10_000 });
    expect(await nfc.textContent()).toBe('Scan kartu sekarang..');
    await screenshot(page, 'membership-3-nfc-1366');
    await expectNoSeriousAxeViolations(page, 'NFC dialog 1366×768');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'membership-4-nfc-800');
    await expectNoSeriousAxeViolations(page, 'NFC dialog 800×1280');
    await page.setViewportSize(VIEWPORTS.till);
    // another card: the server refuses it, the sale stays pending
    await page.keyboard.type('04FFFFFFFF', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByText('Invalid NFC Card!').first().waitFor({ timeout: 30_000 });
    expect(((await storedTrx(page, saleId)) as { trx_status_id: number }).trx_status_id).toBe(2);
    // the customer's card
    await page.getByRole('button', { name: 'Selesai', exact: true }).click();
    await nfc.waitFor({ timeout: 10_000 });
    await page.keyboard.type(DEMO_NFC_CARD, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByTestId('submission-message').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('submission-message').textContent()).toBe(
      'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.',
    );
    const paid = (await storedTrx(page, saleId)) as { trx_status_id: number; deposit_balance: number };
    expect(paid.trx_status_id).toBe(3);

    // 3. the membership's receipt: its line named by the membership
    await page.goto(`${e2e.server.url}/pos/receipt/${membershipSaleId}/struk`);
    await page.getByText('Klinik Care').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'membership-5-receipt');
    await context.close();
  });
});
