// Parallel sales of one customer from several devices (issue 11 item 2): no deadlock reaches the cashier,
// every sale is stored once and the wallet ledger adds up. Run on PGlite (concurrency.test.ts) and on
// PostgreSQL (concurrency.pg.test.ts), where the sales really run at once on a pool of connections.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { type Backend, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';
import { scalar, walletOf } from './sales.suite';

const RETAIL = 1072; // Kemang's Makarizo Conditioner: a stock move with every sale
const DEVICES = 4;
export const SALES = 200;
export const DEPOSIT = 100;

/**
 * Builds SALES sales of Kemang, all of one customer: even ones cash, odd ones deposit + cash (a quarter of
 * the cash ones are guests).
 */
export function mixedSales(kemang: ServedConfig, userCode: string, count = SALES) {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? sale(kemang, [line(kemang, RETAIL)], { customer: i % 8 === 0 ? null : { user_code: userCode } })
      : sale(kemang, [line(kemang, RETAIL)], {
          customer: { user_code: userCode },
          payments: [{ name: 'Deposit', type: 'DEPOSIT', amount: DEPOSIT }, { name: 'Cash' }],
        }),
  );
}

export function concurrencySuite(backend: Backend): void {
  let s: TestServer;
  let devices: Tokens[];
  let kemang: ServedConfig;
  let userCode: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    // four devices: four sessions, from four addresses
    devices = [];
    for (let i = 0; i < DEVICES; i++)
      devices.push(await signIn(s.app, 'demo@serambi.id', undefined, `10.0.0.${i + 1}`));
    kemang = await outletConfig(s.app, devices[0], 1);
    for (const d of devices.slice(1)) await outletConfig(s.app, d, 1);
    userCode = demoBusiness(s.clock.now()).customers[0].user_code; // SB26000001, with an opening balance
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`${SALES} sales at once from ${DEVICES} devices, cash and deposit + cash of one customer: 0 errors, each stored once`, async () => {
    const walletBefore = await walletOf(s, userCode);
    expect(walletBefore).toBeGreaterThanOrEqual((SALES / 2) * DEPOSIT);
    const trxs = mixedSales(kemang, userCode);
    const answers = await Promise.all(trxs.map((trx, i) => submit(s.app, devices[i % DEVICES], [trx])));
    const failed = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`);
    expect(failed).toEqual([]);

    const ids = trxs.map((t) => t.local_trx_id);
    const stored = await scalar(
      s,
      'SELECT count(*)::text AS v FROM pos_sales_trx_heads WHERE local_trx_id = ANY($1::text[])',
      [ids],
    );
    expect(stored).toBe(SALES);
    const trxIds = answers.map((r) => r.json().data[0].trx_id as string);
    expect(new Set(trxIds).size).toBe(SALES);
    // one debit per deposit sale, and the balance is the opening one minus them
    const debits = await scalar(
      s,
      `SELECT count(*)::text AS v FROM wallet_ledger WHERE ref_local_trx_id = ANY($1::text[])`,
      [ids],
    );
    expect(debits).toBe(SALES / 2);
    expect(await walletOf(s, userCode)).toBe(walletBefore - (SALES / 2) * DEPOSIT);
    // each deposit sale's deposit_balance is a balance the wallet really passed through: all distinct
    const balances = answers
      .filter((_, i) => i % 2 === 1)
      .map((r) => r.json().data[0].deposit_balance as number | null);
    expect(new Set(balances).size).toBe(SALES / 2);
  }, 120_000);
}
