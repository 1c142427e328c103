// The activity outbox (issue 25): each activity with an ICD-10 diagnosis at an outlet in medical-record mode
// reaches the exchange as one bundle, exactly once — under concurrent senders (two server instances) and
// through an hour of the exchange down or answering 401/500.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../../server/db/create-db';
import { rows } from '../../../server/db/rows';
import type { AppDeps } from '../../../server/deps';
import { httpSatusehatClient } from '../../../server/integrations/satusehat/client';
import {
  type SatusehatStandIn,
  startSatusehatStandIn,
} from '../../../server/integrations/satusehat/stand-in';
import { sendActivitiesToSatusehat } from '../../../server/services/satusehat-outbox';
import { type Backend, PG_URL, startTestServer, type TestServer } from '../helpers';

const MENTENG = 2;
const KEMANG = 1;
const DOKTER = 3;
const NIKS = ['3174011111110001', '3174011111110002', '3174011111110003'];

export function satusehatOutboxSuite(backend: Backend) {
  let server: TestServer;
  let standIn: SatusehatStandIn;
  let deps: AppDeps;
  let customerIds: number[];

  beforeEach(async () => {
    server = await startTestServer(backend);
    standIn = await startSatusehatStandIn({
      patients: NIKS.map((nik, i) => ({ nik, id: `P1000000000${i}`, name: `Pasien ${i}` })),
      practitioners: ['10009876543'],
    });
    deps = {
      ...server.app.deps,
      integrations: { ...server.app.deps.integrations, satusehat: httpSatusehatClient(standIn.settings) },
    };
    const db = server.database.db;
    const room = await deps.integrations.satusehat?.createLocation({ code: 'R-1', name: 'Ruang Periksa 1' });
    await db.execute(sql`
      INSERT INTO emr_locations (business_id, location_name, satusehat_location_id, created_at, updated_at)
      VALUES (1, 'Ruang Periksa 1', ${room?.id}, now(), now())`);
    customerIds = [];
    for (const [i, nik] of NIKS.entries()) {
      const [c] = rows<{ customer_id: number }>(
        await db.execute(sql`
          UPDATE customers SET nik = ${nik}, extra = extra - 'satusehat_ihs_no'
          WHERE customer_id = (SELECT customer_id FROM customers WHERE business_id = 1 ORDER BY customer_id OFFSET ${i} LIMIT 1)
          RETURNING customer_id`),
      );
      customerIds.push(Number(c?.customer_id));
    }
  });
  afterEach(async () => {
    await standIn.close();
    await server.close();
  });

  async function activity(n: number, opts: { outlet?: number; skri?: string | null } = {}): Promise<string> {
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const skri = opts.skri === undefined ? 'L70.0' : opts.skri;
    await server.database.db.execute(sql`
      INSERT INTO customer_activities (local_trx_id, customer_id, business_outlet_id, business_user_id,
        activity_notes, skri, str, created_at)
      VALUES (${id}, ${customerIds[n % customerIds.length]}, ${opts.outlet ?? MENTENG}, ${DOKTER}, 'kontrol',
        ${skri}, ${skri ? 'Acne vulgaris' : null}, ${server.clock.now().toISOString()}::timestamptz)`);
    return id;
  }

  const synced = async () =>
    rows<{
      local_trx_id: string;
      synced_at: string | null;
      sync_error: string | null;
      sync_attempts: number;
    }>(
      await server.database.db.execute(sql`
        SELECT local_trx_id, synced_at, sync_error, sync_attempts FROM customer_activities ORDER BY local_trx_id`),
    );
  const sentIds = () =>
    standIn.state.encounters.map((e) => (e.identifier as { value: string }[])[0]?.value).sort();

  describe(`SATUSEHAT outbox (${backend})`, () => {
    it('sends each diagnosed activity at a medical-record outlet once, with its synced_at; others stay', async () => {
      const ids = [await activity(1), await activity(2)];
      await activity(3, { skri: null }); // no diagnosis: nothing to send
      await activity(4, { outlet: KEMANG }); // the salon is not in medical-record mode
      const hidden = await activity(5);
      await server.database.db.execute(
        sql`UPDATE customer_activities SET deleted_at = now() WHERE local_trx_id = ${hidden}`,
      ); // Hapus before it was sent (the journal keeps the row): not sent
      expect(await sendActivitiesToSatusehat(deps)).toEqual({ sent: 2, failed: 0 });
      expect(await sendActivitiesToSatusehat(deps)).toEqual({ sent: 0, failed: 0 });
      expect(sentIds()).toEqual(ids);
      const after = await synced();
      expect(after.filter((r) => r.synced_at).map((r) => r.local_trx_id)).toEqual(ids);
      // the patient ids found by NIK are kept on the customers
      const [c] = rows<{ ihs: string }>(
        await server.database.db.execute(
          sql`SELECT extra->>'satusehat_ihs_no' AS ihs FROM customers WHERE customer_id = ${customerIds[1]}`,
        ),
      );
      expect(c?.ihs).toBe('P10000000001');
      expect(standIn.state.conditions).toHaveLength(2);
    });

    it('concurrent senders (two instances): every activity sent exactly once', async () => {
      const ids: string[] = [];
      for (let n = 1; n <= 12; n++) ids.push(await activity(n));
      const second: Database =
        backend === 'pg'
          ? await createDb({ databaseUrl: PG_URL, schema: await currentSchema() })
          : server.database;
      try {
        const other: AppDeps = {
          ...deps,
          database: second,
          integrations: { ...deps.integrations, satusehat: httpSatusehatClient(standIn.settings) },
        };
        const passes = await Promise.all([
          sendActivitiesToSatusehat(deps, { limit: 5 }),
          sendActivitiesToSatusehat(other, { limit: 5 }),
          sendActivitiesToSatusehat(deps, { limit: 5 }),
          sendActivitiesToSatusehat(other, { limit: 5 }),
        ]);
        expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(12);
        expect(passes.every((p) => p.failed === 0)).toBe(true);
      } finally {
        if (second !== server.database) await second.close();
      }
      expect(sentIds()).toEqual(ids);
      expect((await synced()).every((r) => r.synced_at)).toBe(true);
    });

    it('the exchange down, then 401, then 500 for an hour: nothing lost, each sent once when it is back', async () => {
      const ids = [await activity(1), await activity(2), await activity(3)];
      const start = server.clock.now().getTime();
      let failures = 0;
      for (const [minute, fail] of [
        [0, 0],
        [10, 500],
        [20, 401],
        [40, 500],
        [59, 0],
      ] as const) {
        standIn.state.failWith = fail;
        server.clock.set(new Date(start + minute * 60_000));
        failures += (await sendActivitiesToSatusehat(deps)).failed;
      }
      expect(failures).toBeGreaterThanOrEqual(9); // every activity tried at least three times
      const waiting = await synced();
      expect(waiting.every((r) => !r.synced_at && r.sync_error)).toBe(true);
      expect(waiting[0]?.sync_error).toMatch(/SATUSEHAT/);
      expect(standIn.state.encounters).toHaveLength(0);
      // back: a pass before the backoff has run out sends nothing; after it, each once
      standIn.state.failWith = null;
      server.clock.set(new Date(start + 61 * 60_000));
      await sendActivitiesToSatusehat(deps);
      server.clock.set(new Date(start + 3 * 3600_000));
      await sendActivitiesToSatusehat(deps);
      await sendActivitiesToSatusehat(deps);
      expect(sentIds()).toEqual(ids);
      expect((await synced()).every((r) => r.synced_at && !r.sync_error)).toBe(true);
    });

    it('a claim held by another sender is not taken; an expired claim (a sender that died) is', async () => {
      const id = await activity(1);
      await server.database.db.execute(sql`
        UPDATE customer_activities SET sync_claim = 'other', sync_claimed_until = ${new Date(server.clock.now().getTime() + 60_000).toISOString()}::timestamptz`);
      expect(await sendActivitiesToSatusehat(deps)).toEqual({ sent: 0, failed: 0 });
      server.clock.set(new Date(server.clock.now().getTime() + 120_000));
      expect(await sendActivitiesToSatusehat(deps)).toEqual({ sent: 1, failed: 0 });
      expect(sentIds()).toEqual([id]);
    });

    it('sent before the server could record it (the exchange answers duplicate): marked synced, not resent', async () => {
      const id = await activity(1);
      await sendActivitiesToSatusehat(deps);
      await server.database.db.execute(sql`UPDATE customer_activities SET synced_at = NULL`);
      expect(await sendActivitiesToSatusehat(deps)).toEqual({ sent: 1, failed: 0 });
      expect(sentIds()).toEqual([id]);
      expect((await synced())[0]?.synced_at).toBeTruthy();
    });

    it('an unknown NIK, an unknown ICD-10 code: clear errors kept on the activity, retried later', async () => {
      await activity(1, { skri: 'Q99.99' });
      await server.database.db.execute(
        sql`UPDATE customers SET nik = '3174999999999999' WHERE customer_id = ${customerIds[2]}`,
      );
      await activity(2);
      expect(await sendActivitiesToSatusehat(deps)).toEqual({ sent: 0, failed: 2 });
      const [a, b] = await synced();
      expect(a?.sync_error).toMatch(/ICD-10 Q99.99 tidak dikenal/);
      expect(b?.sync_error).toBe('NIK 3174999999999999 tidak ditemukan di SATUSEHAT');
      expect(a?.sync_attempts).toBe(1);
    });
  });

  async function currentSchema(): Promise<string> {
    const [r] = rows<{ s: string }>(await server.database.db.execute(sql`SELECT current_schema() AS s`));
    return r?.s as string;
  }
}
