/**
 * The upload of the device's event log to the server (issue 15), before a sign-out clears it: first the
 * backlog (events a failed upload left behind at an earlier clear), then the log past the upload mark, in
 * batches. The server stores each event once (by id), so a batch whose answer was lost is simply sent
 * again: the upload resumes from the last batch the server acknowledged.
 */
import type { SerambiDb } from './db';
import type { RawEvent } from './envelope';

export type UploadBatch = (events: Array<Omit<RawEvent, 'seq'>>) => Promise<unknown>;

/**
 * The server takes up to 1,000 events a call (src/api/contract/audit.ts AUDIT_UPLOAD_BATCH, not imported here:
 * the contract's zod stays off the sign-in bundle): a busy till's day in five round trips.
 */
export const UPLOAD_BATCH_SIZE = 1000;

/**
 * Only the backlog: what an earlier clear kept because its upload failed. Sent after the next sign-in, in the
 * background (src/machines/live.ts). Answers how many events were sent; throws on the first failure.
 */
export async function uploadBacklog(
  db: SerambiDb,
  send: UploadBatch,
  batchSize = UPLOAD_BATCH_SIZE,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const rows = await db.auditBacklog.orderBy('bseq').limit(batchSize).toArray();
    if (rows.length === 0) break;
    await send(rows.map(({ bseq: _b, ...event }) => event));
    await db.auditBacklog.bulkDelete(rows.map((r) => r.bseq as number));
    sent += rows.length;
  }
  return sent;
}

/** How many events the server does not hold yet: the backlog and the log past the upload mark. */
export async function pendingUploadCount(db: SerambiDb): Promise<number> {
  const mark = (await db.chain.get('upload'))?.seq ?? 0;
  const [backlog, log] = await Promise.all([
    db.auditBacklog.count(),
    db.events.where(':id').above(mark).count(),
  ]);
  return backlog + log;
}

/** Uploads what the server does not hold yet; answers how many events were sent. Throws on the first failure. */
export async function uploadLog(
  db: SerambiDb,
  send: UploadBatch,
  batchSize = UPLOAD_BATCH_SIZE,
): Promise<number> {
  let sent = await uploadBacklog(db, send, batchSize);
  for (;;) {
    const mark = (await db.chain.get('upload'))?.seq ?? 0;
    const rows = await db.events.where(':id').above(mark).limit(batchSize).toArray();
    if (rows.length === 0) break;
    await send(rows.map(({ seq: _s, ...event }) => event));
    const last = rows[rows.length - 1].seq;
    // only forward: a clear meanwhile (mark reset to 0) is not undone
    await db.transaction('rw', db.chain, async () => {
      const now = (await db.chain.get('upload'))?.seq ?? 0;
      if (now === mark) await db.chain.put({ id: 'upload', seq: last });
    });
    sent += rows.length;
  }
  return sent;
}

/** Runs the upload up to `attempts` times, waiting between tries; the last failure goes to the caller. */
export async function uploadLogWithRetry(
  db: SerambiDb,
  send: UploadBatch,
  options: { attempts?: number; waitMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<number> {
  const attempts = options.attempts ?? 3;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await uploadLog(db, send);
    } catch (e) {
      if (attempt >= attempts) throw e;
      await wait((options.waitMs ?? 1000) * attempt);
    }
  }
}

/** Rejects when the work takes longer than `ms` (the work itself goes on; its batches are idempotent). */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`upload took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
