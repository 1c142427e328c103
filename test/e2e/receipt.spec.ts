// Issue 5 in a real browser: the public receipt in a fresh context with no session, a completed sale's copy
// loaded from the server, and a worker edit on /trx-edit that survives the reload and reaches the server.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { posTransactionSchema } from '../../src/domain';
import { priceTransaction, totalsToTransactionFields } from '../../src/domain/pricing';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { type Doc, serverApi } from './server-api';

const e2e = e2eFixture();

const api = serverApi(() => e2e.server.url);

/** A completed cash sale of one service with a worker, priced by src/domain, posted online. */
async function postSale(): Promise<{ local_trx_id: string; itemName: string; workers: Doc[] }> {
  const tokens = (await api('cashier/pos/auth/sign-in', {
    method: 'POST',
    body: { email: 'kasir@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
  })) as unknown as { client_key: string; login_token: string };
  const config = (await api('cashier/config?outlet_id=1', { tokens })) as Doc & {
    pos_items: (Doc & {
      pos_item_id: number;
      item_name: string;
      item_nature?: string;
      pos_item_variants: Doc[];
      is_package?: number;
    })[];
    payment_method: Doc[];
    sales_type: Doc[];
    commission_worker: Doc[];
  };
  const service = config.pos_items.find((i) => i.item_nature === 'SERVICE' && !i.is_package);
  if (!service) throw new Error('no service item');
  const worker = config.commission_worker[0];
  const w = {
    business_commission_worker_id: worker.business_commission_worker_id,
    firstname: worker.firstname,
    lastname: worker.lastname ?? null,
    initial: worker.initial ?? null,
  };
  const base = {
    local_trx_id: randomUUID(),
    trx_status_id: 3,
    trx_type: 'NORMAL',
    trx_local_start_time: '2026-11-22 09:00:00',
    trx_local_end_time: '2026-11-22 09:40:00',
    order_no: 3,
    customer: null,
    details: [
      {
        local_trx_detail_id: randomUUID(),
        itemMeta: { ...service, pos_item_variants: [service.pos_item_variants[0]] },
        pos_item_id: service.pos_item_id,
        pos_item_variant_id: service.pos_item_variants[0].pos_item_variant_id,
        qty: 1,
        pos_sales_type: config.sales_type[0] ?? null,
        commission_workers: [{ commission_worker: w, percentage: 100 }],
        business_commission_worker_id: w.business_commission_worker_id,
      },
    ],
  };
  const pricing = {
    tax: config.tax as never,
    service_charge: config.service_charge as never,
    additional_charge: config.additional_charge as never,
  };
  const totals = totalsToTransactionFields(priceTransaction(posTransactionSchema.parse(base), pricing));
  const cash = config.payment_method.find((m) => m.payment_method_name === 'Cash');
  const trx = {
    ...base,
    ...totals,
    payments: [
      {
        local_payment_id: randomUUID(),
        payment_type: 'NORMAL',
        payment_amount: Math.ceil(totals.drv_grand_total / 1000) * 1000 + 10000,
        payment_charge: 0,
        payment_method: cash,
      },
    ],
  };
  await api('cashier/pos-trx', { method: 'POST', tokens, body: { is_offline: 0, trxs: [trx] } });
  return { local_trx_id: base.local_trx_id, itemName: service.item_name, workers: config.commission_worker };
}

describe('receipts in the browser', () => {
  it('public receipt without a session, the copy from the server, and a worker edit that survives the reload', async () => {
    const sale = await postSale();
    const kasir = (await api('cashier/pos/auth/sign-in', {
      method: 'POST',
      body: { email: 'kasir@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
    })) as unknown as { client_key: string; login_token: string };
    await api('cashier/config?outlet_id=1', { tokens: kasir });
    const stored = await api(`cashier/pos-trx/${sale.local_trx_id}`, { tokens: kasir });
    const token = String(stored.receipt_token);
    expect(token.length >= 22, `receipt token is long (${token.length} chars)`).toBe(true);

    // A fresh context with no session: the public receipt.
    const pub = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await pub.newPage();
    await p.goto(`${e2e.server.url}/receipt/${encodeURIComponent(token)}`);
    await p.getByTestId('receipt-paper').waitFor({ timeout: 20_000 });
    const paperText = (await p.getByTestId('receipt-paper').textContent()) ?? '';
    expect(
      paperText.includes(sale.itemName) && paperText.includes('TOTAL'),
      'public receipt shows the sale',
    ).toBe(true);
    expect(!p.url().includes('sign-in'), 'public receipt needs no sign-in').toBe(true);
    await screenshot(p, 'receipt-public-receipt');
    // The light entry: nothing of the cashier's storage in the customer's browser (issue 10).
    expect(await p.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual([]);
    expect(await p.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    await expectNoSeriousAxeViolations(p, 'public receipt 1280x800');
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await p.setViewportSize(viewport);
      await expectNoSeriousAxeViolations(p, `public receipt ${size}`);
      await screenshot(p, `receipt-public-receipt-${size}`);
    }
    await p.goto(`${e2e.server.url}/receipt/not-a-token`);
    await p.getByText('Failed to load receipt, please try again.').waitFor({ timeout: 20_000 });
    await screenshot(p, 'receipt-public-receipt-failed');
    await pub.close();

    // The signed-in app: the copy and the worker edit.
    const page = await e2e.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await page.getByText('Serambi Salon Kemang').click();
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });

    await page.goto(`${e2e.server.url}/pos/receipt/${sale.local_trx_id}/completed`);
    await page.getByText('THIS IS A COPY').waitFor({ timeout: 20_000 });
    await screenshot(page, 'receipt-completed-copy');

    await page.goto(`${e2e.server.url}/trx-edit/${sale.local_trx_id}`);
    await page.getByText('Klik pada nama item untuk melakukan perubahan').waitFor({ timeout: 20_000 });
    const title = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
    expect(
      title.startsWith(`Edit Transaksi #${sale.local_trx_id.slice(-6).toUpperCase()} / `),
      `title '${title}'`,
    ).toBe(true);
    await screenshot(page, 'receipt-trx-edit');
    await page.locator('.rc-name[role="button"]').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const other = sale.workers[1] as { firstname: string; lastname?: string | null };
    const otherName = [other.firstname, other.lastname].filter(Boolean).join(' ');
    // Multi-commission (Kemang): remove the worker, add another with 100%.
    await dialog.getByRole('button', { name: 'hapus' }).first().click();
    await dialog.getByPlaceholder('Worker').click();
    await page.getByRole('option', { name: otherName }).first().click();
    await dialog.getByRole('textbox').last().fill('100');
    await dialog.getByRole('button', { name: '+' }).click();
    await screenshot(page, 'receipt-trx-edit-worker-modal');
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Item successfully edited!').waitFor({ timeout: 20_000 });
    await reloaded;
    await page.getByTestId('receipt-paper').waitFor({ timeout: 20_000 });
    const after = (await page.getByTestId('receipt-paper').textContent()) ?? '';
    expect(
      after.includes(`Handled by ${otherName}`),
      `after the reload the receipt shows 'Handled by ${otherName}'`,
    ).toBe(true);
    await screenshot(page, 'receipt-trx-edit-after-reload');

    const server2 = await api(`cashier/pos-trx/${sale.local_trx_id}`, { tokens: kasir });
    const line = (server2.details as Doc[])[0] as Doc & { commission_workers: { commission_worker: Doc }[] };
    expect(
      line.commission_workers.some((s) => s.commission_worker.firstname === other.firstname),
      'the server holds the new worker',
    ).toBe(true);
    expect((server2.trx_edits as unknown[]).length === 1, 'the server keeps the edit in its history').toBe(
      true,
    );
  });
});
