// Secrets at rest (issue 11 item 7): the wallet PIN is never stored with a sale nor served back, the
// customers' PIN hashes are salted argon2id (legacy sha256 ones wrapped without knowing the PIN). Run on
// PGlite (secrets.test.ts) and on PostgreSQL (secrets.pg.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { sha256 } from '../../../server/lib/crypto';
import { DROPPED_TOKEN, deliverQueuedEmails } from '../../../server/services/email-outbox';
import { wrapLegacyWalletCodeHashes } from '../../../server/services/wallet-code';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { expectError } from './sales.suite';

export function secretsSuite(backend: Backend): void {
  let s: TestServer;
  let t: Tokens;
  let menteng: ServedConfig; // use_wallet_security_code = 1
  let userCode: string;
  let pin: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    t = await signIn(s.app, 'spv@serambi.id');
    menteng = await outletConfig(s.app, t, 2);
    const demo = demoBusiness(s.clock.now()).customers[0];
    userCode = demo.user_code;
    pin = demo.wallet_security_code;
  });
  afterAll(async () => {
    await s?.close();
  });

  const storedHash = async () =>
    (
      await s.database.query<{ h: string }>(
        `SELECT extra->>'wallet_security_code_hash' AS h FROM customers WHERE user_code = $1`,
        [userCode],
      )
    )[0].h;
  const depositSale = (code: string) => {
    const item = menteng.pos_items.find((i) => i.item_nature === 'SERVICE' && i.pos_item_id > 1);
    return sale(menteng, [line(menteng, item?.pos_item_id as number)], {
      customer: { user_code: userCode },
      payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: 1000 }, { name: 'Cash' }],
      extra: { receh_code: code },
    });
  };
  const wrong = () => (pin === '000000' ? '111111' : '000000');

  it('the PIN hash is salted argon2id, never the sha256 of the PIN', async () => {
    const h = await storedHash();
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(h).not.toContain(sha256(`${userCode}:${pin}`));
  });

  it('a sale paid from the wallet keeps no receh_code: not in the stored sale, not in GET cashier/pos-trx/{id}', async () => {
    const trx = depositSale(pin);
    const r = await submit(s.app, t, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await s.database.query<{ has: boolean }>(
      `SELECT trx ? 'receh_code' AS has FROM pos_sales_trx_heads WHERE local_trx_id = $1`,
      [trx.local_trx_id],
    );
    expect(row.has).toBe(false);
    const got = await call(s.app, t, { method: 'GET', url: `/cashier/pos-trx/${trx.local_trx_id}` });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.body).not.toContain('receh_code');
    expect(got.body).not.toContain(`"${pin}"`);
  });

  it('a legacy sha256 PIN hash is wrapped in argon2id at start-up, and the PIN still opens the wallet', async () => {
    await s.database.query(
      `UPDATE customers SET extra = extra || jsonb_build_object('wallet_security_code_hash', $2::text)
       WHERE user_code = $1`,
      [userCode, sha256(`${userCode}:${pin}`)],
    );
    expect(await wrapLegacyWalletCodeHashes(s.database)).toBe(1);
    expect(await wrapLegacyWalletCodeHashes(s.database)).toBe(0);
    expect((await storedHash()).startsWith('$argon2id$')).toBe(true);
    expectError(
      await submit(s.app, t, [depositSale(wrong())]),
      400,
      POS_MESSAGES.wrongWalletCode,
      'trxs.0.receh_code',
    );
    const r = await submit(s.app, t, [depositSale(pin)]);
    expect(r.statusCode, r.body).toBe(200);
  });
}

/** The password-reset link at rest (issue 11 item 7): in the outbox only until the e-mail is sent. */
export function resetLinkSuite(backend: Backend): void {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a sent reset e-mail keeps no live link in email_outbox, and the link it carried still works', async () => {
    const forgot = await s.app.inject({
      method: 'POST',
      url: '/cashier/auth/forgot-password',
      payload: { email: 'kasir@serambi.id' },
      remoteAddress: '10.40.0.1',
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(await deliverQueuedEmails(s.app.deps)).toMatchObject({ sent: 1 });
    const sent = s.emails.at(-1);
    const token = /reset_token=([\w-]+)/.exec(sent?.body ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    const [row] = await s.database.query<{ body: string; status: string }>(
      `SELECT body, status FROM email_outbox WHERE to_address = 'kasir@serambi.id' ORDER BY email_id DESC LIMIT 1`,
      [],
    );
    expect(row.status).toBe('sent');
    expect(row.body).not.toContain(token);
    expect(row.body).toContain(`reset_token=${DROPPED_TOKEN}`);
    const reset = await s.app.inject({
      method: 'POST',
      url: '/cashier/auth/reset-password',
      payload: { reset_token: token, password: 'baru12345' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
}
