// Cashier settlement printouts (002 §2.11) in a real browser on the real server: a few sales at Serambi
// Salon Kemang (a service and a retail item, cash with change and a card), then /settlement/today,
// /settlement/signed-in and /settlement/today-by-outlet. The figures shown are checked against sums this
// test computes from the server's stored sales (GET cashier/pos-trx/{id}, priced again with src/domain),
// never from the settlement call. The split template (DETAILED, 8 cm, DESKTOP: prints by itself) and the
// combined one (SIMPLE, 6 cm, TABLET: 'Print' and 'Tutup'); axe and screenshots at both sizes.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { posTransactionSchema } from '../../src/domain';
import { priceTransaction } from '../../src/domain/pricing';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { type Pos, rupiah, serverTrx, storedTokens } from './pages/pos';

const e2e = e2eFixture();
const SERVICE = 'Potong Rambut Wanita';
const SERVICE2 = 'Potong Rambut Pria';
const RETAIL = 'Makarizo Conditioner 250 ml';

type Doc = Record<string, unknown>;
interface Expected {
  gross: number;
  tax: number;
  serviceCharge: number;
  net: number;
  serviceGross: number;
  retailGross: number;
  payments: Record<string, { count: number; amount: number }>;
}

/** The sums of the stored sales, computed here. */
function expectedOf(stored: Doc[]): Expected {
  const e: Expected = {
    gross: 0,
    tax: 0,
    serviceCharge: 0,
    net: 0,
    serviceGross: 0,
    retailGross: 0,
    payments: {},
  };
  for (const t of stored) {
    e.gross += Number(t.drv_gross_total);
    e.tax += Number(t.drv_tax);
    e.serviceCharge += Number(t.drv_total_service_charge);
    e.net += Number(t.drv_grand_total);
    const priced = priceTransaction(posTransactionSchema.parse(t), {});
    for (const l of priced.lines) {
      if (l.item_nature === 'RETAIL') e.retailGross += l.gross_total;
      else e.serviceGross += l.gross_total;
    }
    const payments = t.payments as {
      payment_amount: number;
      payment_method: { payment_method_name: string };
    }[];
    const paid = payments.reduce((s, p) => s + Number(p.payment_amount), 0);
    const change = Math.max(0, paid - Number(t.drv_grand_total));
    const names = new Set(payments.map((p) => p.payment_method.payment_method_name));
    for (const name of names) {
      const own = payments.filter((p) => p.payment_method.payment_method_name === name);
      const amount = own.reduce((s, p) => s + Number(p.payment_amount), 0) - (name === 'Cash' ? change : 0);
      const row = e.payments[name] ?? { count: 0, amount: 0 };
      row.count += 1;
      row.amount += amount;
      e.payments[name] = row;
    }
  }
  return e;
}

const amountOf = async (page: Page, testId: string) =>
  rupiah((await page.getByTestId(testId).locator('span').last().textContent()) ?? '');

/** The print dialog is the browser's: counted, not shown; and the page stays after its auto-print. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
    window.close = () => {};
    history.back = () => {};
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { __prints: number }).__prints);

/** The retail item: sold over the counter, no worker asked. */
async function addRetail(pos: Pos) {
  await pos.confirmItem(await pos.openItem(RETAIL));
}

async function device(page: Page, label: string, value: string) {
  await page.goto(`${e2e.server.url}/`);
  await page.getByTestId('device-settings').waitFor({ timeout: 20_000 });
  await page.getByTestId('device-settings').getByText(label, { exact: true }).click();
  await page.waitForFunction(
    (v) =>
      Array.from(document.querySelectorAll('input:checked')).some((i) => (i as HTMLInputElement).value === v),
    value,
  );
}

async function checkBothSizes(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page, `${name} ${size}`);
    await screenshot(page, `settlement-${name}-${size}`);
  }
  await page.setViewportSize(VIEWPORTS.till);
}

