import { and, asc, eq, lt } from 'drizzle-orm';
import { emailOutbox } from '../db/schema';
import type { AppDeps } from '../deps';

export const MAX_EMAIL_ATTEMPTS = 5;

/**
 * Sends queued e-mails. Each row is claimed with a conditional update, so two instances never send the
 * same message twice; a failure counts an attempt and is retried until MAX_EMAIL_ATTEMPTS, then 'failed'.
 */
export async function deliverQueuedEmails(
  deps: AppDeps,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const db = deps.database.db;
  const queued = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS)))
    .orderBy(asc(emailOutbox.created_at))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const m of queued) {
    const claimed = await db
      .update(emailOutbox)
      .set({ attempts: m.attempts + 1 })
      .where(and(eq(emailOutbox.email_id, m.email_id), eq(emailOutbox.attempts, m.attempts)))
      .returning({ id: emailOutbox.email_id });
    if (claimed.length === 0) continue;
    try {
      await deps.integrations.email.send({ to: m.to_address, subject: m.subject, body: m.body });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sent_at: deps.clock.now(), last_error: null })
        .where(eq(emailOutbox.email_id, m.email_id));
      sent++;
    } catch (e) {
      const last = m.attempts + 1 >= MAX_EMAIL_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({ status: last ? 'failed' : 'queued', last_error: (e as Error).message })
        .where(eq(emailOutbox.email_id, m.email_id));
      failed++;
    }
  }
  return { sent, failed };
}
