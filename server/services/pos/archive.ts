import { sql } from 'drizzle-orm';
import type { ArchiveEntry, ArchiveSaveResponse } from '../../../src/api/contract/pos';
import { POS_MESSAGES } from '../../../src/domain/texts/server';
import { rows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { formatLocalDateTime } from '../../lib/clock';
import { invalid } from '../../lib/errors';
import type { AuthContext } from '../sessions';
import { assertNoNul } from './storable';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

type Trx = { local_trx_id: string } & Record<string, unknown>;

export function requireOutlet(auth: AuthContext): number {
  if (auth.outlet_id === null) throw invalid(POS_MESSAGES.outletRequired, 'outlet_id');
  return auth.outlet_id;
}

/**
 * Save (archive) a pending transaction for the outlet; saving it again replaces the saved copy. A
 * local_trx_id belongs to the outlet (and brand) that first saved it: any cashier of that outlet may save
 * it again (the outlet's saved list is shared, as its download is), another outlet or brand is refused
 * and changes nothing (docs/decisions.md). One statement: the check and the write cannot be split.
 */
export async function saveArchive(deps: AppDeps, auth: AuthContext, trx: Trx): Promise<ArchiveSaveResponse> {
  const outletId = requireOutlet(auth);
  assertNoNul(trx, 'trx');
  const now = deps.clock.now();
  const saved = rows<{ id: string }>(
    await deps.database.db.execute(sql`
      INSERT INTO pos_sales_trx_archives (local_trx_id, business_id, business_outlet_id, business_user_id, trx, saved_at)
      SELECT ${trx.local_trx_id}, ${auth.business_id}, ${outletId}, ${auth.business_user_id},
        ${JSON.stringify({ ...trx, receh_code: undefined })}::jsonb, ${now.toISOString()}::timestamptz
      WHERE NOT EXISTS (
        SELECT 1 FROM pos_sales_trx_archives o
        WHERE o.local_trx_id = ${trx.local_trx_id}
          AND (o.business_id <> ${auth.business_id} OR o.business_outlet_id <> ${outletId}))
      ON CONFLICT (local_trx_id) WHERE downloaded_at IS NULL AND deleted_at IS NULL
      DO UPDATE SET trx = excluded.trx, business_user_id = excluded.business_user_id, saved_at = excluded.saved_at
      WHERE pos_sales_trx_archives.business_id = excluded.business_id
        AND pos_sales_trx_archives.business_outlet_id = excluded.business_outlet_id
      RETURNING pos_sales_trx_archive_id AS id`),
  );
  if (saved.length === 0) throw invalid(POS_MESSAGES.trxOfAnotherOutlet, 'trx.local_trx_id');
  return { local_trx_id: trx.local_trx_id, saved_at: formatLocalDateTime(now) };
}

/** The outlet's saved transactions, newest first. */
export async function listArchive(deps: AppDeps, auth: AuthContext): Promise<ArchiveEntry[]> {
  const outletId = requireOutlet(auth);
  const found = rows<{
    local_trx_id: string;
    saved_at: Date | string;
    business_user_id: number;
    cashier_name: string;
    trx: Trx | string;
  }>(
    await deps.database.db.execute(sql`
      SELECT a.local_trx_id, a.saved_at, a.business_user_id,
        trim(u.firstname || ' ' || u.lastname) AS cashier_name, a.trx
      FROM pos_sales_trx_archives a JOIN business_users u ON u.business_user_id = a.business_user_id
      WHERE a.business_outlet_id = ${outletId} AND a.downloaded_at IS NULL AND a.deleted_at IS NULL
      ORDER BY a.saved_at DESC, a.pos_sales_trx_archive_id DESC`),
  );
  return found.map((r) => ({
    local_trx_id: r.local_trx_id,
    saved_at: formatLocalDateTime(new Date(r.saved_at)),
    business_user_id: Number(r.business_user_id),
    cashier_name: r.cashier_name,
    trx: json(r.trx),
  }));
}

/**
 * Download: answers the saved transaction and takes it off the list, exactly once. The downloading
 * session is recorded, so that session's retry (a lost answer) gets the same transaction again; any
 * other device then finds nothing.
 */
export async function downloadArchive(deps: AppDeps, auth: AuthContext, localTrxId: string): Promise<Trx> {
  const outletId = requireOutlet(auth);
  const now = deps.clock.now();
  const [taken] = rows<{ trx: Trx | string }>(
    await deps.database.db.execute(sql`
      UPDATE pos_sales_trx_archives SET downloaded_at = ${now.toISOString()}::timestamptz,
        downloaded_session_id = ${auth.session_id}
      WHERE pos_sales_trx_archive_id = (
        SELECT pos_sales_trx_archive_id FROM pos_sales_trx_archives
        WHERE local_trx_id = ${localTrxId} AND business_outlet_id = ${outletId}
          AND downloaded_at IS NULL AND deleted_at IS NULL
        FOR UPDATE)
        AND downloaded_at IS NULL
      RETURNING trx`),
  );
  if (taken) return json(taken.trx);
  const [again] = rows<{ trx: Trx | string }>(
    await deps.database.db.execute(sql`
      SELECT trx FROM pos_sales_trx_archives
      WHERE local_trx_id = ${localTrxId} AND business_outlet_id = ${outletId}
        AND downloaded_session_id = ${auth.session_id} AND deleted_at IS NULL
      ORDER BY downloaded_at DESC LIMIT 1`),
  );
  if (again) return json(again.trx);
  throw invalid(POS_MESSAGES.savedTrxNotFound, 'local_trx_id');
}

/**
 * DELETE: takes a saved transaction off the list (docs/api.md pairing); deleting twice is harmless. A saved
 * transaction of another outlet of the brand is refused with the ownership message, as saving it would be;
 * another brand's is answered as an unknown id is ({deleted: 0}): the call never tells a brand that an id
 * exists elsewhere (issue 23 item 8).
 */
export async function deleteArchive(
  deps: AppDeps,
  auth: AuthContext,
  localTrxId: string,
): Promise<{ deleted: number }> {
  const outletId = requireOutlet(auth);
  const now = deps.clock.now();
  const done = rows<{ id: string }>(
    await deps.database.db.execute(sql`
      UPDATE pos_sales_trx_archives SET deleted_at = ${now.toISOString()}::timestamptz
      WHERE local_trx_id = ${localTrxId} AND business_outlet_id = ${outletId}
        AND downloaded_at IS NULL AND deleted_at IS NULL
      RETURNING pos_sales_trx_archive_id AS id`),
  );
  if (done.length === 0) {
    const others = rows<{ id: string }>(
      await deps.database.db.execute(sql`
        SELECT pos_sales_trx_archive_id AS id FROM pos_sales_trx_archives
        WHERE local_trx_id = ${localTrxId} AND business_id = ${auth.business_id}
          AND business_outlet_id <> ${outletId}
          AND downloaded_at IS NULL AND deleted_at IS NULL
        LIMIT 1`),
    );
    if (others.length > 0) throw invalid(POS_MESSAGES.trxOfAnotherOutlet, 'local_trx_id');
  }
  return { deleted: done.length };
}
