// Issue 23 item 6: a quantity is rounded half-up to the business's qty_decimal_length (2 for the demo
// brand) before it must be above zero, so 1e-9 is refused as zero for stock in, bad stock, consumption,
// transfer out and an adjustment, and no zero move reaches the ledger; what is stored is the rounded figure
// (1.005 → 1.01, big.js's decimal reading of the number sent).
// Run on PGlite (qty-rounding.test.ts) and PostgreSQL (qty-rounding.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVENTORY_MESSAGES as M } from '../../../src/domain/texts/inventory';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL } from '../pos/fixtures';

const KEMANG_GUDANG = 31;
const MENTENG_GUDANG = 41;
type Doc = Record<string, unknown>;

export function qtyRoundingSuite(backend: Backend): void {
  let s: TestServer;
  let kemang: Tokens;
  let variant: number;

  beforeAll(async () => {
    s = await startTestServer(backend);
    kemang = await signIn(s.app, 'demo@serambi.id');
    const config = await outletConfig(s.app, kemang, 1);
    variant = Number(line(config, RETAIL).pos_item_variant_id);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const post = (url: string, payload: Doc) => call(s.app, kemang, { method: 'POST', url, payload });
  const ledger = async () =>
    (
      await s.database.query<{ n: string; zero: string }>(
        `SELECT count(*)::text AS n, count(*) FILTER (WHERE qty = 0 AND bad_qty = 0)::text AS zero FROM stock_ledger`,
        [],
      )
    )[0];
  const line1 = (qty: number) => ({
    uuid: randomUUID(),
    pos_item_variant_id: variant,
    inv_unit_id: null,
    qty,
  });
  const stockIn = (qty: number, bad_qty = 0) => ({
    local_trx_id: randomUUID(),
    trx_type: 'FROM_SUPPLIER',
    inv_sloc_id: KEMANG_GUDANG,
    items: [{ pos_item_variant_id: variant, qty, bad_qty, price: 0, disc_percent: 0 }],
  });
  const stockOut = (trx_type: string, qty: number) => ({
    local_trx_id: randomUUID(),
    trx_type,
    consumption_type: trx_type === 'CONSUMPTION' ? 'GENERAL' : null,
    inv_sloc_id: KEMANG_GUDANG,
    items: [{ ...line1(qty), cogs: 0 }],
  });

  it('1e-9 is zero at 2 decimals: every inventory write refuses it and stores no zero move', async () => {
    // stock to move, so only the quantity decides
    expect((await post('/cashier/inventory/inventory-in', stockIn(20, 5))).statusCode).toBe(200);
    const before = await ledger();
    const cases: [string, string, Doc, string][] = [
      ['stock in', '/cashier/inventory/inventory-in', stockIn(1e-9), 'items.0.qty'],
      ['stock in, bad', '/cashier/inventory/inventory-in', stockIn(0, 1e-9), 'items.0.qty'],
      ['stock in, 0.004', '/cashier/inventory/inventory-in', stockIn(0.004), 'items.0.qty'],
      ['bad stock', '/cashier/inventory/inventory-out', stockOut('TO_BAD_STOCK', 1e-9), 'items.0.qty'],
      ['consumption', '/cashier/inventory/inventory-out', stockOut('CONSUMPTION', 1e-9), 'items.0.qty'],
      [
        'transfer out',
        '/cashier/inventory/transfer-out',
        {
          local_trx_id: randomUUID(),
          source_inv_sloc_id: KEMANG_GUDANG,
          target_inv_sloc_id: MENTENG_GUDANG,
          items: [line1(1e-9)],
        },
        'items.0.qty',
      ],
      [
        'adjustment',
        '/cashier/inventory/inventory-adjustment',
        {
          local_trx_id: randomUUID(),
          inv_sloc_id: KEMANG_GUDANG,
          pos_item_variant_id: variant,
          adjustment_type: 'INCREASE',
          qty: 0,
          input_qty: 1e-9,
          bad_qty: 0,
        },
        'input_qty',
      ],
    ];
    for (const [what, url, body, field] of cases) {
      const r = await post(url, body);
      expect([what, r.statusCode, r.json().error]).toEqual([what, 400, { message: M.qtyZero, field }]);
    }
    expect(await ledger()).toEqual(before);
  });

  it('the ledger and the transfer store the rounded quantity', async () => {
    const r = await post('/cashier/inventory/inventory-in', stockIn(1.005, 0.3333));
    expect(r.statusCode, r.body).toBe(200);
    const [stored] = await s.database.query<{ qty: string; bad_qty: string }>(
      `SELECT (qty::numeric)::float8::text AS qty, (bad_qty::numeric)::float8::text AS bad_qty FROM stock_ledger
       WHERE inv_trx_id = $1`,
      [r.json().data.inv_trx_id],
    );
    expect(stored).toEqual({ qty: '1.01', bad_qty: '0.33' });
    const out = await post('/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      source_inv_sloc_id: KEMANG_GUDANG,
      target_inv_sloc_id: MENTENG_GUDANG,
      items: [line1(0.125)],
    });
    expect(out.statusCode, out.body).toBe(200);
    const [head] = await s.database.query<{ qty: string }>(
      `SELECT h.items->0->>'qty' AS qty FROM inv_stock_trf_heads h WHERE h.inv_stock_trf_head_id = $1`,
      [out.json().data.inv_stock_trf_head_id],
    );
    expect(Number(head.qty)).toBe(0.13);
    const [moved] = await s.database.query<{ qty: string }>(
      `SELECT (qty::numeric)::float8::text AS qty FROM stock_ledger WHERE inv_trx_id = $1`,
      [out.json().data.inv_trx_id],
    );
    expect(moved.qty).toBe('-0.13');
  });
}
