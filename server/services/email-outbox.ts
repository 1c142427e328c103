import { and, asc, eq, lt } from 'drizzle-orm';
import { emailOutboxMessages, type OutboxStatus } from '../db/schema';
import type { AppDeps } from '../deps';

export const MAX_EMAIL_ATTEMPTS = 5;

/** One delivery pass: sent and failed attempts; `stored` only when a stand-in kept messages. */
export interface OutboxPass {
  sent: number;
  failed: number;
  stored?: number;
}

/** The table side of an outbox (e-mail and SMS share the delivery rules). */
export interface OutboxStore<R extends { attempts: number }> {
  queued(limit: number, maxAttempts: number): Promise<R[]>;
  /** Counts the attempt if nobody else did meanwhile: false = another instance has the row. */
  claim(row: R): Promise<boolean>;
  finish(
    row: R,
    patch: { status: OutboxStatus; last_error: string | null; sent_at: Date | null },
  ): Promise<void>;
}

/**
 * Delivers queued messages. Each row is claimed with a conditional update, so two instances never send the
 * same message twice; a failure records last_error and is retried on later passes until maxAttempts, then
 * 'failed'. A transport that answers 'stored' (the stand-in) leaves the message readable as 'stored'.
 */
export async function deliverOutbox<R extends { attempts: number }>(
  store: OutboxStore<R>,
  send: (row: R) => Promise<unknown>,
  now: () => Date,
  options: { limit: number; maxAttempts: number },
): Promise<OutboxPass> {
  const pass = { sent: 0, failed: 0, stored: 0 };
  for (const row of await store.queued(options.limit, options.maxAttempts)) {
    if (!(await store.claim(row))) continue;
    try {
      const kept = (await send(row)) === 'stored';
      await store.finish(row, {
        status: kept ? 'stored' : 'sent',
        last_error: null,
        sent_at: kept ? null : now(),
      });
      if (kept) pass.stored++;
      else pass.sent++;
    } catch (e) {
      const last = row.attempts + 1 >= options.maxAttempts;
      await store.finish(row, {
        status: last ? 'failed' : 'queued',
        last_error: (e as Error).message.slice(0, 1000),
        sent_at: null,
      });
      pass.failed++;
    }
  }
  const { stored, ...rest } = pass;
  return stored > 0 ? { ...rest, stored } : rest;
}

type EmailRow = typeof emailOutboxMessages.$inferSelect;

function emailStore(deps: AppDeps): OutboxStore<EmailRow> {
  const db = deps.database.db;
  const t = emailOutboxMessages;
  return {
    queued: (limit, max) =>
      db
        .select()
        .from(t)
        .where(and(eq(t.status, 'queued'), lt(t.attempts, max)))
        .orderBy(asc(t.created_at))
        .limit(limit),
    claim: async (m) =>
      (
        await db
          .update(t)
          .set({ attempts: m.attempts + 1 })
          .where(and(eq(t.email_id, m.email_id), eq(t.attempts, m.attempts), eq(t.status, 'queued')))
          .returning({ id: t.email_id })
      ).length > 0,
    finish: async (m, patch) => {
      await db.update(t).set(patch).where(eq(t.email_id, m.email_id));
    },
  };
}

/** Sends queued e-mails (password reset, receipts) through deps.integrations.email. */
export async function deliverQueuedEmails(deps: AppDeps, limit = 20): Promise<OutboxPass> {
  return deliverOutbox(
    emailStore(deps),
    (m) =>
      deps.integrations.email.send({
        to: m.to_address,
        subject: m.subject,
        body: m.body,
        ...(m.html_body ? { html: m.html_body } : {}),
      }),
    () => deps.clock.now(),
    { limit, maxAttempts: MAX_EMAIL_ATTEMPTS },
  );
}
