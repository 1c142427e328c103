// Authorization matrix (issue 11, "Done when"): every route × role flag × outlet × brand. A second brand
// (a test fixture: brand 2, outlet 901, its own owner and customer) sits beside the demo. Every route
// without a session answers 303; without the flags it declares, 403; a user of another outlet or brand
// is refused the data of Kemang's sale, saved transaction and customer, and changes nothing.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { businessUserOutlets, businessUsers, userGroups } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { outletDate } from '../../../src/domain/history';
import { formatOutletStamp } from '../../../src/domain/time-wall';
import { userWithFlags } from '../customer/fixtures';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { line, outletConfig, RETAIL, sale, submit } from '../pos/fixtures';

const KEMANG_CUSTOMER = 'SB26000001';
export const BRAND2 = {
  business_id: 2,
  outlet: 901,
  group: 901,
  user: 901,
  email: 'owner@brand-dua.test',
  customer: 'BD00000001',
};
const allFlags = (denied: readonly string[] = []) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

/** Brand 2: a copy of brand 1's settings with its own outlet, owner (every flag) and customer. */
export async function secondBrand(s: TestServer): Promise<Tokens> {
  await s.database.query(
    `INSERT INTO businesses SELECT $1, 'Brand Dua', 'brand-dua', brand_logo, currency_code, qty_decimal_length, settings, created_at
       FROM businesses WHERE business_id = 1`,
    [BRAND2.business_id],
  );
  await s.database.query(
    `INSERT INTO outlets SELECT $1, $2, 'Brand Dua Bandung', outlet_address, outlet_phone, settings, created_at
       FROM outlets WHERE business_outlet_id = 1`,
    [BRAND2.outlet, BRAND2.business_id],
  );
  await s.database.db.insert(userGroups).values({
    business_user_group_id: BRAND2.group,
    business_id: BRAND2.business_id,
    group_name: 'Owner Dua',
    auth_role_accesses: allFlags(),
    is_void_allowed: 1,
  });
  await s.database.db.insert(businessUsers).values({
    business_user_id: BRAND2.user,
    business_id: BRAND2.business_id,
    email: BRAND2.email,
    password_hash: await hashPassword(DEMO_PASSWORD),
    firstname: 'Pemilik',
    lastname: 'Dua',
    business_user_group_id: BRAND2.group,
    is_supervisor: true,
    is_active: true,
    created_at: s.clock.now(),
  });
  await s.database.db
    .insert(businessUserOutlets)
    .values({ business_user_id: BRAND2.user, business_outlet_id: BRAND2.outlet });
  await s.database.query(
    `INSERT INTO customers (business_id, user_code, user_name, user_phone, user_email, user_email_notification, is_signed_up, extra, created_at, updated_at)
     VALUES ($1, $2, 'Pelanggan Dua', '081299990001', 'dua@brand-dua.test', 0, 0, '{}', now(), now())`,
    [BRAND2.business_id, BRAND2.customer],
  );
  return signIn(s.app, BRAND2.email);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const concrete = (url: string) => url.replace(/:\w+/g, 'x');

export function matrixSuite(backend: Backend): void {
  let s: TestServer;
  let app: FastifyInstance;
  let kemang: Tokens;
  let menteng: Tokens;
  let brand2: Tokens;
  let trx: ReturnType<typeof sale>;
  let headId: number;
  const savedId = randomUUID();
  beforeAll(async () => {
    s = await startTestServer(backend);
    app = s.app;
    kemang = await userWithFlags(s, 9_201, allFlags(), { isSupervisor: true, outletIds: [1] });
    menteng = await userWithFlags(s, 9_202, allFlags(), { isSupervisor: true, outletIds: [2] });
    brand2 = await secondBrand(s);
    const config = await outletConfig(app, kemang, 1);
    trx = sale(config, [line(config, RETAIL)], { customer: { user_code: KEMANG_CUSTOMER } });
    const r = await submit(app, kemang, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    headId = r.json().data[0].pos_sales_trx_head_id;
    const saved = await call(app, kemang, {
      method: 'POST',
      url: '/cashier/pos-sales-trx-archive',
      payload: { trx: { ...trx, local_trx_id: savedId, trx_status_id: 1 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const closedRoutes = () => app.routeTable.filter((r) => !r.isPublic && r.method !== 'HEAD');

  it('every closed route: 303 without a session', async () => {
    const routes = closedRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const method = r.method as Method;
      const res = await app.inject({
        method,
        url: concrete(r.url),
        payload: method === 'GET' ? undefined : {},
      });
      expect([`${r.method} ${r.url}`, res.statusCode]).toEqual([`${r.method} ${r.url}`, 303]);
    }
  });

  it('every route declaring flags: 403 without them (any of `roles`, each of `allRoles`), not 403 with them', {
    timeout: 240_000,
  }, async () => {
    const users = new Map<string, Tokens>();
    let nextId = 9_300;
    const userLacking = async (denied: readonly string[]) => {
      const key = [...denied].sort().join(',');
      if (!users.has(key))
        users.set(key, await userWithFlags(s, nextId++, allFlags(denied), { outletIds: [1] }));
      return users.get(key) as Tokens;
    };
    let checked = 0;
    for (const r of closedRoutes()) {
      const method = r.method as Method;
      const at = `${r.method} ${r.url}`;
      const payload = method === 'GET' ? undefined : {};
      const deniedSets = [...(r.roles.length ? [r.roles] : []), ...r.allRoles.map((f) => [f])];
      for (const denied of deniedSets) {
        const res = await call(app, await userLacking(denied), { method, url: concrete(r.url), payload });
        expect([at, denied, res.statusCode]).toEqual([at, denied, 403]);
        checked++;
      }
      // the brand export answers its owner only, whatever the flags: Kemang's all-flags cashier is refused
      if (r.url === '/cashier/brand-export') {
        const res = await call(app, kemang, { method, url: `${r.url}?format=json`, payload });
        expect([at, res.statusCode]).toEqual([at, 403]);
        continue;
      }
      // every flag on: never 403 (the route's own checks may refuse the empty input otherwise)
      if (r.url !== '/cashier/pos/auth/sign-out') {
        const res = await call(app, kemang, { method, url: concrete(r.url), payload });
        expect([at, res.statusCode]).not.toEqual([at, 403]);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("another outlet's or brand's user: Kemang's sale, saved transaction and customer are refused", async () => {
    const id = trx.local_trx_id;
    for (const [who, t] of [
      ['menteng', menteng],
      ['brand 2', brand2],
    ] as const) {
      const refused: [string, Method, string, unknown][] = [
        ['sale', 'GET', `/cashier/pos-trx/${id}`, undefined],
        ['history copy', 'GET', `/cashier/pos-trx-history/${id}`, undefined],
        ['void', 'POST', `/cashier/pos-trx/void/${headId}`, { password: DEMO_PASSWORD, reason: 'uji' }],
        ['receipt', 'POST', '/cashier/pos/receipt-send', { local_trx_id: id, receipt_type: 'text' }],
        ['post-edit', 'PUT', '/cashier/pos-trx-detail', { edit_session_id: randomUUID(), input_data: trx }],
        ['saved download', 'GET', `/cashier/pos-sales-trx-archive/${savedId}`, undefined],
        ['outlet', 'GET', '/cashier/config?outlet_id=1', undefined],
        // inventory (issue 13): Kemang's storage locations are not another outlet's or brand's
        [
          'stock in',
          'POST',
          '/cashier/inventory/inventory-in',
          {
            local_trx_id: randomUUID(),
            inv_sloc_id: 31,
            items: [{ pos_item_variant_id: 10721, qty: 1, bad_qty: 0 }],
          },
        ],
        [
          'stock out',
          'POST',
          '/cashier/inventory/inventory-out',
          {
            local_trx_id: randomUUID(),
            trx_type: 'TO_BAD_STOCK',
            inv_sloc_id: 31,
            items: [{ pos_item_variant_id: 10721, qty: 1 }],
          },
        ],
        [
          'transfer out',
          'POST',
          '/cashier/inventory/transfer-out',
          {
            local_trx_id: randomUUID(),
            source_inv_sloc_id: 31,
            target_inv_sloc_id: 32,
            items: [{ pos_item_variant_id: 10721, qty: 1 }],
          },
        ],
      ];
      for (const [what, method, url, payload] of refused) {
        const res = await call(app, t, { method, url, payload: payload as object });
        expect([who, what, res.statusCode >= 400 && res.statusCode < 500]).toEqual([who, what, true]);
      }
      const list = await call(app, t, { method: 'GET', url: '/cashier/pos-sales-trx-archive' });
      expect(JSON.stringify(list.json().data)).not.toContain(savedId);
      const day = outletDate(s.clock.now());
      const history = await call(app, t, {
        method: 'GET',
        url: `/cashier/pos-trx-history?start_date=${day}&end_date=${day}&num_of_rows=50&start_row=0`,
      });
      expect([who, history.statusCode, JSON.stringify(history.json().data)]).toEqual([
        who,
        200,
        JSON.stringify({ trxs: [], total_trx_count: 0 }),
      ]);
      // the outlet's settlement (issue 12) reads the session's own outlet: Kemang's sale is not in it
      const today = await call(app, t, {
        method: 'GET',
        url: `/cashier/pos/settlement?start_datetime=${encodeURIComponent(formatOutletStamp(new Date(Date.now() - 86_400_000)))}&end_datetime=${encodeURIComponent(formatOutletStamp(new Date(Date.now() + 86_400_000)))}&group_by=outlet`,
      });
      expect([who, today.statusCode, today.json().data?.item_summary]).toEqual([who, 200, []]);
      // a delete of another outlet's saved transaction removes nothing (checked below)
      await call(app, t, { method: 'DELETE', url: `/cashier/pos-sales-trx-archive/${savedId}` });
    }
    // stock out is read brand-wide today (server/services/pos/inventory-out.ts): another brand sees nothing
    const out = await call(app, brand2, { method: 'GET', url: `/cashier/inventory/inventory-out/${id}` });
    expect(out.json().data).toEqual({ sales: [], consumptions: [], ingredients: [] });
    // brand 2 cannot find brand 1's customer, and brand 1 cannot find brand 2's
    const lookup = (t: Tokens, code: string) =>
      call(app, t, {
        method: 'POST',
        url: '/cashier/pos/user',
        payload: { user_identifier_type: 'code', user_identifier_string: code },
      });
    expect((await lookup(brand2, KEMANG_CUSTOMER)).statusCode).toBe(400);
    expect((await lookup(kemang, BRAND2.customer)).statusCode).toBe(400);
    const search = await call(app, brand2, {
      method: 'GET',
      url: `/cashier/pos/user-search?keyword=${KEMANG_CUSTOMER}`,
    });
    expect(search.json().data.users).toEqual([]);
    const search1 = await call(app, kemang, {
      method: 'GET',
      url: '/cashier/pos/user-search?keyword=Pelanggan%20Dua',
    });
    expect(search1.json().data.users).toEqual([]);
    // receivables (issue 12) are the brand's: brand 2 lists none of brand 1's and cannot name its customer
    const arList = await call(app, brand2, { method: 'GET', url: '/cashier/account-receivable' });
    expect(arList.json().data).toEqual([]);
    const arUser = await call(app, brand2, {
      method: 'GET',
      url: `/cashier/user-account-receivables?user_id=${KEMANG_CUSTOMER}`,
    });
    expect(arUser.statusCode).toBe(400);
    // nothing changed: the sale is not voided, the saved transaction still Kemang's
    const stored = await call(app, kemang, { method: 'GET', url: `/cashier/pos-trx/${trx.local_trx_id}` });
    expect(stored.json().data.trx_status_id).toBe(3);
    const list = await call(app, kemang, { method: 'GET', url: '/cashier/pos-sales-trx-archive' });
    expect(JSON.stringify(list.json().data)).toContain(savedId);
  });
}
