import { sql } from 'drizzle-orm';
import { businessUsers, emailOutbox, passwordResetRequests } from '../db/schema';
import type { AppDeps } from '../deps';
import { randomToken, sha256 } from '../lib/crypto';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Records every request; when the e-mail belongs to an active user, queues a reset link in the outbox.
 * The caller answers the same either way, so the call does not reveal which e-mails exist.
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
    const token = user ? randomToken() : null;
    const expires = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
    await tx.insert(passwordResetRequests).values({
      email,
      business_user_id: user?.id ?? null,
      subscription_user_type_status: input.subscription_user_type_status,
      token_hash: token ? sha256(token) : null,
      ip: input.ip,
      requested_at: now,
      expires_at: token ? expires : null,
    });
    if (!user || !token) return;
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
