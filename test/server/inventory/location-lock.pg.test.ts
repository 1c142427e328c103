// The stock check of an inventory write holds its storage locations' lock (docs/architecture.md), so two
// writes of the same location never read the same stock: while another transaction holds location 31, a
// consumption from 31 waits (PostgreSQL reports it waiting on a lock) and is applied after the release.
// PostgreSQL only: PGlite has one connection, so there nothing can hold a lock across two requests.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requirePg, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL } from '../pos/fixtures';

const KEMANG_GUDANG = 31;

describe.skipIf(requirePg())('inventory location lock on PostgreSQL', () => {
  let s: TestServer;
  let kemang: Tokens;
  let variant: number;

  beforeAll(async () => {
    s = await startTestServer('pg');
    kemang = await signIn(s.app, 'demo@serambi.id');
    const config = await outletConfig(s.app, kemang, 1);
    variant = Number(line(config, RETAIL).pos_item_variant_id);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const consume = () =>
    call(s.app, kemang, {
      method: 'POST',
      url: '/cashier/inventory/inventory-out',
      payload: {
        local_trx_id: randomUUID(),
        trx_type: 'CONSUMPTION',
        consumption_type: 'GENERAL',
        inv_sloc_id: KEMANG_GUDANG,
        items: [{ pos_item_variant_id: variant, qty: 1 }],
      },
    });

  it('a consumption waits for the location held by another transaction, then is applied', async () => {
    await s.database.withConnection(async (holder) => {
      await holder.exec('BEGIN');
      await holder.query('SELECT inv_sloc_id FROM storage_locations WHERE inv_sloc_id = $1 FOR UPDATE', [
        KEMANG_GUDANG,
      ]);
      const pending = consume();
      let finished = false;
      void pending.then(() => {
        finished = true;
      });
      // wait until PostgreSQL reports a session of our schema waiting on a lock (bounded)
      let waiting = 0;
      for (let i = 0; i < 200 && waiting === 0 && !finished; i++) {
        // inside a transaction the statistics views keep their first snapshot: take a fresh one
        await holder.query('SELECT pg_stat_clear_snapshot()', []);
        const [r] = await holder.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND datname = current_database()
             AND query ILIKE '%storage_locations%'`,
          [],
        );
        waiting = Number(r.n);
        if (waiting === 0) await new Promise((res) => setTimeout(res, 25));
      }
      expect(finished).toBe(false);
      expect(waiting).toBeGreaterThan(0);
      await holder.exec('ROLLBACK');
      const r = await pending;
      expect(r.statusCode, r.body).toBe(200);
    });
  }, 60_000);
});
