import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { LOOKUP_MESSAGES, type PinValidationResponse } from '../../src/api/contract/customer';
import { businessUserOutlets, businessUsers, pinValidationAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { sessionOutlet } from './customer-pos-lists';
import { verifyPassword } from './passwords';
import type { AuthContext } from './sessions';
import { LOCK_NAMESPACE, RATE_LIMIT_MAX_FAILURES, RATE_LIMIT_WINDOW_MS } from './sign-in';

/**
 * Counts this user's failures from this address since the last success (within the window) and, when
 * under the cap, records this attempt as a failure, all under a lock on user and address: a parallel
 * burst waits here one by one, so no more than the cap reach the password check (as sign-in does).
 * The attempt becomes a success afterwards when a supervisor's password matches.
 */
async function reserveAttempt(
  deps: AppDeps,
  attempt: { business_user_id: number; business_outlet_id: number; ip: string },
  now: Date,
): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE.pinValidation}, hashtext(${`${attempt.business_user_id}|${attempt.ip}`}))`,
    );
    const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS);
    const mine = and(
      eq(pinValidationAttempts.business_user_id, attempt.business_user_id),
      eq(pinValidationAttempts.ip, attempt.ip),
    );
    const [lastSuccess] = await tx
      .select({ at: pinValidationAttempts.attempted_at })
      .from(pinValidationAttempts)
      .where(
        and(mine, eq(pinValidationAttempts.succeeded, true), gt(pinValidationAttempts.attempted_at, since)),
      )
      .orderBy(desc(pinValidationAttempts.attempted_at))
      .limit(1);
    const [row] = await tx
      .select({ n: count() })
      .from(pinValidationAttempts)
      .where(
        and(
          mine,
          eq(pinValidationAttempts.succeeded, false),
          gt(pinValidationAttempts.attempted_at, lastSuccess ? lastSuccess.at : since),
        ),
      );
    if (Number(row?.n ?? 0) >= RATE_LIMIT_MAX_FAILURES)
      throw new ServiceError('rate_limited', LOOKUP_MESSAGES.pinRateLimited);
    const [inserted] = await tx
      .insert(pinValidationAttempts)
      .values({ ...attempt, succeeded: false, supervisor_user_id: null, attempted_at: now })
      .returning({ id: pinValidationAttempts.attempt_id });
    return inserted.id;
  });
}

/**
 * POST cashier/pos/pin-validation: the password must belong to an active supervisor (is_supervisor) of the
 * session's outlet (argon2). Wrong → 400 "Password salah."; 5 failures in 15 minutes → 429 until the window
 * passes, like sign-in. Every attempt is recorded; a success names the supervisor for the audit trail.
 */
export async function validateSupervisorPassword(
  deps: AppDeps,
  auth: AuthContext,
  input: { password: string; ip: string },
): Promise<PinValidationResponse> {
  const outletId = sessionOutlet(auth);
  const now = deps.clock.now();
  const attemptId = await reserveAttempt(
    deps,
    { business_user_id: auth.business_user_id, business_outlet_id: outletId, ip: input.ip },
    now,
  );
  const supervisors = await deps.database.db
    .select({
      business_user_id: businessUsers.business_user_id,
      firstname: businessUsers.firstname,
      lastname: businessUsers.lastname,
      password_hash: businessUsers.password_hash,
    })
    .from(businessUsers)
    .innerJoin(businessUserOutlets, eq(businessUserOutlets.business_user_id, businessUsers.business_user_id))
    .where(
      and(
        eq(businessUsers.business_id, auth.business_id),
        eq(businessUsers.is_supervisor, true),
        eq(businessUsers.is_active, true),
        eq(businessUserOutlets.business_outlet_id, outletId),
      ),
    )
    .orderBy(asc(businessUsers.business_user_id));
  let found: (typeof supervisors)[number] | undefined;
  for (const s of supervisors) {
    if (await verifyPassword(s.password_hash, input.password)) {
      found = s;
      break;
    }
  }
  // no supervisor at all still costs one verification, so the answer's timing says nothing
  if (supervisors.length === 0) await verifyPassword(null, input.password);
  if (!found) throw invalid(LOOKUP_MESSAGES.wrongSupervisorPassword, 'password');
  await deps.database.db
    .update(pinValidationAttempts)
    .set({ succeeded: true, supervisor_user_id: found.business_user_id })
    .where(eq(pinValidationAttempts.attempt_id, attemptId));
  return {
    business_user_id: found.business_user_id,
    supervisor_name: `${found.firstname} ${found.lastname}`.trim(),
    validated_at: formatLocalDateTime(now),
  };
}

/** Attempts older than a day no longer count (like pruneSignInAttempts; main.ts may run both hourly). */
export async function prunePinValidationAttempts(deps: AppDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - 24 * 60 * 60_000);
  await deps.database.db.delete(pinValidationAttempts).where(lt(pinValidationAttempts.attempted_at, before));
}
