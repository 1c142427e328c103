// The device's one sync service: the outbox pass of sync-outbox.ts on the real store and API. The
// session (sign-out), the sync statechart (every 300 s, "Sync"), the void and the history/stock/
// settlement/report views all call this one instance, so passes never overlap (single flight) and
// every pass's progress reaches the statechart that shows it.

import type { ApiClient } from '../api/http';
import { createLoyaltyApi } from '../api/loyalty';
import { createPosApi, type PosApi } from '../api/pos';
import { createShiftApi } from '../api/shift';
import { formatLocalTimestamp } from '../domain/time-wall';
import { type Actor, makeEvent, type NewEvent } from '../events';
import type { Store } from '../projections';
import { createLoyaltyCommands } from '../projections/commands/loyalty';
import { createShiftCommands } from '../projections/commands/shift';
import { listOutbox } from '../projections/selectors';
import { toAcceptance, toServerCopy } from './submission-send';
import {
  incompletePass,
  type OutboxPort,
  reconcileUnconfirmed,
  SyncError,
  type SyncNotice,
  type SyncReport,
  type SyncSession,
  singleFlight,
  syncOutbox,
} from './sync-outbox';

export interface SyncService {
  /** One pass (joins a running one, then runs once more). Rejects only offline (SyncError) or on a 303. */
  run(): Promise<SyncReport>;
  /**
   * A pass that must leave nothing behind (sign-out): pending sales whose submit answer was lost are
   * first settled with the server's copy when it holds them; any unsent sale rejects (incompletePass).
   */
  runAll(): Promise<SyncReport>;
  /** The notices of every pass (the sync statechart shows them). */
  subscribe(listener: (notice: SyncNotice) => void): () => void;
}

export interface SyncServiceOptions {
  store: Store;
  /** The session's client (headers, 303 → forced sign-out); or `posApi` directly. */
  client?: ApiClient;
  posApi?: Pick<PosApi, 'sync'> & Partial<Pick<PosApi, 'stored' | 'syncBatch'>>;
  /** Who records the answers; default the signed-in cashier. */
  actor?: () => Actor | Promise<Actor>;
  isOnline?: () => boolean;
  now?: () => Date;
  /**
   * Ruling 26: the queued shift starts, then the open shift's expenses, sent before each pass's sales
   * (default: through `client`; none without one). unsent: starts or expense lists that got no answer.
   */
  sendShiftStarts?: () => Promise<{ unsent: number }>;
  /**
   * Ruling 17: the loyalty awards saved on the device, sent before each pass's sales, each once (default:
   * through `client`; none without one). unsent: awards still waiting.
   */
  sendLoyalty?: () => Promise<{ unsent: number }>;
  /** Issue 26: the appointments saved or deleted on the device, each change sent once (default: through `client`). */
  sendAppointments?: () => Promise<{ unsent: number }>;
  /** Issue 26: registrations and status changes saved on the device, sent before each pass's sales, once. */
  sendRegistrations?: () => Promise<{ unsent: number }>;
  /** Sales posted at once during a pass (default SYNC_IN_FLIGHT; 1: one at a time under the lock). */
  inFlight?: number;
  /** Sales per batch request when the server offers cashier/pos-trx-batch (default SYNC_BATCH; 0: none). */
  batch?: number;
}

/**
 * Issue 28: a pass keeps this many sales in flight (one sale per request, keep-alive connections), the
 * answers recorded in outbox order; the browser's six connections per host leave room for the rest.
 */
export const SYNC_IN_FLIGHT = 4;

/**
 * Issue 28: a pass posts the outbox in batches of this many sales (cashier/pos-trx-batch, two requests in
 * flight), each batch read in one writer-lock turn and its answers recorded in one; one sale per request
 * when the server answers the batch call 404 (an older server).
 */
export const SYNC_BATCH = 25;

import { SYNC_MESSAGES } from '../domain/texts/sync';
import { postedTrx } from './posted-trx';

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

async function sessionActor(store: Store): Promise<Actor> {
  const id = (await store.getSession()).user?.business_user_id;
  return typeof id === 'number' ? id : 'device';
}

