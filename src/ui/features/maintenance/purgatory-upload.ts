// /purgatory (issue 15): before everything the browser holds is deleted, the device's event log goes to the
// server when it can — a signed-in session's tokens are stored and the server answers in time. Otherwise the
// page says how many events could not be uploaded (they are lost with the rest: /purgatory clears it all).
import { createAuditApi } from '../../../api/audit';
import { type ApiAuth, createApiClient } from '../../../api/http';
import type { SerambiDb } from '../../../events';
import { pendingUploadCount, uploadLog, within } from '../../../events/chain-upload';

export type PurgatoryUpload =
  | { status: 'nothing' }
  | { status: 'uploaded'; sent: number }
  /** No session to upload with, no server, or too slow: `pending` events could not be uploaded. */
  | { status: 'failed'; pending: number; reason: 'no-session' | 'error' };

/** How long /purgatory waits for the upload before it clears anyway. */
export const PURGATORY_UPLOAD_MS = 8000;

/** The stored session's tokens, if a cashier is signed in. */
async function storedAuth(db: SerambiDb): Promise<ApiAuth | null> {
  const u = (await db.session.get('current'))?.user as
    | { client_key?: unknown; login_token?: unknown }
    | null
    | undefined;
  return typeof u?.client_key === 'string' && typeof u.login_token === 'string'
    ? { client_key: u.client_key, login_token: u.login_token }
    : null;
}

/** Uploads what the server does not hold yet, once, bounded in time; never throws. */
export async function uploadBeforePurge(
  db: SerambiDb,
  options: { baseUrl: string; fetchImpl?: typeof fetch; timeoutMs?: number },
): Promise<PurgatoryUpload> {
  let pending = 0;
  try {
    pending = await pendingUploadCount(db);
    if (pending === 0) return { status: 'nothing' };
    const auth = await storedAuth(db);
    if (!auth) return { status: 'failed', pending, reason: 'no-session' };
    // its own client: the session statechart may not have read the stored session yet, and a 303 here must
    // not start a forced sign-out of its own (the page clears everything anyway)
    const client = createApiClient({
      baseUrl: options.baseUrl,
      fetchImpl: options.fetchImpl,
      getAuth: () => auth,
    });
    const audit = createAuditApi(client);
    const sent = await within(
      uploadLog(db, (events) => audit.upload(events)),
      options.timeoutMs ?? PURGATORY_UPLOAD_MS,
    );
    return { status: 'uploaded', sent };
  } catch {
    const left = await pendingUploadCount(db).catch(() => pending);
    return { status: 'failed', pending: left, reason: 'error' };
  }
}

/** What the page says when the log could not be uploaded. */
export const purgatoryUploadMessage = (r: PurgatoryUpload): string | null =>
  r.status === 'failed'
    ? `Log audit perangkat tidak dapat diunggah ke server (${r.pending} event) dan ikut terhapus.`
    : null;
