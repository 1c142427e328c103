import { and, eq, gt, lt, max, sql } from 'drizzle-orm';
import { type AuthAttemptKind, authAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import type { ServiceError } from '../lib/errors';

/**
 * The one attempt limiter of sign-in, the supervisor password (pin-validation) and forgot-password. Every
 * attempt is a row of `auth_attempts` (kind, subject, client address, success flag, time), counted in the
 * database so every server instance shares the count.
 */

/** How long an attempt counts. */
export const ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Attempts older than this count for nothing; main.ts prunes them hourly. */
export const ATTEMPT_KEEP_MS = 24 * 60 * 60_000;

export interface AttemptPolicy {
  /** Attempts for one subject from one address within the window; past it every attempt answers 429. */
  perSubject: number;
  /** Attempts from one address whatever the subject, within the window (null: no such cap). */
  perAddress: number | null;
  /**
   * 'refuse': past the address cap every attempt answers 429. 'flag': it is still recorded and the caller
   * learns `addressCapped` (sign-in then refuses only a wrong password: issue 11).
   */
  addressCap: 'refuse' | 'flag';
  /**
   * true: only failures count, and the subject's count starts again after its last success from that
   * address (the address count does not). false: every attempt counts (a request is never a "success").
   */
  successResets: boolean;
}

/** The caps of today's three limits (issue 2 sign-in, issue 5 forgot-password, issue 6 pin-validation). */
export const ATTEMPT_POLICIES: Record<AuthAttemptKind, AttemptPolicy> = {
  /** subject: the e-mail, lower-cased. */
  sign_in: { perSubject: 5, perAddress: 20, addressCap: 'flag', successResets: true },
  /** subject: the requesting cashier's business_user_id. */
  supervisor_password: { perSubject: 5, perAddress: null, addressCap: 'refuse', successResets: true },
  /** subject: the e-mail asked for, lower-cased. */
  forgot_password: { perSubject: 5, perAddress: 20, addressCap: 'refuse', successResets: false },
  /** subject: business_id:user_code of the customer whose wallet PIN ('Kode Receh') was typed (pos/wallet-security.ts). */
  wallet_code: { perSubject: 5, perAddress: null, addressCap: 'refuse', successResets: false },
  /** subject: business_id:customer_id of the customer an SMS redeem code was sent to (pos/redeem.ts, issue 23 item 7). */
  redeem_code: { perSubject: 5, perAddress: null, addressCap: 'refuse', successResets: false },
  /** subject: 'backdoor'; the maintenance page's passphrase (services/maintenance.ts, issue 27, ruling 10). */
  maintenance: { perSubject: 5, perAddress: 20, addressCap: 'refuse', successResets: true },
};

/** Advisory-lock namespace (first key of pg_advisory_xact_lock(int, int)); the second is hashtext(kind|ip). */
export const ATTEMPT_LOCK_NAMESPACE = 7_201;

type Tx = Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0];

export interface AttemptInput {
  kind: AuthAttemptKind;
  subject: string;
  ip: string;
  /** Recorded for the audit trail (pin-validation: the requesting user and outlet; forgot: the user found). */
  business_user_id?: number | null;
  business_outlet_id?: number | null;
}

/**
 * Counts the kind's attempts from the address and, unless the subject (or, with addressCap 'refuse', the
 * address) is past its cap, records this one as a failure; all under a transaction-scoped lock on kind and
 * address, so a parallel burst waits here one by one and no more than the cap ever pass. Call it inside
 * the caller's transaction `tx` (the lock lasts until that transaction ends). `tooMany` is the caller's
 * 429. Returns the attempt's id (for markAttemptSucceeded) and whether the address is past its cap.
 */
export async function reserveAttemptIn(
  tx: Tx,
  input: AttemptInput,
  now: Date,
  tooMany: () => ServiceError,
): Promise<{ attemptId: number; addressCapped: boolean }> {
  const policy = ATTEMPT_POLICIES[input.kind];
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${ATTEMPT_LOCK_NAMESPACE}, hashtext(${`${input.kind}|${input.ip}`}))`,
  );
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS);
  const fromIp = and(
    eq(authAttempts.kind, input.kind),
    eq(authAttempts.ip, input.ip),
    gt(authAttempts.attempted_at, since),
  );
  let lastSuccessId = 0;
  if (policy.successResets) {
    const [last] = await tx
      .select({ id: max(authAttempts.attempt_id) })
      .from(authAttempts)
      .where(and(fromIp, eq(authAttempts.subject, input.subject), eq(authAttempts.succeeded, true)));
    lastSuccessId = last?.id ?? 0;
  }
  const [counts] = await tx
    .select({
      forSubject: sql<number>`count(*) FILTER (WHERE ${authAttempts.subject} = ${input.subject}
        AND ${authAttempts.attempt_id} > ${lastSuccessId})`.mapWith(Number),
      forIp: sql<number>`count(*)`.mapWith(Number),
    })
    .from(authAttempts)
    .where(policy.successResets ? and(fromIp, eq(authAttempts.succeeded, false)) : fromIp);
  const addressCapped = policy.perAddress !== null && (counts?.forIp ?? 0) >= policy.perAddress;
  if ((counts?.forSubject ?? 0) >= policy.perSubject) throw tooMany();
  if (addressCapped && policy.addressCap === 'refuse') throw tooMany();
  const [row] = await tx
    .insert(authAttempts)
    .values({
      kind: input.kind,
      subject: input.subject,
      ip: input.ip,
      business_user_id: input.business_user_id ?? null,
      business_outlet_id: input.business_outlet_id ?? null,
      supervisor_user_id: null,
      succeeded: false,
      attempted_at: now,
    })
    .returning({ attempt_id: authAttempts.attempt_id });
  return { attemptId: row.attempt_id, addressCapped };
}

/** reserveAttemptIn in a transaction of its own (the lock is released once the attempt is recorded). */
export function reserveAttempt(
  deps: AppDeps,
  input: AttemptInput,
  now: Date,
  tooMany: () => ServiceError,
): Promise<{ attemptId: number; addressCapped: boolean }> {
  return deps.database.db.transaction((tx) => reserveAttemptIn(tx, input, now, tooMany));
}

/** The attempt succeeded (pin-validation also names the supervisor whose password matched). */
export async function markAttemptSucceeded(
  deps: AppDeps,
  attemptId: number,
  supervisorUserId: number | null = null,
): Promise<void> {
  await deps.database.db
    .update(authAttempts)
    .set({ succeeded: true, supervisor_user_id: supervisorUserId })
    .where(eq(authAttempts.attempt_id, attemptId));
}

/** Deletes attempts older than a day (they no longer count for anything). */
export async function pruneAuthAttempts(deps: AppDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - ATTEMPT_KEEP_MS);
  await deps.database.db.delete(authAttempts).where(lt(authAttempts.attempted_at, before));
}
