import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../db/rows';
import type { OutboxStatus } from '../db/schema';
import type { AppDeps } from '../deps';

export const MAX_EMAIL_ATTEMPTS = 5;

/**
 * How long after a message was queued attempt n+1 may run (index n = attempts so far): a transport that is
 * down for minutes does not use up every attempt at once. main.ts uses it; without a schedule every pass
 * retries (tests drive the passes themselves).
 */
export const RETRY_SCHEDULE_MS = [0, 30_000, 120_000, 600_000, 3_600_000] as const;

/** `created_at` must be at or before this for the row's next attempt (SQL, per row). */
export function dueSql(now: Date, schedule: readonly number[] | undefined): SQL {
  if (!schedule?.length) return sql`true`;
  const offsets = sql.raw(schedule.map((n) => Math.max(0, Math.trunc(n))).join(','));
  return sql`created_at <= ${now.toISOString()}::timestamptz
    - coalesce((ARRAY[${offsets}]::bigint[])[attempts + 1], ${Math.max(...schedule)}) * interval '1 millisecond'`;
}

/** One delivery pass: sent and failed attempts; `stored` only when a stand-in kept messages. */
export interface OutboxPass {
  sent: number;
  failed: number;
  stored?: number;
}

/** The table side of an outbox (e-mail and SMS share the delivery rules). */
export interface OutboxStore<R extends { attempts: number }> {
  /** Queued rows under maxAttempts whose next attempt is due (dueSql). */
  queued(limit: number, maxAttempts: number, due: SQL): Promise<R[]>;
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
  options: { limit: number; maxAttempts: number; scheduleMs?: readonly number[] },
): Promise<OutboxPass> {
  const pass = { sent: 0, failed: 0, stored: 0 };
  const due = dueSql(now(), options.scheduleMs);
  for (const row of await store.queued(options.limit, options.maxAttempts, due)) {
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

/** What replaces a reset link's token in a sent e-mail's stored copy. */
export const DROPPED_TOKEN = '[dihapus setelah terkirim]';
const dropResetLinks = (column: 'body' | 'html_body') =>
  sql`regexp_replace(${sql.raw(column)}, 'reset_token=[A-Za-z0-9_-]+', ${`reset_token=${DROPPED_TOKEN}`}, 'g')`;

interface EmailRow {
  email_id: number;
  to_address: string;
  subject: string;
  body: string;
  html_body: string | null;
  attempts: number;
}

function emailStore(deps: AppDeps): OutboxStore<EmailRow> {
  const db = deps.database.db;
  return {
    queued: async (limit, max, due) =>
      rows<EmailRow>(
        await db.execute(sql`
          SELECT email_id, to_address, subject, body, html_body, attempts FROM email_outbox
          WHERE status = 'queued' AND attempts < ${max} AND ${due}
          ORDER BY created_at, email_id LIMIT ${limit}`),
      ).map((r) => ({ ...r, email_id: Number(r.email_id), attempts: Number(r.attempts) })),
    claim: async (m) =>
      rows(
        await db.execute(sql`
          UPDATE email_outbox SET attempts = ${m.attempts + 1}
          WHERE email_id = ${m.email_id} AND attempts = ${m.attempts} AND status = 'queued'
          RETURNING email_id`),
      ).length > 0,
    finish: async (m, patch) => {
      // A live password-reset link is needed only to send: once sent (or given up), the stored copy
      // keeps the message without it (issue 11). 'stored' (no SMTP) is the operator's only copy to pass on.
      const done = patch.status === 'sent' || patch.status === 'failed';
      await db.execute(sql`
        UPDATE email_outbox
        SET status = ${patch.status}, last_error = ${patch.last_error},
          sent_at = ${patch.sent_at ? patch.sent_at.toISOString() : null}::timestamptz
          ${done ? sql`, body = ${dropResetLinks('body')}, html_body = ${dropResetLinks('html_body')}` : sql``}
        WHERE email_id = ${m.email_id}`);
    },
  };
}

/** Sends queued e-mails (password reset, receipts) through deps.integrations.email. */
export async function deliverQueuedEmails(
  deps: AppDeps,
  limit = 20,
  scheduleMs?: readonly number[],
): Promise<OutboxPass> {
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
    { limit, maxAttempts: MAX_EMAIL_ATTEMPTS, scheduleMs },
  );
}
