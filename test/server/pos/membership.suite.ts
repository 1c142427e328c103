// Issue 14: 'Jual Membership' (MEMBERSHIP_SALES, ruling 19) through cashier/pos-trx: a start today or an
// extension from the day after the current valid_until, priced by the server's catalogue, one period per sale
// under repeats and concurrent duplicates, the refusals with the specification's messages (nothing written),
// and a void that takes the period back (its reversal row).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { DEMO_NFC_CARD, DEMO_WALLET_CUSTOMER, DEMO_WALLET_PIN } from '../../../server/db/demo/customers';
import { MEMBER_GOLD, MEMBER_KLINIK, MEMBER_PLATINUM, MEMBER_SILVER } from '../../../server/db/demo/promos';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { formatLocalDateTime } from '../../../server/lib/clock';
import { addCalendarDays, membershipLine } from '../../../src/domain/membership-sale';
import { WALLET_SECURITY_MESSAGES } from '../../../src/domain/texts/membership';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
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
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { expectError } from './sales.suite';

type Doc = Record<string, unknown>;
const flags = (denied: readonly string[]) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

export function membershipSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let demo: ReturnType<typeof demoBusiness>;
  let today: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    demo = demoBusiness(s.clock.now());
    today = formatLocalDateTime(s.clock.now()).slice(0, 10);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const membershipOf = (id: number) => {
    const m = demo.catalogue.business_memberships.find((x) => x.business_membership_id === id);
    if (!m) throw new Error(`membership ${id}`);
    return m;
  };

  /** A membership sale as the cashier builds it: membership_item and its synthetic line. */
  const membershipTrx = (
    userCode: string | null,
    membershipId: number,
    opts: { price?: number; item?: Doc | null } = {},
  ) => {
    const m = membershipOf(membershipId);
    return sale(
      kemang,
      [
        membershipLine(
          { membership_name: m.membership_name, price: opts.price ?? m.price },
          { local_trx_detail_id: randomUUID() },
        ) as unknown as Doc,
      ],
      {
        customer: userCode ? { user_code: userCode } : null,
        extra: {
          trx_type: 'MEMBERSHIP_SALES',
          trx_name: 'Jual Membership',
          membership_item:
            opts.item === undefined
              ? {
                  business_membership_id: m.business_membership_id,
                  membership_name: m.membership_name,
                  membership_image: m.membership_image,
                  price: m.price,
                }
              : opts.item,
        },
      },
    );
  };

  const post = async (trx: Doc, t: Tokens = owner) => submit(s.app, t, [trx]);
  const ok = async (trx: Doc, t: Tokens = owner) => {
    const r = await post(trx, t);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data[0] as { pos_sales_trx_head_id: number; status: string };
  };
  /** The customer's periods a sale wrote (ref_local_trx_id set), oldest first, as outlet dates. */
  const periods = async (userCode: string) =>
    (
      await s.database.query<{ id: string; from: Date; until: Date; source: string; ref: string }>(
        `SELECT m.business_membership_id::text AS id, m.valid_from AS from, m.valid_until AS until, m.source,
           m.ref_local_trx_id AS ref
         FROM customer_memberships m JOIN customers c USING (customer_id)
         WHERE c.user_code = $1 AND m.ref_local_trx_id IS NOT NULL ORDER BY m.customer_membership_id`,
        [userCode],
      )
    ).map((r) => ({
      id: Number(r.id),
      from: formatLocalDateTime(new Date(r.from)).slice(0, 10),
      until: formatLocalDateTime(new Date(r.until)).slice(0, 10),
      source: r.source,
      ref: r.ref,
    }));
  const heads = async (localTrxId: string) =>
    Number(
      (
        await s.database.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM pos_sales_trx_heads WHERE local_trx_id = $1',
          [localTrxId],
        )
      )[0].n,
    );
  const lookup = async (userCode: string) => {
    const r = await call(s.app, owner, {
      method: 'POST',
      url: '/cashier/pos/user',
      payload: { user_identifier_type: 'search', user_identifier_string: userCode },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      membership_name: string | null;
      discount_level: { reward_value: number } | null;
    };
  };
  const voidSale = async (headId: number) => {
    const r = await call(s.app, owner, {
      method: 'POST',
      url: `/cashier/pos-trx/void/${headId}`,
      payload: { password: DEMO_PASSWORD, reason: 'salah input' },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('starts a membership today for a customer without one, for its duration, once; the lookup shows it', async () => {
    const c = demo.customers[2]; // not a member
    expect(c.membership).toBeNull();
    expect((await lookup(c.user_code)).membership_name).toBeNull();
    const trx = membershipTrx(c.user_code, MEMBER_KLINIK);
    const first = await ok(trx);
    const days = membershipOf(MEMBER_KLINIK).duration_days;
    const granted = [
      {
        id: MEMBER_KLINIK,
        from: today,
        until: addCalendarDays(today, days - 1),
        source: 'membership_sale',
        ref: trx.local_trx_id,
      },
    ];
    expect(await periods(c.user_code)).toEqual(granted);
    expect(await lookup(c.user_code)).toMatchObject({
      membership_name: 'Klinik Care',
      discount_level: { reward_value: 7.5 },
    });
    // ruling 28: the answer carries the period granted (the receipt prints it), and so does the stored copy
    const period = { start_date: today, end_date: addCalendarDays(today, days - 1) };
    expect((first as { membership_period?: unknown }).membership_period).toEqual(period);
    const copy = await call(s.app, owner, { method: 'GET', url: `/cashier/pos-trx/${trx.local_trx_id}` });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.membership_period).toEqual(period);
    // a repeat answers the first answer (the period included) and grants nothing more
    expect(await ok(trx)).toEqual(first);
    expect(await periods(c.user_code)).toEqual(granted);
  });

  it('extends a current membership from the day after its valid_until', async () => {
    const c = demo.customers[5]; // a Gold member (valid for 30–400 more days)
    expect(c.membership?.business_membership_id).toBe(MEMBER_GOLD);
    const until = c.membership?.valid_until as string;
    const trx = membershipTrx(c.user_code, MEMBER_GOLD);
    await ok(trx);
    const start = addCalendarDays(until, 1);
    expect(await periods(c.user_code)).toEqual([
      {
        id: MEMBER_GOLD,
        from: start,
        until: addCalendarDays(start, membershipOf(MEMBER_GOLD).duration_days - 1),
        source: 'membership_sale',
        ref: trx.local_trx_id,
      },
    ]);
    expect((await lookup(c.user_code)).membership_name).toBe('Gold');
  });

  it('two concurrent posts of one membership sale store one sale and one period', async () => {
    const c = demo.customers[4];
    const trx = membershipTrx(c.user_code, MEMBER_PLATINUM);
    const [a, b] = await Promise.all([post(trx), post(trx)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(a.json().data[0]).toEqual(b.json().data[0]);
    expect(await heads(trx.local_trx_id)).toBe(1);
    expect(await periods(c.user_code)).toHaveLength(1);
  });

  it('two different concurrent sales to one customer: the second extends the first', async () => {
    const c = demo.customers[6];
    expect(c.membership).toBeNull();
    const [x, y] = [membershipTrx(c.user_code, MEMBER_KLINIK), membershipTrx(c.user_code, MEMBER_KLINIK)];
    const [a, b] = await Promise.all([post(x), post(y)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const [p, q] = await periods(c.user_code);
    expect(p.from).toBe(today);
    expect(q.from).toBe(addCalendarDays(p.until, 1));
  });

  it('refuses no customer, no membership, a free or unknown one, a price not the catalogue’s, without the role flag', async () => {
    const c = demo.customers[9];
    expectError(await post(membershipTrx(null, MEMBER_GOLD)), 400, SALE_MESSAGES.membershipNoCustomer);
    expectError(
      await post(membershipTrx(c.user_code, MEMBER_GOLD, { item: null })),
      400,
      SALE_MESSAGES.membershipNotChosen,
    );
    expectError(
      await post(membershipTrx(c.user_code, MEMBER_SILVER)),
      400,
      SALE_MESSAGES.membershipNotChosen,
    );
    expectError(
      await post(
        membershipTrx(c.user_code, MEMBER_GOLD, {
          item: { business_membership_id: 99, membership_name: 'X', price: 1000 },
        }),
      ),
      400,
      SALE_MESSAGES.membershipNotChosen,
    );
    const cheap = membershipTrx(c.user_code, MEMBER_GOLD, { price: 1000 });
    expectError(await post(cheap), 400, POS_MESSAGES.priceNotInCatalogue);
    const noFlag = await userWithFlags(s, 9_701, flags(['MEMBERSHIP_SALES']), { outletIds: [1] });
    await outletConfig(s.app, noFlag, 1);
    const trx = membershipTrx(c.user_code, MEMBER_GOLD);
    expect((await post(trx, noFlag)).statusCode).toBe(403);
    expect(await heads(cheap.local_trx_id)).toBe(0);
    expect(await heads(trx.local_trx_id)).toBe(0);
    expect(await periods(c.user_code)).toEqual([]);
  });

  it('a void takes the period back (a reversal row): the lookup no longer shows it, a new sale starts today', async () => {
    const c = demo.customers[11];
    expect(c.membership).toBeNull();
    const r = await ok(membershipTrx(c.user_code, MEMBER_GOLD));
    expect((await lookup(c.user_code)).membership_name).toBe('Gold');
    await voidSale(r.pos_sales_trx_head_id);
    expect((await lookup(c.user_code)).membership_name).toBeNull();
    expect((await periods(c.user_code)).map((p) => p.source)).toEqual([
      'membership_sale',
      'membership_sale_void',
    ]);
    const again = membershipTrx(c.user_code, MEMBER_KLINIK);
    await ok(again);
    expect((await periods(c.user_code)).at(-1)).toMatchObject({ from: today, ref: again.local_trx_id });
  });

  describe('the deposit wallet’s NFC card and Kode Receh (Menteng: wallet_use_nfc, use_wallet_security_code)', () => {
    let spv: Tokens;
    let menteng: ServedConfig;
    beforeAll(async () => {
      spv = await signIn(s.app, 'spv@serambi.id');
      menteng = await outletConfig(s.app, spv, 2);
    });
    const holder = () => demo.customers[DEMO_WALLET_CUSTOMER];
    const depositSale = (codes: { nfc_code?: string; receh_code?: string }) => {
      const item = menteng.pos_items.find((i) => i.item_nature === 'SERVICE' && i.pos_item_id > 1);
      return sale(menteng, [line(menteng, item?.pos_item_id as number)], {
        customer: { user_code: holder().user_code },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 1000 }, { name: 'Cash' }],
        extra: codes,
      });
    };

    it('refuses a missing or wrong card with the spec’s message; the right card and PIN pay, and no code is stored', async () => {
      expectError(
        await post(depositSale({ receh_code: DEMO_WALLET_PIN }), spv),
        400,
        WALLET_SECURITY_MESSAGES.invalidNfcCard,
        'trxs.0.nfc_code',
      );
      expectError(
        await post(depositSale({ nfc_code: '04A1B2C3D5', receh_code: DEMO_WALLET_PIN }), spv),
        400,
        WALLET_SECURITY_MESSAGES.invalidNfcCard,
      );
      const trx = depositSale({ nfc_code: DEMO_NFC_CARD, receh_code: DEMO_WALLET_PIN });
      await ok(trx, spv);
      const [row] = await s.database.query<{ doc: string }>(
        'SELECT trx::text AS doc FROM pos_sales_trx_heads WHERE local_trx_id = $1',
        [trx.local_trx_id],
      );
      expect(row.doc).not.toContain(DEMO_NFC_CARD);
      expect(row.doc).not.toContain(DEMO_WALLET_PIN);
    });

    it('five wrong PINs: the sixth try is refused even with the right PIN, and the wallet is untouched', async () => {
      const balance = async () =>
        Number(
          (
            await s.database.query<{ b: string }>(
              `SELECT coalesce(sum(amount), 0)::text AS b FROM wallet_ledger JOIN customers USING (customer_id)
               WHERE user_code = $1`,
              [holder().user_code],
            )
          )[0].b,
        );
      const before = await balance();
      for (let i = 0; i < 5; i++)
        expectError(
          await post(depositSale({ nfc_code: DEMO_NFC_CARD, receh_code: '000000' }), spv),
          400,
          POS_MESSAGES.wrongWalletCode,
        );
      const locked = await post(depositSale({ nfc_code: DEMO_NFC_CARD, receh_code: DEMO_WALLET_PIN }), spv);
      expect(locked.statusCode, locked.body).toBe(429);
      expect(locked.body).toContain(WALLET_SECURITY_MESSAGES.walletCodeRateLimited);
      expect(await balance()).toBe(before);
      // the window passes: the right PIN pays again
      s.clock.advance(16 * 60_000);
      await ok(depositSale({ nfc_code: DEMO_NFC_CARD, receh_code: DEMO_WALLET_PIN }), spv);
    });

    it('ten wrong PINs sent at the same moment: at most five are tried and counted, the rest get 429', async () => {
      s.clock.advance(16 * 60_000);
      const subject = `${demo.brand.business_id}:${holder().user_code}`;
      const counted = async () =>
        Number(
          (
            await s.database.query<{ n: string }>(
              `SELECT count(*)::text AS n FROM auth_attempts
               WHERE kind = 'wallet_code' AND subject = $1 AND NOT succeeded AND attempted_at > $2`,
              [subject, new Date(s.clock.now().getTime() - 15 * 60_000).toISOString()],
            )
          )[0].n,
        );
      expect(await counted()).toBe(0);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(depositSale({ nfc_code: DEMO_NFC_CARD, receh_code: '000000' }), spv),
        ),
      );
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 400).length, codes.join(',')).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === 429).length, codes.join(',')).toBeGreaterThanOrEqual(5);
      expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
      expect(await counted()).toBeLessThanOrEqual(5);
      // the right PIN is refused too until the window passes
      const locked = await post(depositSale({ nfc_code: DEMO_NFC_CARD, receh_code: DEMO_WALLET_PIN }), spv);
      expect(locked.statusCode, locked.body).toBe(429);
      s.clock.advance(16 * 60_000);
    });
  });
}
