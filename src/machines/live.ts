// The session statechart's real side effects: HTTP through src/api, storage through the event store.
import { fromCallback, fromPromise } from 'xstate';
import type { ConfigResponse, SignInResponse } from '../api/contract';
import { type ApiAuth, type ApiClient, createApiClient, defaultBaseUrl } from '../api/http';
import { createSessionApi, type SessionApi, type SignOutTrx } from '../api/session';
import { pendingWork } from '../domain/flags';
import { type Actor, makeEvent, type UserData } from '../events';
import type { Store } from '../projections';
import { deletedTrxs as deletedTrxsOf } from '../projections/selectors';
import { activeShiftOf, namingOpenShiftsElsewhere } from '../projections/shift-reads';
import { lazySyncService } from './lazy-sync-service';
import { postedTrx } from './posted-trx';
import {
  type ConfirmRequest,
  type SessionEvent,
  type SessionUser,
  type SignInCredentials,
  type SignOutFacts,
  type StoredSession,
  sessionMachine,
} from './session';
import type { SyncService } from './sync-service';

export interface LiveSessionOptions {
  store: Store;
  /** API base; default VITE_API_BASE or the page's own origin. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  /** The device's sync service; default one on this store and client (live-pos.ts shares it). */
  syncService?: SyncService;
  /** Replaces the sync that sign-out runs (tests). Default: the sync service's runAll. */
  sync?: () => Promise<void>;
  /** Replaces the event log upload before sign-out (tests). Default: POST cashier/audit/events, retried. */
  uploadLog?: () => Promise<void>;
  /**
   * Replaces the backlog upload after a sign-in (tests). Default: POST cashier/audit/events for what a failed
   * upload at an earlier clear left in auditBacklog; runs in the background, never awaited by the sign-in.
   */
  uploadBacklog?: () => Promise<void>;
  /** Replaces the single upload attempt before a forced sign-out clears the device (tests). */
  uploadBeforeForcedClear?: () => Promise<void>;
  /** Is a shift open for this cashier at this outlet? Default: the shifts read model. */
  hasActiveShift?: () => Promise<boolean>;
  /** The deleted transactions for sign-out. Default: the deletedTrxs read model. */
  listDeletedTrxs?: () => Promise<SignOutTrx[]>;
  /** The sign-out confirm; the UI replaces it with its dialog. Default: window.confirm. */
  confirm?: (request: ConfirmRequest) => Promise<boolean>;
}

export interface LiveSession {
  /** The session machine with every actor wired; the UI still provides notify/navigate. */
  machine: typeof sessionMachine;
  /** The app's API client: session headers from the store, 303 → forced sign-out. */
  client: ApiClient;
  api: SessionApi;
  /** The device's one sync service (sign-out, the sync statechart, void, the views that sync first). */
  sync: SyncService;
}

const actorOf = (user: { business_user_id?: unknown } | null | undefined): Actor =>
  typeof user?.business_user_id === 'number' ? user.business_user_id : 'device';

function withoutTokens(user: SessionUser): UserData {
  const { client_key: _ck, login_token: _lt, ...rest } = user;
  return rest as UserData;
}

/** 000 §4 sign-out step 5: pending transactions are status 2 ones with details or deleted details. */
export function pendingTrxsForSignOut<T extends SignOutTrx & { trx_status_id: number }>(
  trxs: readonly T[],
): T[] {
  const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;
  return trxs.filter((t) => t.trx_status_id === 2 && (hasItems(t.details) || hasItems(t.deleted_details)));
}