/** The outbox port on a store: each step re-reads and records through the writer it holds. */
export function storeOutboxPort(options: SyncServiceOptions): OutboxPort {
  const { store } = options;
  const api = options.posApi ?? (options.client ? createPosApi(options.client) : null);
  if (!api) throw new Error('sync: a client or posApi is required');
  const now = options.now ?? (() => new Date());
  const actorOf = options.actor ?? (() => sessionActor(store));
  // an older server without the batch call: asked once per port, then one sale per request
  let batchOffered = typeof api.syncBatch === 'function';
  return {
    isOnline: options.isOnline ?? browserOnline,
    listOutbox: () => listOutbox(store.db),
    listUnconfirmed: async () =>
      (await store.db.transactions.where('trx_status_id').equals(2).toArray())
        .filter((row) => typeof row.submission_unconfirmed_at === 'string')
        .map(postedTrx),
    now: () => formatLocalTimestamp(now()),
    post: (trx, local_sync_time) => api.sync(trx, local_sync_time),
    postBatch: api.syncBatch
      ? async (trxs, local_sync_time) => {
          if (!batchOffered || !api.syncBatch) return null;
          const answers = await api.syncBatch(trxs, local_sync_time);
          if (answers === null) batchOffered = false;
          return answers;
        }
      : undefined,
    lookup: api.stored
      ? async (local_trx_id) => {
          const stored = await api.stored?.(local_trx_id);
          return stored ? toServerCopy(stored) : null;
        }
      : undefined,
    async exclusive(work, exclusiveOptions) {
      const actor = await actorOf();
      return store.exclusive(async (writer) => {
        // a grouped step (a batch's answers) commits what it records once, when it ends
        const grouped: { events: NewEvent[]; strict: boolean } | null = exclusiveOptions?.group
          ? { events: [], strict: false }
          : null;
        const commit = async (events: NewEvent[], strict: boolean) => {
          if (!grouped) {
            await writer.commit(events, strict ? { durability: 'strict' } : undefined);
            return;
          }
          grouped.events.push(...events);
          grouped.strict ||= strict;
        };
        const session: SyncSession = {
          read: async (id) => {
            const row = await store.db.transactions.get(id);
            return row ? postedTrx(row) : undefined;
          },
          readMany: async (ids) =>
            (await store.db.transactions.bulkGet([...ids])).map((row) => (row ? postedTrx(row) : undefined)),
          accept: async (trx, answer) => {
            if (answer.pos_sales_trx_head_id == null) return;
            const acceptance = toAcceptance({
              ...answer,
              pos_sales_trx_head_id: answer.pos_sales_trx_head_id,
            });
            await commit(
              [makeEvent('trx.serverAccepted', acceptance, { actor, trxId: trx.local_trx_id })],
              true,
            );
          },
          adopt: async (trx, copy) => {
            const payload = {
              trx: { ...copy.trx, local_trx_id: trx.local_trx_id },
              acceptance: copy.acceptance,
            };
            await commit(
              [makeEvent('trx.adoptedFromServer', payload, { actor, trxId: trx.local_trx_id })],
              true,
            );
          },
          fail: async (trx, message) => {
            await commit(
              [makeEvent('trx.syncFailed', { message }, { actor, trxId: trx.local_trx_id })],
              false,
            );
          },
        };
        const result = await work(session);
        if (grouped && grouped.events.length > 0)
          await writer.commit(grouped.events, grouped.strict ? { durability: 'strict' } : undefined);
        return result;
      });
    },
  };
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  const port = storeOutboxPort(options);
  const listeners = new Set<(notice: SyncNotice) => void>();
  const emit = (notice: SyncNotice) => {
    for (const listener of listeners) listener(notice);
  };
  const client = options.client;
  const sendShiftStarts =
    options.sendShiftStarts ??
    (client
      ? async () => {
          const shifts = createShiftCommands({ store: options.store, api: createShiftApi(client) });
          const starts = await shifts.sendStarts();
          // an open shift's expenses follow its start (ours: they reach the server before a sign-out)
          const expenses = await shifts.sendExpenses();
          return { unsent: starts.unsent + expenses.unsent };
        }
      : async () => ({ unsent: 0 }));
  const sendLoyalty =
    options.sendLoyalty ??
    (client
      ? () =>
          createLoyaltyCommands({
            store: options.store,
            api: createLoyaltyApi(client),
            actor: options.actor ?? (() => sessionActor(options.store)),
          }).sendPending()
      : async () => ({ unsent: 0 }));
  const sendAppointments =
    options.sendAppointments ??
    (client
      ? async () => {
          // loaded with the first pass, not with the sign-in page (the front desk's code is its own chunk)
          const [{ createAppointmentCommands }, { createAppointmentApi }] = await Promise.all([
            import('../projections/commands/appointment'),
            import('../api/appointment'),
          ]);
          return createAppointmentCommands({
            store: options.store,
            api: createAppointmentApi(client),
            actor: options.actor ?? (() => sessionActor(options.store)),
          }).sendPending();
        }
      : async () => ({ unsent: 0 }));
  const sendRegistrations =
    options.sendRegistrations ??
    (client
      ? async () => {
          const [{ createRegistrationCommands }, { createRegistrationApi }] = await Promise.all([
            import('../projections/commands/registration'),
            import('../api/registration'),
          ]);
          return createRegistrationCommands({
            store: options.store,
            api: createRegistrationApi(client),
            actor: options.actor ?? (() => sessionActor(options.store)),
          }).sendPending();
        }
      : async () => ({ unsent: 0 }));
  let startsUnsent = 0;
  let appointmentsUnsent = 0;
  let loyaltyUnsent = 0;
  const run = singleFlight(async () => {
    // a failed start (offline) never stops the sales: it waits for the next pass
    startsUnsent = (await sendShiftStarts().catch(() => ({ unsent: 1 }))).unsent;
    loyaltyUnsent = (await sendLoyalty().catch(() => ({ unsent: 1 }))).unsent;
    appointmentsUnsent = (await sendAppointments().catch(() => ({ unsent: 1 }))).unsent;
    // a queue entry waiting is not a sale: it never holds sign-out (the queue is the day's, on the server)
    await sendRegistrations().catch(() => undefined);
    return syncOutbox(port, emit, {
      inFlight: options.inFlight ?? SYNC_IN_FLIGHT,
      batch: options.batch ?? SYNC_BATCH,
    });
  });
  return {
    run,
    async runAll() {
      await reconcileUnconfirmed(port);
      const report = await run();
      const error = incompletePass(report);
      if (error) throw error;
      // sign-out clears the device: a shift start the server has not stored would be lost with it
      if (startsUnsent > 0 || loyaltyUnsent > 0 || appointmentsUnsent > 0)
        throw new SyncError(SYNC_MESSAGES.offline, report);
      return report;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
