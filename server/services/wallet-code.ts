import { timingSafeEqual } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/create-db';
import { sha256 } from '../lib/crypto';
import { hashPassword } from './passwords';

/**
 * The wallet PIN ('Kode Receh', 6 digits) at rest: argon2id (salted, slow) of sha256(`user_code:PIN`).
 * The inner sha256 is what earlier versions stored alone (unsalted, recovered in about a second), so
 * those hashes are upgraded without knowing the PIN: wrapped in argon2id as they are (wrapLegacyHashes).
 */
const inner = (userCode: string, code: string) => sha256(`${userCode}:${code}`);
const LEGACY = /^[0-9a-f]{64}$/;

export const hashWalletCode = (userCode: string, code: string): Promise<string> =>
  hashPassword(inner(userCode, code));

/** Whether `code` is the customer's PIN; a not yet wrapped legacy hash is still compared (in constant time). */
export async function verifyWalletCode(stored: string, userCode: string, code: string): Promise<boolean> {
  const given = inner(userCode, code);
  if (LEGACY.test(stored)) return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
  try {
    return await verify(stored, given);
  } catch {
    return false;
  }
}

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
    wrapped += ((done as unknown as { rows?: unknown[] }).rows ?? (done as unknown as unknown[])).length;
  }
  return wrapped;
}
