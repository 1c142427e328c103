// 000 §4 Synchronisation: the outbox (status 3, not synced, NORMAL) posted one sale per request with
// local_trx_id as the idempotency key, each answer recorded under the store's writer lock after a re-read.
// Sequential (inFlight 1): re-read, post and record inside one lock. Pipelined (the device's sync service):
// a few posts in flight without the lock, the answers recorded in outbox order. A sale whose answer was
// lost is posted again; the server's repeat answer is recorded once, because the re-read inside the lock
// sees it synced and skips it.
import { isApiError, isForcedSignOutError, isNetworkError } from '../api/http';
import type { PosTrxAnswer } from '../api/pos';
import { isSyncEligible } from '../domain/flags';
import type { PosTransaction } from '../domain/model';
import { POS_MESSAGES } from '../domain/texts/server';
import { SYNC_MESSAGES } from '../domain/texts/sync';
import type { ServerCopy } from '../projections/commands';

/** 003 §9: auto-sync every 300 s. */
export const SYNC_INTERVAL_MS = 300_000;

export type SyncTrx = Pick<PosTransaction, 'local_trx_id' | 'is_synced' | 'trx_type' | 'trx_status_id'> &
  Record<string, unknown>;

/** What one locked step may do: read the current row, record the answer or the failure. */
export interface SyncSession {
  read(local_trx_id: string): Promise<SyncTrx | undefined>;
  accept(trx: SyncTrx, answer: PosTrxAnswer): Promise<void>;
  fail(trx: SyncTrx, message: string): Promise<void>;
  /** trx.adoptedFromServer: the server holds another version of this sale; the device takes it. */
  adopt(trx: SyncTrx, copy: ServerCopy): Promise<void>;
}

export interface OutboxPort {
  isOnline(): boolean;
  /** The outbox, oldest first. */
  listOutbox(): Promise<SyncTrx[]>;
  /** Runs one step holding the store's writer lock (store.exclusive). */
  exclusive<T>(work: (session: SyncSession) => Promise<T>): Promise<T>;
  /** POST cashier/pos-trx {is_offline: 1, local_sync_time, trxs: [trx]}. */
  post(trx: SyncTrx, local_sync_time: string): Promise<PosTrxAnswer>;
  /** Local "YYYY-MM-DD HH:mm:ss". */
  now(): string;
  /** GET cashier/pos-trx/{local_trx_id}: the server's copy, null when it does not hold it. */
  lookup?(local_trx_id: string): Promise<ServerCopy | null>;
  /** Pending sales whose online-required submit got no answer (trx.submissionUnconfirmed). */
  listUnconfirmed?(): Promise<SyncTrx[]>;
}

export type SyncNotice =
  | { type: 'sync.started'; total: number }
  | { type: 'sync.progress'; index: number; total: number; local_trx_id: string }
  | { type: 'sync.itemSynced'; local_trx_id: string }
  | { type: 'sync.itemFailed'; local_trx_id: string; message: string; network?: boolean }
  | { type: 'sync.finished'; report: SyncReport }
  | { type: 'sync.offline' };

export interface SyncReport {
  total: number;
  synced: string[];
  /** Already synced when its turn came (another tab or a late submit answer). */
  skipped: string[];
  failed: { local_trx_id: string; message: string }[];
  /** The pass stopped because a post got no response: as good as offline (000 §4, 003 §8). */
  offline?: boolean;
}

/** Offline or some sale not accepted: the message is the spec's ('Tidak ada koneksi internet! …' / 'Sync gagal'). */
export class SyncError extends Error {
  readonly report: SyncReport | null;
  constructor(message: string, report: SyncReport | null = null) {
    super(message);
    this.name = 'SyncError';
    this.report = report;
  }
}

/** The server refused a repeat because it holds another version of the sale (a lost answer, then an edit). */
export const isRepeatDiffers = (error: unknown): boolean =>
  isApiError(error) && error.kind === 'http' && error.message === POS_MESSAGES.repeatDiffers;

/** After repeatDiffers: the server's copy, or null when it cannot be had now. */
async function serverCopy(port: OutboxPort, local_trx_id: string): Promise<ServerCopy | null> {
  if (!port.lookup) return null;
  try {
    return await port.lookup(local_trx_id);
  } catch {
    return null;
  }
}

export const isAccepted = (answer: PosTrxAnswer | undefined): answer is PosTrxAnswer =>
  answer?.status === 'success' && answer.pos_sales_trx_head_id != null;

