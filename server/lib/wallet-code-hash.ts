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

/**
 * The NFC card's lookup key (issue 24: one customer per card code): sha256 of the business and the code,
 * stored in customers.extra.nfc_code_key under a unique index; the code is compared with the argon2 hash.
 */
export const nfcCodeKey = (businessId: number, code: string): string => sha256(`nfc:${businessId}:${code}`);
