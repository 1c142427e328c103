import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { type SatusehatClient, SatusehatError } from '../integrations/satusehat/client';

/**
 * Wait after the n-th failed attempt (index n-1); past the end, the last value. The exchange down for an hour
 * (or answering 401/500) loses nothing: the activity waits and is tried again, never given up.
 */
export const SATUSEHAT_RETRY_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
/** How long a sender holds an activity it claimed (well beyond the client's 30 s time-out per request). */
export const SATUSEHAT_CLAIM_MS = 5 * 60_000;

export interface SatusehatPass {
  sent: number;
  failed: number;
}

interface Claimed {
  customer_activity_id: number;
  local_trx_id: string;
  customer_id: number;
  user_name: string;
  nik: string | null;
  ihs: string | null;
  skri: string;
  str: string | null;
  created_at: Date;
  modified_at: Date | null;
  business_id: number;
  health_worker: { ihs_practitioner_id?: string } | null;
  practitioner_name: string;
  sync_attempts: number;
}

/** A reason the activity cannot be sent yet that the exchange did not give (kept in sync_error). */
class NotReady extends Error {}

/**
 * One pass of the activity outbox: claims due activities (an ICD-10 diagnosis, not yet synced, at an outlet
 * in medical-record mode) with FOR UPDATE SKIP LOCKED and a lease, so concurrent senders — two server
 * instances — never take the same one; sends each as one Encounter + Condition bundle; sets synced_at once,
 * only while the claim is still its own. A failure is recorded (sync_error) and retried after a backoff.
 * An answer 'duplicate' for the Encounter's identifier means an earlier send got through (the server stopped
 * before it could record it): the activity is marked synced, not sent again.
 */
export async function sendActivitiesToSatusehat(
  deps: AppDeps,
  options: { limit?: number; client?: SatusehatClient } = {},
): Promise<SatusehatPass> {
  const client = options.client ?? deps.integrations.satusehat;
  const pass = { sent: 0, failed: 0 };
  if (!client) return pass;
  const db = deps.database.db;
  const claim = randomUUID();
  const now = deps.clock.now();
  const claimed = rows<Claimed>(
    await db.execute(sql`
      UPDATE customer_activities a
      SET sync_claim = ${claim}, sync_claimed_until = ${new Date(now.getTime() + SATUSEHAT_CLAIM_MS).toISOString()}::timestamptz
      FROM customers c, outlets o, business_users u
      WHERE a.customer_activity_id IN (
          SELECT d.customer_activity_id FROM customer_activities d
          JOIN outlets od ON od.business_outlet_id = d.business_outlet_id
          WHERE d.synced_at IS NULL AND d.skri IS NOT NULL AND d.deleted_at IS NULL
            AND coalesce(od.settings->>'rme_satu_sehat', '0') = '1'
            AND (d.sync_next_at IS NULL OR d.sync_next_at <= ${now.toISOString()}::timestamptz)
            AND (d.sync_claimed_until IS NULL OR d.sync_claimed_until <= ${now.toISOString()}::timestamptz)
          ORDER BY d.created_at, d.customer_activity_id
          LIMIT ${options.limit ?? 20}
          FOR UPDATE OF d SKIP LOCKED)
        AND c.customer_id = a.customer_id AND o.business_outlet_id = a.business_outlet_id
        AND u.business_user_id = a.business_user_id
      RETURNING a.customer_activity_id, a.local_trx_id, a.customer_id, c.user_name, c.nik,
        c.extra->>'satusehat_ihs_no' AS ihs, a.skri, a.str, a.created_at, a.modified_at, o.business_id,
        u.health_worker, trim(u.firstname || ' ' || u.lastname) AS practitioner_name, a.sync_attempts`),
  ).map((r) => ({
    ...r,
    customer_activity_id: Number(r.customer_activity_id),
    customer_id: Number(r.customer_id),
    sync_attempts: Number(r.sync_attempts),
    created_at: new Date(r.created_at),
    modified_at: r.modified_at ? new Date(r.modified_at) : null,
  }));

  for (const a of claimed) {
    try {
      const ids = await sendOne(deps, client, a);
      await db.execute(sql`
        UPDATE customer_activities
        SET synced_at = ${deps.clock.now().toISOString()}::timestamptz, satusehat_encounter_id = ${ids},
          sync_error = NULL, sync_claim = NULL, sync_claimed_until = NULL
        WHERE customer_activity_id = ${a.customer_activity_id} AND sync_claim = ${claim} AND synced_at IS NULL`);
      pass.sent++;
    } catch (e) {
      const attempts = a.sync_attempts + 1;
      const wait = SATUSEHAT_RETRY_MS[Math.min(attempts, SATUSEHAT_RETRY_MS.length) - 1] as number;
      const message =
        e instanceof SatusehatError || e instanceof NotReady ? e.message : `Gagal: ${(e as Error).message}`;
      await db.execute(sql`
        UPDATE customer_activities
        SET sync_attempts = ${attempts}, sync_error = ${message.slice(0, 1000)},
          sync_next_at = ${new Date(deps.clock.now().getTime() + wait).toISOString()}::timestamptz,
          sync_claim = NULL, sync_claimed_until = NULL
        WHERE customer_activity_id = ${a.customer_activity_id} AND sync_claim = ${claim}`);
      pass.failed++;
    }
  }
  return pass;
}