type Outcome = 'synced' | 'skipped' | { failed: string; stop: boolean };

/** A post's result, read under the lock and sent without it (a pipelined pass). */
type Sent =
  | { kind: 'skipped' }
  | { kind: 'answered'; trx: SyncTrx; answer: PosTrxAnswer }
  | { kind: 'threw'; trx: SyncTrx; error: unknown };

/** What a recorded answer may overwrite: the sale as posted, its sync bookkeeping aside. */
const sameSale = (a: SyncTrx, b: SyncTrx): boolean => {
  const strip = ({ sync_error, sync_failed_at, ...rest }: SyncTrx) => JSON.stringify(rest);
  return strip(a) === strip(b);
};

/** The post's outcome recorded (the lock held by the caller); `current` re-read under that lock. */
async function record(
  port: OutboxPort,
  session: SyncSession,
  sent: Sent & { kind: 'answered' | 'threw' },
): Promise<Outcome> {
  const { trx } = sent;
  if (sent.kind === 'threw') {
    const { error } = sent;
    if (isForcedSignOutError(error)) throw error;
    // The server holds another version (000 §4, docs/decisions.md): its copy is the sale.
    const copy = isRepeatDiffers(error) ? await serverCopy(port, trx.local_trx_id) : null;
    if (copy) {
      await session.adopt(trx, copy);
      return 'synced';
    }
    const message = error instanceof Error && error.message ? error.message : SYNC_MESSAGES.rejected;
    await session.fail(trx, message);
    // No network: the rest would wait for their time-outs one by one; they go next time.
    return { failed: message, stop: isNetworkError(error) };
  }
  if (!isAccepted(sent.answer)) {
    await session.fail(trx, SYNC_MESSAGES.rejected);
    return { failed: SYNC_MESSAGES.rejected, stop: false };
  }
  await session.accept(trx, sent.answer);
  return 'synced';
}

async function post(port: OutboxPort, trx: SyncTrx): Promise<Sent> {
  try {
    return { kind: 'answered', trx, answer: await port.post(trx, port.now()) };
  } catch (error) {
    return { kind: 'threw', trx, error };
  }
}

/** One sale, the writer lock held from the re-read to the recorded answer (the spec's one at a time). */
async function syncOne(port: OutboxPort, local_trx_id: string): Promise<Outcome> {
  return port.exclusive(async (session) => {
    const trx = await session.read(local_trx_id);
    if (!trx || !isSyncEligible(trx)) return 'skipped';
    const sent = await post(port, trx);
    return record(port, session, sent as Sent & { kind: 'answered' | 'threw' });
  });
}

/**
 * The pipelined step's first half: the sale read under the lock, then posted WITHOUT it (several posts in
 * flight; the cashier's commits never wait on the network).
 */
async function send(port: OutboxPort, local_trx_id: string): Promise<Sent> {
  const trx = await port.exclusive(async (session) => session.read(local_trx_id));
  if (!trx || !isSyncEligible(trx)) return { kind: 'skipped' };
  return post(port, trx);
}

/**
 * Its second half, in outbox order: under the lock the sale is read again, and the answer recorded only
 * when it is still the unsynced sale that was posted. Another tab or a late submit answer that recorded
 * it meanwhile makes this one a skip (the device records each sale once); a sale changed meanwhile is
 * left for the next pass (its repeat is answered by the server, or refused and adopted).
 */
async function apply(port: OutboxPort, local_trx_id: string, sent: Sent): Promise<Outcome> {
  if (sent.kind === 'skipped') return 'skipped';
  return port.exclusive(async (session) => {
    const current = await session.read(local_trx_id);
    if (!current || !isSyncEligible(current)) return 'skipped';
    if (sent.kind === 'answered' && !sameSale(current, sent.trx)) return 'skipped';
    return record(port, session, { ...sent, trx: current } as Sent & { kind: 'answered' | 'threw' });
  });
}

export interface SyncOptions {
  /**
   * Posts in flight at once (default 1: each sale's post under the writer lock, one at a time). Above 1
   * the pass is pipelined: still one sale per request, each answer recorded in outbox order (apply).
   */
  inFlight?: number;
}

/**
 * One pass over the outbox. Rejects with SyncError(offline) when there is no network, and lets a
 * forced sign-out (303) through; otherwise answers the report (failures included).
 */
