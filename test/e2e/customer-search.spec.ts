// Issue 24 in a real browser on the real server: the shared customer search panel on /member-activation with a
// demo customer (a typed phone after '+62', then a typed QR code after 'Change Customer'), and an activation of
// Platinum (price above 0, not automatic: Purchase No. required) whose message the server writes; the form
// resets. axe at 1366×768 and 800×1280.
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';

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
});
