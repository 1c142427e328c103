// Issue 14: 'Top Up Deposit' (ruling 15) and 'Pembayaran Piutang' (ruling 16) through cashier/pos-trx, on
// PGlite and PostgreSQL: each ledger written once under repeats and concurrent duplicates, the brand's reward
// rules, the refusals with the specification's messages (nothing written), and a void restoring every balance.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { VOID_OWN } from '../../../src/domain/texts/void';
import { syntheticLine } from '../../../src/domain/transaction-rules';
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
import { line, outletConfig, type PaymentSpec, type ServedConfig, sale, submit } from './fixtures';
import { expectError } from './sales.suite';

type Doc = Record<string, unknown>;
const flags = (denied: readonly string[]) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

export function specialSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let demo: ReturnType<typeof demoBusiness>;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    demo = demoBusiness(s.clock.now());
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const one = async <T extends Record<string, unknown>>(text: string, params: unknown[]) =>
    (await s.database.query<T>(text, params))[0];
  const customerId = async (userCode: string) =>
    Number(
      (await one<{ id: string }>('SELECT customer_id AS id FROM customers WHERE user_code = $1', [userCode]))
        .id,
    );
  const wallet = async (userCode: string) =>
    Number(
      (
        await one<{ b: string }>(
          'SELECT coalesce(sum(amount), 0)::text AS b FROM wallet_ledger WHERE customer_id = $1',
          [await customerId(userCode)],
        )
      ).b,
    );
  const points = async (userCode: string) =>
    Number(
      (
        await one<{ b: string }>(
          'SELECT coalesce(sum(points), 0)::text AS b FROM point_ledger WHERE customer_id = $1',
          [await customerId(userCode)],
        )
      ).b,
    );
  const coupons806 = async (userCode: string) =>
    Number(
      (
        await one<{ b: string }>(
          `SELECT coalesce(sum(l.qty), 0)::text AS b FROM coupon_user_ledger l
           JOIN coupon_users c ON c.coupon_user_id = l.coupon_user_id WHERE c.customer_id = $1 AND c.coupon_id = 806`,
          [await customerId(userCode)],
        )
      ).b,
    );
  const receivableBalance = async (id: number) =>
    Number(
      (
        await one<{ b: string }>(
          'SELECT coalesce(sum(amount), 0)::text AS b FROM receivable_ledger WHERE account_receivable_id = $1',
          [id],
        )
      ).b,
    );
  const entries = async (localTrxId: string) =>
    Number(
      (
        await one<{ n: string }>(
          `SELECT ((SELECT count(*) FROM wallet_ledger WHERE ref_local_trx_id = $1)
            + (SELECT count(*) FROM point_ledger WHERE ref_local_trx_id = $1)
            + (SELECT count(*) FROM coupon_user_ledger WHERE ref_local_trx_id = $1)
            + (SELECT count(*) FROM receivable_ledger WHERE ref_local_trx_id = $1)
            + (SELECT count(*) FROM pos_sales_trx_heads WHERE local_trx_id = $1))::text AS n`,
          [localTrxId],
        )
      ).n,
    );

  /** A top-up (or receivable payment) as the cashier builds it: one synthetic line of `amount`. */
  const special = (
    kind: 'TOP_UP_DEPOSIT' | 'ACCOUNT_RECEIVABLE',
    userCode: string | null,
    amount: number,
    opts: { payments?: PaymentSpec[]; account_receivable_id?: number; extra?: Doc } = {},
  ) =>
    sale(
      kemang,
      [
        syntheticLine({
          local_trx_detail_id: randomUUID(),
          name: kind === 'TOP_UP_DEPOSIT' ? 'Top Up Deposit' : 'Pembayaran Piutang',
          amount,
        }) as unknown as Doc,
      ],
      {
        customer: userCode ? { user_code: userCode } : null,
        payments: opts.payments,
        extra: {
          trx_type: kind,
          trx_name: kind === 'TOP_UP_DEPOSIT' ? 'Top Up Deposit' : 'Pembayaran Piutang',
          ...(opts.account_receivable_id
            ? { account_receivable: { account_receivable_id: opts.account_receivable_id, drv_balance: 1 } }
            : {}),
          ...opts.extra,
        },
      },
    );
  const post = async (trx: Doc, t: Tokens = owner) => submit(s.app, t, [trx]);
  const ok = async (trx: Doc, t: Tokens = owner) => {
    const r = await post(trx, t);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data[0] as {
      pos_sales_trx_head_id: number;
      deposit_balance: number | null;
      top_up_deposit_rewards: Doc | null;
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

  describe('Top Up Deposit', () => {
    it('credits the wallet with the amount and the bonus of the rule it reaches, gives its coupon and points, once', async () => {
      const c = demo.customers[0]; // a Gold member with a wallet balance
      const [w0, p0, k0] = [
        await wallet(c.user_code),
        await points(c.user_code),
        await coupons806(c.user_code),
      ];
      const trx = special('TOP_UP_DEPOSIT', c.user_code, 1_000_000);
      const first = await ok(trx);
      expect(first.top_up_deposit_rewards).toEqual({
        deposit_reward_amount: 75_000,
        coupon_reward_amount: 1,
        point_reward_amount: 100,
        point_reward_name: expect.any(String),
      });
      expect(first.deposit_balance).toBe(w0 + 1_075_000);
      expect(await wallet(c.user_code)).toBe(w0 + 1_075_000);
      expect(await points(c.user_code)).toBe(p0 + 100);
      expect(await coupons806(c.user_code)).toBe(k0 + 1);
      const written = await entries(trx.local_trx_id);
      // a repeat answers the first answer, rewards included, and writes nothing
      const again = await ok(trx);
      expect(again).toEqual(first);
      expect(await entries(trx.local_trx_id)).toBe(written);
      expect(await wallet(c.user_code)).toBe(w0 + 1_075_000);
    });

    it('a top-up below every rule earns no bonus', async () => {
      const c = demo.customers[5];
      const w0 = await wallet(c.user_code);
      const r = await ok(special('TOP_UP_DEPOSIT', c.user_code, 100_000));
      expect(r.top_up_deposit_rewards).toMatchObject({ deposit_reward_amount: 0, coupon_reward_amount: 0 });
      expect(await wallet(c.user_code)).toBe(w0 + 100_000);
    });

    it('two concurrent posts of one top-up credit it once and answer alike', async () => {
      const c = demo.customers[10];
      const w0 = await wallet(c.user_code);
      const trx = special('TOP_UP_DEPOSIT', c.user_code, 500_000);
      const [a, b] = await Promise.all([post(trx), post(trx)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(a.json().data[0]).toEqual(b.json().data[0]);
      expect(await wallet(c.user_code)).toBe(w0 + 525_000);
    });

    it('refuses a top-up beyond business_wallet.max_balance with the message, writing nothing', async () => {
      const c = demo.customers[0];
      const w0 = await wallet(c.user_code);
      const trx = special('TOP_UP_DEPOSIT', c.user_code, 10_000_001);
      expectError(await post(trx), 400, SALE_MESSAGES.topUpAboveMax('IDR', '10,000,000'));
      expect(await entries(trx.local_trx_id)).toBe(0);
      expect(await wallet(c.user_code)).toBe(w0);
    });

    it('refuses a customer who is not a member, no customer, a deposit payment and another line', async () => {
      const notMember = demo.customers[2];
      expectError(
        await post(special('TOP_UP_DEPOSIT', notMember.user_code, 100_000)),
        400,
        SALE_MESSAGES.topUpCustomerNotMember,
      );
      expectError(await post(special('TOP_UP_DEPOSIT', null, 100_000)), 400, SALE_MESSAGES.topUpNoCustomer);
      const c = demo.customers[0];
      expectError(
        await post(
          special('TOP_UP_DEPOSIT', c.user_code, 20_000, {
            payments: [{ name: 'Deposit', type: 'DEPOSIT' }],
          }),
        ),
        400,
        POS_MESSAGES.topUpByDeposit,
      );
      const withItem = sale(kemang, [line(kemang, 1072)], {
        customer: { user_code: c.user_code },
        extra: { trx_type: 'TOP_UP_DEPOSIT' },
      });
      expectError(await post(withItem), 400, POS_MESSAGES.specialLineInvalid);
    });

    it('refuses a seller the outlet never had (Menteng’s worker at Kemang), writing nothing', async () => {
      const c = demo.customers[0];
      const trx = special('TOP_UP_DEPOSIT', c.user_code, 100_000);
      (trx.details as Doc[])[0].item_sellers = [{ business_commission_worker_id: 207, percentage: 100 }];
      expectError(await post(trx), 400, POS_MESSAGES.workerNotInCatalogue, 'trxs.0.details.0.item_sellers.0');
      expect(await entries(trx.local_trx_id)).toBe(0);
    });

    it('each kind is refused (403) without its role flag, writing nothing', async () => {
      const noTopUp = await userWithFlags(s, 9_601, flags(['TOP_UP_DEPOSIT']), { outletIds: [1] });
      await outletConfig(s.app, noTopUp, 1);
      const trx = special('TOP_UP_DEPOSIT', demo.customers[0].user_code, 100_000);
      expect((await post(trx, noTopUp)).statusCode).toBe(403);
      expect(await entries(trx.local_trx_id)).toBe(0);
      const noPay = await userWithFlags(s, 9_602, flags(['ACCOUNT_RECEIVABLE_PAYMENT']), { outletIds: [1] });
      await outletConfig(s.app, noPay, 1);
      const pay = special('ACCOUNT_RECEIVABLE', demo.customers[8].user_code, 1_000, {
        account_receivable_id: 1,
      });
      expect((await post(pay, noPay)).statusCode).toBe(403);
    });

    it('a void takes back the amount, the bonus, the coupon and the points', async () => {
      const c = demo.customers[20];
      const [w0, p0, k0] = [
        await wallet(c.user_code),
        await points(c.user_code),
        await coupons806(c.user_code),
      ];
      const r = await ok(special('TOP_UP_DEPOSIT', c.user_code, 2_000_000));
      expect(await wallet(c.user_code)).toBe(w0 + 2_200_000);
      expect(await points(c.user_code)).toBe(p0 + 250);
      expect(await coupons806(c.user_code)).toBe(k0 + 2);
      await voidSale(r.pos_sales_trx_head_id);
      expect(await wallet(c.user_code)).toBe(w0);
      expect(await points(c.user_code)).toBe(p0);
      expect(await coupons806(c.user_code)).toBe(k0);
    });
  });

  describe('a void never takes back what the customer already used', () => {
    const voidOf = async (headId: number) =>
      call(s.app, owner, {
        method: 'POST',
        url: `/cashier/pos-trx/void/${headId}`,
        payload: { password: DEMO_PASSWORD, reason: 'salah input' },
      });
    const spend = (userCode: string, amount: number) =>
      sale(kemang, [line(kemang, 1072, 500)], {
        customer: { user_code: userCode },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount }, { name: 'Cash' }],
      });
    const status = async (localTrxId: string) =>
      Number(
        (
          await one<{ s: number }>(
            'SELECT trx_status_id AS s FROM pos_sales_trx_heads WHERE local_trx_id = $1',
            [localTrxId],
          )
        ).s,
      );

    it('a top-up whose deposit was spent is refused with our message; once the spend is voided it can go', async () => {
      const c = demo.customers[5];
      const w0 = await wallet(c.user_code);
      const topUp = special('TOP_UP_DEPOSIT', c.user_code, 100_000);
      const t = await ok(topUp);
      const paid = spend(c.user_code, w0 + 60_000);
      const p = await ok(paid);
      expect(await wallet(c.user_code)).toBe(40_000);
      const written = await entries(topUp.local_trx_id);
      expectError(await voidOf(t.pos_sales_trx_head_id), 400, VOID_OWN.walletSpent);
      expect(await wallet(c.user_code)).toBe(40_000);
      expect(await entries(topUp.local_trx_id)).toBe(written);
      expect(await status(topUp.local_trx_id)).toBe(3);
      await voidSale(p.pos_sales_trx_head_id);
      await voidSale(t.pos_sales_trx_head_id);
      expect(await wallet(c.user_code)).toBe(w0);
    });

    it('a coupon sale whose coupon was used is refused; its unused coupons alone could go', async () => {
      const c = demo.customers[20];
      const topUp = await ok(special('TOP_UP_DEPOSIT', c.user_code, 2_000_000)); // gives two coupons 806
      const [cu] = await s.database.query<{ id: string }>(
        `SELECT l.coupon_user_id::text AS id FROM coupon_user_ledger l
         JOIN pos_sales_trx_heads h ON h.local_trx_id = l.ref_local_trx_id
         WHERE h.pos_sales_trx_head_id = $1 AND l.qty > 0 ORDER BY 1 LIMIT 1`,
        [topUp.pos_sales_trx_head_id],
      );
      // one coupon used by hand on the ledger (the coupon suite covers a sale using one)
      await s.database.query(
        `INSERT INTO coupon_user_ledger (coupon_user_id, entry_type, qty, ref_local_trx_id, created_at)
         VALUES ($1, 'coupon_use', -1, $2, now())`,
        [Number(cu.id), randomUUID()],
      );
      const before = await coupons806(c.user_code);
      expectError(await voidOf(topUp.pos_sales_trx_head_id), 400, VOID_OWN.couponsUsed);
      expect(await coupons806(c.user_code)).toBe(before);
    });

    it('a spend and a void of the top-up that paid for it, at the same moment: exactly one stands', async () => {
      for (const i of [10, 0]) {
        const c = demo.customers[i];
        const w0 = await wallet(c.user_code);
        const t = await ok(special('TOP_UP_DEPOSIT', c.user_code, 100_000));
        const credited = (await wallet(c.user_code)) - w0;
        const paid = spend(c.user_code, w0 + 50_000);
        const [v, p] = await Promise.all([voidOf(t.pos_sales_trx_head_id), post(paid)]);
        const outcome = [v.statusCode, p.statusCode];
        expect([
          [200, 400],
          [400, 200],
        ]).toContainEqual(outcome);
        if (v.statusCode === 200) {
          expectError(p, 400, POS_MESSAGES.insufficientDeposit);
          expect(await wallet(c.user_code)).toBe(w0);
        } else {
          expectError(v, 400, VOID_OWN.walletSpent);
          expect(await wallet(c.user_code)).toBe(w0 + credited - (w0 + 50_000));
        }
        expect(await wallet(c.user_code)).toBeGreaterThanOrEqual(0);
      }
    });
  });

  describe('a deposit payment', () => {
    it('is refused beyond the balance, and allowed up to it', async () => {
      const c = demo.customers[40];
      const balance = await wallet(c.user_code);
      expect(balance).toBeGreaterThan(0);
      const over = sale(kemang, [line(kemang, 1072, 500)], {
        customer: { user_code: c.user_code },
        payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: balance + 1 }, { name: 'Cash' }],
      });
      expectError(await post(over), 400, POS_MESSAGES.insufficientDeposit);
      expect(await wallet(c.user_code)).toBe(balance);
    });
  });

  describe('Pembayaran Piutang', () => {
    const arOf = async (userCode: string) =>
      Number(
        (
          await one<{ id: string }>(
            'SELECT min(account_receivable_id)::text AS id FROM receivables WHERE customer_id = $1',
            [await customerId(userCode)],
          )
        ).id,
      );

    it('pays a receivable down to zero, refuses beyond its balance, and a void restores it', async () => {
      const c = demo.customers[2];
      const id = await arOf(c.user_code);
      const open = await receivableBalance(id);
      expect(open).toBeGreaterThan(10_000);
      const part = await ok(
        special('ACCOUNT_RECEIVABLE', c.user_code, 10_000, { account_receivable_id: id }),
      );
      expect(await receivableBalance(id)).toBe(open - 10_000);
      const beyond = special('ACCOUNT_RECEIVABLE', c.user_code, open - 10_000 + 1, {
        account_receivable_id: id,
      });
      expectError(await post(beyond), 400, SALE_MESSAGES.receivableAboveBalance);
      expect(await entries(beyond.local_trx_id)).toBe(0);
      const rest = special('ACCOUNT_RECEIVABLE', c.user_code, open - 10_000, { account_receivable_id: id });
      await ok(rest);
      await ok(rest); // a repeat pays nothing more
      expect(await receivableBalance(id)).toBe(0);
      await voidSale(part.pos_sales_trx_head_id);
      expect(await receivableBalance(id)).toBe(10_000);
    });

    it('two concurrent posts of one payment pay once; two different payments of the whole balance: one refused', async () => {
      const c = demo.customers[14];
      const id = await arOf(c.user_code);
      const open = await receivableBalance(id);
      const trx = special('ACCOUNT_RECEIVABLE', c.user_code, 5_000, { account_receivable_id: id });
      const [a, b] = await Promise.all([post(trx), post(trx)]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(await receivableBalance(id)).toBe(open - 5_000);
      const whole = () =>
        special('ACCOUNT_RECEIVABLE', c.user_code, open - 5_000, { account_receivable_id: id });
      const [x, y] = await Promise.all([post(whole()), post(whole())]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 400]);
      expect(await receivableBalance(id)).toBe(0);
    });

    it('refuses another customer’s receivable, none chosen, and a credit payment', async () => {
      const owes = demo.customers[27];
      const other = demo.customers[33];
      const id = await arOf(owes.user_code);
      expectError(
        await post(special('ACCOUNT_RECEIVABLE', other.user_code, 1_000, { account_receivable_id: id })),
        400,
        SALE_MESSAGES.receivableNoTransaction,
      );
      expectError(
        await post(special('ACCOUNT_RECEIVABLE', owes.user_code, 1_000)),
        400,
        SALE_MESSAGES.receivableNoTransaction,
      );
      expectError(
        await post(
          special('ACCOUNT_RECEIVABLE', owes.user_code, 1_000, {
            account_receivable_id: id,
            payments: [{ name: 'Piutang', type: 'CREDIT' }],
          }),
        ),
        400,
        POS_MESSAGES.receivableByCredit,
      );
      expect(await receivableBalance(id)).toBeGreaterThan(0);
    });
  });
}
