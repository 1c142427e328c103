// GET cashier/inventory/stock-card (ours, issue 22 item 9): one item's movements at a location of the
// session outlet (or at all of them) — opening stock, stock in, bad stock, consumption, adjustment, transfer
// out and in, a sale — newest first and paged, each with the running balance after it. The balances are
// checked against an independent prefix sum over the stock ledger (big.js over its exact decimal text); the
// card's stock now equals current-stock; the reference and the user come from the write, the transfer or
// the sale; another outlet's location, an unknown item and bad paging are 400s naming the field.
// Run on PGlite (stock-card.test.ts) and PostgreSQL (stock-card.pg.test.ts).
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type StockCardResponse, stockCardResponse } from '../../../src/api/contract/inventory';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../../src/domain/texts/inventory';
import { shortId } from '../../../src/domain/transaction-labels';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

const KEMANG_GUDANG = 31;
const KEMANG_ETALASE = 32;
const MENTENG_GUDANG = 41;
type Doc = Record<string, unknown>;

export function stockCardSuite(backend: Backend): void {
  let s: TestServer;
  let kemang: Tokens;
  let menteng: Tokens;
  let config: ServedConfig;
  let variant: number;

  beforeAll(async () => {
    s = await startTestServer(backend);
    kemang = await signIn(s.app, 'demo@serambi.id');
    config = await outletConfig(s.app, kemang, 1);
    menteng = await signIn(s.app, 'demo@serambi.id');
    await outletConfig(s.app, menteng, 2);
    variant = Number(line(config, RETAIL).pos_item_variant_id);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const get = (t: Tokens, url: string) => call(s.app, t, { method: 'GET', url });
  const post = async (t: Tokens, url: string, payload: Doc) => {
    const r = await call(s.app, t, { method: 'POST', url, payload });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      inv_trx_id: number;
      trx_id: string | null;
      inv_stock_trf_head_id: number | null;
    };
  };
  const card = async (t: Tokens, query: string): Promise<StockCardResponse> => {
    const r = await get(t, `/cashier/inventory/stock-card?${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return stockCardResponse.parse(r.json().data);
  };
  const item = (qty: number) => ({
    uuid: randomUUID(),
    pos_item_variant_id: variant,
    inv_unit_id: null,
    qty,
  });
  /** The ledger's entries of the variant at `slocs`, oldest first, with their prefix sums (big.js). */
  const independent = async (slocs: number[]) => {
    const entries = await s.database.query<{ id: string; qty: string; bad_qty: string }>(
      `SELECT entry_id::text AS id, qty::text AS qty, bad_qty::text AS bad_qty FROM stock_ledger
       WHERE pos_item_variant_id = $1 AND inv_sloc_id = ANY($2::int[]) ORDER BY created_at, entry_id`,
      [variant, `{${slocs.join(',')}}`],
    );
    let good = new Big(0);
    let bad = new Big(0);
    const after = new Map<number, { balance: number; bad_balance: number }>();
    for (const e of entries) {
      good = good.plus(e.qty);
      bad = bad.plus(e.bad_qty);
      after.set(Number(e.id), { balance: good.toNumber(), bad_balance: bad.toNumber() });
    }
    return { after, count: entries.length, now: { qty: good.toNumber(), bad_qty: bad.toNumber() } };
  };

  let stockInId = '';
  let transferTrxId = '';
  let saleTrxId = '';

  beforeAll(async () => {
    // every kind of movement at Kemang for the variant; the clock moves between them
    stockInId = randomUUID();
    await post(kemang, '/cashier/inventory/inventory-in', {
      local_trx_id: stockInId,
      trx_type: 'FROM_SUPPLIER',
      inv_sloc_id: KEMANG_GUDANG,
      notes: 'kiriman pagi',
      items: [{ pos_item_variant_id: variant, qty: 12.5, bad_qty: 1, price: 20000, disc_percent: 0 }],
    });
    s.clock.advance(60_000);
    for (const trx_type of ['TO_BAD_STOCK', 'CONSUMPTION'])
      await post(kemang, '/cashier/inventory/inventory-out', {
        local_trx_id: randomUUID(),
        trx_type,
        consumption_type: trx_type === 'CONSUMPTION' ? 'GENERAL' : null,
        inv_sloc_id: KEMANG_GUDANG,
        items: [{ ...item(0.25), cogs: 0 }],
      });
    s.clock.advance(60_000);
    await post(kemang, '/cashier/inventory/inventory-adjustment', {
      local_trx_id: randomUUID(),
      inv_sloc_id: KEMANG_GUDANG,
      pos_item_variant_id: variant,
      adjustment_type: 'INCREASE',
      qty: 0,
      input_qty: 0.1,
      bad_qty: 0,
    });
    const out = await post(kemang, '/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      source_inv_sloc_id: KEMANG_GUDANG,
      target_inv_sloc_id: MENTENG_GUDANG,
      items: [item(2)],
    });
    transferTrxId = String(out.trx_id);
    await post(menteng, '/cashier/inventory/transfer-in', {
      inv_stock_trf_head_id: out.inv_stock_trf_head_id,
      inv_sloc_id: MENTENG_GUDANG,
    });
    // Menteng sends 1 back to Kemang's display shelf, Kemang accepts it there
    const back = await post(menteng, '/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      source_inv_sloc_id: MENTENG_GUDANG,
      target_inv_sloc_id: KEMANG_ETALASE,
      items: [item(1)],
    });
    s.clock.advance(60_000);
    await post(kemang, '/cashier/inventory/transfer-in', {
      inv_stock_trf_head_id: back.inv_stock_trf_head_id,
      inv_sloc_id: KEMANG_ETALASE,
    });
    const sold = sale(config, [line(config, RETAIL, 1)]);
    expect((await submit(s.app, kemang, [sold])).statusCode).toBe(200);
    const [head] = await s.database.query<{ trx_id: string }>(
      'SELECT trx_id FROM pos_sales_trx_heads WHERE local_trx_id = $1',
      [sold.local_trx_id],
    );
    saleTrxId = head.trx_id;
  }, 120_000);

  it('every movement at a location, newest first, each with the balance the ledger sums to', async () => {
    const c = await card(kemang, `pos_item_variant_id=${variant}&inv_sloc_id=${KEMANG_GUDANG}&size=50`);
    const ledger = await independent([KEMANG_GUDANG]);
    expect(c.total).toBe(ledger.count);
    expect(c.rows.length).toBe(Math.min(50, ledger.count));
    for (const r of c.rows)
      expect([r.entry_id, r.balance, r.bad_balance]).toEqual([
        r.entry_id,
        ledger.after.get(r.entry_id)?.balance,
        ledger.after.get(r.entry_id)?.bad_balance,
      ]);
    // the newest row's balance is the stock now, as current-stock says
    const now = (
      await get(
        kemang,
        `/cashier/inventory/current-stock?pos_item_variant_id=${variant}&inv_sloc_id=${KEMANG_GUDANG}`,
      )
    ).json().data;
    expect([c.qty, c.bad_qty]).toEqual([now.qty, now.drv_bad_qty]);
    expect([c.rows[0].balance, c.rows[0].bad_balance]).toEqual([now.qty, now.drv_bad_qty]);
    // newest first
    const stamps = c.rows.map((r) => r.at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    // each kind of movement, with where it came from and who made it
    const types = c.rows.map((r) => r.entry_type);
    for (const t of ['from_supplier', 'to_bad_stock', 'consumption', 'adjustment', 'transfer_out'])
      expect(types, t).toContain(t);
    const stockIn = c.rows.find(
      (r) => r.entry_type === 'from_supplier' && r.reference === shortId(stockInId),
    );
    expect(stockIn).toMatchObject({
      qty: 12.5,
      bad_qty: 1,
      notes: 'kiriman pagi',
      location_name: 'Gudang Salon Kemang',
    });
    expect(stockIn?.who).toEqual(expect.any(String));
    const bad = c.rows.find((r) => r.entry_type === 'to_bad_stock');
    expect(bad).toMatchObject({ qty: -0.25, bad_qty: 0.25 });
    expect(c.rows.find((r) => r.entry_type === 'transfer_out')).toMatchObject({
      reference: transferTrxId,
      qty: -2,
    });
  });

  it("every location of the outlet: the transfer in and the sale are there, balances over the outlet's locations", async () => {
    const c = await card(kemang, `pos_item_variant_id=${variant}&size=50`);
    const ledger = await independent([KEMANG_GUDANG, KEMANG_ETALASE]);
    expect(c.inv_sloc_id).toBeNull();
    expect(c.total).toBe(ledger.count);
    expect([c.qty, c.bad_qty]).toEqual([ledger.now.qty, ledger.now.bad_qty]);
    for (const r of c.rows) expect(r.balance).toBe(ledger.after.get(r.entry_id)?.balance);
    expect(c.rows.find((r) => r.entry_type === 'transfer_in')).toMatchObject({
      location_name: expect.any(String),
      qty: 1,
      reference: expect.stringMatching(/^TRF-/),
    });
    const sold = c.rows.find((r) => r.entry_type === 'sales');
    expect(sold).toMatchObject({ reference: saleTrxId, qty: -1, for_sale: null });
    expect(sold?.who).toEqual(expect.any(String));
  });

  it('pages: consecutive pages are the newest-first list cut in pieces, with the same total', async () => {
    const all = await card(kemang, `pos_item_variant_id=${variant}&size=50`);
    const p1 = await card(kemang, `pos_item_variant_id=${variant}&size=10&page=1`);
    expect(p1.total).toBe(all.total);
    expect(p1.rows).toEqual(all.rows.slice(0, 10));
    if (all.total > 10) {
      const p2 = await card(kemang, `pos_item_variant_id=${variant}&size=10&page=2`);
      expect(p2.rows).toEqual(all.rows.slice(10, 20));
    }
    const beyond = await card(kemang, `pos_item_variant_id=${variant}&size=10&page=999`);
    expect([beyond.rows, beyond.total]).toEqual([[], all.total]);
  });

  it("another outlet's location, an unknown item or bad paging: 400 naming the field", async () => {
    const cases: [string, Tokens, string, string, string][] = [
      [
        'Kemang from Menteng',
        menteng,
        `pos_item_variant_id=${variant}&inv_sloc_id=${KEMANG_GUDANG}`,
        S.notOwnLocation,
        'inv_sloc_id',
      ],
      [
        'unknown location',
        kemang,
        `pos_item_variant_id=${variant}&inv_sloc_id=9999`,
        S.locationUnknown,
        'inv_sloc_id',
      ],
      ['unknown item', kemang, 'pos_item_variant_id=999999', M.itemNotFound, 'pos_item_variant_id'],
      ['no item', kemang, '', M.itemNotFound, 'pos_item_variant_id'],
      ['size', kemang, `pos_item_variant_id=${variant}&size=7`, 'x', 'size'],
      ['page', kemang, `pos_item_variant_id=${variant}&page=0`, 'x', 'page'],
    ];
    for (const [what, t, query, message, field] of cases) {
      const r = await get(t, `/cashier/inventory/stock-card?${query}`);
      expect([what, r.statusCode, r.json().error.field]).toEqual([what, 400, field]);
      if (message !== 'x') expect([what, r.json().error.message]).toEqual([what, message]);
    }
  });
}
