// Issue 14, ruling 18: coupons through cashier/pos-trx. A coupon sale issues coupon_user rows (quantity,
// start date as set or defaulted, expiry by the coupon's validity, notes); a sale using a coupon consumes one;
// each exactly once under repeats and concurrent duplicates, the last coupon used from two tills at once
// taken by one only, an expired or another customer's coupon refused with the specification's message, the
// coupon's discount the server's own, and a void reversing both.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { AGENT_COUPON_DEMO_CUSTOMER } from '../../../server/db/demo/redeem';
import { outletToday } from '../../../server/services/customer-lookup';
import { lockCouponUse, writeCouponUse } from '../../../server/services/pos/coupon';
import { couponSchema } from '../../../src/domain/model';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { addDays } from '../../../src/domain/time-wall';
import { couponAsItem } from '../../../src/domain/transaction-rules';
import {
  type Backend,
  call,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { expectError } from './sales.suite';

type Doc = Record<string, unknown>;

export function couponSuite(backend: Backend, opts: { race?: boolean } = {}): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig & { coupons: Doc[]; coupon_groups: Doc[] };
  let demo: ReturnType<typeof demoBusiness>;
  let today: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = (await outletConfig(s.app, owner, 1)) as typeof kemang;
    demo = demoBusiness(s.clock.now());
    today = outletToday(s.clock.now()).date;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const query = <T extends Record<string, unknown>>(text: string, params: unknown[]) =>
    s.database.query<T>(text, params);
  const customerId = async (userCode: string) =>
    Number(
      (
        await query<{ id: string }>('SELECT customer_id AS id FROM customers WHERE user_code = $1', [
          userCode,
        ])
      )[0].id,
    );
  /** coupon_users rows a sale issued, with what is left of each */
  const issued = (localTrxId: string) =>
    query<{
      coupon_id: number;
      start_date: string;
      expired_date: string;
      coupon_notes: string | null;
      left: number;
    }>(
      `SELECT cu.coupon_id, cu.start_date::text, cu.expired_date::text, cu.coupon_notes,
         (SELECT coalesce(sum(qty), 0)::int FROM coupon_user_ledger l WHERE l.coupon_user_id = cu.coupon_user_id) AS left
       FROM coupon_users cu WHERE cu.ref_local_trx_id = $1 ORDER BY cu.coupon_id`,
      [localTrxId],
    );
  const left = async (couponUserId: number) =>
    Number(
      (
        await query<{ n: string }>(
          'SELECT coalesce(sum(qty), 0)::text AS n FROM coupon_user_ledger WHERE coupon_user_id = $1',
          [couponUserId],
        )
      )[0].n,
    );
  const ledgerRows = async (localTrxId: string) =>
    Number(
      (
        await query<{ n: string }>(
          'SELECT count(*)::text AS n FROM coupon_user_ledger WHERE ref_local_trx_id = $1',
          [localTrxId],
        )
      )[0].n,
    );
  /** A coupon_user of `qty` for a customer, valid from `start` to `end`. */
  const give = async (
    userCode: string,
    couponId: number,
    qty: number,
    start = today,
    end = addDays(today, 30),
  ) => {
    const [cu] = await query<{ id: string }>(
      `INSERT INTO coupon_users (customer_id, coupon_id, start_date, expired_date, source, created_at)
       VALUES ($1, $2, $3::date, $4::date, 'test', now()) RETURNING coupon_user_id AS id`,
      [await customerId(userCode), couponId, start, end],
    );
    await query(
      `INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, created_at) VALUES ($1, 'test', $2, now())`,
      [cu.id, qty],
    );
    return Number(cu.id);
  };

  const couponLine = (couponId: number, qty = 1, extra: Doc = {}): Doc => {
    const c = couponSchema.parse(kemang.coupons.find((x) => Number(x.coupon_id) === couponId));
    return {
      local_trx_detail_id: randomUUID(),
      itemMeta: couponAsItem(c),
      pos_item_id: 0,
      pos_item_variant_id: 1,
      qty,
      ...extra,
    };
  };
  const groupLine = (groupId: number, qty = 1): Doc => {
    const g = kemang.coupon_groups.find((x) => Number(x.coupon_group_id) === groupId) as Doc;
    return {
      local_trx_detail_id: randomUUID(),
      itemMeta: {
        pos_item_id: 0,
        item_name: g.coupon_group_name,
        pos_item_category_id: g.coupon_category_id,
        coupon_meta: { coupon_id: null, coupon_category_id: g.coupon_category_id },
        coupon_group: g,
        pos_item_variants: [{ pos_item_variant_id: 1, variant_price: g.coupon_group_price }],
      },
      pos_item_id: 0,
      pos_item_variant_id: 1,
      qty,
    };
  };
  const couponSale = (userCode: string | null, lines: Doc[]) =>
    sale(kemang, lines, {
      customer: userCode ? { user_code: userCode } : null,
      extra: { trx_type: 'COUPON_SALES', trx_name: 'Kirim/Jual Kupon' },
    });
  /** A sale of item 1001 (the free haircut of coupon 801) using the coupon, plus a retail line. */
  const usingSale = (userCode: string, couponUserId: number, couponItem?: Doc) => {
    const c = kemang.coupons.find((x) => Number(x.coupon_id) === 801) as Doc;
    const link = (couponItem ?? (c.coupon_item as Doc)) as Doc;
    return sale(kemang, [{ ...line(kemang, 1001), coupon: { pos_item_id: 1001 } }, line(kemang, 1072)], {
      customer: { user_code: userCode },
      extra: {
        coupon: {
          coupon_code: String(couponUserId),
          coupon_item: { ...link, coupon_code: String(couponUserId) },
        },
      },
    });
  };
  const post = (trx: Doc) => submit(s.app, owner, [trx]);
  const ok = async (trx: Doc) => {
    const r = await post(trx);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data[0] as { pos_sales_trx_head_id: number };
  };
  const voidSale = async (headId: number) => {
    const r = await call(s.app, owner, {
      method: 'POST',
      url: `/cashier/pos-trx/void/${headId}`,
      payload: { password: DEMO_PASSWORD, reason: 'salah input' },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  if (!opts.race) {
    it('a coupon sale issues each coupon once: validity, notes, a group its coupons, a manual start date', async () => {
      const c = demo.customers[1].user_code; // holds no coupon
      const start = addDays(today, 7);
      const trx = couponSale(c, [
        couponLine(805, 2, { coupon_notes: 'hadiah ulang tahun' }),
        groupLine(862),
        couponLine(806, 1, { coupon_activation_date: start }),
      ]);
      await ok(trx);
      const rows = await issued(trx.local_trx_id);
      expect(rows).toEqual([
        // Paket Kupon Relaksasi: 3 × 804 and 2 × 802 (validity 90 days)
        { coupon_id: 802, start_date: today, expired_date: addDays(today, 89), coupon_notes: null, left: 2 },
        { coupon_id: 804, start_date: today, expired_date: addDays(today, 89), coupon_notes: null, left: 3 },
        {
          coupon_id: 805,
          start_date: today,
          expired_date: addDays(today, 59),
          coupon_notes: 'hadiah ulang tahun',
          left: 2,
        },
        { coupon_id: 806, start_date: start, expired_date: addDays(start, 29), coupon_notes: null, left: 1 },
      ]);
      // a repeat writes nothing; two at once neither
      await ok(trx);
      await Promise.all([post(trx), post(trx)]);
      expect(await issued(trx.local_trx_id)).toEqual(rows);
      expect(await ledgerRows(trx.local_trx_id)).toBe(4);
      // a second sale of coupon 805: it starts the day after the one the customer holds
      const next = couponSale(c, [couponLine(805)]);
      await ok(next);
      expect((await issued(next.local_trx_id))[0]).toMatchObject({
        start_date: addDays(today, 60),
        expired_date: addDays(today, 119),
      });
      // a void takes the issued coupons back (new entries, nothing edited)
      const head = Number(
        (
          await query<{ id: string }>(
            'SELECT pos_sales_trx_head_id AS id FROM pos_sales_trx_heads WHERE local_trx_id = $1',
            [trx.local_trx_id],
          )
        )[0].id,
      );
      await voidSale(head);
      expect((await issued(trx.local_trx_id)).map((r) => r.left)).toEqual([0, 0, 0, 0]);
      expect(await ledgerRows(trx.local_trx_id)).toBe(8);
    });

    it("a coupon sale is refused without a customer, without coupons, at a price not the catalogue's", async () => {
      expectError(
        await post(couponSale(null, [couponLine(801)])),
        400,
        SALE_MESSAGES.couponSalesNoCustomer,
        'trxs.0.customer',
      );
      expectError(
        await post(couponSale(demo.customers[1].user_code, [])),
        400,
        SALE_MESSAGES.couponSalesNoCoupon,
      );
      const cheap = couponLine(801);
      (cheap.itemMeta as { pos_item_variants: Doc[] }).pos_item_variants = [
        { pos_item_variant_id: 1, variant_price: 1000 },
      ];
      const r = await post(couponSale(demo.customers[1].user_code, [cheap]));
      expect(r.statusCode).toBe(400);
    });

    it("a sale using a coupon consumes one, once, discounted by the server's link; a void gives it back", async () => {
      const c = demo.customers[2].user_code;
      const id = await give(c, 801, 2);
      const trx = usingSale(c, id);
      const first = await ok(trx);
      expect(await left(id)).toBe(1);
      // the free haircut is free: the line's discount is the whole price
      const [d] = await query<{ discount_total: string; gross_total: string; item_discount_type: string }>(
        `SELECT d.discount_total::text, d.gross_total::text, d.item_discount_type FROM pos_sales_trx_details d
         JOIN pos_sales_trx_heads h USING (pos_sales_trx_head_id) WHERE h.local_trx_id = $1 AND d.pos_item_id = 1001`,
        [trx.local_trx_id],
      );
      expect(Number(d.discount_total)).toBe(Number(d.gross_total));
      expect(d.item_discount_type).toBe('coupon');
      await ok(trx);
      await Promise.all([post(trx), post(trx)]);
      expect(await left(id)).toBe(1);
      expect(await ledgerRows(trx.local_trx_id)).toBe(1);
      await voidSale(first.pos_sales_trx_head_id);
      expect(await left(id)).toBe(2);
    });

    it('an agent coupon (demo AGT-SHP-0101): listed, used in a sale once, listed again after the void', async () => {
      const ayu = AGENT_COUPON_DEMO_CUSTOMER;
      const list = async () => {
        const r = await call(s.app, owner, {
          method: 'GET',
          url: `/cashier/pos/coupon-agent-redeem/transaction/list?user_code=${ayu}`,
        });
        expect(r.statusCode, r.body).toBe(200);
        return r.json().data as {
          pos_trx_code: string;
          agent_code: string;
          coupon_user_id: number;
          qty: number;
        }[];
      };
      const before = await list();
      expect(before.map((a) => a.pos_trx_code).sort()).toEqual(['AGT-SHP-0101', 'AGT-TKP-0102']);
      const shp = before.find((a) => a.pos_trx_code === 'AGT-SHP-0101');
      expect(shp).toMatchObject({ agent_code: 'SHOPEE', qty: 1, coupon_detail: { coupon_id: 801 } });
      const id = Number(shp?.coupon_user_id);
      const trx = usingSale(ayu, id);
      const [a, b] = await Promise.all([post(trx), post(trx)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await left(id)).toBe(0);
      expect((await list()).map((x) => x.pos_trx_code)).toEqual(['AGT-TKP-0102']);
      // a second sale using the fulfilled agent coupon is refused
      expectError(await post(usingSale(ayu, id)), 400, SALE_MESSAGES.couponInvalid);
      // another customer cannot list it
      const other = await call(s.app, owner, {
        method: 'GET',
        url: `/cashier/pos/coupon-agent-redeem/transaction/list?user_code=${demo.customers[2].user_code}`,
      });
      expect(other.json().data).toEqual([]);
      await voidSale(a.json().data[0].pos_sales_trx_head_id);
      expect(await left(id)).toBe(1);
      expect((await list()).map((x) => x.pos_trx_code).sort()).toEqual(['AGT-SHP-0101', 'AGT-TKP-0102']);
    });

    it("refuses an expired, not yet started, used-up, unknown or another customer's coupon: Kupon tidak valid.", async () => {
      const c = demo.customers[3].user_code;
      const other = demo.customers[4].user_code;
      const expired = await give(c, 801, 1, addDays(today, -40), addDays(today, -1));
      const future = await give(c, 801, 1, addDays(today, 3), addDays(today, 40));
      const usedUp = await give(c, 801, 0);
      const foreign = await give(other, 801, 1);
      for (const id of [expired, future, usedUp, foreign, 999_999_999]) {
        const trx = usingSale(c, id);
        expectError(await post(trx), 400, SALE_MESSAGES.couponInvalid);
        expect(await ledgerRows(trx.local_trx_id)).toBe(0);
      }
      expect(await left(foreign)).toBe(1);
    });

    it('the device cannot widen a coupon: its own link is ignored, its lines must be what the link allows', async () => {
      const c = demo.customers[5].user_code;
      const id = await give(c, 801, 3);
      // the device claims 100% off everything: the server prices with its link and the totals differ
      const widened = usingSale(c, id, {
        pos_link_type: 'discount',
        discount_percentage: 100,
        max_discount_value: null,
      });
      const r = await post(widened);
      expect(r.statusCode).toBe(400);
      // a coupon line of another item
      const wrongItem = sale(kemang, [{ ...line(kemang, 1072), coupon: { pos_item_id: 1072 } }], {
        customer: { user_code: c },
        extra: {
          coupon: {
            coupon_code: String(id),
            coupon_item: (kemang.coupons.find((x) => x.coupon_id === 801) as Doc).coupon_item,
          },
        },
      });
      expectError(await post(wrongItem), 400, SALE_MESSAGES.couponInvalid, 'trxs.0.details.0');
      // two free haircuts on a coupon of one
      const two = usingSale(c, id);
      (two.details as Doc[])[0].qty = 2;
      const twice = sale(kemang, two.details as Doc[], {
        customer: { user_code: c },
        extra: { coupon: two.coupon },
      });
      expectError(await post(twice), 400, SALE_MESSAGES.qtyAboveMax(1), 'trxs.0.details.0');
      expect(await left(id)).toBe(3);
    });
  }

  if (opts.race)
    it('a till using a coupon whose last use another till holds waits for it, then is refused', async () => {
      const c = demo.customers[8].user_code;
      const id = await give(c, 801, 1);
      const cid = await customerId(c);
      // till A: the coupon locked and its use written, not yet committed
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let locked = () => {};
      const holding = new Promise<void>((r) => {
        locked = r;
      });
      const tillA = s.database.db.transaction(async (tx) => {
        await lockCouponUse(tx, { couponUserId: id, customerId: cid, today });
        await writeCouponUse(tx, { couponUserId: id, localTrxId: randomUUID(), now: new Date() });
        locked();
        await gate;
      });
      await holding;
      // till B: must wait on A's row lock (never read the balance A is about to spend)
      const tillB = post(usingSale(c, id));
      const waiting = (async () => {
        for (;;) {
          const [w] = await query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query LIKE '%FROM coupon_users%'`,
            [],
          );
          if (Number(w.n) > 0) return 'waiting' as const;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const first = await Promise.race([waiting, tillB.then(() => 'answered' as const)]);
      expect(first).toBe('waiting');
      release();
      await tillA;
      expectError(await tillB, 400, SALE_MESSAGES.couponInvalid);
      expect(await left(id)).toBe(0);
    });

  it('the last coupon used from two tills at the same moment: one sale takes it, the other is refused', async () => {
    const c = demo.customers[7].user_code;
    const id = await give(c, 801, 1);
    const [a, b] = await Promise.all([post(usingSale(c, id)), post(usingSale(c, id))]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 400]);
    expectError(a.statusCode === 400 ? a : b, 400, SALE_MESSAGES.couponInvalid);
    expect(await left(id)).toBe(0);
    expect(
      Number(
        (
          await query<{ n: string }>(
            "SELECT count(*)::text AS n FROM coupon_user_ledger WHERE coupon_user_id = $1 AND entry_type = 'coupon_use'",
            [id],
          )
        )[0].n,
      ),
    ).toBe(1);
  });
}
