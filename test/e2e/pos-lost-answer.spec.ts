// 000 §4 Submission in a real browser against the real server: an online-required sale (Kemang answered
// with check_stock_availability_on_trx 1, a configuration made for the rule; the demo's is 0, ruling 24) reaches the server and is stored, but its answer is lost on the
// way back (page.route lets the request through with route.fetch, then aborts: a network fault, not
// a mock of our server). The browser must neither double nor lose the sale: its next retry (or its
// next edit) asks the server, adopts the server's copy and shows the online success.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import {
  freshCashier,
  headsInDatabase,
  loseNextAnswer,
  overrideConfig,
  type Pos,
  rupiah,
  serverTrx,
  storedTokens,
  storedTrx,
} from './pages/pos';

const ONLINE = 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.';

const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    // Nothing twice: each sale is one head in the server's database.
    const heads = await headsInDatabase(dataDir);
    expect(heads.map((h) => h.local_trx_id).sort()).toEqual([...sales].sort());
  },
});
const sales: string[] = [];

/** A Kemang cashier whose configuration makes every sale online-required (000 §4). */
const onlineRequiredCashier = () =>
  freshCashier(e2e.browser, e2e.server.url, (p) =>
    overrideConfig(p, { check_stock_availability_on_trx: [0, 1] }),
  );

/** A haircut paid with 200,000 in cash, on step 3 ready for 'Selesai'. */
async function paidHaircut(pos: Pos): Promise<string> {
  const id = await pos.startSale();
  await pos.addItem('Potong Rambut Wanita');
  await pos.toPayment();
  await pos.pay('Cash', { amount: 200_000 });
  return id;
}

/** 'Selesai' whose answer is lost: the server stores the sale, the browser keeps it pending, marked. */
async function submitLosingTheAnswer(page: Page, id: string) {
  const fault = await loseNextAnswer(page, '/cashier/pos-trx', 'POST');
  await page.getByRole('button', { name: 'Selesai', exact: true }).click();
  await expect
    .poll(async () => (await storedTrx(page, id))?.submission_unconfirmed_at, { timeout: 30_000 })
    .toBeTypeOf('string');
  expect(fault.lost()).toBe(1);
  expect(Number((await storedTrx(page, id))?.trx_status_id)).toBe(2);
  const held = await serverTrx(e2e.server.url, await storedTokens(page), id);
  expect(held).not.toBeNull();
  return held ?? {};
}

/** Step 4's change as shown. */
async function shownChange(page: Page): Promise<number> {
  return rupiah((await page.getByTestId('step4-change').locator('h1').textContent()) ?? '');
}

describe('an online-required sale whose answer was lost', () => {
  it("the retry adopts the server's copy: online success, stored once, the server's numbers shown", async () => {
    const { context, page, pos } = await onlineRequiredCashier();
    const id = await paidHaircut(pos);
    const held = await submitLosingTheAnswer(page, id);
    await pos.shot('pos-lost-1-failed');

    expect(await pos.submit()).toBe(ONLINE);
    sales.push(id);
    const local = await storedTrx(page, id);
    expect(local).toMatchObject({ trx_status_id: 3, is_synced: true });
    expect(local?.pos_sales_trx_head_id).toBe(held.pos_sales_trx_head_id);
    expect(local?.trx_id).toBe(held.trx_id);
    expect(Number(local?.drv_grand_total)).toBe(Number(held.drv_grand_total));
    expect(Math.abs((await shownChange(page)) - (200_000 - Number(held.drv_grand_total)))).toBeLessThan(1);
    await pos.shot('pos-lost-2-adopted');
    await pos.dismissAndBack();
    await pos.card(id).waitFor();
    await expect(pos.card(id).count()).resolves.toBe(1);
    await context.close();
  });

  it("'Kembali' to edit it asks the server first: held, so the sale is adopted and step 4 shows", async () => {
    const { context, page, pos } = await onlineRequiredCashier();
    const id = await paidHaircut(pos);
    const held = await submitLosingTheAnswer(page, id);
    await pos.step3Back();
    const message = page.getByTestId('submission-message');
    await message.waitFor({ timeout: 30_000 });
    expect(await message.textContent()).toBe(ONLINE);
    sales.push(id);
    const local = await storedTrx(page, id);
    expect(local).toMatchObject({ trx_status_id: 3, is_synced: true });
    expect(local?.pos_sales_trx_head_id).toBe(held.pos_sales_trx_head_id);
    expect(Math.abs((await shownChange(page)) - (200_000 - Number(held.drv_grand_total)))).toBeLessThan(1);
    await pos.dismissAndBack();
    await pos.card(id).waitFor();
    await expect(pos.card(id).count()).resolves.toBe(1);
    await context.close();
  });

  it("edited while the server could not be asked: the server's repeatDiffers adopts the first version", async () => {
    const { context, page, pos } = await onlineRequiredCashier();
    const id = await paidHaircut(pos);
    const held = await submitLosingTheAnswer(page, id);

    // The check before editing and the retry's check both lose their answers too.
    const checks = await loseNextAnswer(page, `/cashier/pos-trx/${id}`, 'GET', 2);
    await pos.step3Back();
    await page.getByTestId('continue').waitFor();
    expect(checks.lost()).toBe(1);
    await pos.addItem('Potong Rambut Pria');
    await pos.toPayment();
    await pos.pay('Cash', { amount: 500_000 });
    const edited = Number((await storedTrx(page, id))?.drv_grand_total);
    expect(edited).toBeGreaterThan(Number(held.drv_grand_total));

    // The changed sale is posted, refused as repeatDiffers, and the server's copy is adopted.
    expect(await pos.submit()).toBe(ONLINE);
    sales.push(id);
    expect(checks.lost()).toBe(2);
    const local = await storedTrx(page, id);
    expect(local).toMatchObject({ trx_status_id: 3, is_synced: true });
    expect(local?.pos_sales_trx_head_id).toBe(held.pos_sales_trx_head_id);
    expect(Number(local?.drv_grand_total)).toBe(Number(held.drv_grand_total));
    expect((local?.details as unknown[] | undefined)?.length).toBe((held.details as unknown[]).length);
    expect(Math.abs((await shownChange(page)) - (200_000 - Number(held.drv_grand_total)))).toBeLessThan(1);
    const after = await serverTrx(e2e.server.url, await storedTokens(page), id);
    expect(Number(after?.drv_grand_total)).toBe(Number(held.drv_grand_total));
    await pos.shot('pos-lost-3-edited-adopted');
    await context.close();
  });
});
