import { sql } from 'drizzle-orm';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { businessUsers } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid, rateLimited } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { ATTEMPT_POLICIES, ATTEMPT_WINDOW_MS, markAttemptSucceeded, reserveAttempt } from './attempt-limiter';

/** Failures per e-mail from one address, counted since that e-mail's last success there. */
export const RATE_LIMIT_MAX_FAILURES = ATTEMPT_POLICIES.sign_in.perSubject;
/**
 * Failures from one address whatever the e-mail (a success does not reset it). Past it a wrong password
 * answers 429, but a right one still signs in unless its own e-mail is locked: one clumsy user must not
 * lock a whole salon out behind one address (issue 11).
 */
export const RATE_LIMIT_MAX_FAILURES_PER_IP = ATTEMPT_POLICIES.sign_in.perAddress ?? 0;
export const RATE_LIMIT_WINDOW_MS = ATTEMPT_WINDOW_MS;

export interface VerifiedUser {
  business_user_id: number;
}

/** Checks the credentials; wrong ones answer "Email atau password salah.", too many 429. */
export async function verifyCredentials(
  deps: AppDeps,
  input: { email: string; password: string; ip: string },
): Promise<VerifiedUser> {
  const email = input.email.trim().toLowerCase();
  // Under a lock on the address, so no more than the e-mail's cap ever reach its password check.
  const { attemptId, addressCapped } = await reserveAttempt(
    deps,
    { kind: 'sign_in', subject: email, ip: input.ip },
    deps.clock.now(),
    rateLimited,
  );
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
  if (!ok || !user) throw addressCapped ? rateLimited() : invalid(API_MESSAGES.wrongCredentials);
  await markAttemptSucceeded(deps, attemptId);
  return { business_user_id: user.business_user_id };
}
