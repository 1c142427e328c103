import { constants, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { type DeflatedPiece, deflatePiece } from '../lib/gzip-splice';

/**
 * The configuration's catalogue part for one outlet (issue 28): `"pos_item_categories":[…],…` as compressed
 * deflate blocks, built once per catalogue generation and kept in the database
 * (config_catalogue_cache, migrations/0067) so every server instance reuses it. The generation is bumped by
 * any change of the brand's catalogue rows, from a sequence: an entry of another generation never matches.
 */
export interface CatalogueTail {
  generation: string;
  deflated: DeflatedPiece;
}

/** The catalogue part's UTF-8 text, inflated from its cached blocks. */
export function tailBytes(tail: CatalogueTail): Buffer {
  return inflateRawSync(tail.deflated.deflate, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** The brand's current catalogue generation ('0': no catalogue row ever). */
export async function catalogueGeneration(deps: AppDeps, businessId: number): Promise<string> {
  const [row] = rows<{ generation: string | number }>(
    await deps.database.db.execute(
      sql`SELECT generation FROM catalogue_generations WHERE business_id = ${businessId}`,
    ),
  );
  return String(row?.generation ?? 0);
}

/**
 * The kinds as one JSON text, written by the database (a 20,000-item catalogue is never parsed here), and the
 * generation it was read at: one statement, one snapshot, so the text is exactly that generation's.
 */
async function buildTail(
  deps: AppDeps,
  businessId: number,
  outletId: number,
  kinds: readonly string[],
): Promise<{ generation: string; body: string }> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = rows<{ generation: string | number; kind: string | null; docs: string | null }>(
    await deps.database.db.execute(sql`
      WITH g AS (
        SELECT coalesce((SELECT generation FROM catalogue_generations WHERE business_id = ${businessId}), 0) AS generation
      ),
      k AS (
        SELECT kind, '[' || string_agg(doc::text, ',' ORDER BY sort_order, entity_id) || ']' AS docs
        FROM catalogue_entities
        WHERE business_id = ${businessId}
          AND business_outlet_id IN (0, ${outletId})
          AND kind IN (${kindList})
          AND (outlet_ids IS NULL OR ${outletId}::integer = ANY(outlet_ids))
        GROUP BY kind
      )
      SELECT g.generation, k.kind, k.docs FROM g LEFT JOIN k ON true`),
  );
  const docs = new Map<string, string>(kinds.map((k) => [k, '[]']));
  for (const r of result) if (r.kind !== null && r.docs !== null) docs.set(r.kind, r.docs);
  const body = [...docs].map(([kind, text]) => `${JSON.stringify(kind)}:${text}`).join(',');
  return { generation: String(result[0]?.generation ?? 0), body };
}

/**
 * The outlet's catalogue part, from the cache when its generation is the brand's current one, else built,
 * compressed and stored.
 */
export async function catalogueTail(
  deps: AppDeps,
  businessId: number,
  outletId: number,
  kinds: readonly string[],
): Promise<CatalogueTail> {
  const db = deps.database.db;
  const cached = rows<{
    generation: string | number;
    body_deflate: Uint8Array;
    body_bytes: number;
    body_crc32: string | number;
  }>(
    await db.execute(sql`
      SELECT c.generation, c.body_deflate, c.body_bytes, c.body_crc32
      FROM config_catalogue_cache c
      JOIN catalogue_generations g ON g.business_id = c.business_id AND g.generation = c.generation
      WHERE c.business_id = ${businessId} AND c.business_outlet_id = ${outletId}`),
  )[0];
  if (cached) {
    const d = cached.body_deflate;
    return {
      generation: String(cached.generation),
      deflated: {
        deflate: Buffer.from(d.buffer, d.byteOffset, d.byteLength),
        bytes: Number(cached.body_bytes),
        crc32: Number(cached.body_crc32),
      },
    };
  }
  const built = await buildTail(deps, businessId, outletId, kinds);
  const deflated = deflatePiece(built.body);
  // a slow builder of an older generation never replaces a newer entry (generations only grow)
  await db.execute(sql`
    INSERT INTO config_catalogue_cache
      (business_id, business_outlet_id, generation, body_deflate, body_bytes, body_crc32, built_at)
    VALUES (${businessId}, ${outletId}, ${built.generation}, ${deflated.deflate},
      ${deflated.bytes}, ${deflated.crc32}, ${deps.clock.now().toISOString()}::timestamptz)
    ON CONFLICT (business_id, business_outlet_id) DO UPDATE SET
      generation = excluded.generation, body_deflate = excluded.body_deflate,
      body_bytes = excluded.body_bytes, body_crc32 = excluded.body_crc32, built_at = excluded.built_at
    WHERE config_catalogue_cache.generation <= excluded.generation`);
  return { generation: built.generation, deflated };
}
