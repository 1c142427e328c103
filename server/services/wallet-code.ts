import { sql } from 'drizzle-orm';
import type { Database } from '../db/create-db';
import { rows } from '../db/rows';
import { hashPassword } from '../lib/passwords';

/**
 * Wraps every legacy (sha256) PIN hash in argon2id; run after the migrations at start-up. Each update
 * holds only if the stored value is still the legacy one, so two servers starting together wrap it once.
 * Returns how many were wrapped.
 */
export async function wrapLegacyWalletCodeHashes(database: Database): Promise<number> {
  const legacy = await database.query<{ customer_id: number; hash: string }>(
    `SELECT customer_id, extra->>'wallet_security_code_hash' AS hash FROM customers
     WHERE extra->>'wallet_security_code_hash' ~ '^[0-9a-f]{64}$'`,
    [],
  );
  let wrapped = 0;
  for (const row of legacy) {
    const argon = await hashPassword(row.hash);
    const done = await database.db.execute(sql`
      UPDATE customers SET extra = extra || jsonb_build_object('wallet_security_code_hash', ${argon}::text)
      WHERE customer_id = ${row.customer_id} AND extra->>'wallet_security_code_hash' = ${row.hash}
      RETURNING customer_id`);
    wrapped += rows(done).length;
  }
  return wrapped;
}
