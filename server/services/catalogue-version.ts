import { sql } from 'drizzle-orm';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';

/**
 * The brand's catalogue version (the last change of a priced document, migrations/0007), recorded as
 * served: a sale priced with it may name it later (docs/decisions.md "Catalogue versions").
 */
export async function serveCatalogueVersion(deps: AppDeps, businessId: number): Promise<number> {
  const now = deps.clock.now().toISOString();
  const [row] = rows<{ v: string | number }>(
    await deps.database.db.execute(sql`
      WITH v AS (SELECT coalesce(max(seq), 0) AS v FROM catalogue_history WHERE business_id = ${businessId}),
      served AS (
        INSERT INTO catalogue_versions_served (business_id, catalogue_version, first_served_at, last_served_at)
        SELECT ${businessId}, v.v, ${now}::timestamptz, ${now}::timestamptz FROM v
        ON CONFLICT (business_id, catalogue_version) DO UPDATE SET last_served_at = excluded.last_served_at)
      SELECT v.v FROM v`),
  );
  return Number(row?.v ?? 0);
}
