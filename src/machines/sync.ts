/**
 * The sync statechart (000 §4 Synchronisation): runs the outbox every 300 s, on `sync.now`, and when
 * the browser's network comes back (`sync.online`, a quiet automatic pass: docs/decisions.md), and
 * shows the progress and the messages of EVERY pass (also passes other features start directly
 * through live-pos's `runSync()`: before void, history, stock list, settlement, reports, sign-out),
 * because it listens to the sync service's notices for its whole life.
 *
 *   const [snapshot, send] = useMachine(live.syncMachine.provide({ actions: { notify } }));
 *   send({ type: 'sync.now' });     // the "Sync" button
 *   snapshot.context.progress       // {index, total} while a pass runs, else null
 */
import { and, assign, fromCallback, fromPromise, not, or, setup } from 'xstate';
import { errorMessage, isForcedSignOutError } from '../api/http';
import { SYNC_MESSAGES as M } from '../domain/texts/sync';
import type { Notice } from './cashier-types';
import { SYNC_INTERVAL_MS, type SyncNotice, type SyncReport } from './sync-outbox';

export interface SyncContext {
  progress: { index: number; total: number } | null;
  lastReport: SyncReport | null;
  /** The last pass's failure (offline / 'Sync gagal'), null after a clean pass. */
  lastError: string | null;
  /** The pass was asked for by the user: an offline failure is shown (automatic passes stay quiet). */
  onDemand: boolean;
}

export type SyncEvent = { type: 'sync.now' } | { type: 'sync.online' } | SyncNotice;

const notProvided = (name: string) => () => Promise.reject(new Error(`sync actor "${name}" not provided`));

export const syncSetup = setup({
  types: { context: {} as SyncContext, events: {} as SyncEvent, tags: {} as 'busy' },
  actors: {
    /** One pass (single flight; the notices arrive through watchSync). */
    runSync: fromPromise<SyncReport>(notProvided('runSync')),
    /** For the machine's life: forwards the sync service's notices as events. */
    watchSync: fromCallback<SyncEvent>(() => () => {}),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { message: string }) => {},
  },
  guards: {
    onDemand: ({ context }) => context.onDemand,
    forcedSignOut: ({ event }) => isForcedSignOutError((event as { error?: unknown }).error),
    hadSales: ({ event }) => event.type === 'sync.finished' && event.report.total > 0,
    allAccepted: ({ event }) => event.type === 'sync.finished' && event.report.failed.length === 0,
    /** The pass stopped because a post got no response (the browser may still claim to be online). */
    wentOffline: ({ event }) =>
      (event.type === 'sync.finished' && event.report.offline === true) ||
      (event.type === 'sync.itemFailed' && event.network === true),
  },
  delays: { syncInterval: SYNC_INTERVAL_MS },
});

export const syncMachine = syncSetup.createMachine({
  id: 'sync',
  context: { progress: null, lastReport: null, lastError: null, onDemand: false },
  invoke: { id: 'watchSync', src: 'watchSync' },
  initial: 'idle',
  on: {
    'sync.started': { actions: assign({ progress: ({ event }) => ({ index: 0, total: event.total }) }) },
    'sync.progress': {
      actions: [
        assign({ progress: ({ event }) => ({ index: event.index, total: event.total }) }),
        {
          type: 'notify',
          params: ({ event }) => ({
            kind: 'info',
            id: 'sync-progress',
            message: M.progress(event.index, event.total),
          }),
        },
      ],
    },
    'sync.itemSynced': {
      actions: {
        type: 'notify',
        params: ({ event }) => ({ kind: 'success', message: M.synced(event.local_trx_id) }),
      },
    },
    'sync.itemFailed': [
      // No response: an automatic pass stays quiet, as offline (docs/decisions.md).
      { guard: and(['wentOffline', not('onDemand')]) },
      {
        actions: {
          type: 'notify',
          params: ({ event }) => ({ kind: 'error', message: M.failed(event.local_trx_id) }),
        },
      },
    ],
    'sync.finished': [
      {
        guard: and(['allAccepted', or(['hadSales', 'onDemand'])]),
        actions: [
          assign({ progress: null, lastReport: ({ event }) => event.report, lastError: null }),
          { type: 'notify', params: { kind: 'success', id: 'sync-progress', message: M.allSynced } },
        ],
      },
      {
        // A pass with nothing to send says nothing (it runs every 300 s).
        guard: 'allAccepted',
        actions: assign({ progress: null, lastReport: ({ event }) => event.report, lastError: null }),
      },
      {
        guard: and(['wentOffline', 'onDemand']),
        actions: [
          assign({ progress: null, lastReport: ({ event }) => event.report, lastError: M.offline }),
          { type: 'notify', params: { kind: 'error', id: 'sync-progress', message: M.offline } },
        ],
      },
      {
        guard: 'wentOffline',
        actions: assign({ progress: null, lastReport: ({ event }) => event.report, lastError: M.offline }),
      },
      {
        actions: [
          assign({ progress: null, lastReport: ({ event }) => event.report, lastError: M.failedOverall }),
          { type: 'notify', params: { kind: 'error', id: 'sync-progress', message: M.failedOverall } },
        ],
      },
    ],
  },
  states: {
    idle: {
      entry: assign({ onDemand: false }),
      after: { syncInterval: 'running' },
      on: {
        'sync.now': { target: 'running', actions: assign({ onDemand: true }) },
        // The network is back: the sales made offline go now, not up to 300 s later.
        'sync.online': 'running',
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        src: 'runSync',
        onDone: 'idle',
        onError: [
          {
            guard: 'forcedSignOut',
            target: 'idle',
          },
          {
            guard: 'onDemand',
            target: 'idle',
            actions: [
              assign({ progress: null, lastError: ({ event }) => errorMessage(event.error) }),
              {
                type: 'notify',
                params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error) }),
              },
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({ progress: null, lastError: ({ event }) => errorMessage(event.error) }),
              { type: 'logError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
    },
  },
});
export type SyncMachine = typeof syncMachine;
