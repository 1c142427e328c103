// The paths the ingest takes for speed keep its guarantees: a sale that writes no ledger is one statement
// (no transaction), and the session, its outlet and the repeat check are read in one round trip before the
// body is validated — the refusals keep their order (303, then 403, then 400).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { API_MESSAGES, POS_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { expectError, saleFootprint, walletOf } from './sales.suite';

const RETAIL = 1072; // Makarizo Conditioner: moves one stock entry
const WALLET_CUSTOMER = 0; // demo customer 0 holds an opening wallet balance

const numberOf = (trxId: string) => Number(trxId.split('-').pop());

export function ingestPathSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('concurrent duplicates of a guest sale (one statement) store it once, answer alike, and use one number', async () => {
    const trx = sale(kemang, [line(kemang, RETAIL)]);
    const before = await saleFootprint(s);
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(s.app, owner, [trx], 1)));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const data = answers.map((r) => r.json().data[0]);
    for (const d of data) expect(d).toEqual(data[0]);
    const after = await saleFootprint(s);
    expect(after.pos_sales_trx_heads - before.pos_sales_trx_heads).toBe(1);
    expect(after.pos_sales_trx_details - before.pos_sales_trx_details).toBe(1);
    expect(after.pos_sales_trx_payments - before.pos_sales_trx_payments).toBe(1);
    expect(after.stock_ledger - before.stock_ledger).toBe(1);
    // the twins' undone attempts took no number: the next sale is the next one
    const next = await submit(s.app, owner, [sale(kemang, [line(kemang, RETAIL)])], 1);
    expect(next.statusCode, next.body).toBe(200);
    expect(numberOf(next.json().data[0].trx_id)).toBe(numberOf(data[0].trx_id) + 1);
  });

  it('a known customer paying cash (one statement): the customer and the wallet balance are recorded', async () => {
    const userCode = demoBusiness(s.clock.now()).customers[WALLET_CUSTOMER].user_code;
    const balance = await walletOf(s, userCode);
    expect(balance).toBeGreaterThan(0);
    const trx = sale(kemang, [line(kemang, RETAIL)], { customer: { user_code: userCode } });
    const r = await submit(s.app, owner, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    const [a] = r.json().data;
    expect(a.user_code).toBe(userCode);
    expect(a.deposit_balance).toBe(balance);
    expect(await walletOf(s, userCode)).toBe(balance);
    // an unknown user_code is still refused, and nothing is written
    const before = await saleFootprint(s);
    const unknown = sale(kemang, [line(kemang, RETAIL)], { customer: { user_code: 'SB-NOBODY' } });
    expectError(
      await submit(s.app, owner, [unknown]),
      400,
      POS_MESSAGES.customerNotFound,
      'trxs.0.customer.user_code',
    );
    expect(await saleFootprint(s)).toEqual(before);
  });

  it('refusals keep their order: a forged session 303 and a missing role 403 come before a bad body', async () => {
    const forged = { ...owner, login_token: `${owner.login_token}x` };
    expectError(await submit(s.app, forged, []), 303, API_MESSAGES.sessionExpired);
    expectError(
      await submit(s.app, forged, [sale(kemang, [line(kemang, RETAIL)])]),
      303,
      API_MESSAGES.sessionExpired,
    );
    const dokter = await signIn(s.app, 'dokter@serambi.id');
    await s.database.withConnection((c) =>
      c.query(
        `UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CASHIER_SYSTEM":0}'::jsonb
         WHERE business_user_group_id = 3`,
      ),
    );
    expectError(await submit(s.app, dokter, []), 403, API_MESSAGES.forbidden);
    expectError(await submit(s.app, owner, []), 400, POS_MESSAGES.trxsRequired, 'trxs');
  });

  it('a first local_trx_id the database could not take (a NUL, too long) is refused as bad input', async () => {
    const trx = sale(kemang, [line(kemang, RETAIL)]);
    for (const id of [`a\u0000b`, 'x'.repeat(5000)]) {
      const r = await submit(s.app, owner, [{ ...trx, local_trx_id: id }]);
      expect(r.statusCode, r.body).toBe(400);
    }
  });
}
