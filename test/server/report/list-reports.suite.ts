// Expired coupons, omzet recap and customer birthdays (002 §2.17–2.19, §6, §7) on PGlite (list-reports.test.ts)
// and PostgreSQL (list-reports.pg.test.ts). Figures are computed here from the stored rows in plain code; each
// report's flag is enforced; another brand's customers and another outlet's sales never show.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { birthdayRow, expiredCouponRow, omzetRow } from '../../../src/api/contract/report';
import { addDays, formatOutletStamp } from '../../../src/domain/time-wall';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, sale, submit } from '../pos/fixtures';

type Row = Record<string, unknown>;
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));
const n = (v: unknown) => Number(v ?? 0);
const local = (p: unknown) =>
  String(p ?? '')
    .replace(/\D/g, '')
    .replace(/^62/, '')
    .replace(/^0+/, '');

export function listReportsSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let none: Tokens;
  let today: string;
  const rows = (text: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<Row>(text, params));
  const get = (t: Tokens, path: string, q: Record<string, string>) =>
    call(s.app, t, { method: 'GET', url: `/cashier/${path}?${new URLSearchParams(q).toString()}` });

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await userWithFlags(s, 9_801, allFlags(), { outletIds: [1, 2] });
    none = await userWithFlags(
      s,
      9_802,
      allFlags(['EXPIRED_COUPON', 'OMZET_RECAPITULATION', 'CUSTOMER_BIRTHDAY']),
    );
    const config = await outletConfig(s.app, owner, 1);
    await outletConfig(s.app, none, 1);
    const now = s.clock.now();
    today = formatOutletStamp(now).slice(0, 10);
    const service = config.pos_items.find(
      (i) =>
        i.item_nature === 'SERVICE' &&
        Number(i.is_package ?? 0) === 0 &&
        Number(i.pos_item_variants[0]?.variant_price ?? 0) > 0,
    );
    if (!service) throw new Error('no service item');
    const inDay = { trx_time: formatOutletStamp(new Date(now.getTime() - 60_000)) };
    for (const trx of [
      sale(config, [line(config, service.pos_item_id, 2), line(config, RETAIL, 3)], { extra: inDay }),
      sale(config, [line(config, RETAIL, 1)], { extra: inDay }),
    ]) {
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  it('omzet recap: service, retail, cost and the fees of today equal a plain sum of the stored lines', async () => {
    const r = await get(owner, 'omzet-recapitulation', { start_date: today, end_date: today });
    expect(r.statusCode, r.body).toBe(200);
    const got = omzetRow.array().parse(r.json().data);
    const lines = await rows(
      `SELECT d.*, h.trx->'details'->(d.line_no - 1)->'itemMeta'->'pos_item_variants'->0->>'variant_cost' AS cost
       FROM pos_sales_trx_details d JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id)
       WHERE h.business_outlet_id = 1 AND h.trx_status_id = 3 AND h.trx_type = 'NORMAL'`,
    );
    const net = (d: Row) => n(d.line_total) - n(d.global_discount_share);
    const service = lines.filter((d) => d.item_nature !== 'RETAIL').reduce((a, d) => a + net(d), 0);
    const retail = lines.filter((d) => d.item_nature === 'RETAIL').reduce((a, d) => a + net(d), 0);
    const cost = lines.reduce((a, d) => a + n(d.qty) * n(d.cost), 0);
    const omzet = service + retail;
    expect(got).toEqual([
      {
        trx_date: today,
        service_total_commission: service,
        retail_total_commission: retail,
        drv_omzet: omzet,
        drv_variant_cost: cost,
        royalty_fee: Math.round(omzet * 0.09),
        marketing_fee: Math.round(omzet * 0.01),
        total_fee: Math.round(omzet * 0.09) + Math.round(omzet * 0.01),
        net_value: omzet - cost - Math.round(omzet * 0.09) - Math.round(omzet * 0.01),
      },
    ]);
    expect(service).toBeGreaterThan(0);
    expect(retail).toBeGreaterThan(0);
    // Menteng's recap has none of Kemang's sales
    await outletConfig(s.app, owner, 2);
    const m = await get(owner, 'omzet-recapitulation', { start_date: today, end_date: today });
    expect(omzetRow.array().parse(m.json().data)).toEqual([]);
    await outletConfig(s.app, owner, 1);
  });

  it("customer birthdays: the brand's customers born on a day of the period, with the age they turn", async () => {
    const end = addDays(today, 30);
    const r = await get(owner, 'customer-birthday', { start_date: today, end_date: end });
    expect(r.statusCode, r.body).toBe(200);
    const got = birthdayRow.array().parse(r.json().data);
    const customers = await rows(
      `SELECT user_code, user_phone, user_birth_date::text AS b FROM customers WHERE business_id = 1 AND user_birth_date IS NOT NULL`,
    );
    const want = customers.filter((c) => {
      const md = String(c.b).slice(5, 10);
      for (let d = today; d <= end; d = addDays(d, 1)) if (d.slice(5, 10) === md) return true;
      return false;
    });
    expect(got.map((g) => g.user_code).sort()).toEqual(want.map((c) => String(c.user_code)).sort());
    expect(got.length).toBeGreaterThan(0);
    for (const g of got) {
      const c = customers.find((x) => x.user_code === g.user_code) as Row;
      expect(g.user_phone).toBe(local(c.user_phone));
      expect(g.user_phone.startsWith('0')).toBe(false);
      expect(g.user_age).toBe(Number(g.birthday.slice(0, 4)) - Number(String(c.b).slice(0, 4)));
    }
  });

  it('expired coupons: coupons ending in the period with some left, days left from today', async () => {
    const start = addDays(today, -400);
    const end = addDays(today, 300);
    const r = await get(owner, 'coupon-expired', { start_date: addDays(today, -365), end_date: today });
    expect(r.statusCode, r.body).toBe(200);
    const got = expiredCouponRow.array().parse(r.json().data);
    const coupons = await rows(
      `SELECT cu.coupon_user_id, cu.expired_date::text AS e, (SELECT sum(qty) FROM coupon_user_ledger l
         WHERE l.coupon_user_id = cu.coupon_user_id) AS qty
       FROM coupon_users cu JOIN customers c USING (customer_id) WHERE c.business_id = 1`,
    );
    const want = coupons.filter(
      (c) =>
        String(c.e).slice(0, 10) >= addDays(today, -365) && String(c.e).slice(0, 10) <= today && n(c.qty) > 0,
    );
    expect(got.map((g) => g.coupon_user_id).sort()).toEqual(want.map((c) => n(c.coupon_user_id)).sort());
    expect(got.length).toBeGreaterThan(0);
    for (const g of got) {
      const days = Math.round((Date.parse(g.end_date) - Date.parse(today)) / 86_400_000);
      expect(g.num_of_days).toBe(days);
      expect(g.coupon_name.length).toBeGreaterThan(0);
    }
    expect(start < end).toBe(true);
  });

  it('each report needs its own flag (403)', async () => {
    for (const path of ['coupon-expired', 'omzet-recapitulation', 'customer-birthday']) {
      const r = await get(none, path, { start_date: today, end_date: today });
      expect(r.statusCode, path).toBe(403);
    }
    const bad = await get(owner, 'customer-birthday', { start_date: today, end_date: '2020-01-01' });
    expect(bad.statusCode).toBe(400);
  });
}
