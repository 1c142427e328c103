// Accounts receivable (issue 12, 002 §2.12 / §7, rulings 13 and 16), on PGlite and PostgreSQL: the brand's
// open receivables and one customer's, read from the ledger — a credit sale opens one with drv_balance =
// the credit amount, its void's reversing entry removes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import {
  accountReceivableListResponse,
  userAccountReceivablesResponse,
} from '../../../src/api/contract/receivable';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/texts/sale';
import { API_MESSAGES } from '../../../src/domain/texts/server';
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
import { line, outletConfig, type ServedConfig, sale, submit } from '../pos/fixtures';
import { expectError } from '../pos/sales.suite';

const CREAMBATH = 1005;
const RETAIL = 1072;
const flags = (denied: readonly string[]) =>
  Object.fromEntries(ROLE_FLAGS.map((f) => [f, denied.includes(f) ? (0 as const) : (1 as const)]));

export function receivableSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let customer: { user_code: string; user_name: string };

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    customer = demoBusiness(s.clock.now()).customers[1];
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const list = async (t: Tokens = owner) => {
    const r = await call(s.app, t, { method: 'GET', url: '/cashier/account-receivable' });
    expect(r.statusCode, r.body).toBe(200);
    return accountReceivableListResponse.parse(r.json().data);
  };
  const ofUser = async (userId: string, t: Tokens = owner) => {
    const r = await call(s.app, t, {
      method: 'GET',
      url: `/cashier/user-account-receivables?user_id=${encodeURIComponent(userId)}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return userAccountReceivablesResponse.parse(r.json().data);
  };
  /** A credit ('Piutang') sale of `credit` to the customer, the rest in cash; answers its ids. */
  const creditSale = async (credit: number, ref: string) => {
    const trx = sale(kemang, [line(kemang, RETAIL, 2), line(kemang, CREAMBATH)], {
      customer: { user_code: customer.user_code },
      payments: [{ name: 'Piutang', type: 'CREDIT', amount: credit, ref }, { name: 'Cash' }],
    });
    const r = await submit(s.app, owner, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json().data[0] as { pos_sales_trx_head_id: number; trx_id: string };
    return { trx, ...answer };
  };

  describe('the list and a customer’s receivables', () => {
    it('a credit sale makes a row with drv_balance = the credit amount, the customer and the outlet', async () => {
      const { trx, trx_id } = await creditSale(40_000, 'NOTA-17');
      const rows = (await list()).filter((r) => r.local_trx_id === trx.local_trx_id);
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row).toMatchObject({
        user_name: customer.user_name,
        trx_id,
        drv_balance: 40_000,
        outlet_name: 'Serambi Salon Kemang',
        business_outlet_id: 1,
        payment_method_reference: 'NOTA-17',
      });
      expect(row.trx_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(row.user).toMatchObject({
        user_code: customer.user_code,
        user_name: customer.user_name,
        user_identifier_type: 'search',
        user_identifier_string: customer.user_code,
      });
      for (const key of ['user_gender', 'user_email_notification', 'user_phone', 'user_email'])
        expect(row.user).toHaveProperty(key);
      // the customer's own call answers the same receivable, the same balance
      const own = await ofUser(customer.user_code);
      expect(own.find((r) => r.local_trx_id === trx.local_trx_id)).toMatchObject({
        account_receivable_id: row.account_receivable_id,
        drv_balance: 40_000,
        trx_id,
        payment_method_reference: 'NOTA-17',
      });
      // lower case reaches the same customer (as the lookup does)
      expect((await ofUser(customer.user_code.toLowerCase())).length).toBe(own.length);
    });

    it('every listed drv_balance equals the sum of that receivable’s ledger, and only open ones are listed', async () => {
      const rows = await list();
      const sums = await s.database.withConnection((c) =>
        c.query<{ id: string; v: string }>(
          `SELECT account_receivable_id::text AS id, sum(amount)::text AS v FROM receivable_ledger
           GROUP BY account_receivable_id HAVING sum(amount) > 0`,
        ),
      );
      expect(new Map(rows.map((r) => [String(r.account_receivable_id), r.drv_balance]))).toEqual(
        new Map(sums.map((r) => [r.id, Number(r.v)])),
      );
    });

    it('a void removes it (the ledger’s reversing entry), from the list and from the customer’s', async () => {
      const { trx, pos_sales_trx_head_id } = await creditSale(25_000, 'NOTA-18');
      expect((await list()).some((r) => r.local_trx_id === trx.local_trx_id)).toBe(true);
      const v = await call(s.app, owner, {
        method: 'POST',
        url: `/cashier/pos-trx/void/${pos_sales_trx_head_id}`,
        payload: { password: DEMO_PASSWORD, reason: 'Salah input' },
      });
      expect(v.statusCode, v.body).toBe(200);
      expect((await list()).some((r) => r.local_trx_id === trx.local_trx_id)).toBe(false);
      expect((await ofUser(customer.user_code)).some((r) => r.local_trx_id === trx.local_trx_id)).toBe(false);
      // nothing edited in place: the receivable and both its entries stay
      const entries = await s.database.withConnection((c) =>
        c.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM receivable_ledger WHERE ref_local_trx_id = $1`,
          [trx.local_trx_id],
        ),
      );
      expect(Number(entries[0].n)).toBe(2);
    });

    it('another brand’s customer is not found; a blank, missing or overlong user_id is a 400 naming it', async () => {
      const get = (q: string) =>
        call(s.app, owner, { method: 'GET', url: `/cashier/user-account-receivables${q}` });
      expectError(await get('?user_id=TIDAKADA01'), 400, DOMAIN_MESSAGES.customerNotFound, 'user_id');
      expectError(await get(''), 400, API_MESSAGES.invalidInput, 'user_id');
      expectError(await get('?user_id=%20%20'), 400, API_MESSAGES.invalidInput, 'user_id');
      expectError(await get(`?user_id=${'A'.repeat(51)}`), 400, API_MESSAGES.invalidInput, 'user_id');
      const nul = await get('?user_id=a%00b');
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error.field).toBe('user_id');
    });
  });

  describe('role flags', () => {
    it('the list needs ACCOUNT_RECEIVABLE_LIST; a customer’s needs it or ACCOUNT_RECEIVABLE_PAYMENT', async () => {
      const noList = await userWithFlags(s, 9_501, flags(['ACCOUNT_RECEIVABLE_LIST']));
      const neither = await userWithFlags(
        s,
        9_502,
        flags(['ACCOUNT_RECEIVABLE_LIST', 'ACCOUNT_RECEIVABLE_PAYMENT']),
      );
      const listOnly = await userWithFlags(s, 9_503, flags(['ACCOUNT_RECEIVABLE_PAYMENT']));
      const get = (t: Tokens, url: string) => call(s.app, t, { method: 'GET', url });
      const userUrl = `/cashier/user-account-receivables?user_id=${customer.user_code}`;
      expect((await get(noList, '/cashier/account-receivable')).statusCode).toBe(403);
      expect((await get(noList, userUrl)).statusCode).toBe(200);
      expect((await get(neither, userUrl)).statusCode).toBe(403);
      expect((await get(listOnly, '/cashier/account-receivable')).statusCode).toBe(200);
      expect((await get(listOnly, userUrl)).statusCode).toBe(200);
    });
  });
}
