// Issue 4 "Multi-tab": two tabs of one browser (one IndexedDB, one event log) selling at once —
// each sale completes once, reaches the server once, and gets its own order number.
import { describe, expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import { freshCashier, headsInDatabase, Pos, serverTrx, storedTokens, storedTrx } from './pages/pos';

const e2e = e2eFixture({
  afterStop: async (dataDir) => {
    const heads = await headsInDatabase(dataDir);
    expect(heads.map((h) => h.local_trx_id).sort()).toEqual([...sales].sort());
  },
});
const sales: string[] = [];

describe('two tabs selling at once', () => {
  it('completes both sales once each, on the server once each, with distinct order numbers', async () => {
    const { context, page: first, pos: a } = await freshCashier(e2e.browser, e2e.server.url);
    const second = await context.newPage();
    const b = new Pos(second, e2e.server.url);
    await b.open();

    const [idA, idB] = await Promise.all([a.startSale(), b.startSale()]);
    expect(idA).not.toBe(idB);
    await Promise.all([a.addItem('Potong Rambut Wanita'), b.addItem('Potong Rambut Pria')]);
    await Promise.all([a.toPayment(), b.toPayment()]);
    await Promise.all([a.pay('Cash'), b.pay('Cash')]);
    const messages = await Promise.all([a.submit(), b.submit()]);
    sales.push(idA, idB);
    expect(messages).toEqual([
      'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.',
      'Transaksi Sukses! Transaksi telah berhasil dilakukan secara online.',
    ]);
    await a.shot('pos-multitab-1-tab-a');
    await b.shot('pos-multitab-2-tab-b');
    await Promise.all([a.dismissAndBack(), b.dismissAndBack()]);

    // Each tab lists both sales, once each.
    for (const pos of [a, b]) {
      await pos.card(idA).waitFor();
      await pos.card(idB).waitFor();
      expect(await pos.page.getByTestId('trx-card').count()).toBe(2);
    }
    // Each sale kept its own line.
    const [localA, localB] = await Promise.all([storedTrx(first, idA), storedTrx(second, idB)]);
    const names = (t: Record<string, unknown> | null) =>
      ((t?.details as { itemMeta?: { item_name?: string } }[] | undefined) ?? []).map(
        (d) => d.itemMeta?.item_name,
      );
    expect(names(localA)).toEqual(['Potong Rambut Wanita']);
    expect(names(localB)).toEqual(['Potong Rambut Pria']);

    const tokens = await storedTokens(first);
    const [serverA, serverB] = await Promise.all([
      serverTrx(e2e.server.url, tokens, idA),
      serverTrx(e2e.server.url, tokens, idB),
    ]);
    expect(Number(serverA?.trx_status_id)).toBe(3);
    expect(Number(serverB?.trx_status_id)).toBe(3);
    expect(serverA?.trx_id).not.toBe(serverB?.trx_id);
    expect(Number.isInteger(serverA?.order_no)).toBe(true);
    expect(Number.isInteger(serverB?.order_no)).toBe(true);
    expect(serverA?.order_no).not.toBe(serverB?.order_no);
    expect(localA?.order_no).toBe(serverA?.order_no);
    expect(localB?.order_no).toBe(serverB?.order_no);
    await context.close();
  });
});
