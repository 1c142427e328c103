// Issue 24 in a real browser on the real server: the shared customer search panel on /member-activation with a
// demo customer (a typed phone after '+62', then a typed QR code after 'Change Customer'), and an activation of
// Platinum (price above 0, not automatic: Purchase No. required) whose message the server writes; the form
// resets. axe at 1366×768 and 800×1280. Then the camera path (issue 24 'Done when'): a generated QR image of a
// demo customer's code filmed by a fake camera (test/e2e/fake-camera.ts) finds the customer, and a coupon's QR
// on /coupon-use-qr opens its preview, decoded by what the app ships.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { AGENT_COUPON_DEMO_CUSTOMER } from '../../server/db/demo/redeem';
import { installFakeCamera, showToCamera } from './fake-camera';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { storedTokens } from './pages/pos';
import { serverApi } from './server-api';

const e2e = e2eFixture();
// a demo customer without a membership yet
const customer = demoBusiness().customers[4];
const typedPhone = customer.user_phone.replace(/^(\+62|0)/, '');

describe('customer search panel and member activation', () => {
  it('finds a demo customer by typed phone and typed QR code, then activates Platinum with a Purchase No.', {
    timeout: 240_000,
  }, async () => {
    const { page } = await e2e.cashier();
    await page.setViewportSize(VIEWPORTS.till);
    await page.goto(`${e2e.server.url}/member-activation`);
    await page.getByRole('heading', { name: 'Aktivasi Member' }).waitFor({ timeout: 30_000 });
    const panel = page.getByTestId('customer-search-panel');
    expect(await page.getByText('Belum tersedia').count()).toBe(0);
    // only Phone, QR Code and Email (001 §2.2)
    for (const t of ['Phone', 'QR Code', 'Email'])
      await expect.poll(() => panel.getByText(t, { exact: true }).count()).toBeGreaterThan(0);
    expect(await panel.getByText('Reference', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('customer-data-label').textContent()).toBe('No customer chosen');

    // 1. a typed phone after '+62'
    await panel.getByRole('textbox', { name: 'Phone' }).fill(typedPhone);
    await panel.getByRole('button', { name: 'Check' }).click();
    await panel.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('textbox', { name: 'Nama' }).inputValue()).toBe(customer.user_name);
    expect(await page.getByTestId('customer-data-label').textContent()).toBe(customer.user_code);
    await expectNoSeriousAxeViolations(page, 'member activation, customer found (till)');
    await screenshot(page, 'customer-search-phone-till');

    // 2. Change Customer, then a typed QR code (the user_code)
    await panel.getByRole('button', { name: 'Change Customer' }).click();
    await panel.getByText('QR Code', { exact: true }).click();
    await panel.getByRole('textbox', { name: 'QR Code' }).fill(customer.user_code);
    await panel.getByRole('button', { name: 'Check' }).click();
    await panel.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('textbox', { name: 'Nama' }).inputValue()).toBe(customer.user_name);

    // 3. Platinum needs a Purchase No.: refused without, activated with
    await page.getByLabel('Membership', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Platinum' }).click();
    const purchaseNo = page.getByRole('textbox', { name: 'Purchase No.' });
    await purchaseNo.waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Purchase No. harus diisi!').first().waitFor({ timeout: 10_000 });
    await purchaseNo.fill('E2E-AKTIVASI-1');
    await page.setViewportSize(VIEWPORTS.tablet);
    await expectNoSeriousAxeViolations(page, 'member activation, ready to submit (tablet)');
    await screenshot(page, 'customer-search-activation-tablet');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText(/Membership Platinum aktif sampai \d{4}-\d{2}-\d{2}\./)
      .first()
      .waitFor({ timeout: 20_000 });
    // the form resets
    await expect.poll(() => page.getByTestId('customer-data-label').textContent()).toBe('No customer chosen');
    expect(await page.getByRole('textbox', { name: 'Purchase No.' }).count()).toBe(0);
  });

  it('finds a demo customer by a QR image filmed by the camera, and a coupon by its QR on /coupon-use-qr', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await e2e.cashier();
    await installFakeCamera(context);
    const other = demoBusiness().customers[1];
    await page.goto(`${e2e.server.url}/member-activation`);
    await page.getByRole('heading', { name: 'Aktivasi Member' }).waitFor({ timeout: 30_000 });
    const panel = page.getByTestId('customer-search-panel');
    await panel.getByText('QR Code', { exact: true }).click();
    // the camera runs (filming an empty desk) before the code is held up to it
    await expect
      .poll(() => panel.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused), {
        timeout: 30_000,
      })
      .toBe(true);
    await screenshot(page, 'customer-search-camera-till');
    await showToCamera(page, other.user_code);
    // a scan fills the text and searches at once (001 §2.2): no Check pressed
    await panel.getByRole('button', { name: 'Change Customer' }).waitFor({ timeout: 30_000 });
    expect(await panel.getByRole('textbox', { name: 'QR Code' }).inputValue()).toBe(other.user_code);
    expect(await panel.getByRole('textbox', { name: 'Nama' }).inputValue()).toBe(other.user_name);
    expect(await page.getByTestId('customer-data-label').textContent()).toBe(other.user_code);
    await screenshot(page, 'customer-search-camera-found-till');

    // a coupon's QR (its coupon_user_id) filmed on /coupon-use-qr opens the preview
    const ayu = (await serverApi(() => e2e.server.url)('cashier/pos/user?retrieve_coupon=1', {
      method: 'POST',
      body: { user_identifier_type: 'qr', user_identifier_string: AGENT_COUPON_DEMO_CUSTOMER },
      tokens: await storedTokens(page),
    })) as { active_coupons?: { coupon_user_id: number }[] };
    const couponCode = String(ayu.active_coupons?.[0]?.coupon_user_id ?? '');
    expect(couponCode).toMatch(/^\d+$/);
    await showToCamera(page, couponCode);
    await page.goto(`${e2e.server.url}/coupon-use-qr`);
    await page
      .getByRole('heading', { name: 'Penggunaan Kupon - Melalui Kode QR' })
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('code-detail').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Redeem Now' }).waitFor();
    await context.close();
  });
});
