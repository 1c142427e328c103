// 000 §4 Synchronisation: the outbox (status 3, not synced, NORMAL) posted one sale per request with
// local_trx_id as the idempotency key, each answer recorded under the store's writer lock after a re-read.
// Sequential (inFlight 1): re-read, post and record inside one lock. Pipelined (the device's sync service):
// a few posts in flight without the lock, the answers recorded in outbox order. A sale whose answer was
// lost is posted again; the server's repeat answer is recorded once, because the re-read inside the lock
// sees it synced and skips it.
// Batched (issue 28, when the port offers postBatch): up to SYNC_BATCH sales read in one lock turn, posted
// in one request (cashier/pos-trx-batch), and all their answers recorded in one lock turn (one commit), in
// outbox order; each answer is recorded exactly as the one-sale call's would be.
import { ApiError, isApiError, isForcedSignOutError, isNetworkError } from '../api/http';
import type { PosTrxAnswer, PosTrxBatchAnswer } from '../api/pos';
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
  /** Several at once (one read of the store); default: read one after the other. */
  readMany?(ids: readonly string[]): Promise<(SyncTrx | undefined)[]>;
  accept(trx: SyncTrx, answer: PosTrxAnswer): Promise<void>;
  fail(trx: SyncTrx, message: string): Promise<void>;
  /** trx.adoptedFromServer: the server holds another version of this sale; the device takes it. */
  adopt(trx: SyncTrx, copy: ServerCopy): Promise<void>;
}

export interface OutboxPort {
  isOnline(): boolean;
  /** The outbox, oldest first. */
  listOutbox(): Promise<SyncTrx[]>;
  /**
   * Runs one step holding the store's writer lock (store.exclusive). `group`: what the step records is
   * committed together when the step ends (a batch's answers, one commit).
   */
  exclusive<T>(work: (session: SyncSession) => Promise<T>, options?: { group?: boolean }): Promise<T>;
  /** POST cashier/pos-trx {is_offline: 1, local_sync_time, trxs: [trx]}. */
  post(trx: SyncTrx, local_sync_time: string): Promise<PosTrxAnswer>;
  /**
   * POST cashier/pos-trx-batch {is_offline: 1, local_sync_time, trxs} (issue 28): one answer per sale, in
   * order; null when the server does not offer it (the pass goes on one sale per request).
   */
  postBatch?(trxs: SyncTrx[], local_sync_time: string): Promise<PosTrxBatchAnswer[] | null>;
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
  /**
   * Sales per batch request when the port offers postBatch (default 0: one sale per request). Batches in
   * flight at once: `batchesInFlight` (default 2).
   */
  batch?: number;
  batchesInFlight?: number;
}

async function readAll(session: SyncSession, ids: readonly string[]): Promise<(SyncTrx | undefined)[]> {
  if (session.readMany) return session.readMany(ids);
  const out: (SyncTrx | undefined)[] = [];
  for (const id of ids) out.push(await session.read(id));
  return out;
}

/** A refusal of one sale of a batch, as the one-sale call's error would have been (record reads it alike). */
const refusalError = (answer: PosTrxBatchAnswer): ApiError =>
  new ApiError({
    kind: 'http',
    status: Number(answer.http_status ?? 400),
    statusText: '',
    message: answer.message || SYNC_MESSAGES.rejected,
    field: answer.field ?? undefined,
  });

/** A batch's post: each eligible sale's Sent by local_trx_id; 'single' when it must go one sale per request. */
type BatchSent = { kind: 'sent'; sent: Map<string, Sent> } | { kind: 'single'; unsupported: boolean };

/** The batch's first half: its sales read in one lock turn, then posted WITHOUT the lock in one request. */
async function sendBatch(port: OutboxPort, ids: readonly string[]): Promise<BatchSent> {
  const post = port.postBatch as NonNullable<OutboxPort['postBatch']>;
  const read = await port.exclusive((session) => readAll(session, ids));
  const trxs = read.filter((t): t is SyncTrx => t !== undefined && isSyncEligible(t));
  const sent = new Map<string, Sent>();
  if (trxs.length === 0) return { kind: 'sent', sent };
  try {
    const answers = await post(trxs, port.now());
    if (answers === null) return { kind: 'single', unsupported: true };
    trxs.forEach((trx, j) => {
      const answer = answers[j];
      if (answer?.status === 'refused')
        sent.set(trx.local_trx_id, { kind: 'threw', trx, error: refusalError(answer) });
      else if (answer && answer.local_trx_id != null && answer.local_trx_id !== trx.local_trx_id)
        sent.set(trx.local_trx_id, { kind: 'answered', trx, answer: { status: null } });
      else sent.set(trx.local_trx_id, { kind: 'answered', trx, answer: answer ?? { status: null } });
    });
  } catch (error) {
    // the whole request refused (a body the server's input bounds refuse, a 413, a 500): its sales go one
    // per request, each then answered on its own; no response or a 303 is every sale's outcome
    if (isApiError(error) && error.kind === 'http') return { kind: 'single', unsupported: false };
    for (const trx of trxs) sent.set(trx.local_trx_id, { kind: 'threw', trx, error });
  }
  return { kind: 'sent', sent };
}

