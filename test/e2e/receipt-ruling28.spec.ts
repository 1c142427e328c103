// Issue 22 item 5 (ruling 28) as the newcomer walked it, in a real browser on the real server at Serambi Salon
// Kemang (DETAILED receipts): a sale with an item promotion and a transaction discount prints its Discount line
// followed by the parts a customer finds in the cart (by name, adding up to it); a top-up paid by debit card
// prints the payment with its amount before the card's charge; a membership sale prints the membership's
// validity (also on the server's copy the history and the public receipt print from); and the void
// confirmation names the sale (item 8). Screenshots at
// 1366×768 and 800×1280, axe clean.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { MEMBER_KLINIK } from '../../server/db/demo/promos';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { rupiah, serverTrx, storedTokens, storedTrx } from './pages/pos';

const e2e = e2eFixture();
const demo = demoBusiness();
const local = (phone: string) => phone.replace(/^(\+62|0)/, '');

/** The receipt page of a sale, its rows as [label, value] in order. */
async function openReceipt(page: Page, id: string): Promise<string[][]> {
  await page.goto(`${e2e.server.url}/pos/receipt/${id}/struk`);
  const paper = page.getByTestId('receipt-paper');
  await paper.waitFor({ timeout: 30_000 });
  await page.getByText('TOTAL', { exact: true }).waitFor({ timeout: 30_000 });
  return paper
    .locator('.rc-row')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim()).filter((t) => t !== '')),
    );
}

/** Both sizes: a screenshot and axe. */
async function lookAt(page: Page, name: string) {
  await screenshot(page, `${name}-1366`);
  await expectNoSeriousAxeViolations(page, `${name} 1366×768`);
  await page.setViewportSize(VIEWPORTS.tablet);
  await screenshot(page, `${name}-800`);
  await expectNoSeriousAxeViolations(page, `${name} 800×1280`);
  await page.setViewportSize(VIEWPORTS.till);
}

