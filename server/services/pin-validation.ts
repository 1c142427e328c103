import { and, asc, eq } from 'drizzle-orm';
import type { PinValidationResponse } from '../../src/api/contract/customer';
import { LOOKUP_MESSAGES } from '../../src/domain/texts/server';
import { businessUserOutlets, businessUsers } from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { markAttemptSucceeded, reserveAttempt } from './attempt-limiter';
import { sessionOutlet } from './customer-pos-lists';
import type { AuthContext } from './sessions';

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
  // Counted per requesting user and address under a lock, so a parallel burst cannot pass the cap.
  const { attemptId } = await reserveAttempt(
    deps,
    {
      kind: 'supervisor_password',
      subject: String(auth.business_user_id),
      ip: input.ip,
      business_user_id: auth.business_user_id,
      business_outlet_id: outletId,
    },
    now,
    () => new ServiceError('rate_limited', LOOKUP_MESSAGES.pinRateLimited),
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
  await markAttemptSucceeded(deps, attemptId, found.business_user_id);
  return {
    business_user_id: found.business_user_id,
    supervisor_name: `${found.firstname} ${found.lastname}`.trim(),
    validated_at: formatLocalDateTime(now),
  };
}
