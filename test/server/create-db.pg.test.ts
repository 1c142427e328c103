// The PostgreSQL pool's startup options: JIT off (a sale's insert would otherwise be JIT-compiled, tens
// of ms each), and a URL's own `options` (the fault harness passes its schema so) still applied.
import { describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db';
import { freshSchemaName, PG_URL, requirePg } from './helpers';

const settings = `SELECT current_setting('jit') AS jit, current_setting('search_path') AS search_path,
  current_setting('random_page_cost') AS random_page_cost,
  current_setting('max_parallel_workers_per_gather') AS parallel`;

describe.skipIf(requirePg())('createDb on PostgreSQL', () => {
  it('turns JIT off, prices random reads as on SSD and keeps the search_path of the schema option', async () => {
    const schema = freshSchemaName();
    const d = await createDb({ databaseUrl: PG_URL, schema });
    try {
      expect(await d.query(settings, [])).toEqual([
        { jit: 'off', search_path: schema, random_page_cost: '1.1', parallel: '0' },
      ]);
    } finally {
      await d.withConnection((c) => c.exec(`DROP SCHEMA ${schema}`));
      await d.close();
    }
  });

  it("keeps the URL's own options (they win) and still turns JIT off", async () => {
    const u = new URL(PG_URL ?? '');
    u.searchParams.set('options', '-c search_path=pg_catalog');
    const d = await createDb({ databaseUrl: u.toString(), schema: undefined });
    try {
      expect(await d.query(settings, [])).toEqual([
        { jit: 'off', search_path: 'pg_catalog', random_page_cost: '1.1', parallel: '0' },
      ]);
    } finally {
      await d.close();
    }
  });
});
