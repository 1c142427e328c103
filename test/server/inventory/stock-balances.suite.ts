// The stock list's stored sums (migration 0016): stock_balances must equal the stock ledger's sums per
// location and variant after every kind of movement (stock in, to bad stock, consumption, adjustment,
// transfer out and in, a sale and its void, and random multi-row ledger inserts), and stock_variants must
// equal the RETAIL variants expanded from the catalogue documents after inserts, updates and deletes. The
// ledger stays the source of truth (ruling 13): changing or removing its rows is refused.
// Run on PGlite (stock-balances.test.ts) and PostgreSQL (stock-balances.pg.test.ts).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
type Doc = Record<string, unknown>;

export function stockBalancesSuite(backend: Backend): void {
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

  const post = async (t: Tokens, url: string, payload: Doc) => {
    const r = await call(s.app, t, { method: 'POST', url, payload });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const q = <T>(text: string, params: unknown[] = []) =>
    s.database.query<T & Record<string, unknown>>(text, params);
  /** [location, variant, good, bad] of every balance row, and of the ledger's sums, as exact decimal text */
  const balances = () =>
    q<{ k: string }>(
      `SELECT inv_sloc_id || ':' || pos_item_variant_id || ':' || (qty::numeric)::text || ':' || (bad_qty::numeric)::text AS k
       FROM stock_balances ORDER BY 1`,
    ).then((r) => r.map((x) => x.k));
  const ledgerSums = () =>
    q<{ k: string }>(
      `SELECT inv_sloc_id || ':' || pos_item_variant_id || ':' || sum(qty)::numeric(18, 4)::text || ':' ||
         sum(bad_qty)::numeric(18, 4)::text AS k
       FROM stock_ledger GROUP BY inv_sloc_id, pos_item_variant_id ORDER BY 1`,
    ).then((r) => r.map((x) => x.k));
  const row = (sloc: number) =>
    q<{ qty: string; bad_qty: string }>(
      'SELECT qty::text AS qty, bad_qty::text AS bad_qty FROM stock_balances WHERE inv_sloc_id = $1 AND pos_item_variant_id = $2',
      [sloc, variant],
    ).then((r) => (r[0] ? [Number(r[0].qty), Number(r[0].bad_qty)] : [0, 0]));

  it('equals the ledger sums after stock in, to bad stock, consumption, adjustment, transfer out and in, a sale and its void', async () => {
    expect(await balances()).toEqual(await ledgerSums());
    const item = (qty: number, extra: Doc = {}) => ({
      uuid: randomUUID(),
      pos_item_variant_id: variant,
      inv_unit_id: null,
      qty,
      ...extra,
    });
    const start = await row(KEMANG_GUDANG);
    await post(kemang, '/cashier/inventory/inventory-in', {
      local_trx_id: randomUUID(),
      document_no: null,
      trx_type: 'FROM_SUPPLIER',
      inv_vendor_id: 401,
      inv_sloc_id: KEMANG_GUDANG,
      notes: null,
      items: [item(10, { bad_qty: 2, disc_percent: 0, price: 5000 })],
    });
    expect(await row(KEMANG_GUDANG)).toEqual([start[0] + 10, start[1] + 2]);
    for (const [trx_type, consumption_type] of [
      ['TO_BAD_STOCK', null],
      ['CONSUMPTION', 'GENERAL'],
    ])
      await post(kemang, '/cashier/inventory/inventory-out', {
        local_trx_id: randomUUID(),
        document_no: null,
        trx_type,
        consumption_type,
        inv_sloc_id: KEMANG_GUDANG,
        notes: null,
        items: [item(1, { cogs: 0 })],
      });
    await post(kemang, '/cashier/inventory/inventory-adjustment', {
      local_trx_id: randomUUID(),
      inv_sloc_id: KEMANG_GUDANG,
      pos_item_variant_id: variant,
      adjustment_type: 'FINAL',
      qty: 9,
      bad_qty: 1,
      final_bad_qty: 1,
    });
    expect(await row(KEMANG_GUDANG)).toEqual([9, 1]);
    const out = await post(kemang, '/cashier/inventory/transfer-out', {
      local_trx_id: randomUUID(),
      source_inv_sloc_id: KEMANG_GUDANG,
      target_inv_sloc_id: MENTENG_GUDANG,
      items: [item(4)],
    });
    const menteng0 = await row(MENTENG_GUDANG);
    await post(menteng, '/cashier/inventory/transfer-in', {
      inv_stock_trf_head_id: out.inv_stock_trf_head_id,
      inv_sloc_id: MENTENG_GUDANG,
    });
    expect(await row(MENTENG_GUDANG)).toEqual([menteng0[0] + 4, menteng0[1]]);
    expect(await row(KEMANG_GUDANG)).toEqual([5, 1]);
    // a sale moves stock at the outlet's default location; its void puts it back
    const def = Number(
      (
        await q<{ id: number }>(
          'SELECT inv_sloc_id AS id FROM storage_locations WHERE business_outlet_id = 1 AND is_default',
        )
      )[0].id,
    );
    const beforeSale = await row(def);
    const sold = await submit(s.app, kemang, [sale(config, [line(config, RETAIL, 2)])]);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await row(def)).toEqual([beforeSale[0] - 2, beforeSale[1]]);
    expect(await balances()).toEqual(await ledgerSums());
    await post(kemang, `/cashier/pos-trx/void/${sold.json().data[0].pos_sales_trx_head_id}`, {
      password: DEMO_PASSWORD,
      reason: 'salah input',
    });
    expect(await row(def)).toEqual(beforeSale);
    expect(await balances()).toEqual(await ledgerSums());
  });

  it('equals the ledger sums after any multi-row ledger inserts (property)', async () => {
    const entry = fc.record({
      sloc: fc.constantFrom(KEMANG_GUDANG, KEMANG_ETALASE, MENTENG_GUDANG),
      v: fc.integer({ min: 1, max: 4 }),
      qty: fc.integer({ min: -99_999, max: 99_999 }).map((n) => n / 100),
      bad: fc.integer({ min: -500, max: 500 }).map((n) => n / 10),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(entry, { minLength: 1, maxLength: 6 }), { maxLength: 4 }),
        async (statements) => {
          for (const st of statements) {
            const params = st.flatMap((e) => [e.sloc, 7_770_000 + e.v, String(e.qty), String(e.bad)]);
            await q(
              `INSERT INTO stock_ledger (inv_sloc_id, pos_item_id, pos_item_variant_id, entry_type, qty, bad_qty, created_at)
             VALUES ${st.map((_, i) => `($${i * 4 + 1}::int, 777000, $${i * 4 + 2}::int, 'adjustment', $${i * 4 + 3}::numeric, $${i * 4 + 4}::numeric, now())`).join(', ')}`,
              params,
            );
          }
          expect(await balances()).toEqual(await ledgerSums());
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses to change or remove ledger rows (the balances would no longer be its sums)', async () => {
    const before = await balances();
    await expect(q('UPDATE stock_ledger SET qty = qty + 1')).rejects.toThrow();
    await expect(q('DELETE FROM stock_ledger')).rejects.toThrow();
    expect(await balances()).toEqual(before);
    expect(await balances()).toEqual(await ledgerSums());
  });

  it("stock_variants are the catalogue's RETAIL variants after inserts, updates and deletes", async () => {
    const expected = async () => {
      const items = await q<{ entity_id: string; doc: string; outlet_ids: number[] | null }>(
        `SELECT entity_id, doc::text AS doc, outlet_ids FROM catalogue_entities
         WHERE business_id = 1 AND business_outlet_id = 0 AND kind = 'pos_items'`,
      );
      return items
        .flatMap(({ entity_id, doc, outlet_ids }) => {
          const d = JSON.parse(doc) as Doc;
          if (d.item_nature !== 'RETAIL' || !Array.isArray(d.pos_item_variants)) return [];
          return (d.pos_item_variants as Doc[]).map(
            (v) =>
              `${entity_id}:${Number(v.pos_item_variant_id)}:${d.item_name}:${v.variant_name ?? ''}:${v.sku ?? ''}:${outlet_ids ?? ''}`,
          );
        })
        .sort();
    };
    const stored = async () =>
      (
        await q<{ k: string }>(
          `SELECT entity_id || ':' || pos_item_variant_id || ':' || item_name || ':' || coalesce(variant_name, '') || ':' ||
             coalesce(sku, '') || ':' || coalesce(array_to_string(outlet_ids, ','), '') AS k
           FROM stock_variants WHERE business_id = 1`,
        )
      )
        .map((r) => r.k)
        .sort();
    expect(await stored()).toEqual(await expected());
    const doc = (name: string, nature: string, variants: Doc[]) =>
      JSON.stringify({
        pos_item_id: 880001,
        item_name: name,
        item_nature: nature,
        pos_item_variants: variants,
      });
    await q(
      `INSERT INTO catalogue_entities (business_id, business_outlet_id, kind, entity_id, outlet_ids, sort_order, doc, updated_at)
       VALUES (1, 0, 'pos_items', '880001', NULL, 0, $1::json, now()), (1, 0, 'pos_items', '880002', '{2}', 0, $2::json, now())`,
      [
        doc('Sikat Gigi', 'RETAIL', [
          { pos_item_variant_id: 8800011, variant_name: 'Lembut', sku: 'SG-1' },
          { pos_item_variant_id: '8800012', variant_name: 'Keras', sku: null },
        ]),
        doc('Potong Rambut', 'SERVICE', [{ pos_item_variant_id: 8800021, variant_name: null }]),
      ],
    );
    expect(await stored()).toEqual(await expected());
    expect((await stored()).filter((k) => k.startsWith('880001:'))).toHaveLength(2);
    await q(
      `UPDATE catalogue_entities SET doc = $1::json, outlet_ids = '{1}' WHERE entity_id = '880001' AND kind = 'pos_items'`,
      [
        doc('Sikat Gigi Bambu', 'RETAIL', [
          { pos_item_variant_id: 8800011, variant_name: 'Lembut', sku: 'SG-1' },
        ]),
      ],
    );
    await q(
      `UPDATE catalogue_entities SET doc = $1::json WHERE entity_id = '880002' AND kind = 'pos_items'`,
      [doc('Sisir', 'RETAIL', [{ pos_item_variant_id: 8800021, variant_name: null }])],
    );
    expect(await stored()).toEqual(await expected());
    expect((await stored()).filter((k) => k.startsWith('880001:'))).toEqual([
      '880001:8800011:Sikat Gigi Bambu:Lembut:SG-1:1',
    ]);
    await q(`DELETE FROM catalogue_entities WHERE entity_id IN ('880001', '880002') AND kind = 'pos_items'`);
    expect(await stored()).toEqual(await expected());
    expect((await stored()).some((k) => k.startsWith('88000'))).toBe(false);
  });
}
