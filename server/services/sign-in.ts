import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/api/contract/envelope';
import { businessUsers, signInAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid, rateLimited } from '../lib/errors';
import { verifyPassword } from './passwords';

/** Failures per e-mail from one address, counted since that e-mail's last success there. */
export const RATE_LIMIT_MAX_FAILURES = 5;
/**
 * Failures from one address whatever the e-mail (a success does not reset it). Past it a wrong password
 * answers 429, but a right one still signs in unless its own e-mail is locked: one clumsy user must not
 * lock a whole salon out behind one address (issue 11).
 */
export const RATE_LIMIT_MAX_FAILURES_PER_IP = 20;
export const RATE_LIMIT_WINDOW_MS = 15 * 60_000;

/** Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)); the second is hashtext(ip). */
export const LOCK_NAMESPACE = {
  signIn: 7_201,
  forgotPassword: 7_202,
  forgotPasswordEmail: 7_203,
  pinValidation: 7_204,
} as const;

/**
 * Counts the address's failures and, unless the e-mail is locked (its cap from this address), records this
 * attempt as a failure, all under a lock on the address: a parallel burst waits here one by one, so no
 * more than the e-mail's cap ever reach its password check. The attempt becomes a success afterwards if
 * the password is right. `addressCapped`: the address is past its own cap (a wrong password then answers
 * 429). Kept in the database, so every server instance shares the count.
 */
async function reserveAttempt(
  deps: AppDeps,
  email: string,
  ip: string,
  now: Date,
): Promise<{ attemptId: number; addressCapped: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE.signIn}, hashtext(${ip}))`);
    const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS);
    const fromIp = and(eq(signInAttempts.ip, ip), gt(signInAttempts.attempted_at, since));
    const [lastSuccess] = await tx
      .select({ id: max(signInAttempts.attempt_id) })
      .from(signInAttempts)
      .where(and(fromIp, eq(signInAttempts.email, email), eq(signInAttempts.succeeded, true)));
    const [failures] = await tx
      .select({
        forEmail: sql<number>`count(*) FILTER (WHERE ${signInAttempts.email} = ${email}
          AND ${signInAttempts.attempt_id} > ${lastSuccess?.id ?? 0})`.mapWith(Number),
        forIp: count(),
      })
      .from(signInAttempts)
      .where(and(fromIp, eq(signInAttempts.succeeded, false)));
    if ((failures?.forEmail ?? 0) >= RATE_LIMIT_MAX_FAILURES) throw rateLimited();
    const [row] = await tx
      .insert(signInAttempts)
      .values({ email, ip, succeeded: false, attempted_at: now })
      .returning({ attempt_id: signInAttempts.attempt_id });
    return {
      attemptId: row.attempt_id,
      addressCapped: (failures?.forIp ?? 0) >= RATE_LIMIT_MAX_FAILURES_PER_IP,
    };
  });
}

export interface VerifiedUser {
  business_user_id: number;
}

/** Checks the credentials; wrong ones answer "Email atau password salah.", too many 429. */
export async function verifyCredentials(
  deps: AppDeps,
  input: { email: string; password: string; ip: string },
): Promise<VerifiedUser> {
  const email = input.email.trim().toLowerCase();
  const { attemptId, addressCapped } = await reserveAttempt(deps, email, input.ip, deps.clock.now());
  const [user] = await deps.database.db
    .select({
      business_user_id: businessUsers.business_user_id,
      password_hash: businessUsers.password_hash,
      is_active: businessUsers.is_active,
    })
    .from(businessUsers)
    .where(sql`lower(${businessUsers.email}) = ${email}`)
    .limit(1);
  const ok = await verifyPassword(user?.is_active ? user.password_hash : null, input.password);
  if (!ok || !user) throw addressCapped ? rateLimited() : invalid(MESSAGES.wrongCredentials);
  await deps.database.db
    .update(signInAttempts)
    .set({ succeeded: true })
    .where(eq(signInAttempts.attempt_id, attemptId));
  return { business_user_id: user.business_user_id };
}

/** Attempts older than a day no longer count for anything; main.ts prunes them hourly. */
export async function pruneSignInAttempts(deps: AppDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - 24 * 60 * 60_000);
  await deps.database.db.delete(signInAttempts).where(lt(signInAttempts.attempted_at, before));
}
