// Daftar Piutang in a real browser on the real server (issue 12, 002 §2.12): a credit ('Piutang') sale at
// Serambi Salon Kemang to a demo customer is listed with the credit amount the server stored; every column
// is searched (the match highlighted) and sorted; 'Bayar' opens /pos on a 'Pembayaran Piutang' transaction
// for that customer with that receivable chosen, which cannot be continued without its amount. axe at both sizes.
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { rupiah, serverTrx, storedTokens, storedTrx } from './pages/pos';

const CREDIT = 50_000;
const HAS_RECEIVABLE = 'Pelanggan ini memiliki piutang yang belum lunas';
const REFERENCE = 'E2E-PIUTANG-7';
let saleId = '';
/** Set once the server answered the sale: then its ledger is checked after the server stops. */
let saleStored = false;

const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    // the server's own database, read once it stopped: the receivable's ledger sums to the credit amount
    if (!saleStored) return;
    const db = new PGlite(dataDir);
    try {
      const r = await db.query<{ v: string }>(
        `SELECT sum(l.amount)::text AS v FROM receivables r JOIN receivable_ledger l USING (account_receivable_id)
         WHERE r.local_trx_id = $1`,
        [saleId],
      );
      expect(Number(r.rows[0]?.v)).toBe(CREDIT);
    } finally {
      await db.close();
    }
  },
});

// A demo customer without a membership (no member discount), found by phone after '+62'.
const customer = demoBusiness().customers[4];
const typedPhone = customer.user_phone.replace(/^(\+62|0)/, '');

const column = (page: Page, id: string, name: string) =>
  page.getByTestId(`receivable-row-${id}`).locator(`td[data-column="${name}"]`);

