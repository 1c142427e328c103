// GET cashier/inventory/outlet-stock (002 §2.2 reading A, ruling 6, issue 13): exactly the outlet's
// stock-tracked variants with their catalogue texts, unit name and good and bad stock summed from the ledger
// — compared with a reference built here in plain TypeScript from the stored catalogue docs and ledger rows,
// after movements at both Kemang locations, a variant stored with its id as a string, and an item with no
// variants. Run on PGlite (stock-list.test.ts) and PostgreSQL (stock-list.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeStockList, stockListWire } from '../../../src/api/contract/stock-list-wire';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, sale, submit } from '../pos/fixtures';

type Doc = Record<string, unknown>;
interface Row {
  pos_item_variant_id: number;
  item_type: string | null;
  category_name: string | null;
  sku: string | null;
  item_name: string | null;
  variant_name: string | null;
  qty: number;
  drv_bad_qty: number;
  unit_name: string | null;
}

export function stockListSuite(backend: Backend): void {
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

  /** The list as the rule says, from the stored rows (docs parsed by JSON.parse, sums in TypeScript). */
  async function reference(outletId: number, slocs: number[]): Promise<Row[]> {
    const items = await s.database.query<{ doc: string; outlet_ids: number[] | null }>(
      `SELECT doc::text AS doc, outlet_ids FROM catalogue_entities
       WHERE business_id = 1 AND business_outlet_id = 0 AND kind = 'pos_items'`,
      [],
    );
    const units = new Map(
      (
        await s.database.query<{ entity_id: string; doc: string }>(
          `SELECT entity_id, doc::text AS doc FROM catalogue_entities
           WHERE business_id = 1 AND business_outlet_id = 0 AND kind = 'units'`,
          [],
        )
      ).map((u) => [u.entity_id, (JSON.parse(u.doc) as Doc).unit_name as string]),
    );
    const ledger = await s.database.query<{ v: number; sloc: number; qty: string; bad: string }>(
      'SELECT pos_item_variant_id AS v, inv_sloc_id AS sloc, qty::text AS qty, bad_qty::text AS bad FROM stock_ledger',
      [],
    );
    const out: Row[] = [];
    for (const { doc, outlet_ids } of items) {
      const item = JSON.parse(doc) as Doc;
      if (item.item_nature !== 'RETAIL') continue;
      if (outlet_ids !== null && !outlet_ids.includes(outletId)) continue;
      for (const v of (item.pos_item_variants as Doc[] | null) ?? []) {
        const id = Number(v.pos_item_variant_id);
        const mine = ledger.filter((l) => Number(l.v) === id && slocs.includes(Number(l.sloc)));
        out.push({
          pos_item_variant_id: id,
          item_type: item.item_nature as string,
          category_name: (item.category_name as string | undefined) ?? null,
          sku: (v.sku as string | null | undefined) ?? null,
          item_name: (item.item_name as string | undefined) ?? null,
          variant_name: (v.variant_name as string | null | undefined) ?? null,
          qty: mine.reduce((a, l) => a + Number(l.qty), 0),
          drv_bad_qty: mine.reduce((a, l) => a + Number(l.bad), 0),
          unit_name:
            v.inv_unit_id === null || v.inv_unit_id === undefined
              ? null
              : (units.get(String(v.inv_unit_id)) ?? null),
        });
      }
    }
    return out.sort((a, b) => a.pos_item_variant_id - b.pos_item_variant_id);
  }
  const served = async (url: string) => {
    const r = await call(s.app, kemang, { method: 'GET', url });
    expect(r.statusCode, r.body).toBe(200);
    // the tuple wire format (src/api/contract/stock-list-wire.ts), checked and expanded as the browser does
    const wire = stockListWire.parse(r.json().data);
    return (decodeStockList(wire) as Row[]).sort((a, b) => a.pos_item_variant_id - b.pos_item_variant_id);
  };

  it('is every stock-tracked variant of the outlet with its catalogue texts, unit and ledger sums', async () => {
    // movements at both locations, and two catalogue shapes the list must read: a variant id stored as a
    // string, and an item without variants
    for (const [sloc, qty, bad] of [
      [31, 5, 1],
      [32, 3, 0],
    ]) {
      const r = await call(s.app, kemang, {
        method: 'POST',
        url: '/cashier/inventory/inventory-in',
        payload: {
          local_trx_id: randomUUID(),
          document_no: null,
          trx_type: 'FROM_SUPPLIER',
          inv_vendor_id: 401,
          inv_sloc_id: sloc,
          notes: null,
          items: [
            {
              uuid: randomUUID(),
              pos_item_variant_id: variant,
              inv_unit_id: null,
              qty,
              bad_qty: bad,
              disc_percent: 0,
              price: 1000,
            },
          ],
        },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    await s.database.query(
      `INSERT INTO catalogue_entities (business_id, business_outlet_id, kind, entity_id, outlet_ids, sort_order, doc, updated_at)
       VALUES (1, 0, 'pos_items', '990001', NULL, 0, $1::json, now()), (1, 0, 'pos_items', '990002', '{2}', 0, $2::json, now()),
         (1, 0, 'pos_items', '990003', NULL, 0, $3::json, now())`,
      [
        JSON.stringify({
          pos_item_id: 990001,
          item_name: 'Sisir "Kayu" \\ Jati',
          item_nature: 'RETAIL',
          category_name: null,
          pos_item_variants: [
            { pos_item_variant_id: '9900011', variant_name: null, sku: null, inv_unit_id: 1 },
          ],
        }),
        JSON.stringify({
          pos_item_id: 990002,
          item_name: 'Hanya di Menteng',
          item_nature: 'RETAIL',
          pos_item_variants: [{ pos_item_variant_id: 9900021, variant_name: 'A', sku: 'M-1' }],
        }),
        JSON.stringify({ pos_item_id: 990003, item_name: 'Tanpa Varian', item_nature: 'RETAIL' }),
      ],
    );

    const all = await served('/cashier/inventory/outlet-stock');
    expect(all).toEqual(await reference(1, [31, 32]));
    expect(all.find((r) => r.pos_item_variant_id === 9900011)).toMatchObject({
      item_name: 'Sisir "Kayu" \\ Jati',
      qty: 0,
    });
    expect(all.some((r) => r.pos_item_variant_id === 9900021)).toBe(false);
    expect(all.filter((r) => r.drv_bad_qty > 0).length).toBeGreaterThan(0);
    expect(await served('/cashier/inventory/outlet-stock?inv_sloc_id=32')).toEqual(await reference(1, [32]));
  });

  it('shows a sale, a stock-in and a catalogue rename made between two reads in the second read', async () => {
    const config = await outletConfig(s.app, kemang, 1);
    const first = await served('/cashier/inventory/outlet-stock');
    const before = first.find((r) => r.pos_item_variant_id === variant);
    expect(before).toBeDefined();
    const sold = await submit(s.app, kemang, [sale(config, [line(config, RETAIL, 2)])]);
    expect(sold.statusCode, sold.body).toBe(200);
    const second = await served('/cashier/inventory/outlet-stock');
    expect(second.find((r) => r.pos_item_variant_id === variant)?.qty).toBe((before?.qty ?? 0) - 2);
    expect(second).toEqual(await reference(1, [31, 32]));

    const stockIn = await call(s.app, kemang, {
      method: 'POST',
      url: '/cashier/inventory/inventory-in',
      payload: {
        local_trx_id: randomUUID(),
        document_no: null,
        trx_type: 'FROM_SUPPLIER',
        inv_vendor_id: 401,
        inv_sloc_id: 32,
        notes: null,
        items: [
          {
            uuid: randomUUID(),
            pos_item_variant_id: variant,
            inv_unit_id: null,
            qty: 7,
            bad_qty: 1,
            disc_percent: 0,
            price: 1000,
          },
        ],
      },
    });
    expect(stockIn.statusCode, stockIn.body).toBe(200);
    await s.database.query(
      `UPDATE catalogue_entities SET doc = json_build_object('pos_item_id', 990001, 'item_name', 'Sisir Baru',
         'item_nature', 'RETAIL', 'pos_item_variants', json_build_array(json_build_object(
           'pos_item_variant_id', 9900011, 'variant_name', 'B', 'sku', 'S-2', 'inv_unit_id', 2)))
       WHERE business_id = 1 AND business_outlet_id = 0 AND kind = 'pos_items' AND entity_id = '990001'`,
      [],
    );
    const third = await served('/cashier/inventory/outlet-stock');
    const after = third.find((r) => r.pos_item_variant_id === variant);
    expect([after?.qty, after?.drv_bad_qty]).toEqual([
      (before?.qty ?? 0) - 2 + 7,
      (before?.drv_bad_qty ?? 0) + 1,
    ]);
    expect(third.find((r) => r.pos_item_variant_id === 9900011)).toMatchObject({
      item_name: 'Sisir Baru',
      variant_name: 'B',
      sku: 'S-2',
    });
    expect(third).toEqual(await reference(1, [31, 32]));
  });
}