describe('ruling 28: receipts a customer can check', () => {
  it('a sale with an item promotion and a transaction discount: the Discount line and its named parts', {
    timeout: 300_000,
  }, async () => {
    const { context, page, pos } = await e2e.cashier();
    const id = await pos.startSale();
    await pos.setCustomerByPhone(local(demo.customers[4].user_phone));
    await pos.addItem('Potong Rambut Wanita', { itemDiscount: 'Disc 10%' });
    // the transaction discount: Discount → Promo → 'Potongan Rp 25.000'
    await page.getByRole('button', { name: 'Discount', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply Global Discount' });
    await dialog.waitFor();
    await dialog.getByText('Promo', { exact: true }).click();
    await dialog.getByText('Potongan Rp 25.000', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await pos.toPayment();
    await pos.pay('Cash');
    // a cash sale may complete offline on a loaded machine (the submit's time-out); its receipt is the same
    expect(await pos.submit()).toMatch(
      /^Transaksi Sukses! Transaksi telah berhasil dilakukan secara (online|offline)\.$/,
    );
    const trx = (await storedTrx(page, id)) as {
      drv_gross_total: number;
      drv_subtotal: number;
      drv_total_discount_nominal: number;
      details: { pos_item_discounts: { discount_name: string }[] }[];
    };
    const itemPromo = trx.details.flatMap((d) => d.pos_item_discounts.map((p) => p.discount_name))[0];
    expect(itemPromo).toBeTruthy();
    const itemDiscounts = Number(trx.drv_gross_total) - Number(trx.drv_subtotal);
    expect(itemDiscounts).toBeGreaterThan(0);
    expect(Number(trx.drv_total_discount_nominal)).toBe(25_000);

    const rows = await openReceipt(page, id);
    const at = rows.findIndex((r) => r[0] === 'Discount');
    expect(at).toBeGreaterThan(0);
    expect(rows[at - 1]).toEqual(['Subtotal', expect.any(String)]);
    expect(rupiah(rows[at - 1][1])).toBe(Number(trx.drv_gross_total));
    const discount = -rupiah(rows[at][1]);
    expect(discount).toBe(itemDiscounts + 25_000);
    // the parts, indented right under it, by name, adding up to it
    const parts = await page
      .getByTestId('receipt-part')
      .evaluateAll((els) => els.map((e) => [...e.children].map((c) => (c.textContent ?? '').trim())));
    expect(rows.slice(at + 1, at + 1 + parts.length)).toEqual(parts);
    expect(parts.map((p) => p[0])).toEqual([itemPromo, 'Potongan Rp 25.000']);
    expect(parts.map((p) => -rupiah(p[1]))).toEqual([itemDiscounts, 25_000]);
    // the payment with its amount
    expect(rows.some((r) => r[0] === 'Cash' && rupiah(r[1]) > 0)).toBe(true);
    await lookAt(page, 'ruling28-1-sale-receipt');

    // issue 22 item 8: the void confirmation names the sale, by its receipt number and total
    await pos.open();
    const card = pos.card(id);
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Void', exact: true }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Apakah Anda yakin ingin void transaksi ini?' });
    await confirm.waitFor();
    const total = rows.find((r) => r[0] === 'TOTAL')?.[1] ?? '';
    await confirm.getByText(`Transaksi #${id.slice(-6).toUpperCase()} - Total IDR ${total}`).waitFor();
    await lookAt(page, 'ruling28-4-void-confirm');
    await context.close();
  });

  it('a top-up paid by debit card: the payment with its amount, then the charge', {
    timeout: 300_000,
  }, async () => {
    const { context, page, pos } = await e2e.cashier();
    await page.getByTestId('new-trx-buttons').getByRole('button', { name: 'Top Up Deposit' }).click();
    await page.getByTestId('special-form').waitFor({ timeout: 20_000 });
    const id = String(
      await (await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'))).jsonValue(),
    );
    await pos.setCustomerByPhone(local(demo.customers[0].user_phone));
    const amount = page.getByRole('textbox', { name: 'Nominal Top Up' });
    await amount.fill('1000000');
    await amount.press('Enter');
    await page
      .getByTestId('sticky-total')
      .getByText(/1,000,000/)
      .waitFor({ timeout: 10_000 });
    await pos.toPayment();
    await pos.pay('Debit Card', { reference: '4321' });
    expect(await pos.submit()).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
    const trx = (await storedTrx(page, id)) as {
      payments: { payment_amount: number; payment_charge: number }[];
    };
    expect(trx.payments).toHaveLength(1);
    const paid = Number(trx.payments[0].payment_amount);
    const charge = Number(trx.payments[0].payment_charge);
    expect(charge).toBe(10_000);

    const rows = await openReceipt(page, id);
    const total = rows.findIndex((r) => r[0] === 'TOTAL');
    const payment = rows.findIndex((r) => r[0] === 'Debit Card');
    const chargeRow = rows.findIndex((r) => r[0] === 'Biaya Kartu Debit');
    expect(payment).toBeGreaterThan(total);
    expect(chargeRow).toBe(payment + 1);
    expect(rupiah(rows[payment][1])).toBe(paid);
    expect(paid).toBeGreaterThan(0);
    expect(rupiah(rows[chargeRow][1])).toBe(charge);
    await lookAt(page, 'ruling28-2-topup-receipt');
    await context.close();
  });

  it("a membership sale: its receipt shows the membership's validity", { timeout: 300_000 }, async () => {
    const { context, page, pos } = await e2e.cashier();
    await page.getByTestId('new-trx-buttons').getByRole('button', { name: 'Jual Membership' }).click();
    await page.getByTestId('membership-form').waitFor({ timeout: 20_000 });
    const id = String(
      await (await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'))).jsonValue(),
    );
    await pos.setCustomerByPhone(local(demo.customers[2].user_phone));
    await page.getByTestId(`membership-${MEMBER_KLINIK}`).click();
    await page
      .getByTestId('sticky-total')
      .getByText(/250,000/)
      .waitFor({ timeout: 10_000 });
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
    const trx = (await storedTrx(page, id)) as {
      membership_period?: { start_date: string; end_date: string } | null;
    };
    // the period the server granted, kept with the sale
    expect(trx.membership_period?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(trx.membership_period?.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the server's copy (history, the copy page and the public receipt print from it) carries it too
    const copy = (await serverTrx(e2e.server.url, await storedTokens(page), id)) as {
      membership_period?: unknown;
    };
    expect(copy.membership_period).toEqual(trx.membership_period);

    await openReceipt(page, id);
    const line = page.getByTestId('receipt-item').filter({ hasText: 'Klinik Care' });
    await line
      .getByText(/^Berlaku \d{1,2} \w{3} \d{4} s\/d \d{1,2} \w{3} \d{4}$/)
      .waitFor({ timeout: 10_000 });
    await lookAt(page, 'ruling28-3-membership-receipt');
    await context.close();
  });
});