export async function syncOutbox(
  port: OutboxPort,
  notice: (n: SyncNotice) => void = () => {},
  options: SyncOptions = {},
): Promise<SyncReport> {
  if (!port.isOnline()) {
    notice({ type: 'sync.offline' });
    throw new SyncError(SYNC_MESSAGES.offline);
  }
  const outbox = await port.listOutbox();
  const report: SyncReport = { total: outbox.length, synced: [], skipped: [], failed: [] };
  notice({ type: 'sync.started', total: outbox.length });
  const window = Math.max(1, Math.floor(options.inFlight ?? 1));
  // the posts started ahead of the one being recorded (pipelined pass only)
  const ahead = new Map<number, Promise<Sent>>();
  let started = 0;
  let stopped = false;
  const fill = (upTo: number) => {
    while (!stopped && started < Math.min(outbox.length, upTo)) {
      const k = started++;
      ahead.set(k, send(port, outbox[k].local_trx_id));
    }
  };
  try {
    for (let i = 0; i < outbox.length; i++) {
      const { local_trx_id } = outbox[i];
      notice({ type: 'sync.progress', index: i + 1, total: outbox.length, local_trx_id });
      let outcome: Outcome;
      if (window === 1) outcome = await syncOne(port, local_trx_id);
      else {
        fill(i + window);
        const sent = (await ahead.get(i)) as Sent;
        ahead.delete(i);
        outcome = await apply(port, local_trx_id, sent);
      }
      if (outcome === 'synced') {
        report.synced.push(local_trx_id);
        notice({ type: 'sync.itemSynced', local_trx_id });
      } else if (outcome === 'skipped') {
        report.skipped.push(local_trx_id);
      } else {
        report.failed.push({ local_trx_id, message: outcome.failed });
        notice({ type: 'sync.itemFailed', local_trx_id, message: outcome.failed, network: outcome.stop });
        if (outcome.stop) {
          report.offline = true;
          for (const rest of outbox.slice(i + 1))
            report.failed.push({ local_trx_id: rest.local_trx_id, message: outcome.failed });
          break;
        }
      }
    }
  } finally {
    // a stop (no network, a 303) leaves the posts already in flight unrecorded: the server stored them
    // once and answers their repeat on the next pass
    stopped = true;
    await Promise.all(ahead.values());
  }
  notice({ type: 'sync.finished', report });
  return report;
}

const isUnconfirmedPending = (trx: SyncTrx | undefined): trx is SyncTrx =>
  trx !== undefined &&
  Number(trx.trx_status_id) === 2 &&
  typeof (trx as { submission_unconfirmed_at?: unknown }).submission_unconfirmed_at === 'string';

/**
 * Before a sign-out: every pending sale whose submit answer was lost is looked up; the ones the
 * server holds adopt its copy (they are completed there, never to be sent as pending). Quiet and
 * best effort: a sale the server cannot be asked about stays as it is. Answers the adopted ids.
 */
export async function reconcileUnconfirmed(port: OutboxPort): Promise<string[]> {
  if (!port.lookup || !port.listUnconfirmed || !port.isOnline()) return [];
  const adopted: string[] = [];
  for (const { local_trx_id } of await port.listUnconfirmed()) {
    const copy = await serverCopy(port, local_trx_id);
    if (!copy) continue;
    const done = await port.exclusive(async (session) => {
      // Re-read under the lock: another tab or the cashier may have settled it meanwhile.
      const trx = await session.read(local_trx_id);
      if (!isUnconfirmedPending(trx)) return false;
      await session.adopt(trx, copy);
      return true;
    });
    if (done) adopted.push(local_trx_id);
  }
  return adopted;
}

/** A pass that left sales behind: "Tidak ada koneksi internet! …" when no response came, else 'Sync gagal'. */
export function incompletePass(report: SyncReport): SyncError | null {
  if (report.failed.length === 0) return null;
  return new SyncError(report.offline ? SYNC_MESSAGES.offline : SYNC_MESSAGES.failedOverall, report);
}

/** For callers that need everything on the server (sign-out): any failure rejects (incompletePass). */
export async function syncAll(port: OutboxPort, notice?: (n: SyncNotice) => void): Promise<SyncReport> {
  const report = await syncOutbox(port, notice);
  const error = incompletePass(report);
  if (error) throw error;
  return report;
}

/**
 * Single flight: a run while one is in progress waits for it and then runs once more (at most one
 * queued), so a sale completed during a pass is never missed by the caller that asked after it.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const p = run().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      const current = running;
      queued = current
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return start();
        });
    }
    return queued;
  };
}