/**
 * The batch's second half, in outbox order: in ONE lock turn its sales are read again and each answer
 * recorded as apply() records it (skipped when recorded or changed meanwhile), committed together. Stops at
 * the first outcome that stops the pass.
 */
async function applyBatch(
  port: OutboxPort,
  ids: readonly string[],
  sent: Map<string, Sent>,
): Promise<Outcome[]> {
  return port.exclusive(
    async (session) => {
      const current = await readAll(session, ids);
      const outcomes: Outcome[] = [];
      for (const [j, id] of ids.entries()) {
        const s = sent.get(id);
        const now = current[j];
        let outcome: Outcome;
        if (!s || s.kind === 'skipped' || !now || !isSyncEligible(now)) outcome = 'skipped';
        else if (s.kind === 'answered' && !sameSale(now, s.trx)) outcome = 'skipped';
        else outcome = await record(port, session, { ...s, trx: now });
        outcomes.push(outcome);
        if (typeof outcome === 'object' && outcome.stop) break;
      }
      return outcomes;
    },
    { group: true },
  );
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
  const batchSize = port.postBatch ? Math.max(0, Math.floor(options.batch ?? 0)) : 0;
  const batchWindow = Math.max(1, Math.floor(options.batchesInFlight ?? 2));
  // the posts started ahead of the one being recorded (pipelined pass only)
  const ahead = new Map<number, Promise<Sent>>();
  const batchesAhead = new Map<number, Promise<BatchSent>>();
  let started = 0;
  let stopped = false;
  const fill = (upTo: number) => {
    while (!stopped && started < Math.min(outbox.length, upTo)) {
      const k = started++;
      ahead.set(k, send(port, outbox[k].local_trx_id));
    }
  };
  /** Counts the i-th sale's outcome; true when the pass stops there. */
  const tally = (i: number, local_trx_id: string, outcome: Outcome): boolean => {
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
        return true;
      }
    }
    return false;
  };
  // once per sale: a batch told its first sale before an older server's 404 sent it one per request
  let told = -1;
  const progress = (i: number) => {
    if (i === told) return;
    told = i;
    notice({
      type: 'sync.progress',
      index: i + 1,
      total: outbox.length,
      local_trx_id: outbox[i].local_trx_id,
    });
  };
  try {
    let i = 0;
    let done = false;
    if (batchSize > 0) {
      const chunks: string[][] = [];
      for (let k = 0; k < outbox.length; k += batchSize)
        chunks.push(outbox.slice(k, k + batchSize).map((t) => t.local_trx_id));
      let chunksStarted = 0;
      const fillBatches = (upTo: number) => {
        while (!stopped && chunksStarted < Math.min(chunks.length, upTo)) {
          const k = chunksStarted++;
          batchesAhead.set(k, sendBatch(port, chunks[k]));
        }
      };
      for (let c = 0; c < chunks.length && !done; c++) {
        fillBatches(c + batchWindow);
        // the pass's 'Syncing {i} of {n}' shows while the batch is on its way, as the one-sale path's does
        progress(i);
        const result = (await batchesAhead.get(c)) as BatchSent;
        batchesAhead.delete(c);
        const ids = chunks[c];
        if (result.kind === 'single' && result.unsupported) {
          // an older server: this chunk and the rest one sale per request (the loop below)
          stopped = true;
          await Promise.all(batchesAhead.values());
          batchesAhead.clear();
          stopped = false;
          break;
        }
        const outcomes =
          result.kind === 'sent'
            ? await applyBatch(port, ids, result.sent)
            : await (async () => {
                const out: Outcome[] = [];
                for (const id of ids) {
                  const o = await apply(port, id, await send(port, id));
                  out.push(o);
                  if (typeof o === 'object' && o.stop) break;
                }
                return out;
              })();
        for (const [j, outcome] of outcomes.entries()) {
          if (j > 0) progress(i + j);
          if (tally(i + j, ids[j], outcome)) {
            done = true;
            break;
          }
        }
        i += ids.length;
      }
    }
    started = i;
    for (; i < outbox.length && !done; i++) {
      const { local_trx_id } = outbox[i];
      progress(i);
      let outcome: Outcome;
      if (window === 1) outcome = await syncOne(port, local_trx_id);
      else {
        fill(i + window);
        const sent = (await ahead.get(i)) as Sent;
        ahead.delete(i);
        outcome = await apply(port, local_trx_id, sent);
      }
      if (tally(i, local_trx_id, outcome)) break;
    }
  } finally {
    // a stop (no network, a 303) leaves the posts already in flight unrecorded: the server stored them
    // once and answers their repeat on the next pass
    stopped = true;
    await Promise.all([...ahead.values(), ...batchesAhead.values()]);
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
