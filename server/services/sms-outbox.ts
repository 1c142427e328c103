import { and, asc, eq, lt } from 'drizzle-orm';
import { smsOutbox } from '../db/schema';
import type { AppDeps } from '../deps';
import { storeSmsSender } from '../integrations/sms';
import { deliverOutbox, type OutboxPass, type OutboxStore } from './email-outbox';

export const MAX_SMS_ATTEMPTS = 5;

type SmsRow = typeof smsOutbox.$inferSelect;

function smsStore(deps: AppDeps): OutboxStore<SmsRow> {
  const db = deps.database.db;
  const t = smsOutbox;
  return {
    queued: (limit, max, due) =>
      db
        .select()
        .from(t)
        .where(and(eq(t.status, 'queued'), lt(t.attempts, max), due))
        .orderBy(asc(t.created_at))
        .limit(limit),
    claim: async (m) =>
      (
        await db
          .update(t)
          .set({ attempts: m.attempts + 1 })
          .where(and(eq(t.sms_id, m.sms_id), eq(t.attempts, m.attempts), eq(t.status, 'queued')))
          .returning({ id: t.sms_id })
      ).length > 0,
    finish: async (m, patch) => {
      await db.update(t).set(patch).where(eq(t.sms_id, m.sms_id));
    },
  };
}

const standIn = storeSmsSender();

/** Sends queued SMS through deps.integrations.sms (absent: the stand-in keeps them as 'stored'). */
export async function deliverQueuedSms(
  deps: AppDeps,
  limit = 20,
  scheduleMs?: readonly number[],
): Promise<OutboxPass> {
  const sender = deps.integrations.sms ?? standIn;
  return deliverOutbox(
    smsStore(deps),
    (m) => sender.send({ to: m.to_phone, message: m.message }),
    () => deps.clock.now(),
    { limit, maxAttempts: MAX_SMS_ATTEMPTS, scheduleMs },
  );
}
