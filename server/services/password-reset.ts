import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_PASSWORD_MESSAGES } from '../../src/domain/texts/session';
import { businessUsers, emailOutbox, passwordResetRequests, sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { randomToken, sha256 } from '../lib/crypto';
import { invalid, ServiceError } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { ATTEMPT_POLICIES, reserveAttemptIn } from './attempt-limiter';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Requests per e-mail from one address, and per address, within the sign-in window (15 minutes). */
export const FORGOT_MAX_PER_EMAIL_AND_IP = ATTEMPT_POLICIES.forgot_password.perSubject;
export const FORGOT_MAX_PER_IP = ATTEMPT_POLICIES.forgot_password.perAddress ?? 0;
/** Reset e-mails one user receives per token lifetime, whatever the addresses asking (quietly capped). */
export const RESET_EMAILS_PER_USER = 3;
/** Advisory-lock namespace of the per-user count of links (the second key is the business_user_id). */
const RESET_EMAIL_LOCK_NAMESPACE = 7_203;

const tooMany = () => new ServiceError('rate_limited', RESET_PASSWORD_MESSAGES.tooManyRequests);

/**
 * Records every request as an attempt (auth_attempts); when the e-mail belongs to an active user, keeps a
 * reset link (password_reset_requests) and queues it in the outbox. The caller answers the same either way,
 * so the call does not reveal which e-mails exist. Limited like sign-in (429 per e-mail and address, and per
 * address), counted under a lock on the address so a parallel burst cannot pass the cap; a user's mailbox
 * gets at most RESET_EMAILS_PER_USER links an hour.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: { email: string; subscription_user_type_status: string; ip: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: businessUsers.business_user_id,
        email: businessUsers.email,
        firstname: businessUsers.firstname,
      })
      .from(businessUsers)
      .where(sql`lower(${businessUsers.email}) = ${email} AND ${businessUsers.is_active}`)
      .limit(1);
    const attempt = {
      kind: 'forgot_password',
      subject: email,
      ip: input.ip,
      business_user_id: user?.id,
    } as const;
    await reserveAttemptIn(tx, attempt, now, tooMany);
    let token: string | null = null;
    if (user) {
      // Addresses differ, the mailbox is one: a lock on the user counts its links across them.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESET_EMAIL_LOCK_NAMESPACE}, ${user.id})`);
      const [sent] = await tx
        .select({ n: count() })
        .from(passwordResetRequests)
        .where(
          and(
            eq(passwordResetRequests.business_user_id, user.id),
            sql`${passwordResetRequests.token_hash} IS NOT NULL`,
            gt(passwordResetRequests.requested_at, new Date(now.getTime() - RESET_TOKEN_TTL_MS)),
          ),
        );
      if ((sent?.n ?? 0) < RESET_EMAILS_PER_USER) token = randomToken();
    }
    if (!user || !token) return;
    await tx.insert(passwordResetRequests).values({
      email,
      business_user_id: user.id,
      subscription_user_type_status: input.subscription_user_type_status,
      token_hash: sha256(token),
      ip: input.ip,
      requested_at: now,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    const link = `${deps.publicUrl.replace(/\/$/, '')}/sign-in?reset_token=${token}`;
    await tx.insert(emailOutbox).values({
      to_address: user.email,
      subject: 'Reset Password',
      body: [
        `Halo ${user.firstname},`,
        '',
        'Kami menerima permintaan untuk mengatur ulang password akun kasir Anda.',
        `Buka tautan berikut dalam 60 menit untuk membuat password baru: ${link}`,
        '',
        'Abaikan email ini jika Anda tidak memintanya.',
      ].join('\n'),
      status: 'queued',
      attempts: 0,
      created_at: now,
    });
  });
}

const tokenInvalid = () => invalid(RESET_PASSWORD_MESSAGES.tokenInvalid, 'reset_token');

/**
 * POST cashier/auth/reset-password: a live, unused link sets a new password (argon2), is used up with
 * every other link of that user, and every session of the user is revoked (a device still signed in
 * meets a 303 and signs out). An unknown, expired or used token answers 400.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { reset_token: string; password: string },
): Promise<{ email: string }> {
  const tokenHash = sha256(input.reset_token);
  const live = and(
    eq(passwordResetRequests.token_hash, tokenHash),
    isNull(passwordResetRequests.used_at),
    gt(passwordResetRequests.expires_at, deps.clock.now()),
  );
  // Checked before hashing: a made-up token costs one indexed read, never an argon2 hash.
  const [found] = await deps.database.db
    .select({ request_id: passwordResetRequests.request_id })
    .from(passwordResetRequests)
    .where(live)
    .limit(1);
  if (!found) throw tokenInvalid();
  const passwordHash = await hashPassword(input.password);
  return deps.database.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // The claim is the single use: of two racing requests only one updates the row.
    const [claimed] = await tx
      .update(passwordResetRequests)
      .set({ used_at: now })
      .where(and(eq(passwordResetRequests.request_id, found.request_id), live))
      .returning({ business_user_id: passwordResetRequests.business_user_id });
    if (!claimed?.business_user_id) throw tokenInvalid();
    const userId = claimed.business_user_id;
    const [user] = await tx
      .update(businessUsers)
      .set({ password_hash: passwordHash })
      .where(and(eq(businessUsers.business_user_id, userId), eq(businessUsers.is_active, true)))
      .returning({ email: businessUsers.email });
    if (!user) throw tokenInvalid();
    await tx
      .update(passwordResetRequests)
      .set({ used_at: now })
      .where(and(eq(passwordResetRequests.business_user_id, userId), isNull(passwordResetRequests.used_at)));
    await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(eq(sessions.business_user_id, userId), isNull(sessions.revoked_at)));
    return { email: user.email };
  });
}
