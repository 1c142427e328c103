import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './create-db';

/** serialization_failure and deadlock_detected: PostgreSQL undid the whole transaction; it may run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** Whether the error (or one of its causes: Drizzle wraps the driver's) is a conflict worth a retry. */
export function isRetryableConflict(e: unknown): boolean {
  for (
    let c: unknown = e, depth = 0;
    c && typeof c === 'object' && depth < 8;
    c = (c as Error).cause, depth++
  ) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

export interface RetryOptions {
  /** runs in all, the first included */
  attempts?: number;
  /** the first wait's upper bound; each later one doubles it (full jitter: a random wait below it) */
  baseMs?: number;
  random?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `fn` (one whole database transaction, or one statement on its own) again when PostgreSQL undid it
 * for a serialization failure or a deadlock, at most `attempts` runs, each after a random wait below a
 * doubling bound, so that the transactions that collided do not collide again in step. `fn` must hold no
 * effect outside the database (it is run again from the start). Any other error, or the last conflict,
 * goes to the caller.
 */
export async function retryOnConflict<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? CONFLICT_ATTEMPTS;
  const baseMs = options.baseMs ?? 10;
  const random = options.random ?? Math.random;
  const wait = options.wait ?? sleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (attempt >= attempts || !isRetryableConflict(e)) throw e;
      await wait(Math.floor(random() * baseMs * 2 ** (attempt - 1)));
    }
  }
}

type TxFn<T> = Parameters<Db['transaction']>[0] extends (tx: infer X) => Promise<unknown>
  ? (tx: X) => Promise<T>
  : never;

/** `db.transaction(fn)`, the whole transaction run again on a serialization failure or a deadlock. */
export function transaction<T>(db: Db, fn: TxFn<T>): Promise<T> {
  return retryOnConflict(() => db.transaction(fn));
}