/** How long a forced sign-out waits for the log's upload before clearing (the rest waits in the backlog). */
export const FORCED_UPLOAD_MS = 10_000;

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { store } = options;
  // The headers need the tokens synchronously; this copy follows the stored session.
  let auth: ApiAuth | null = null;
  const forcedListeners = new Set<() => void>();
  const setAuth = (user: SessionUser | null | undefined) => {
    auth =
      user?.client_key && user.login_token
        ? { client_key: user.client_key, login_token: user.login_token }
        : null;
  };

  const client = createApiClient({
    baseUrl: options.baseUrl ?? defaultBaseUrl(),
    fetchImpl: options.fetchImpl,
    getAuth: () => auth,
    onForcedSignOut: () => {
      for (const listener of forcedListeners) listener();
    },
  });
  const api = createSessionApi(client);
  const commit = store.commit.bind(store);
  // issue 15: the log's upload, loaded when first needed (the sign-in page's budget has no room for it)
  const auditSend = async () => {
    const [upload, { createAuditApi }] = await Promise.all([
      import('../events/chain-upload'),
      import('../api/audit'),
    ]);
    const audit = createAuditApi(client);
    return { upload, send: (events: unknown[]) => audit.upload(events) };
  };
  const uploadBacklogNow =
    options.uploadBacklog ??
    (async () => {
      if ((await store.db.auditBacklog.count()) === 0) return;
      const { upload, send } = await auditSend();
      await upload.uploadBacklog(store.db, send);
    });
  // Once per signed-in session: a failure leaves the backlog for the next sign-out or sign-in.
  const uploadBacklogInBackground = () => {
    void uploadBacklogNow().catch((error: unknown) => console.warn('audit backlog upload', error));
  };
  const uploadBeforeForcedClear =
    options.uploadBeforeForcedClear ??
    (async () => {
      const { upload, send } = await auditSend();
      // one attempt, bounded: a revoked session usually refuses it, and the clear must not wait long
      await upload.within(upload.uploadLog(store.db, send), FORCED_UPLOAD_MS);
    });
  // Loaded at its first use (after sign-in): the sync code is not part of what the sign-in page waits for.
  const syncService =
    options.syncService ??
    lazySyncService(() => import('./sync-service').then((m) => m.createSyncService({ store, client })));

  const machine = sessionMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSession>(async () => {
        const record = await store.getSession();
        const user = (record.user as SessionUser | null) ?? null;
        setAuth(user);
        return {
          user,
          pending_sign_in: record.pending_sign_in === 1,
          pending_sign_out: record.pending_sign_out === 1,
        };
      }),
      signIn: fromPromise<SignInResponse, SignInCredentials>(({ input }) => api.signIn(input)),
      persistSignIn: fromPromise<void, { user: SessionUser }>(async ({ input }) => {
        await commit([
          makeEvent('session.signedIn', { user: input.user as UserData }, { actor: actorOf(input.user) }),
        ]);
        setAuth(input.user);
      }),
      confirmSignIn: fromPromise<void, { login_token: string }>(async ({ input }) => {
        await api.confirmSignIn(input.login_token);
      }),
      completeSignIn: fromPromise<void, { user: SessionUser }>(async ({ input }) => {
        const { business_user_id, cashier_name } = input.user;
        await commit([
          makeEvent(
            'session.signInConfirmed',
            { business_user_id, cashier_name },
            { actor: business_user_id },
          ),
        ]);
        // issue 15: what a failed sign-out upload left behind goes now, without holding the cashier up
        uploadBacklogInBackground();
      }),
      loadAppointments: fromPromise<void>(async () => {
        const { customer_appointments } = await api.loadAppointments();
        const session = await store.getSession();
        // Loaded after sign-in, so the transaction schema stays out of the sign-in page's code.
        const { posTransactionSchema } = await import('../domain/model/transaction');
        const events = customer_appointments.flatMap((a) => {
          // The domain schema decides what a transaction is; an appointment without one adds none.
          const parsed = a.pos_trx
            ? posTransactionSchema.safeParse({ ...a.pos_trx, trx_status_id: 1 })
            : undefined;
          if (!parsed?.success) return [];
          const pos_trx = parsed.data;
          return [
            makeEvent(
              'appointment.trxLoaded',
              {
                local_appointment_id: a.local_appointment_id,
                business_commission_worker_id: a.business_commission_worker_id,
                start_time: a.start_time ?? '',
                appointment_date: a.appointment_date ?? null,
                pos_trx,
              },
              { actor: actorOf(session.user), trxId: pos_trx.local_trx_id },
            ),
          ];
        });
        await commit(events);
      }),
      loadConfig: fromPromise<ConfigResponse, { outlet_id: number | null }>(({ input }) =>
        api.loadConfig(input.outlet_id),
      ),
      persistConfig: fromPromise<void, { user: SessionUser }>(async ({ input }) => {
        const user = withoutTokens(input.user);
        await commit([
          makeEvent(
            'session.configLoaded',
            { user, retrieve_time: String(input.user.retrieve_time ?? '') },
            { actor: actorOf(user) },
          ),
        ]);
      }),
      forgotPassword: fromPromise<string | undefined, { email: string }>(
        async ({ input }) => (await api.forgotPassword(input.email)).message,
      ),
      resetPassword: fromPromise<string | undefined, { reset_token: string; password: string }>(
        async ({ input }) => (await api.resetPassword(input)).message,
      ),
      // Nothing stored: a pending_sign_out flag here would turn a reload into a full sign-out.
      softSignOut: fromPromise<void, { user: SessionUser | null }>(async ({ input }) => {
        await api.signOut({ settlement: false, configs: input.user?.configs });
      }),
      loadSignOutFacts: fromPromise<SignOutFacts>(async () => {
        const [session, open, shift] = await Promise.all([
          store.getSession(),
          store.listTransactions({ trx_status_id: 2 }),
          options.hasActiveShift?.() ?? activeShiftOf(store).then((s) => s !== null),
        ]);
        return {
          has_done_inventory_consumption: session.has_done_inventory_consumption === 1,
          has_active_shift: shift,
          // ruling 27: an empty transaction is nobody's work and blocks no one
          open_trx_count: pendingWork(open).length,
        };
      }),
      confirmSignOut: fromPromise<boolean, ConfirmRequest>(async ({ input: asked }) => {
        // ruling 26: the confirmation names each enforced shift still open at another outlet
        const input = await namingOpenShiftsElsewhere(store, asked);
        if (options.confirm) return options.confirm(input);
        return typeof window === 'undefined' ? true : window.confirm(`${input.title}\n\n${input.message}`);
      }),
      sync: fromPromise<void>(async () => {
        if (options.sync) await options.sync();
        else await syncService.runAll();
      }),
      uploadLog: fromPromise<void>(async () => {
        if (options.uploadLog) return options.uploadLog();
        const { upload, send } = await auditSend();
        await upload.uploadLogWithRetry(store.db, send);
      }),
      setPendingSignOut: fromPromise<void>(async () => {
        const session = await store.getSession();
        await commit([
          makeEvent('session.signOutStarted', { settlement: 1 }, { actor: actorOf(session.user) }),
        ]);
      }),
      signOut: fromPromise<void, { user: SessionUser | null }>(async ({ input }) => {
        const [open, deletedTrxs] = await Promise.all([
          store.listTransactions({ trx_status_id: 2 }),
          options.listDeletedTrxs?.() ??
            deletedTrxsOf(store.db).then((rows) => rows.map(({ deleted_seq: _s, ...trx }) => trx)),
        ]);
        await api.signOut({
          settlement: true,
          configs: input.user?.configs,
          deletedTrxs,
          pendingTrxs: pendingTrxsForSignOut(open).map(postedTrx),
        });
      }),
      clearLocalData: fromPromise<void, { forced: boolean }>(async ({ input }) => {
        // issue 15: a forced sign-out (expired or revoked session) uploads what it can before the clear;
        // whatever the server did not take stays in auditBacklog (store.clearLocalData keeps it)
        if (input.forced && auth)
          await uploadBeforeForcedClear().catch((error: unknown) =>
            console.warn('audit upload before the forced sign-out', error),
          );
        setAuth(null);
        await store.clearLocalData({ keepDeviceSettings: true });
        // signed_out = 1 survives the clear, so a reloaded page knows the session ended.
        await commit([
          input.forced
            ? makeEvent('session.forcedSignOut', {}, { actor: 'device' })
            : makeEvent('session.signOutCompleted', { settlement: 1 }, { actor: 'device' }),
        ]);
      }),
      watchForcedSignOut: fromCallback<SessionEvent>(({ sendBack }) => {
        const listener = () => sendBack({ type: 'session.forcedSignOut' });
        forcedListeners.add(listener);
        return () => forcedListeners.delete(listener);
      }),
    },
  });

  return { machine, client, api, sync: syncService };
}
