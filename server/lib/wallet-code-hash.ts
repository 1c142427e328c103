import { timingSafeEqual } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { sha256 } from './crypto';
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
