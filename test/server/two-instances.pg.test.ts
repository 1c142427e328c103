// Two server processes on one PostgreSQL database behave as one: no session state in process memory.
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db';
import { freshSchemaName, PG_URL, requirePg, sessionHeaders } from './helpers';
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

  it('honours on one a session created on the other, and shares revocation and rate limits', async () => {
    const url = new URL(PG_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const setup = await createDb({ databaseUrl: PG_URL, schema }); // creates the schema
    await setup.close();
    // started together: migrations and the demo load run once under their locks
    const [a, b] = await Promise.all([
      startServerProcess({ DATABASE_URL: url.toString() }),
      startServerProcess({ DATABASE_URL: url.toString() }),
    ]);
    procs.push(a, b);
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
  }, 240_000);
});