/** Sends the claimed activity; answers the exchange's Encounter id. */
async function sendOne(deps: AppDeps, client: SatusehatClient, a: Claimed): Promise<string> {
  const patientId = a.ihs || (await patientIdByNik(deps, client, a.customer_id, a.nik));
  const practitionerId = a.health_worker?.ihs_practitioner_id;
  if (!practitionerId)
    throw new NotReady('Penulis aktivitas bukan tenaga kesehatan terdaftar (tanpa ID SATUSEHAT)');
  const [location] = rows<{ satusehat_location_id: string; location_name: string }>(
    await deps.database.db.execute(sql`
      SELECT satusehat_location_id, location_name FROM emr_locations
      WHERE business_id = ${a.business_id} AND is_active = 1 AND satusehat_location_id IS NOT NULL
      ORDER BY emr_location_id LIMIT 1`),
  );
  if (!location) throw new NotReady('Belum ada lokasi EMR yang terdaftar di SATUSEHAT (menu Daftar Lokasi)');
  try {
    const ids = await client.sendEncounter({
      activityId: a.local_trx_id,
      patient: { id: patientId, name: a.user_name },
      practitioner: { id: practitionerId, name: a.practitioner_name },
      location: { id: location.satusehat_location_id, name: location.location_name },
      start: a.created_at,
      end: a.modified_at ?? a.created_at,
      diagnosis: { code: a.skri, display: a.str || a.skri },
    });
    return ids.encounterId;
  } catch (e) {
    // the exchange already holds this activity's Encounter: an earlier send went through
    if (e instanceof SatusehatError && e.status === 400 && /duplicate/i.test(e.message)) return 'duplicate';
    throw e;
  }
}

/**
 * The customer's patient id at the exchange by NIK (stored on the customer once found). No NIK, or a NIK the
 * exchange does not know, is a clear refusal.
 */
export async function patientIdByNik(
  deps: AppDeps,
  client: SatusehatClient,
  customerId: number,
  nik: string | null,
): Promise<string> {
  if (!nik) throw new NotReady('Pasien belum memiliki NIK');
  const found = await client.patientByNik(nik);
  if (!found) throw new NotReady(`NIK ${nik} tidak ditemukan di SATUSEHAT`);
  await deps.database.db.execute(sql`
    UPDATE customers
    SET extra = extra || ${JSON.stringify({ satusehat_ihs_no: found.id, satusehat_patient_id: found.id })}::jsonb,
      updated_at = ${deps.clock.now().toISOString()}::timestamptz
    WHERE customer_id = ${customerId}`);
  return found.id;
}

export { NotReady as SatusehatNotReady };
