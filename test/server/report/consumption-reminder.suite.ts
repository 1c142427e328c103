// Product consumption and treatment reminder (002 §2.16, §2.20, §6, §7; issue 27) on PGlite
// (consumption-reminder.test.ts) and PostgreSQL (consumption-reminder.pg.test.ts). The figures are computed here
// in plain code from the stored rows (ledger entries, sales, customers, return intervals); each report's flag is
// enforced; another outlet's consumptions and sales never show.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { productConsumptionRow, treatmentReminderRow } from '../../../src/api/contract/report';
import { addDays, formatOutletStamp } from '../../../src/domain/time-wall';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';

type Row = Record<string, unknown>;
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));
const n = (v: unknown) => Number(v ?? 0);
const KEMANG_GUDANG = 31;
const MENTENG_GUDANG = 41;
const HAIRCUT = 1001; // 30 days
const CREAMBATH = 1005; // 14 days
const FACIAL = 1031; // 28 days, both outlets
const WIB = (d: Date) => formatOutletStamp(d).slice(0, 10);

export function consumptionReminderSuite(backend: Backend): void {
  let s: TestServer;
  let kemang: Tokens;
  let menteng: Tokens;
  let none: Tokens;
  let config: ServedConfig;
  let today: string;
  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));
  const get = (t: Tokens, path: string, q: Record<string, string>) =>
    call(s.app, t, { method: 'GET', url: `/cashier/${path}?${new URLSearchParams(q).toString()}` });
  const consume = async (t: Tokens, sloc: number, qty: number, type: 'GENERAL' | 'FOR_CUSTOMER') => {
    const variant = Number(line(config, RETAIL).pos_item_variant_id);
    const r = await call(s.app, t, {
      method: 'POST',
      url: '/cashier/inventory/inventory-out',
      payload: {
        local_trx_id: randomUUID(),
        document_no: null,
        trx_type: 'CONSUMPTION',
        consumption_type: type,
        pos_sales_local_trx_id: type === 'FOR_CUSTOMER' ? randomUUID() : null,
        inv_sloc_id: sloc,
        notes: null,
        items: [{ uuid: randomUUID(), pos_item_variant_id: variant, inv_unit_id: null, qty, cogs: 0 }],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  /** a completed sale of the item to the customer, then moved `daysAgo` days back */
  const sold = async (t: Tokens, cfg: ServedConfig, userCode: string, itemId: number, daysAgo: number) => {
    const trx = sale(cfg, [line(cfg, itemId)], {
      customer: { user_code: userCode },
      extra: { trx_time: formatOutletStamp(new Date(s.clock.now().getTime() - 60_000)) },
    });
    const r = await submit(s.app, t, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    await rows(
      `UPDATE pos_sales_trx_heads SET trx_time = trx_time - make_interval(days => $2::int) WHERE local_trx_id = $1`,
      [trx.local_trx_id, daysAgo],
    );
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    kemang = await userWithFlags(s, 9_811, allFlags(), { outletIds: [1, 2] });
    menteng = await userWithFlags(s, 9_812, allFlags(), { outletIds: [1, 2] });
    none = await userWithFlags(s, 9_813, allFlags(['PRODUCT_CONSUMPTION', 'TREATMENT_REMINDER']));
    config = await outletConfig(s.app, kemang, 1);
    const mentengConfig = await outletConfig(s.app, menteng, 2);
    await outletConfig(s.app, none, 1);
    today = WIB(s.clock.now());
    for (const [t, sloc] of [
      [kemang, KEMANG_GUDANG],
      [menteng, MENTENG_GUDANG],
    ] as const) {
      const r = await call(s.app, t, {
        method: 'POST',
        url: '/cashier/inventory/inventory-adjustment',
        payload: {
          local_trx_id: randomUUID(),
          inv_sloc_id: sloc,
          pos_item_variant_id: Number(line(config, RETAIL).pos_item_variant_id),
          adjustment_type: 'FINAL',
          qty: 50,
          bad_qty: 0,
          final_bad_qty: 0,
        },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    await consume(kemang, KEMANG_GUDANG, 2, 'GENERAL');
    await consume(kemang, KEMANG_GUDANG, 3, 'GENERAL');
    await consume(kemang, KEMANG_GUDANG, 1, 'FOR_CUSTOMER');
    await consume(menteng, MENTENG_GUDANG, 5, 'GENERAL');
    const codes = (
      await rows(`SELECT user_code FROM customers WHERE business_id = 1 ORDER BY customer_id LIMIT 4`)
    ).map((r) => String(r.user_code));
    const [a, b, c, d] = codes;
    await sold(kemang, config, a, HAIRCUT, 25); // back in 5 days
    await sold(kemang, config, b, CREAMBATH, 10); // back in 4 days ...
    await sold(kemang, config, b, CREAMBATH, 0); // ... but came again today: back in 14 days
    await sold(kemang, config, c, HAIRCUT, 50); // was due 20 days ago
    await sold(kemang, config, c, RETAIL, 20); // no interval
    await sold(menteng, mentengConfig, d, FACIAL, 25); // Menteng's: back in 3 days
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  it("product consumption: the outlet's consumption stock-outs of the period per type and variant", async () => {
    const r = await get(kemang, 'product-consumption', { start_date: today, end_date: today });
    expect(r.statusCode, r.body).toBe(200);
    const got = productConsumptionRow.array().parse(r.json().data);
    const entries = await rows(
      `SELECT l.qty::text AS qty, l.pos_item_variant_id, l.created_at, l.inv_sloc_id, t.trx_type
       FROM stock_ledger l JOIN inventory_trxs t ON t.inv_trx_id = l.inv_trx_id WHERE l.entry_type = 'consumption'`,
    );
    const want = new Map<string, number>();
    for (const e of entries) {
      if (![31, 32].includes(n(e.inv_sloc_id)) || WIB(new Date(e.created_at as string)) !== today) continue;
      const key = `${String(e.trx_type).replace('CONSUMPTION_', '')}|${n(e.pos_item_variant_id)}`;
      want.set(key, (want.get(key) ?? 0) - n(e.qty));
    }
    expect(
      Object.fromEntries(got.map((g) => [`${g.consumption_type}|${g.pos_item_variant_id}`, g.qty])),
    ).toEqual(Object.fromEntries(want));
    expect(got.map((g) => [g.consumption_type, g.qty])).toEqual([
      ['GENERAL', 5],
      ['FOR_CUSTOMER', 1],
    ]);
    expect(got[0].item_name).toMatch(/Makarizo/);
    // Menteng's report has Menteng's only; yesterday has none
    const m = productConsumptionRow
      .array()
      .parse((await get(menteng, 'product-consumption', { start_date: today, end_date: today })).json().data);
    expect(m.map((g) => [g.consumption_type, g.qty])).toEqual([['GENERAL', 5]]);
    const y = addDays(today, -1);
    expect((await get(kemang, 'product-consumption', { start_date: y, end_date: y })).json().data).toEqual(
      [],
    );
  });

  it("treatment reminder: each customer's last treatment whose date + the item's interval falls in the period", async () => {
    const end = addDays(today, 20);
    const r = await get(kemang, 'treatment-reminder', { start_date: today, end_date: end });
    expect(r.statusCode, r.body).toBe(200);
    const got = treatmentReminderRow.array().parse(r.json().data);
    // independent: every completed NORMAL line with an interval, latest per customer and item over the brand
    const lines = await rows(
      `SELECT h.business_outlet_id, h.trx_time, d.pos_item_id, c.user_code, c.user_phone, i.return_interval_days
       FROM pos_sales_trx_heads h JOIN pos_sales_trx_details d USING (pos_sales_trx_head_id)
         JOIN customers c ON c.customer_id = h.customer_id
         JOIN item_return_intervals i ON i.business_id = 1 AND i.pos_item_id = d.pos_item_id
       WHERE h.trx_status_id = 3 AND h.trx_type = 'NORMAL'`,
    );
    const latest = new Map<string, Row>();
    for (const l of lines) {
      const key = `${l.user_code}|${l.pos_item_id}`;
      const t = new Date(l.trx_time as string).getTime();
      const prev = latest.get(key);
      if (!prev || new Date(prev.trx_time as string).getTime() < t) latest.set(key, l);
    }
    const want = [...latest.values()]
      .filter((l) => n(l.business_outlet_id) === 1)
      .map((l) => {
        const day = WIB(new Date(l.trx_time as string));
        return {
          code: String(l.user_code),
          item: n(l.pos_item_id),
          day,
          back: addDays(day, n(l.return_interval_days)),
        };
      })
      .filter((w) => w.back >= today && w.back <= end);
    const key = (x: { code: string; item: number }) => `${x.code}|${x.item}`;
    expect(got.map((g) => key({ code: g.user_code, item: g.pos_item_id })).sort()).toEqual(
      want.map(key).sort(),
    );
    expect(got.map((g) => [g.pos_item_id, g.expected_return_date])).toEqual([
      [HAIRCUT, addDays(today, 5)],
      [CREAMBATH, addDays(today, 14)],
    ]);
    for (const g of got) {
      const w = want.find((x) => key(x) === key({ code: g.user_code, item: g.pos_item_id }));
      expect(g.trx_date).toBe(w?.day);
      expect(g.user_phone.startsWith('0')).toBe(false);
      expect(g.treatment_name.length).toBeGreaterThan(0);
    }
    // the day before the first return: nobody; Menteng sees its own customer only
    const none0 = await get(kemang, 'treatment-reminder', { start_date: today, end_date: addDays(today, 3) });
    expect(none0.json().data).toEqual([]);
    const m = treatmentReminderRow
      .array()
      .parse((await get(menteng, 'treatment-reminder', { start_date: today, end_date: end })).json().data);
    expect(m.map((g) => [g.pos_item_id, g.expected_return_date])).toEqual([[FACIAL, addDays(today, 3)]]);
  });

  it('each report needs its own flag (403) and checks its dates (400)', async () => {
    for (const path of ['product-consumption', 'treatment-reminder']) {
      const r = await get(none, path, { start_date: today, end_date: today });
      expect(r.statusCode, path).toBe(403);
      const bad = await get(kemang, path, { start_date: today, end_date: '2020-01-01' });
      expect(bad.statusCode, path).toBe(400);
      const missing = await get(kemang, path, { start_date: today });
      expect(missing.statusCode, path).toBe(400);
    }
  });
}
