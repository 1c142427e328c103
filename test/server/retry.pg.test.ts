// A real deadlock on PostgreSQL: two transactions taking two rows in opposite orders. With the retry, the
// one PostgreSQL undoes runs again and both commit (issue 11 item 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../server/db/create-db';
import { transaction } from '../../server/db/retry';
import { freshSchemaName, PG_URL, requirePg } from './helpers';

const skip = requirePg();

describe.skipIf(skip)('transaction() on PostgreSQL', () => {
  const schema = freshSchemaName();
  let database: Database;
  beforeAll(async () => {
    database = await createDb({ databaseUrl: PG_URL, schema, poolSize: 4 });
    await database.withConnection((c) =>
      c.exec('CREATE TABLE t (id int PRIMARY KEY, n int NOT NULL); INSERT INTO t VALUES (1, 0), (2, 0)'),
    );
  });
  afterAll(async () => {
    await database?.withConnection((c) => c.exec(`DROP SCHEMA ${schema} CASCADE`));
    await database?.close();
  });

  it('two transactions that deadlock both commit, each once', async () => {
    const { sql } = await import('drizzle-orm');
    let arrived = 0;
    let release: () => void = () => {};
    const bothHoldTheirFirst = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    const bump = (first: number, second: number) =>
      transaction(database.db, async (tx) => {
        runs++;
        await tx.execute(sql`UPDATE t SET n = n + 1 WHERE id = ${first}`);
        if (++arrived === 2) release();
        await bothHoldTheirFirst; // the first run of each waits for the other: a sure deadlock
        await tx.execute(sql`UPDATE t SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    expect(runs).toBe(3); // one of the two was undone once and ran again
    const rows = await database.query<{ n: number }>('SELECT n FROM t ORDER BY id', []);
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });
});
