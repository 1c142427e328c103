// "Sync before views" (000 §4 Synchronisation; 002 §2.2, §2.9, §2.11, §2.13, §4): the routes that
// open only after the device's completed sales are on the server, and what each says meanwhile and
// when the pass fails. Pure, so the route table and its rules are tested without rendering.
import { errorMessage, isForcedSignOutError } from '../../api/http';
import { SYNC_FIRST_TEXTS, SYNC_MESSAGES } from '../../domain/texts/sync';
import type { SyncReport } from '../../machines/sync-outbox';

// The routes themselves are in sync-first-routes.ts (the route table reads them without this file's imports).
export { SYNC_FIRST_ROUTES, type SyncFirstKind } from './sync-first-routes';

import type { SyncFirstKind } from './sync-first-routes';

/** The loader's text while the pass runs; null where the specification gives none (a plain loader). */
export function loadingText(kind: SyncFirstKind): string | null {
  if (kind === 'settlement') return SYNC_FIRST_TEXTS.settlementLoading;
  if (kind === 'report') return SYNC_FIRST_TEXTS.reportLoading;
  return null;
}

export type SyncFirstOutcome =
  | { kind: 'open' }
  /** A forced sign-out (303): the session takes over; nothing to say here. */
  | { kind: 'signedOut' }
  | { kind: 'failed'; message: string };

const failedText = (kind: SyncFirstKind) =>
  kind === 'report' ? SYNC_FIRST_TEXTS.failedOverall : SYNC_FIRST_TEXTS.failed;

/**
 * A pass's end → does the view open? Only when every eligible sale is on the server: offline (or no
 * response) says so; a refused sale gives the view's failure text (002 §4); the view stays closed.
 */
export function outcomeOfPass(
  kind: SyncFirstKind,
  pass: { report: SyncReport } | { error: unknown },
): SyncFirstOutcome {
  if ('error' in pass) {
    if (isForcedSignOutError(pass.error)) return { kind: 'signedOut' };
    const message = errorMessage(pass.error);
    return { kind: 'failed', message: message === SYNC_MESSAGES.offline ? message : failedText(kind) };
  }
  const { report } = pass;
  if (report.failed.length === 0) return { kind: 'open' };
  return { kind: 'failed', message: report.offline ? SYNC_FIRST_TEXTS.offline : failedText(kind) };
}