describe('Daftar Piutang', () => {
  it('lists a credit sale with its amount, searches and sorts every column, and Bayar opens its payment', {
    timeout: 240_000,
  }, async () => {
    const { context, page, pos } = await e2e.cashier();

    // 1. the credit sale: a haircut, 50,000 on 'Gunakan Piutang' with a reference, the rest in cash
    saleId = await pos.startSale();
    await pos.setCustomerByPhone(typedPhone);
    await pos.addItem('Potong Rambut Wanita');
    await pos.toPayment();
    await page.getByRole('textbox', { name: 'Nominal', exact: true }).last().fill(String(CREDIT));
    await page.getByRole('textbox', { name: 'Referensi', exact: true }).fill(REFERENCE);
    const rows = await page.getByTestId('payment-row').count();
    await page.getByRole('button', { name: 'Gunakan', exact: true }).last().click();
    await page.getByTestId('payment-row').nth(rows).waitFor({ timeout: 10_000 });
    if ((await pos.headline()) > 0) await pos.pay('Cash');
    expect(await pos.submit()).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.');
    saleStored = true;
    const tokens = await storedTokens(page);
    const stored = (await serverTrx(e2e.server.url, tokens, saleId)) as {
      trx_id: string;
      payments: { payment_type: string; payment_amount: number | string }[];
    };
    const credit = stored.payments
      .filter((p) => p.payment_type === 'CREDIT')
      .reduce((a, p) => a + Number(p.payment_amount), 0);
    expect(credit).toBe(CREDIT);

    // 2. the list (till size): the row with the stored amount, the customer, the outlet and the reference
    await page.setViewportSize(VIEWPORTS.till);
    await page.goto(`${e2e.server.url}/account-receivable`);
    await page.getByRole('heading', { name: 'Daftar Piutang' }).waitFor({ timeout: 30_000 });
    const row = page.getByTestId(`receivable-row-${saleId}`);
    await row.waitFor({ timeout: 30_000 });
    expect(rupiah((await column(page, saleId, 'drv_balance').textContent()) ?? '')).toBe(credit);
    await expect(column(page, saleId, 'user_name').textContent()).resolves.toBe(customer.user_name);
    // the server's number, and the receipt's beside it (issue 22 item 6)
    await expect(column(page, saleId, 'trx_id').locator('span').first().textContent()).resolves.toBe(
      stored.trx_id,
    );
    const receiptNo = `Struk #${saleId.slice(-6).toUpperCase()}`;
    await expect(
      column(page, saleId, 'trx_id').getByTestId('receivable-receipt-no').textContent(),
    ).resolves.toBe(receiptNo);
    await expect(column(page, saleId, 'outlet_name').textContent()).resolves.toBe('Serambi Salon Kemang');
    await expect(column(page, saleId, 'payment_method_reference').textContent()).resolves.toBe(REFERENCE);
    for (const name of [
      'Nama Pelanggan',
      'No Transaksi',
      'Tanggal Transaksi',
      'Jumlah Piutang',
      'Outlet',
      'Referensi',
    ])
      await page.getByRole('columnheader', { name }).first().waitFor();
    await screenshot(page, 'receivable-1-list-1366');
    await expectNoSeriousAxeViolations(page, 'Daftar Piutang 1366×768');

    // 3. every column's search keeps the row and highlights the match; a miss says so
    const searches: [string, string][] = [
      ['user_name', customer.user_name.split(' ')[0].toLowerCase()],
      ['trx_id', stored.trx_id.slice(-4)],
      ['trx_time', ((await column(page, saleId, 'trx_time').textContent()) ?? '').slice(0, 10)],
      ['drv_balance', String(credit)],
      ['outlet_name', 'kemang'],
      ['payment_method_reference', 'piutang-7'],
    ];
    for (const [name, text] of searches) {
      const filter = page.getByTestId(`filter-${name}`);
      await filter.fill(text);
      await row.waitFor();
      if (name !== 'drv_balance')
        expect(
          ((await column(page, saleId, name).locator('mark').first().textContent()) ?? '').toLowerCase(),
        ).toBe(text.toLowerCase());
      const shown = await page.locator('[data-testid^="receivable-row-"]').count();
      expect(shown).toBeGreaterThanOrEqual(1);
      await filter.fill('');
    }
    await page.getByTestId('filter-trx_id').fill('tidak-ada-transaksi-ini');
    await page.getByText('Transaksi tidak ditemukan').waitFor();
    await screenshot(page, 'receivable-2-no-match');
    await page.getByTestId('filter-trx_id').fill('');
    await row.waitFor();

    // 4. sort: a header click sorts ascending (aria-sort), a second descending; amounts in order
    const amounts = async () =>
      (await page.locator('td[data-column="drv_balance"]').allTextContents()).map(rupiah);
    const header = page.getByRole('columnheader', { name: /Jumlah Piutang/ }).first();
    await page.getByTestId('sort-drv_balance').click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    const up = await amounts();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await page.getByTestId('sort-drv_balance').click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
    const down = await amounts();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await page.getByTestId('sort-user_name').click();
    await expect(
      page
        .getByRole('columnheader', { name: /Nama Pelanggan/ })
        .first()
        .getAttribute('aria-sort'),
    ).resolves.toBe('ascending');
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');

    // 5. the tablet held upright: the table scrolls sideways, axe still clean
    await page.setViewportSize(VIEWPORTS.tablet);
    await row.waitFor();
    // the page itself does not widen: the table scrolls inside its box, Bayar reachable by that scroll
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.tablet.width,
    );
    await row.getByRole('button', { name: /Bayar/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'receivable-3-list-800');
    await expectNoSeriousAxeViolations(page, 'Daftar Piutang 800×1280');
    await page.setViewportSize(VIEWPORTS.till);

    // 6. Bayar → /pos?next=true on a 'Pembayaran Piutang' transaction for the customer, this receivable chosen
    await row.getByRole('button', { name: /Bayar/ }).click();
    await page.waitForURL(/\/pos\?next=true$/, { timeout: 30_000 });
    await page.getByTestId('receivable-options').waitFor({ timeout: 30_000 });
    const current = String(
      await (await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'))).jsonValue(),
    );
    const trx = (await storedTrx(page, current)) as {
      trx_type: string;
      trx_name: string;
      trx_status_id: number;
      customer: { user_code: string; account_receivables: { local_trx_id: string; drv_balance: number }[] };
      account_receivable: { local_trx_id: string; trx_id: string; drv_balance: number };
    };
    expect(trx).toMatchObject({
      trx_type: 'ACCOUNT_RECEIVABLE',
      trx_name: 'Pembayaran Piutang',
      trx_status_id: 2,
      customer: { user_code: customer.user_code },
      account_receivable: { local_trx_id: saleId, trx_id: stored.trx_id, drv_balance: credit },
    });
    expect(trx.customer.account_receivables.find((a) => a.local_trx_id === saleId)?.drv_balance).toBe(credit);
    await page.getByText('Pembayaran Piutang').first().waitFor();
    await page.getByText(customer.user_name).first().waitFor();
    // the form's 'Pilih Transaksi Piutang': this receivable chosen, shown with its reference
    const chosen = page.getByTestId('receivable-options').getByRole('radio', { checked: true });
    expect(await chosen.count()).toBe(1);
    expect(await page.getByTestId('receivable-options').textContent()).toContain(REFERENCE);
    // issue 22 item 6: the sale by both its numbers, the list's and the receipt's
    const options = (await page.getByTestId('receivable-options').textContent()) ?? '';
    expect(options).toContain(stored.trx_id);
    expect(options).toContain(receiptNo);
    // 'Nominal Pembayaran Piutang' starts at what is owed
    const amount = page.getByRole('textbox', { name: 'Nominal Pembayaran Piutang' });
    expect(rupiah(await amount.inputValue())).toBe(credit);
    // the red '$$' is explained: a tooltip, and the same words as the panel button's description
    const mark = page.getByTestId('receivable-mark').first();
    await mark.hover();
    await page.getByRole('tooltip').getByText(HAS_RECEIVABLE).waitFor({ timeout: 10_000 });
    const panel = page.getByRole('button', { name: 'Set Customer' });
    const describedBy = (await panel.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(HAS_RECEIVABLE);
    await screenshot(page, 'receivable-4-pos-1366');
    await expectNoSeriousAxeViolations(page, 'Pembayaran Piutang 1366×768');
    // lowered as the cashier types, then straight to 'Continue' (no Enter, no leaving the field first)
    await amount.fill('');
    await amount.pressSequentially('20000', { delay: 30 });
    await page.waitForTimeout(400);
    await page.getByTestId('continue').click();
    await page.getByTestId('payment-headline').waitFor({ timeout: 10_000 });
    expect(await pos.headline()).toBe(20_000);
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'receivable-5-pos-800');
    await expectNoSeriousAxeViolations(page, 'Pembayaran Piutang payment 800×1280');
    await context.close();
  });
});
