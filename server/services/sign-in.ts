import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/api/contract/envelope';
import { businessUsers, signInAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid, rateLimited } from '../lib/errors';
import { verifyPassword } from './passwords';

export const RATE_LIMIT_MAX_FAILURES = 5;
export const RATE_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Failures for this e-mail from this address within the window, counted since the last success.
 * Kept in the database so every server instance sees the same count.
 */
async function recentFailures(deps: AppDeps, email: string, ip: string, now: Date): Promise<number> {
  const db = deps.database.db;
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS);
  const lastSuccess = await db
    .select({ at: signInAttempts.attempted_at })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        eq(signInAttempts.ip, ip),
        eq(signInAttempts.succeeded, true),
        gt(signInAttempts.attempted_at, since),
      ),
    )
    .orderBy(desc(signInAttempts.attempted_at))
    .limit(1);
  const from = lastSuccess[0] ? lastSuccess[0].at : since;
  const [row] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        eq(signInAttempts.ip, ip),
        eq(signInAttempts.succeeded, false),
        gt(signInAttempts.attempted_at, from),
      ),
    );
  return Number(row?.n ?? 0);
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
  const now = deps.clock.now();
  if ((await recentFailures(deps, email, input.ip, now)) >= RATE_LIMIT_MAX_FAILURES) throw rateLimited();
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
  await deps.database.db
    .insert(signInAttempts)
    .values({ email, ip: input.ip, succeeded: ok, attempted_at: now });
  if (!ok || !user) throw invalid(MESSAGES.wrongCredentials);
  return { business_user_id: user.business_user_id };
}

/** Attempts older than a day no longer count for anything; main.ts prunes them hourly. */
export async function pruneSignInAttempts(deps: AppDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - 24 * 60 * 60_000);
  await deps.database.db.delete(signInAttempts).where(lt(signInAttempts.attempted_at, before));
}
