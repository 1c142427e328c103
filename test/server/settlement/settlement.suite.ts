// GET cashier/pos/settlement (002 §2.11, §3, §7), on PGlite (settlement.test.ts) and PostgreSQL
// (settlement.pg.test.ts). Every section's figures are checked against sums this test computes itself,
// in plain code, from the stored rows (heads, lines, payments) — not from the server's query.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { settlementResponse } from '../../../src/api/contract/settlement';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { SETTLEMENT_MESSAGES } from '../../../src/domain/texts/settlement';
import { formatOutletStamp } from '../../../src/domain/time-wall';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, startTestServer, type TestServer, type Tokens } from '../helpers';
import {
  line,
  outletConfig,
  type PaymentSpec,
  RETAIL,
  type ServedConfig,
  sale,
  submit,
} from '../pos/fixtures';

type Row = Record<string, unknown>;
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));
const n = (v: unknown) => Number(v ?? 0);

export function settlementSuite(backend: Backend): void {
  let s: TestServer;
  let ani: Tokens;
  let budi: Tokens;
  let menteng: Tokens;
  let noCashier: Tokens;
  let config: ServedConfig;
  let serviceItem: number;
  let start: string;
  let end: string;

  const get = (t: Tokens, q: Record<string, string>) =>
    call(s.app, t, { method: 'GET', url: `/cashier/pos/settlement?${new URLSearchParams(q).toString()}` });
  const query = (groupBy: string) => ({
    start_datetime: start,
    end_datetime: end,
    all_trx: '1',
    group_by: groupBy,
  });
  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));

  /** A stored sale copied under another trx_type (coupon, top-up, membership and receivable sales). */
  async function storedAs(localTrxId: string, trxType: string): Promise<void> {
    const id = randomUUID();
    await rows(
      `INSERT INTO pos_sales_trx_heads (local_trx_id, business_id, business_outlet_id, business_user_id, trx_id,
         trx_type, trx_status_id, trx_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal,
         drv_total_service_charge, drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty, trx, created_at)
       SELECT $2, business_id, business_outlet_id, business_user_id, trx_id || '-' || $2, $3, trx_status_id,
         trx_time, drv_gross_total, drv_subtotal, drv_total_discount_nominal, drv_total_service_charge,
         drv_total_additional_charge, drv_tax, drv_grand_total, drv_qty, trx, created_at
       FROM pos_sales_trx_heads WHERE local_trx_id = $1`,
      [localTrxId, id, trxType],
    );
    await rows(
      `INSERT INTO pos_sales_trx_details (pos_sales_trx_head_id, local_trx_detail_id, line_no, pos_item_id,
         pos_item_variant_id, item_name, variant_name, item_nature, is_package, is_custom, qty, unit_price,
         gross_total, discount_total, line_total, global_discount_share, service_charge, additional_charge)
       SELECT n.pos_sales_trx_head_id, d.local_trx_detail_id || 'x', d.line_no, d.pos_item_id, d.pos_item_variant_id,
         d.item_name, d.variant_name, d.item_nature, d.is_package, d.is_custom, d.qty, d.unit_price, d.gross_total,
         d.discount_total, d.line_total, d.global_discount_share, d.service_charge, d.additional_charge
       FROM pos_sales_trx_details d JOIN pos_sales_trx_heads o ON o.pos_sales_trx_head_id = d.pos_sales_trx_head_id
       JOIN pos_sales_trx_heads n ON n.local_trx_id = $2 WHERE o.local_trx_id = $1`,
      [localTrxId, id],
    );
    await rows(
      `INSERT INTO pos_sales_trx_payments (pos_sales_trx_head_id, local_payment_id, payment_type,
         payment_method_name, table_name, table_id, payment_amount, payment_charge)
       SELECT n.pos_sales_trx_head_id, p.local_payment_id || 'x', p.payment_type, p.payment_method_name,
         p.table_name, p.table_id, p.payment_amount, p.payment_charge
       FROM pos_sales_trx_payments p JOIN pos_sales_trx_heads o ON o.pos_sales_trx_head_id = p.pos_sales_trx_head_id
       JOIN pos_sales_trx_heads n ON n.local_trx_id = $2 WHERE o.local_trx_id = $1`,
      [localTrxId, id],
    );
  }

  beforeAll(async () => {
    s = await startTestServer(backend);
    ani = await userWithFlags(s, 9_501, allFlags(), { outletIds: [1, 2] });
    budi = await userWithFlags(s, 9_502, allFlags(), { outletIds: [1] });
    menteng = await userWithFlags(s, 9_503, allFlags(), { outletIds: [2] });
    noCashier = await userWithFlags(s, 9_504, allFlags(['CASHIER_SYSTEM']), { outletIds: [1] });
    config = await outletConfig(s.app, ani, 1);
    await outletConfig(s.app, budi, 1);
    await outletConfig(s.app, menteng, 2);
    await outletConfig(s.app, noCashier, 1);
    const service = config.pos_items.find(
      (i) => i.item_nature === 'SERVICE' && Number(i.pos_item_variants[0]?.variant_price ?? 0) > 0,
    );
    if (!service) throw new Error('no service item');
    serviceItem = service.pos_item_id;

    const now = s.clock.now();
    const at = (minutesAgo: number) => formatOutletStamp(new Date(now.getTime() - minutesAgo * 60_000));
    start = at(120);
    end = at(0);
    const mixed = (extra: Row, payments: PaymentSpec[]) =>
      sale(config, [line(config, serviceItem, 2), line(config, RETAIL, 3)], { extra, payments });
    const inPeriod = { trx_time: at(60) };
    const cashWithChange = mixed(inPeriod, [
      { name: 'Debit Card', amount: 10_000, ref: 'EDC-1' },
      { name: 'Cash', amount: 10_000_000 },
    ]);
    const card = mixed(inPeriod, [{ name: 'Debit Card', ref: 'EDC-2' }]);
    const retailOnly = sale(config, [line(config, RETAIL, 1)], { extra: inPeriod });
    const voided = mixed(inPeriod, [{ name: 'Cash' }]);
    const before = mixed({ trx_time: at(180) }, [{ name: 'Cash' }]);
    for (const trx of [cashWithChange, card, retailOnly, voided, before]) {
      const r = await submit(s.app, ani, [trx]);
      expect(r.statusCode, r.body).toBe(200);
    }
    const budis = mixed(inPeriod, [{ name: 'Cash' }]);
    const r = await submit(s.app, budi, [budis]);
    expect(r.statusCode, r.body).toBe(200);
    await rows(`UPDATE pos_sales_trx_heads SET trx_status_id = 4 WHERE local_trx_id = $1`, [
      voided.local_trx_id,
    ]);
    await storedAs(card.local_trx_id, 'COUPON_SALES');
    await storedAs(retailOnly.local_trx_id, 'TOP_UP_DEPOSIT');
    await storedAs(retailOnly.local_trx_id, 'TOP_UP_DEPOSIT');
    await storedAs(budis.local_trx_id, 'MEMBERSHIP_SALES');
    await storedAs(card.local_trx_id, 'ACCOUNT_RECEIVABLE');
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  /** The settlement computed here from the stored rows, plainly. */
  async function expected(userId: number | null) {
    const heads = (await rows('SELECT * FROM pos_sales_trx_heads WHERE business_outlet_id = 1')).filter(
      (h) => {
        const t = new Date(h.trx_time as string).getTime();
        return (
          n(h.trx_status_id) === 3 &&
          t >= new Date(`${start.replace(' ', 'T')}+07:00`).getTime() &&
          t <= new Date(`${end.replace(' ', 'T')}+07:00`).getTime() + 999 &&
          (userId === null || n(h.business_user_id) === userId)
        );
      },
    );
    const ids = new Set(heads.map((h) => n(h.pos_sales_trx_head_id)));
    const headOf = new Map(heads.map((h) => [n(h.pos_sales_trx_head_id), h]));
    const details = (await rows('SELECT * FROM pos_sales_trx_details')).filter((d) =>
      ids.has(n(d.pos_sales_trx_head_id)),
    );
    const payments = (await rows('SELECT * FROM pos_sales_trx_payments')).filter((p) =>
      ids.has(n(p.pos_sales_trx_head_id)),
    );
    const typeOf = (d: Row) => headOf.get(n(d.pos_sales_trx_head_id))?.trx_type;
    const itemSums = (ds: Row[]) => {
      const m = new Map<string, { qty: number; gross: number }>();
      for (const d of ds) {
        const k = `${d.pos_item_id}/${d.pos_item_variant_id}/${n(d.unit_price)}`;
        const v = m.get(k) ?? { qty: 0, gross: 0 };
        v.qty += n(d.qty);
        v.gross += n(d.gross_total);
        m.set(k, v);
      }
      return Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
    };
    const normal = details.filter((d) => typeOf(d) === 'NORMAL');
    const count = (type: string) => {
      const hs = heads.filter((h) => h.trx_type === type);
      return { trx_count: hs.length, drv_gross_total: hs.reduce((a, h) => a + n(h.drv_gross_total), 0) };
    };
    const normalHeads = heads.filter((h) => h.trx_type === 'NORMAL');
    const sum = (f: (h: Row) => number) => normalHeads.reduce((a, h) => a + f(h), 0);
    const total = {
      drv_gross_total: sum((h) => n(h.drv_gross_total)),
      discount_value: sum((h) => n(h.drv_gross_total) - n(h.drv_subtotal)),
      trx_discount_value: sum((h) => n(h.drv_total_discount_nominal)),
      drv_tax_value: sum((h) => n(h.drv_tax)),
      drv_service_charge_value: sum((h) => n(h.drv_total_service_charge)),
      drv_additional_charge_value: sum((h) => n(h.drv_total_additional_charge)),
      drv_grand_total: sum((h) => n(h.drv_grand_total)),
    };
    // the service part: its own lines' gross and discount, and its share (by line totals) of the rest
    const service = { ...total };
    for (const k of Object.keys(service) as (keyof typeof service)[]) service[k] = 0;
    for (const h of normalHeads) {
      const own = normal.filter(
        (d) => n(d.pos_sales_trx_head_id) === n(h.pos_sales_trx_head_id) && d.item_nature !== 'RETAIL',
      );
      const g = own.reduce((a, d) => a + n(d.gross_total), 0);
      const disc = own.reduce((a, d) => a + n(d.discount_total), 0);
      const lt = own.reduce((a, d) => a + n(d.line_total), 0);
      const share = (x: unknown) =>
        n(h.drv_subtotal) === 0 ? 0 : Math.round((n(x) * lt) / n(h.drv_subtotal));
      const parts = [
        share(h.drv_total_discount_nominal),
        share(h.drv_tax),
        share(h.drv_total_service_charge),
        share(h.drv_total_additional_charge),
      ];
      service.drv_gross_total += g;
      service.discount_value += disc;
      service.trx_discount_value += parts[0];
      service.drv_tax_value += parts[1];
      service.drv_service_charge_value += parts[2];
      service.drv_additional_charge_value += parts[3];
      service.drv_grand_total += g - disc - parts[0] + parts[1] + parts[2] + parts[3];
    }
    const retail = { ...total };
    for (const k of Object.keys(retail) as (keyof typeof retail)[]) retail[k] = total[k] - service[k];
    const pay = new Map<string, { trx: Set<number>; amount: number }>();
    for (const h of heads) {
      const own = payments.filter((p) => n(p.pos_sales_trx_head_id) === n(h.pos_sales_trx_head_id));
      const paid = own.reduce((a, p) => a + n(p.payment_amount), 0);
      const change = Math.max(0, paid - n(h.drv_grand_total));
      for (const p of own) {
        const name = p.payment_method_name as string;
        const v = pay.get(name) ?? { trx: new Set(), amount: 0 };
        v.trx.add(n(h.pos_sales_trx_head_id));
        v.amount += n(p.payment_amount);
        pay.set(name, v);
      }
      if (own.some((p) => p.payment_method_name === 'Cash')) {
        const cash = pay.get('Cash');
        if (cash) cash.amount -= change;
      }
    }
    return {
      service_items: itemSums(normal.filter((d) => d.item_nature !== 'RETAIL')),
      retail_items: itemSums(normal.filter((d) => d.item_nature === 'RETAIL')),
      items: itemSums(normal),
      coupons: itemSums(details.filter((d) => typeOf(d) === 'COUPON_SALES')),
      top_up_deposit_summary: count('TOP_UP_DEPOSIT'),
      membership_summary: count('MEMBERSHIP_SALES'),
      account_receivable_summary: count('ACCOUNT_RECEIVABLE'),
      trx_summary: total,
      service_trx_summary: service,
      retail_trx_summary: retail,
      payments: Object.fromEntries(
        [...pay].map(([name, v]) => [name, { trx_count: v.trx.size, payment_after_change_sum: v.amount }]),
      ),
    };
  }

  const itemsOf = (
    list: {
      pos_item_id: number;
      pos_item_variant_id: number;
      variant_price: number;
      qty: number;
      gross_total_sum: number;
    }[],
  ) =>
    Object.fromEntries(
      list
        .map(
          (r) =>
            [
              `${r.pos_item_id}/${r.pos_item_variant_id}/${r.variant_price}`,
              { qty: r.qty, gross: r.gross_total_sum },
            ] as const,
        )
        .sort(([a], [b]) => a.localeCompare(b)),
    );

  async function check(t: Tokens, groupBy: 'user' | 'outlet', userId: number | null) {
    const r = await get(t, query(groupBy));
    expect(r.statusCode, r.body).toBe(200);
    const data = settlementResponse.parse(r.json().data);
    const want = await expected(userId);
    expect(itemsOf(data.service_item_summary)).toEqual(want.service_items);
    expect(itemsOf(data.retail_item_summary)).toEqual(want.retail_items);
    expect(itemsOf(data.item_summary)).toEqual(want.items);
    expect(itemsOf(data.coupon_summary)).toEqual(want.coupons);
    expect(data.top_up_deposit_summary).toEqual(want.top_up_deposit_summary);
    expect(data.membership_summary).toEqual(want.membership_summary);
    expect(data.account_receivable_summary).toEqual(want.account_receivable_summary);
    expect(data.trx_summary).toEqual(want.trx_summary);
    expect(data.service_trx_summary).toEqual(want.service_trx_summary);
    expect(data.retail_trx_summary).toEqual(want.retail_trx_summary);
    expect(
      Object.fromEntries(
        data.payment_summary.map((p) => [
          p.payment_method_name,
          { trx_count: p.trx_count, payment_after_change_sum: p.payment_after_change_sum },
        ]),
      ),
    ).toEqual(want.payments);
    return data;
  }

  it("group_by=user: the signed-in cashier's completed sales in the period, every section equal to the rows' sums", async () => {
    const data = await check(ani, 'user', 9_501);
    // what the period holds for Ani: three NORMAL sales (the void and the earlier one left out)
    expect(data.item_summary.length).toBeGreaterThan(0);
    expect(data.retail_item_summary.length).toBeGreaterThan(0);
    expect(data.service_item_summary.length).toBeGreaterThan(0);
    expect(data.coupon_summary.length).toBeGreaterThan(0);
    expect(data.top_up_deposit_summary.trx_count).toBe(2);
    expect(data.membership_summary.trx_count).toBe(0);
    expect(data.account_receivable_summary.trx_count).toBe(1);
    expect(data.trx_summary.drv_service_charge_value).toBeGreaterThan(0);
    expect(data.trx_summary.drv_tax_value).toBeGreaterThan(0);
    // cash is net of its change: 10,000,000 was handed over, far less kept
    const cash = data.payment_summary.find((p) => p.payment_method_name === 'Cash');
    expect(cash?.payment_after_change_sum).toBeLessThan(10_000_000);
    // the split adds up to the whole in every figure
    for (const k of Object.keys(data.trx_summary) as (keyof typeof data.trx_summary)[])
      expect(data.service_trx_summary[k] + data.retail_trx_summary[k]).toBe(data.trx_summary[k]);
    // net = gross − discounts + charges + tax
    const t = data.trx_summary;
    expect(
      t.drv_gross_total -
        t.discount_value -
        t.trx_discount_value +
        t.drv_service_charge_value +
        t.drv_additional_charge_value +
        t.drv_tax_value,
    ).toBe(t.drv_grand_total);
    // the paid amounts after change are the sales' grand totals
    const paid = data.payment_summary.reduce((a, p) => a + p.payment_after_change_sum, 0);
    const grand = await rows(
      `SELECT coalesce(sum(drv_grand_total), 0) AS v FROM pos_sales_trx_heads
        WHERE business_user_id = 9501 AND trx_status_id = 3 AND trx_time >= $1`,
      [new Date(`${start.replace(' ', 'T')}+07:00`).toISOString()],
    );
    expect(paid).toBe(n(grand[0]?.v));
  });

  it('group_by=outlet: every cashier of the outlet', async () => {
    const data = await check(budi, 'outlet', null);
    expect(data.membership_summary.trx_count).toBe(1);
    const ani1 = settlementResponse.parse((await get(ani, query('user'))).json().data);
    expect(data.trx_summary.drv_grand_total).toBeGreaterThan(ani1.trx_summary.drv_grand_total);
    await check(budi, 'user', 9_502);
  });

  it("another outlet's cashier sees none of Kemang's sales; a period before the sales is empty", async () => {
    const r = await get(menteng, query('outlet'));
    expect(r.statusCode, r.body).toBe(200);
    const data = settlementResponse.parse(r.json().data);
    expect(data.item_summary).toEqual([]);
    expect(data.payment_summary).toEqual([]);
    expect(data.trx_summary.drv_grand_total).toBe(0);
    const empty = await get(ani, {
      ...query('user'),
      start_datetime: '2020-01-01 00:00:00',
      end_datetime: '2020-01-02 00:00:00',
    });
    expect(settlementResponse.parse(empty.json().data).trx_summary.drv_gross_total).toBe(0);
  });

  it('without CASHIER_SYSTEM: 403; without a session: 303', async () => {
    expect((await get(noCashier, query('user'))).statusCode).toBe(403);
    const anon = await s.app.inject({ method: 'GET', url: `/cashier/pos/settlement?group_by=user` });
    expect(anon.statusCode).toBe(303);
  });

  it('bad input: 400 with a message naming the field, never 500', async () => {
    const cases: [Record<string, string>, string, string | undefined][] = [
      [{ ...query('user'), group_by: 'brand' }, SETTLEMENT_MESSAGES.badGroupBy, 'group_by'],
      [{ ...query('user'), start_datetime: 'kemarin' }, SETTLEMENT_MESSAGES.badStart, 'start_datetime'],
      [
        { ...query('user'), start_datetime: '2026-02-30 00:00:00' },
        SETTLEMENT_MESSAGES.badStart,
        'start_datetime',
      ],
      [{ ...query('user'), end_datetime: '2026-11-22 25:00:00' }, SETTLEMENT_MESSAGES.badEnd, 'end_datetime'],
      [
        { ...query('user'), start_datetime: '2026-11-23 00:00:00', end_datetime: '2026-11-22 00:00:00' },
        SETTLEMENT_MESSAGES.badOrder,
        'start_datetime',
      ],
      [
        { ...query('user'), start_datetime: '2026-01-01 00:00:00', end_datetime: '2026-11-22 00:00:00' },
        SETTLEMENT_MESSAGES.tooLong,
        'end_datetime',
      ],
      [{ group_by: 'user' }, SETTLEMENT_MESSAGES.badStart, 'start_datetime'],
      [{ ...query('user'), start_datetime: 'x'.repeat(500) }, SETTLEMENT_MESSAGES.badStart, 'start_datetime'],
      [
        { ...query('user'), start_datetime: '99999-01-01 00:00:00' },
        SETTLEMENT_MESSAGES.badStart,
        'start_datetime',
      ],
    ];
    for (const [q, message, field] of cases) {
      const r = await get(ani, q);
      expect([q, r.statusCode], r.body).toEqual([q, 400]);
      const body = errorEnvelope.parse(r.json());
      expect([q, body.error.message, body.error.field]).toEqual([q, message, field]);
    }
    const arr = await call(s.app, ani, {
      method: 'GET',
      url: '/cashier/pos/settlement?group_by=user&group_by=outlet',
    });
    expect(arr.statusCode).toBe(400);
    expect(errorEnvelope.parse(arr.json()).error.message).toBeTruthy();
    expect(API_MESSAGES.invalidInput).toBeTruthy();
  });
}
