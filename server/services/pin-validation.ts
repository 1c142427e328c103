import { and, asc, count, desc, eq, gt, lt } from 'drizzle-orm';
import { LOOKUP_MESSAGES, type PinValidationResponse } from '../../src/api/contract/customer';
import { businessUserOutlets, businessUsers, pinValidationAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { sessionOutlet } from './customer-pos-lists';
import { verifyPassword } from './passwords';
import type { AuthContext } from './sessions';
import { RATE_LIMIT_MAX_FAILURES, RATE_LIMIT_WINDOW_MS } from './sign-in';

/** Failures of this user from this address within the window since the last success (shared in the database). */
async function recentFailures(deps: AppDeps, businessUserId: number, ip: string, now: Date): Promise<number> {
  const db = deps.database.db;
  const since = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS);
  const mine = and(
    eq(pinValidationAttempts.business_user_id, businessUserId),
    eq(pinValidationAttempts.ip, ip),
  );
  const [lastSuccess] = await db
    .select({ at: pinValidationAttempts.attempted_at })
    .from(pinValidationAttempts)
    .where(
      and(mine, eq(pinValidationAttempts.succeeded, true), gt(pinValidationAttempts.attempted_at, since)),
    )
    .orderBy(desc(pinValidationAttempts.attempted_at))
    .limit(1);
  const [row] = await db
    .select({ n: count() })
    .from(pinValidationAttempts)
    .where(
      and(
        mine,
        eq(pinValidationAttempts.succeeded, false),
        gt(pinValidationAttempts.attempted_at, lastSuccess ? lastSuccess.at : since),
      ),
    );
  return Number(row?.n ?? 0);
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
  if ((await recentFailures(deps, auth.business_user_id, input.ip, now)) >= RATE_LIMIT_MAX_FAILURES)
    throw new ServiceError('rate_limited', LOOKUP_MESSAGES.pinRateLimited);
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
  await deps.database.db.insert(pinValidationAttempts).values({
    business_user_id: auth.business_user_id,
    business_outlet_id: outletId,
    ip: input.ip,
    succeeded: found !== undefined,
    supervisor_user_id: found?.business_user_id ?? null,
    attempted_at: now,
  });
  if (!found) throw invalid(LOOKUP_MESSAGES.wrongSupervisorPassword, 'password');
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
