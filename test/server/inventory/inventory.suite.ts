// The inventory calls (002 §7, issue 13): every figure from the stock ledger (ruling 13), every write
// idempotent per local_trx_id, bounded input (400 naming the field, nothing changed, never 500), stock that
// never goes below zero unless the outlet allows it — also for two consumptions of the last unit at once.
// Run on PGlite (inventory.test.ts) and PostgreSQL (inventory.pg.test.ts).

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeStockList, stockListWire } from '../../../src/api/contract/stock-list-wire';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../../src/domain/texts/inventory';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

const KEMANG_GUDANG = 31;
const KEMANG_ETALASE = 32;
const MENTENG_GUDANG = 41;
const MENTENG_OBAT = 42;
const LABEL = 'Makarizo Conditioner 250 ml - Reguler';
type Doc = Record<string, unknown>;

export function inventorySuite(backend: Backend): void {
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
  const post = (t: Tokens, url: string, payload: Doc) => call(s.app, t, { method: 'POST', url, payload });
  const stock = async (sloc: number, v = variant, t = kemang) => {
    const r = await get(t, `/cashier/inventory/current-stock?pos_item_variant_id=${v}&inv_sloc_id=${sloc}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { qty: number; drv_bad_qty: number; variant_cogs: number };
  };
  const ledgerCount = async () =>
    Number((await s.database.query<{ n: string }>('SELECT count(*)::text AS n FROM stock_ledger', []))[0].n);
  const stockIn = (items: Doc[], over: Doc = {}) => ({
    local_trx_id: randomUUID(),
    document_no: 'DO-1',
    trx_type: 'FROM_SUPPLIER',
    inv_vendor_id: 401,
    inv_sloc_id: KEMANG_GUDANG,
    notes: 'uji',
    items,
    ...over,
  });
  const outBody = (qty: number, over: Doc = {}) => ({
    local_trx_id: randomUUID(),
    document_no: null,
    trx_type: 'CONSUMPTION',
    consumption_type: 'GENERAL',
    inv_sloc_id: KEMANG_GUDANG,
    notes: null,
    items: [{ uuid: randomUUID(), pos_item_variant_id: variant, inv_unit_id: null, qty, cogs: 0 }],
    ...over,
  });
  const setFinal = async (qty: number, bad = 0, sloc = KEMANG_GUDANG) => {
    const r = await post(kemang, '/cashier/inventory/inventory-adjustment', {
      local_trx_id: randomUUID(),
      inv_sloc_id: sloc,
      pos_item_variant_id: variant,
      adjustment_type: 'FINAL',
      qty,
      bad_qty: bad,
      final_bad_qty: bad,
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('reads: vendors, item search by name and SKU, current stock and the stock list from the ledger', async () => {
    const vendors = await get(kemang, '/cashier/inv-vendor');
    expect(vendors.json().data).toContainEqual({
      inv_vendor_id: 401,
      vendor_name: 'PT Loreal',
      vendor_last_name: 'Indonesia',
    });
    const byName = (await get(kemang, '/cashier/inventory/search-item?item_name=makarizo%20cond')).json()
      .data;
    expect(byName.map((r: Doc) => r.pos_item_variant_id)).toContain(variant);
    const row = byName.find((r: Doc) => r.pos_item_variant_id === variant);
    expect(row).toMatchObject({ unit_name: expect.any(String), inv_unit_id: expect.any(Number) });
    const bySku = (await get(kemang, `/cashier/inventory/search-item?sku=${row.sku}`)).json().data;
    expect(bySku.map((r: Doc) => r.pos_item_variant_id)).toEqual([variant]);
    const emptySku = await get(kemang, '/cashier/inventory/search-item?sku=');
    expect([emptySku.statusCode, emptySku.json().error.message]).toEqual([400, M.skuRequired]);
    // a service is not stock-tracked
    const services = (await get(kemang, '/cashier/inventory/search-item?item_name=creambath')).json().data;
    expect(services.every((r: Doc) => String(r.item_name).toLowerCase().includes('creambath'))).toBe(true);

    const sums = await s.database.query<{ qty: string; bad: string }>(
      'SELECT sum(qty)::text AS qty, sum(bad_qty)::text AS bad FROM stock_ledger WHERE inv_sloc_id = $1 AND pos_item_variant_id = $2',
      [KEMANG_GUDANG, variant],
    );
    const now = await stock(KEMANG_GUDANG);
    expect([now.qty, now.drv_bad_qty]).toEqual([Number(sums[0].qty), Number(sums[0].bad)]);

    const list = await get(kemang, '/cashier/inventory/outlet-stock');
    expect(list.statusCode, list.body).toBe(200);
    const listed = decodeStockList(stockListWire.parse(list.json().data)).find(
      (r) => r.pos_item_variant_id === variant,
    );
    const outletSums = await s.database.query<{ qty: string }>(
      'SELECT sum(qty)::text AS qty FROM stock_ledger WHERE inv_sloc_id IN (31, 32) AND pos_item_variant_id = $1',
      [variant],
    );
    expect(listed).toMatchObject({
      item_type: 'RETAIL',
      sku: row.sku,
      item_name: 'Makarizo Conditioner 250 ml',
      qty: Number(outletSums[0].qty),
    });
    expect(Object.keys(listed ?? {}).sort()).toEqual(
      [
        'category_name',
        'drv_bad_qty',
        'item_name',
        'item_type',
        'pos_item_variant_id',
        'qty',
        'sku',
        'unit_name',
        'variant_name',
      ].sort(),
    );
    // Menteng's list does not carry Kemang's items
    const mList = decodeStockList(
      stockListWire.parse((await get(menteng, '/cashier/inventory/outlet-stock')).json().data),
    );
    expect(mList.some((r) => r.pos_item_variant_id === variant)).toBe(false);
  });

  it('stock in adds good and bad stock once per local_trx_id; variant_cogs is the moving average of stock-in prices', async () => {
    const before = await stock(KEMANG_ETALASE);
    const body = stockIn(
      [
        {
          uuid: randomUUID(),
          pos_item_variant_id: variant,
          inv_unit_id: null,
          qty: 4,
          bad_qty: 1,
          disc_percent: 0,
          price: 10_000,
        },
      ],
      { inv_sloc_id: KEMANG_ETALASE },
    );
    const first = await post(kemang, '/cashier/inventory/inventory-in', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(M.stockInDone);
    const count = await ledgerCount();
    const again = await post(kemang, '/cashier/inventory/inventory-in', body);
    expect(again.json().data).toEqual(first.json().data);
    expect(await ledgerCount()).toBe(count);
    const changed = await post(kemang, '/cashier/inventory/inventory-in', {
      ...body,
      items: [{ ...(body.items as Doc[])[0], qty: 5 }],
    });
    expect([changed.statusCode, changed.json().error.message]).toEqual([400, S.localTrxIdReused]);
    expect(await ledgerCount()).toBe(count);
    const after = await stock(KEMANG_ETALASE);
    expect([after.qty, after.drv_bad_qty]).toEqual([before.qty + 4, before.drv_bad_qty + 1]);
    expect(after.variant_cogs).toBe(10_000);
    // 5 at 10,000 then 5 at 20,000 less 50 %: (5 × 10,000 + 5 × 10,000) / 10 = 10,000; then 10 at 16,000
    await post(
      kemang,
      '/cashier/inventory/inventory-in',
      stockIn([{ pos_item_variant_id: variant, qty: 5, bad_qty: 0, disc_percent: 50, price: 20_000 }]),
    );
    expect((await stock(KEMANG_GUDANG)).variant_cogs).toBe(10_000);
    await post(
      kemang,
      '/cashier/inventory/inventory-in',
      stockIn([{ pos_item_variant_id: variant, qty: 10, bad_qty: 0, disc_percent: 0, price: 16_000 }]),
    );
    expect((await stock(KEMANG_GUDANG)).variant_cogs).toBe(13_000);
  });

  it("stock out: bad stock moves good to bad; a consumption beyond stock is refused; one for a customer is the sale's consumptions", async () => {
    await setFinal(5, 0);
    const bad = await post(
      kemang,
      '/cashier/inventory/inventory-out',
      outBody(2, { trx_type: 'TO_BAD_STOCK', consumption_type: null }),
    );
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().message).toBe(M.stockOutDone);
    expect(await stock(KEMANG_GUDANG)).toMatchObject({ qty: 3, drv_bad_qty: 2 });
    const count = await ledgerCount();
    const tooMuch = await post(kemang, '/cashier/inventory/inventory-out', outBody(4));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toEqual({
      message: S.insufficient(LABEL, '3'),
      field: 'items.0.qty',
    });
    expect(await ledgerCount()).toBe(count);

    const saleId = randomUUID();
    const forCustomer = await post(
      kemang,
      '/cashier/inventory/inventory-out',
      outBody(1, {
        consumption_type: 'FOR_CUSTOMER',
        pos_sales_local_trx_id: saleId,
      }),
    );
    expect(forCustomer.statusCode, forCustomer.body).toBe(200);
    const out = await get(kemang, `/cashier/inventory/inventory-out/${saleId}`);
    expect(out.json().data.consumptions).toEqual([
      expect.objectContaining({ qty: 1, item_name: 'Makarizo Conditioner 250 ml' }),
    ]);
    const missingSale = await post(
      kemang,
      '/cashier/inventory/inventory-out',
      outBody(1, { consumption_type: 'FOR_CUSTOMER' }),
    );
    expect(missingSale.json().error).toEqual({ message: S.saleRequired, field: 'pos_sales_local_trx_id' });
  });

  it('negative stock is allowed only where the outlet allows it', async () => {
    await setFinal(0, 0);
    expect((await post(kemang, '/cashier/inventory/inventory-out', outBody(1))).statusCode).toBe(400);
    await s.database.query(
      `UPDATE outlets SET settings = settings || '{"allow_negative_stock": 1}'::jsonb WHERE business_outlet_id = 1`,
      [],
    );
    try {
      const r = await post(kemang, '/cashier/inventory/inventory-out', outBody(1));
      expect(r.statusCode, r.body).toBe(200);
      expect((await stock(KEMANG_GUDANG)).qty).toBe(-1);
    } finally {
      await s.database.query(
        `UPDATE outlets SET settings = settings - 'allow_negative_stock' WHERE business_outlet_id = 1`,
        [],
      );
    }
  });

  it("adjustment keeps the intent and recomputes from the ledger (the device's finals are not trusted)", async () => {
    await setFinal(10, 3);
    expect(await stock(KEMANG_GUDANG)).toMatchObject({ qty: 10, drv_bad_qty: 3 });
    const adjust = (over: Doc) =>
      post(kemang, '/cashier/inventory/inventory-adjustment', {
        local_trx_id: randomUUID(),
        inv_sloc_id: KEMANG_GUDANG,
        pos_item_variant_id: variant,
        notes: null,
        ...over,
      });
    // the device computed its finals from a stale 7: the server adds 2 to its own 10
    const inc = await adjust({
      adjustment_type: 'INCREASE',
      qty: 9,
      input_qty: 2,
      bad_qty: 1,
      final_bad_qty: 99,
    });
    expect([inc.statusCode, inc.json().message]).toEqual([200, M.adjustmentDone]);
    expect(await stock(KEMANG_GUDANG)).toMatchObject({ qty: 12, drv_bad_qty: 4 });
    const dec = await adjust({ adjustment_type: 'DECREASE', qty: 0, input_qty: 5, bad_qty: 4 });
    expect(dec.statusCode, dec.body).toBe(200);
    expect(await stock(KEMANG_GUDANG)).toMatchObject({ qty: 7, drv_bad_qty: 0 });
    const under = await adjust({ adjustment_type: 'DECREASE', input_qty: 0, bad_qty: 1 });
    expect(under.json().error.message).toBe(S.insufficientBad(LABEL, '0'));
    const noType = await adjust({ qty: 1 });
    expect(noType.json().error).toEqual({ message: M.adjustmentTypeRequired, field: 'adjustment_type' });
  });

  it('transfer out leaves the source at once; the target outlet accepts it once and the stock arrives there', async () => {
    await setFinal(6, 0);
    const before = await stock(MENTENG_GUDANG, variant, menteng);
    const same = await post(kemang, '/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      source_inv_sloc_id: KEMANG_GUDANG,
      target_inv_sloc_id: KEMANG_GUDANG,
      items: [{ pos_item_variant_id: variant, qty: 1 }],
    });
    expect(same.json().error).toEqual({ message: M.sameLocation, field: 'target_inv_sloc_id' });
    const out = await post(kemang, '/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      source_inv_sloc_id: KEMANG_GUDANG,
      target_inv_sloc_id: MENTENG_GUDANG,
      notes: 'ke Menteng',
      items: [{ uuid: randomUUID(), pos_item_variant_id: variant, inv_unit_id: null, qty: 4 }],
    });
    expect([out.statusCode, out.json().message]).toEqual([200, M.transferOutDone]);
    const headId = out.json().data.inv_stock_trf_head_id;
    expect((await stock(KEMANG_GUDANG)).qty).toBe(2);
    expect(await stock(MENTENG_GUDANG, variant, menteng)).toEqual(before); // in transit

    expect((await get(kemang, '/cashier/inventory/transfer-in')).json().data).toEqual([]);
    const incoming = (await get(menteng, '/cashier/inventory/transfer-in')).json().data;
    expect(incoming).toEqual([
      expect.objectContaining({
        inv_stock_trf_head_id: headId,
        source_location_name: 'Gudang Salon Kemang',
        inv_stock_trf_details: [expect.objectContaining({ pos_item_variant_id: variant, qty: 4 })],
      }),
    ]);
    const byKemang = await post(kemang, '/cashier/inventory/transfer-in', {
      inv_stock_trf_head_id: headId,
      inv_sloc_id: KEMANG_GUDANG,
    });
    expect(byKemang.json().error.message).toBe(S.transferUnknown);
    const noLoc = await post(menteng, '/cashier/inventory/transfer-in', { inv_stock_trf_head_id: headId });
    expect(noLoc.json().error).toEqual({ message: M.receivingRequired, field: 'inv_sloc_id' });
    const accept = { inv_stock_trf_head_id: headId, inv_sloc_id: MENTENG_GUDANG, notes: 'diterima' };
    const first = await post(menteng, '/cashier/inventory/transfer-in', accept);
    expect([first.statusCode, first.json().message]).toEqual([200, M.transferInDone]);
    const count = await ledgerCount();
    expect((await post(menteng, '/cashier/inventory/transfer-in', accept)).json().data).toEqual(
      first.json().data,
    );
    const elsewhere = await post(menteng, '/cashier/inventory/transfer-in', {
      ...accept,
      inv_sloc_id: MENTENG_OBAT,
    });
    expect(elsewhere.json().error.message).toBe(S.transferAccepted);
    expect(await ledgerCount()).toBe(count);
    expect((await stock(MENTENG_GUDANG, variant, menteng)).qty).toBe(before.qty + 4);
    expect((await get(menteng, '/cashier/inventory/transfer-in')).json().data).toEqual([]);
  });

  it('bad input: 400 naming the field, nothing changed, never 500', async () => {
    await setFinal(5, 0);
    const count = await ledgerCount();
    const item = { pos_item_variant_id: variant, qty: 1, bad_qty: 0, price: 0, disc_percent: 0 };
    const cases: [string, Doc, string, string][] = [
      ['negative', stockIn([{ ...item, qty: -1 }]), S.qtyNegative, 'items.0.qty'],
      ['zero', stockIn([{ ...item, qty: 0 }]), M.qtyZero, 'items.0.qty'],
      // rounded to the business's 2 decimals first: 0.001 is 0 (issue 23 item 6)
      ['fraction', stockIn([{ ...item, qty: 0.001 }]), M.qtyZero, 'items.0.qty'],
      ['not a number', stockIn([{ ...item, qty: 'satu' }]), M.qtyNotNumber, 'items.0.qty'],
      [
        'unknown variant',
        stockIn([{ ...item, pos_item_variant_id: 999_999 }]),
        M.itemNotFound,
        'items.0.pos_item_variant_id',
      ],
      ['twice', stockIn([item, item]), S.duplicateItem, 'items.1.pos_item_variant_id'],
      ['no items', stockIn([]), M.itemsRequired, 'items'],
      ['unknown location', stockIn([item], { inv_sloc_id: 9_999 }), S.locationUnknown, 'inv_sloc_id'],
      [
        "another outlet's location",
        stockIn([item], { inv_sloc_id: MENTENG_GUDANG }),
        S.notOwnLocation,
        'inv_sloc_id',
      ],
      ['unknown vendor', stockIn([item], { inv_vendor_id: 9_999 }), S.vendorUnknown, 'inv_vendor_id'],
      ['discount', stockIn([{ ...item, disc_percent: 101 }]), S.discount, 'items.0.disc_percent'],
    ];
    for (const [what, body, message, field] of cases) {
      const r = await post(kemang, '/cashier/inventory/inventory-in', body);
      expect([what, r.statusCode, r.json().error]).toEqual([what, 400, { message, field }]);
    }
    const noSource = await post(kemang, '/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      target_inv_sloc_id: 41,
      items: [],
    });
    expect(noSource.json().error).toEqual({ message: M.sourceRequired, field: 'source_inv_sloc_id' });
    const badId = await get(
      kemang,
      '/cashier/inventory/current-stock?pos_item_variant_id=abc&inv_sloc_id=31',
    );
    expect(badId.statusCode).toBe(400);
    expect(await ledgerCount()).toBe(count);
  });

  it('FOR_CUSTOMER names a sale of this outlet: a stored sale or saved one of another outlet is refused, an unknown (pending) id is accepted', async () => {
    await setFinal(10, 0);
    const kemangSale = sale(config, [line(config, RETAIL, 1)]);
    expect((await submit(s.app, kemang, [kemangSale])).statusCode).toBe(200);
    const saved = { local_trx_id: randomUUID(), trx_status_id: 2, details: [] };
    const archived = await post(kemang, '/cashier/pos-sales-trx-archive', { trx: saved });
    expect(archived.statusCode, archived.body).toBe(200);
    const forSale = (local: string, over: Doc = {}) =>
      outBody(1, { consumption_type: 'FOR_CUSTOMER', pos_sales_local_trx_id: local, ...over });
    const before = await ledgerCount();
    for (const id of [kemangSale.local_trx_id, saved.local_trx_id]) {
      const r = await post(
        menteng,
        '/cashier/inventory/inventory-out',
        forSale(id, { inv_sloc_id: MENTENG_GUDANG }),
      );
      expect([r.statusCode, r.json().error]).toEqual([
        400,
        { message: S.saleUnknown, field: 'pos_sales_local_trx_id' },
      ]);
    }
    expect(await ledgerCount()).toBe(before);
    for (const id of [kemangSale.local_trx_id, saved.local_trx_id, randomUUID()]) {
      const r = await post(kemang, '/cashier/inventory/inventory-out', forSale(id));
      expect(r.statusCode, r.body).toBe(200);
    }
    const out = (await get(kemang, `/cashier/inventory/inventory-out/${kemangSale.local_trx_id}`)).json()
      .data;
    expect(out.consumptions).toEqual([expect.objectContaining({ qty: 1 })]);
  });

  it('a sale deducts its RETAIL line at ingest and its void puts the stock back where it was', async () => {
    await setFinal(8, 0);
    const trx = sale(config, [line(config, RETAIL, 3)]);
    const r = await submit(s.app, kemang, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    expect((await stock(KEMANG_GUDANG)).qty).toBe(5);
    const v = await post(kemang, `/cashier/pos-trx/void/${r.json().data[0].pos_sales_trx_head_id}`, {
      password: DEMO_PASSWORD,
      reason: 'salah input',
    });
    expect(v.statusCode, v.body).toBe(200);
    expect((await stock(KEMANG_GUDANG)).qty).toBe(8);
  });

  it('two consumptions of the last unit at once: one is refused; eight at once for two units: two pass', async () => {
    await setFinal(1, 0);
    const results = await Promise.all([
      post(kemang, '/cashier/inventory/inventory-out', outBody(1)),
      post(kemang, '/cashier/inventory/inventory-out', outBody(1)),
    ]);
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 400]);
    expect((await stock(KEMANG_GUDANG)).qty).toBe(0);
    await setFinal(2, 0);
    const many = await Promise.all(
      Array.from({ length: 8 }, () => post(kemang, '/cashier/inventory/inventory-out', outBody(1))),
    );
    expect(many.filter((x) => x.statusCode === 200)).toHaveLength(2);
    expect(many.filter((x) => x.statusCode === 400)).toHaveLength(6);
    expect((await stock(KEMANG_GUDANG)).qty).toBe(0);
  });
}
