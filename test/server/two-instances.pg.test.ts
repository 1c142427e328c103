// Two server processes on one PostgreSQL database behave as one: no session state in process memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db';
import { demoBusiness } from '../../server/db/demo';
import { freshSchemaName, PG_URL, requirePg, sessionHeaders } from './helpers';
import { DEPOSIT, mixedSales, SALES } from './pos/concurrency.suite';
import type { ServedConfig } from './pos/fixtures';
import { postJson, type ServerProcess, startServerProcess } from './process';

const skip = requirePg();
const schema = freshSchemaName();

describe.skipIf(skip)('two server processes on one PostgreSQL', () => {
  const procs: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    const database = await createDb({ databaseUrl: PG_URL, schema });
    await database.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
    await database.close();
  });

  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    const url = new URL(PG_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const setup = await createDb({ databaseUrl: PG_URL, schema }); // creates the schema
    await setup.close();
    // started together: migrations and the demo load run once under their locks
    [a, b] = await Promise.all([
      startServerProcess({ DATABASE_URL: url.toString() }),
      startServerProcess({ DATABASE_URL: url.toString() }),
    ]);
    procs.push(a, b);
  }, 240_000);

  it('sell at once on both: parallel sales of one customer, none refused, each stored once (issue 11 item 2)', async () => {
    const devices: Record<string, string>[] = [];
    for (const p of [a, b, a, b]) {
      const r = await postJson(`${p.url}/cashier/pos/auth/sign-in`, {
        email: 'demo@serambi.id',
        password: 'demo1234',
      });
      expect(r.status).toBe(200);
      const headers = sessionHeaders(r.body.data as { client_key: string; login_token: string });
      expect((await fetch(`${p.url}/cashier/config?outlet_id=1`, { headers })).status).toBe(200);
      devices.push(headers);
    }
    const config = (await (await fetch(`${a.url}/cashier/config`, { headers: devices[0] })).json()) as {
      data: ServedConfig;
    };
    const userCode = demoBusiness(new Date()).customers[0].user_code;
    const trxs = mixedSales(config.data, userCode, SALES);
    const answers = await Promise.all(
      trxs.map((trx, i) =>
        postJson(`${[a, b][i % 2].url}/cashier/pos-trx`, { is_offline: 0, trxs: [trx] }, devices[i % 4]),
      ),
    );
    const refused = answers
      .filter((r) => r.status !== 200)
      .map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(refused).toEqual([]);
    const trxIds = answers.map((r) => (r.body.data as unknown as { trx_id: string }[])[0].trx_id);
    expect(new Set(trxIds).size).toBe(SALES);
    const check = await createDb({ databaseUrl: PG_URL, schema, poolSize: 1 });
    try {
      const ids = trxs.map((t) => t.local_trx_id);
      const [counts] = await check.query<{ heads: string; debits: string; debited: string }>(
        `SELECT (SELECT count(*) FROM pos_sales_trx_heads WHERE local_trx_id = ANY($1::text[]))::text AS heads,
           (SELECT count(*) FROM wallet_ledger WHERE ref_local_trx_id = ANY($1::text[]))::text AS debits,
           (SELECT -sum(amount) FROM wallet_ledger WHERE ref_local_trx_id = ANY($1::text[]))::text AS debited`,
        [ids],
      );
      expect(Number(counts.heads)).toBe(SALES);
      expect(Number(counts.debits)).toBe(SALES / 2);
      expect(Number(counts.debited)).toBe((SALES / 2) * DEPOSIT);
    } finally {
      await check.close();
    }
  }, 120_000);

  it('honours on one a session created on the other, and shares revocation and rate limits', async () => {
    const loads = [a, b].filter((p) => p.output().includes('demo business loaded'));
    expect(loads).toHaveLength(1);

    const signIn = await postJson(`${a.url}/cashier/pos/auth/sign-in`, {
      email: 'demo@serambi.id',
      password: 'demo1234',
    });
    expect(signIn.status).toBe(200);
    const headers = sessionHeaders(signIn.body.data as { client_key: string; login_token: string });

    const onB = await fetch(`${b.url}/cashier/config?outlet_id=2`, { headers });
    expect(onB.status).toBe(200);
    // the outlet bound on B is the session's outlet on A
    const onA = (await (await fetch(`${a.url}/cashier/config`, { headers })).json()) as {
      data: { outlet_id: number };
    };
    expect(onA.data.outlet_id).toBe(2);

    expect((await postJson(`${b.url}/cashier/pos/auth/sign-out`, { configs: {} }, headers)).status).toBe(200);
    expect((await fetch(`${a.url}/cashier/config`, { headers })).status).toBe(303);

    // failures counted on both instances add up
    for (const p of [a, b, a, b, a]) {
      const r = await postJson(`${p.url}/cashier/pos/auth/sign-in`, {
        email: 'kasir@serambi.id',
        password: 'salah',
      });
      expect(r.status).toBe(400);
    }
    const limited = await postJson(`${b.url}/cashier/pos/auth/sign-in`, {
      email: 'kasir@serambi.id',
      password: 'demo1234',
    });
    expect(limited.status).toBe(429);
  }, 120_000);
});
