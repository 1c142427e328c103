import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, t=2): about 30–60 ms a hash on this machine kind. */
export const hashPassword = (plain: string): Promise<string> => hash(plain);

// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hash('serambi-no-such-user');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
