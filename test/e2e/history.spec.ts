// Issue 12 in a real browser: 'Riwayat Transaksi' at Serambi Salon Kemang on the real server. 25 sales of
// today go in through the server's own ingest (POST cashier/pos-trx, priced by src/domain like the till);
// the page syncs first, pages through them (10 a page, so pagination shows), finds one by its short id and
// one by its customer, shows the preview, and 'Print' opens the copy page ('THIS IS A COPY') in a new tab.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { posTransactionSchema } from '../../src/domain';
import { priceTransaction, totalsToTransactionFields } from '../../src/domain/pricing';
import { formatOutletStamp } from '../../src/domain/time';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';

const e2e = e2eFixture();

type Doc = Record<string, unknown>;
type Tokens = { client_key: string; login_token: string };
const SALES = 25;

const HEADERS = {
  Platform: 'web',
  'App-Version': '1.8.70',
  'Build-Number': '20251030',
  'App-Build': '20251030',
};
async function api(path: string, init: { method?: string; body?: unknown; tokens?: Tokens } = {}) {
  const r = await fetch(`${e2e.server.url}/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...HEADERS,
      ...(init.tokens
        ? {
            Authorization: init.tokens.client_key,
            'APP-Token': init.tokens.login_token,
            'Authorization-Type': 'business_user',
          }
        : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await r.json()) as { data: Doc };
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Today's sales at Kemang, one a minute before now, the 8th with a customer and notes. */
async function postSales(): Promise<{ ids: string[]; customerName: string }> {
  const tokens = (await api('cashier/pos/auth/sign-in', {
    method: 'POST',
    body: { email: 'kasir@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
  })) as unknown as Tokens;
  const config = (await api('cashier/config?outlet_id=1', { tokens })) as Doc & {
    pos_items: (Doc & {
      pos_item_id: number;
      item_nature?: string;
      pos_item_variants: Doc[];
      is_package?: number;
    })[];
    payment_method: Doc[];
  };
  const found = (await api('cashier/pos/user-search?keyword=SB26000001', { tokens })) as { users: Doc[] };
  const customer = found.users[0];
  if (!customer) throw new Error('no demo customer SB26000001');
  const retail = config.pos_items.find((i) => i.item_nature === 'RETAIL' && !i.is_package);
  if (!retail) throw new Error('no retail item');
  const cash = config.payment_method.find((m) => m.payment_method_name === 'Cash');
  const pricing = {
    tax: config.tax as never,
    service_charge: config.service_charge as never,
    additional_charge: config.additional_charge as never,
  };
  const now = Date.now();
  const trxs = Array.from({ length: SALES }, (_, i) => {
    // the oldest first; every sale inside today (WIB) even just after midnight
    const at = Math.max(
      now - (SALES - i) * 60_000,
      new Date(`${formatOutletStamp(now).slice(0, 10)}T00:00:00+07:00`).getTime() + i * 1000,
    );
    const base = {
      local_trx_id: randomUUID(),
      trx_status_id: 3,
      trx_type: 'NORMAL',
      trx_local_start_time: formatOutletStamp(at - 30_000),
      trx_local_end_time: formatOutletStamp(at),
      order_no: i + 1,
      customer: i === 7 ? customer : null,
      trx_notes: i === 7 ? 'Minta teh hangat' : null,
      details: [
        {
          local_trx_detail_id: randomUUID(),
          itemMeta: { ...retail, pos_item_variants: [retail.pos_item_variants[0]] },
          pos_item_id: retail.pos_item_id,
          pos_item_variant_id: retail.pos_item_variants[0].pos_item_variant_id,
          qty: 1 + (i % 3),
          secret_notes: i === 7 ? 'Rahasia: kulit sensitif' : null,
        },
      ],
    };
    const totals = totalsToTransactionFields(priceTransaction(posTransactionSchema.parse(base), pricing));
    return {
      ...base,
      ...totals,
      payments: [
        {
          local_payment_id: randomUUID(),
          payment_type: 'NORMAL',
          payment_amount: totals.drv_grand_total,
          payment_charge: 0,
          payment_method: cash,
        },
      ],
    };
  });
  await api('cashier/pos-trx', { method: 'POST', tokens, body: { is_offline: 0, trxs } });
  return { ids: trxs.map((t) => t.local_trx_id), customerName: String(customer.user_name) };
}

const short = (id: string) => id.slice(-6).toUpperCase();

describe('transaction history in the browser', () => {
  it('pages, searches by short id and customer, previews, prints the copy; axe and screenshots at both sizes', async () => {
    const { ids, customerName } = await postSales();
    const newestFirst = [...ids].reverse();

    const context = await e2e.browser.newContext({ viewport: VIEWPORTS.till });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await page.getByText('Serambi Salon Kemang').click();
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });

    await page.goto(`${e2e.server.url}/trx-history`);
    await page.getByRole('heading', { name: 'Riwayat Transaksi' }).waitFor({ timeout: 30_000 });
    const cards = page.getByTestId('history-card');
    const cardIds = async () =>
      cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-local-trx-id')));
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual(newestFirst.slice(0, 10));
    const first = (await cards.first().textContent()) ?? '';
    expect(first).toContain(`Transaksi #${short(newestFirst[0])}`);
    expect(first).toContain('Order No.');
    expect(first).toContain('GUEST');
    // the owner has TRX_WORKER_EDIT: 'Edit' on the sales
    await expect.poll(() => page.getByTestId('history-edit').count()).toBe(10);
    await expectNoSeriousAxeViolations(page, 'history 1366x768');
    await screenshot(page, 'history-list-1366x768');

    // paging: 25 sales, 10 a page → 3 pages; page 3 holds the oldest 5
    const pagination = page.getByTestId('history-pagination');
    await pagination.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual(newestFirst.slice(10, 20));
    await pagination.getByRole('button', { name: '3', exact: true }).click();
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual(newestFirst.slice(20, 25));
    // 30 a page: every sale on one page (pagination still shows: 25 > 10)
    await page.getByTestId('history-page-size').click();
    await page.getByRole('option', { name: '30' }).click();
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual(newestFirst);

    // search by short id (lower case typed) and by customer name
    const target = ids[3];
    await page.getByTestId('history-search').fill(short(target).toLowerCase());
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual([target]);
    await page.getByTestId('history-search').fill(customerName);
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual([ids[7]]);
    expect((await cards.first().textContent()) ?? '').toContain(customerName);
    expect((await cards.first().textContent()) ?? '').toContain('Catatan');

    // the preview: secret notes shown; Print opens the copy page in a new tab
    await page.getByTestId('history-card-select').first().click();
    const receipt = page.getByTestId('history-receipt');
    await receipt.waitFor({ timeout: 20_000 });
    expect((await receipt.getByTestId('receipt-paper').textContent()) ?? '').toContain(
      'Rahasia: kulit sensitif',
    );
    await expectNoSeriousAxeViolations(page, 'history preview 1366x768');
    await screenshot(page, 'history-preview-1366x768');
    const [copy] = await Promise.all([
      context.waitForEvent('page', { timeout: 20_000 }),
      page.getByTestId('history-print').click(),
    ]);
    // the copy page would print and close itself (DESKTOP): keep it open to look at it
    await copy.addInitScript(() => {
      window.print = () => undefined;
      window.close = () => undefined;
    });
    await copy.reload();
    expect(copy.url()).toBe(`${e2e.server.url}/trx-history/${ids[7]}`);
    await copy.getByText('THIS IS A COPY').waitFor({ timeout: 30_000 });
    expect((await copy.getByTestId('receipt-paper').textContent()) ?? '').toContain(customerName);
    await screenshot(copy, 'history-copy');
    await copy.close();

    // nothing found
    await page.getByTestId('history-search').fill('tidak-ada-transaksi-ini');
    await page.getByText('Transaksi tidak ditemukan').waitFor({ timeout: 20_000 });

    // the tablet held upright: stacked
    await page.getByTestId('history-search').fill(short(target));
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual([target]);
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.getByTestId('history-card-select').first().click();
    await receipt.waitFor();
    // both boxes in one frame: the page may scroll between two separate measurements
    const stacked = await page.evaluate(() => {
      const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      const list = box('history-list');
      const preview = box('history-preview');
      return Boolean(list && preview && preview.top >= list.bottom - 1);
    });
    expect(stacked, 'stacked at 800 wide').toBe(true);
    await expectNoSeriousAxeViolations(page, 'history 800x1280');
    await screenshot(page, 'history-preview-800x1280');
    await page.getByTestId('history-search').fill('');
    await expect.poll(cardIds, { timeout: 20_000 }).toEqual(newestFirst);
    await screenshot(page, 'history-list-800x1280');
    await context.close();
  });
});
