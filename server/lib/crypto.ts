import { createHash, randomBytes } from 'node:crypto';

/** Tokens are stored only as their sha256, so a copy of the database cannot sign anyone in. */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