describe('cashier settlement printouts', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of closers) await c();
  });

  it('today, signed-in and today-by-outlet show the stored sales summed; both templates, both papers', {
    timeout: 600_000,
  }, async () => {
    const { context, page, pos } = await e2e.cashier();
    closers.push(() => context.close());
    const ids: string[] = [];
    // a service and a retail item, cash with change
    ids.push(await pos.startSale());
    await pos.addItem(SERVICE);
    await addRetail(pos);
    await pos.toPayment();
    await pos.pay('Cash', { amount: 1_000_000 });
    await pos.submit();
    await pos.dismissAndBack();
    // a service by card
    ids.push(await pos.startSale());
    await pos.addItem(SERVICE2);
    await pos.toPayment();
    await pos.pay('Debit Card', { reference: 'EDC-0001' });
    await pos.submit();
    await pos.dismissAndBack();
    // a retail item, exact cash
    ids.push(await pos.startSale());
    await addRetail(pos);
    await pos.toPayment();
    await pos.pay('Cash');
    await pos.submit();
    await pos.dismissAndBack();

    const tokens = await storedTokens(page);
    const stored: Doc[] = [];
    for (const id of ids) {
      // the sales reach the server (submitted online, or by the settlement's own sync pass below)
      await expect
        .poll(async () => serverTrx(e2e.server.url, tokens, id), { timeout: 30_000 })
        .not.toBeNull();
      stored.push((await serverTrx(e2e.server.url, tokens, id)) as Doc);
    }
    const want = expectedOf(stored);
    expect(want.serviceGross).toBeGreaterThan(0);
    expect(want.retailGross).toBeGreaterThan(0);
    expect(Object.keys(want.payments).sort()).toEqual(['Cash', 'Debit Card']);

    // DETAILED (Kemang's template), 8 cm, DESKTOP: a new tab prints by itself
    for (const type of ['today', 'signed-in', 'today-by-outlet']) {
      const tab = await context.newPage();
      await countPrints(tab);
      await tab.goto(`${e2e.server.url}/settlement/${type}`);
      const paper = tab.getByTestId('settlement-paper');
      await paper.waitFor({ timeout: 60_000 });
      expect(await paper.getAttribute('data-paper')).toBe('8cm');
      const text = (await paper.textContent()) ?? '';
      for (const t of [
        'Serambi Salon Kemang',
        'CASHIER SETTLEMENT',
        'Cashier',
        'Start',
        'End',
        'Penjualan Service',
        'Penjualan Retail',
        'Penjualan Kupon',
        'Top Up Deposit',
        'Penjualan Membership',
        'Pembayaran Piutang',
        'Ringkasan',
        'Penjualan Kotor',
        'Item Discount',
        'Transaction Discount',
        'Tax',
        'Service Charge',
        'Additional Charge',
        'Penjualan Bersih',
        'Pembayaran',
        '####',
        SERVICE,
        SERVICE2,
        RETAIL,
      ])
        expect([type, t, text.includes(t)]).toEqual([type, t, true]);
      expect(text).not.toContain('Penjualan Barang / Service');
      // issue 22 item 7: the outlet's printout names the outlet and covers every cashier; the others name
      // the signed-in cashier and no scope
      const cashier = tab.getByTestId('settlement-cashier').locator('span').last();
      if (type === 'today-by-outlet') {
        expect(await tab.getByTestId('settlement-scope').textContent()).toBe(
          'SELURUH KASIR - Serambi Salon Kemang',
        );
        expect(await cashier.textContent()).toBe('Semua kasir');
        await checkBothSizes(tab, 'detailed-8cm-outlet');
      } else {
        expect(await tab.getByTestId('settlement-scope').count()).toBe(0);
        expect(await cashier.textContent()).toBe('Dewi Anggraini');
      }
      expect(await amountOf(tab, 'summary-service-gross')).toBe(want.serviceGross);
      expect(await amountOf(tab, 'summary-retail-gross')).toBe(want.retailGross);
      expect(
        (await amountOf(tab, 'summary-service-gross')) + (await amountOf(tab, 'summary-retail-gross')),
      ).toBe(want.gross);
      expect((await amountOf(tab, 'summary-service-net')) + (await amountOf(tab, 'summary-retail-net'))).toBe(
        want.net,
      );
      expect((await amountOf(tab, 'summary-service-tax')) + (await amountOf(tab, 'summary-retail-tax'))).toBe(
        want.tax,
      );
      expect(
        (await amountOf(tab, 'summary-service-service-charge')) +
          (await amountOf(tab, 'summary-retail-service-charge')),
      ).toBe(want.serviceCharge);
      for (const [name, p] of Object.entries(want.payments)) {
        const row = tab.getByTestId(`payment-${name}`);
        expect(await row.locator('span').first().textContent()).toBe(`${name} (${p.count})`);
        expect(await amountOf(tab, `payment-${name}`)).toBe(p.amount);
      }
      // DESKTOP: no buttons, the print came by itself
      expect(await tab.getByRole('button', { name: 'Print' }).count()).toBe(0);
      await expect.poll(() => prints(tab), { timeout: 10_000 }).toBeGreaterThan(0);
      if (type === 'today') await checkBothSizes(tab, 'detailed-8cm');
      await tab.close();
    }

    // SIMPLE (the combined template), 6 cm, TABLET: 'Print' and 'Tutup'
    const simple = await e2e.cashier(async (p) => {
      await p.route('**/cashier/config**', async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replaceAll(
          '"receipt_template":"DETAILED"',
          '"receipt_template":"SIMPLE"',
        );
        await route.fulfill({ response, body });
      });
    });
    closers.push(() => simple.context.close());
    await device(simple.page, '6cm', '6cm');
    await device(simple.page, 'Tablet', 'TABLET');
    await countPrints(simple.page);
    await simple.page.goto(`${e2e.server.url}/settlement/today-by-outlet`);
    const paper = simple.page.getByTestId('settlement-paper');
    await paper.waitFor({ timeout: 60_000 });
    expect(await paper.getAttribute('data-paper')).toBe('6cm');
    const text = (await paper.textContent()) ?? '';
    expect(text).toContain('Penjualan Barang / Service');
    expect(text).not.toContain('Penjualan Service');
    expect(await amountOf(simple.page, 'summary-all-gross')).toBe(want.gross);
    expect(await amountOf(simple.page, 'summary-all-tax')).toBe(want.tax);
    expect(await amountOf(simple.page, 'summary-all-service-charge')).toBe(want.serviceCharge);
    expect(await amountOf(simple.page, 'summary-all-net')).toBe(want.net);
    for (const [name, p] of Object.entries(want.payments))
      expect(await amountOf(simple.page, `payment-${name}`)).toBe(p.amount);
    // TABLET: nothing printed until 'Print' is pressed
    expect(await prints(simple.page)).toBe(0);
    await simple.page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => prints(simple.page), { timeout: 10_000 }).toBe(1);
    expect(await simple.page.getByRole('button', { name: 'Tutup' }).count()).toBe(1);
    await checkBothSizes(simple.page, 'simple-6cm-tablet');
  });
});
