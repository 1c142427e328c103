import { and, assign, fromCallback, fromPromise, setup } from 'xstate';
import { type ConfigResponse, FORGOT_PASSWORD_MESSAGE, type SignInResponse } from '../api/contract';
import { errorMessage, isForcedSignOutError, isNetworkError } from '../api/http';
import {
  type ConfirmRequest,
  flagOn,
  SESSION_MESSAGES as M,
  mergeConfig,
  type Notice,
  SESSION_DELAYS,
  type SessionUser,
  type SignInCredentials,
  type SignOutFacts,
  type StoredSession,
} from './session-types';

export * from './session-types';

export interface SessionContext {
  user: SessionUser | null;
  /** Held only while a sign-in is posted (retries need them). */
  credentials: SignInCredentials | null;
  /** The new account's answer during a cashier switch, until the old session is closed. */
  nextUser: SessionUser | null;
  /** 'switch' while the cashier switch completes its sign-in (its own success toast). */
  mode: 'signIn' | 'switch';
  signInFailures: number;
  facts: SignOutFacts | null;
  /** Sign-out resumed from the pending flag: redirect after 1 s instead of 3 s. */
  resumed: boolean;
  /** The last message shown, for the form that caused it. */
  lastError: string | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string }
  | { type: 'session.forgotPassword'; email: string }
  | { type: 'session.cancel' }
  | { type: 'session.chooseOutlet'; outlet_id: number }
  | { type: 'session.reloadConfig' }
  | { type: 'session.switchCashier'; email: string; password: string }
  | { type: 'session.signOut' }
  /** A 303 from any call anywhere in the app (the API client's onForcedSignOut). */
  | { type: 'session.forcedSignOut' };

const notImplemented = (name: string) => () =>
  Promise.reject(new Error(`session actor "${name}" not provided`));

const blank = (text: string | undefined) => !text || text.trim() === '';

/** An actor's error, read from an xstate.error.actor event. */
function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

/** An actor's output, read from an xstate.done.actor event. */
function outputOf<T>(event: unknown): T | undefined {
  return (event as { output?: T }).output;
}

const initialContext: SessionContext = {
  user: null,
  credentials: null,
  nextUser: null,
  mode: 'signIn',
  signInFailures: 0,
  facts: null,
  resumed: false,
  lastError: null,
};

const errorNotice = ({ event }: { event: unknown }): Notice => ({
  kind: 'error',
  message: errorMessage(errorOf(event)),
});

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'authenticated' | 'busy',
  },
  actors: {
    /** Storage: the stored user data and the pending flags, read on page load. */
    loadStoredSession: fromPromise<StoredSession>(notImplemented('loadStoredSession')),
    /** HTTP: POST cashier/pos/auth/sign-in. */
    signIn: fromPromise<SignInResponse, SignInCredentials>(notImplemented('signIn')),
    /** Storage: tokens and user data, pending_sign_in = 1. */
    persistSignIn: fromPromise<void, { user: SessionUser }>(notImplemented('persistSignIn')),
    /** HTTP: POST cashier/pos/auth/sign-in-confirmation. */
    confirmSignIn: fromPromise<void, { login_token: string }>(notImplemented('confirmSignIn')),
    /** Storage: sign history entry, pending_sign_in cleared. */
    completeSignIn: fromPromise<void, { user: SessionUser }>(notImplemented('completeSignIn')),
    /** HTTP + storage: GET cashier/appointment, their pos_trx added to the transactions. */
    loadAppointments: fromPromise<void>(notImplemented('loadAppointments')),
    /** HTTP: GET cashier/config (?outlet_id). */
    loadConfig: fromPromise<ConfigResponse, { outlet_id: number | null }>(notImplemented('loadConfig')),
    /** Storage: the new user data. */
    persistConfig: fromPromise<void, { user: SessionUser }>(notImplemented('persistConfig')),
    /** HTTP: POST cashier/auth/forgot-password; answers the server's message. */
    forgotPassword: fromPromise<string | undefined, { email: string }>(notImplemented('forgotPassword')),
    /** HTTP: POST cashier/pos/auth/sign-out?settlement=0 with the current session's headers. */
    softSignOut: fromPromise<void, { user: SessionUser | null }>(notImplemented('softSignOut')),
    /** Storage: inventory consumption done, active shift, open transactions. */
    loadSignOutFacts: fromPromise<SignOutFacts>(notImplemented('loadSignOutFacts')),
    /** UI: the confirm dialog; true when the user agrees. */
    confirmSignOut: fromPromise<boolean, ConfirmRequest>(notImplemented('confirmSignOut')),
    /** The cashier's sync (another issue); must finish before sign-out posts. */
    sync: fromPromise<void>(notImplemented('sync')),
    /** Storage: pending_sign_out = 1. */
    setPendingSignOut: fromPromise<void>(notImplemented('setPendingSignOut')),
    /** Storage + HTTP: POST cashier/pos/auth/sign-out with configs, deletedTrxs, pendingTrxs. */
    signOut: fromPromise<void, { user: SessionUser | null }>(notImplemented('signOut')),
    /** Storage: everything local cleared, signed_out set (forced: by a 303). */
    clearLocalData: fromPromise<void, { forced: boolean }>(notImplemented('clearLocalData')),
    /** Runs for the machine's life: sends `session.forcedSignOut` when any call elsewhere gets a 303. */
    watchForcedSignOut: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: { to: string }) => {},
    logError: (_, _params: { message: string }) => {},
  },
  guards: {
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    isNetworkError: ({ event }) => isNetworkError(errorOf(event)),
    isForcedSignOut: ({ event }) => isForcedSignOutError(errorOf(event)),
    emailMissing: ({ event }) => 'email' in event && blank(event.email),
    passwordMissing: ({ event }) => 'password' in event && blank(event.password),
    hasOutlet: ({ context }) => context.user?.outlet_id != null,
    isSwitch: ({ context }) => context.mode === 'switch',
    isFirstSignInFailure: ({ context }) => context.signInFailures === 0,
    storedPendingSignOut: ({ event }) => {
      const stored = outputOf<StoredSession>(event);
      return !!stored?.pending_sign_out && stored.user != null;
    },
    storedPendingSignIn: ({ event }) => {
      const stored = outputOf<StoredSession>(event);
      return !!stored?.pending_sign_in && stored.user?.login_token != null;
    },
    storedSignedIn: ({ event }) => outputOf<StoredSession>(event)?.user?.client_key != null,
    confirmed: ({ event }) => outputOf<boolean>(event) === true,
    inventoryNotDone: ({ context }) =>
      flagOn(context.user, 'is_inventory_required') && !context.facts?.has_done_inventory_consumption,
    shiftStillActive: ({ context }) =>
      flagOn(context.user, 'pos_shift_enforced') && !!context.facts?.has_active_shift,
    openTransactionsLeft: ({ context }) =>
      flagOn(context.user, 'pos_cashier_delete_by_pin') && (context.facts?.open_trx_count ?? 0) > 0,
  },
  delays: {
    signInRetry: SESSION_DELAYS.signInRetry,
    signInConfirmRetry: SESSION_DELAYS.signInConfirmRetry,
    signOutRetry: SESSION_DELAYS.signOutRetry,
    signOutRedirect: ({ context }) =>
      context.resumed ? SESSION_DELAYS.signOutRedirectResumed : SESSION_DELAYS.signOutRedirect,
    forcedSignOutRedirect: SESSION_DELAYS.forcedSignOutRedirect,
  },
}).createMachine({
  id: 'session',
  context: initialContext,
  initial: 'booting',
  invoke: { id: 'watchForcedSignOut', src: 'watchForcedSignOut' },
  states: {
    booting: {
      description: 'Reads the stored session; resumes a pending sign-out or sign-in.',
      tags: ['busy'],
      invoke: {
        id: 'loadStoredSession',
        src: 'loadStoredSession',
        onDone: [
          {
            guard: 'storedPendingSignOut',
            target: 'signingOut.posting',
            actions: assign({ user: ({ event }) => event.output.user, resumed: true }),
          },
          {
            guard: 'storedPendingSignIn',
            target: 'signingIn.confirming',
            actions: assign({ user: ({ event }) => event.output.user }),
          },
          {
            guard: 'storedSignedIn',
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output.user }),
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'signedOut',
          actions: { type: 'logError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },

    signedOut: {
      initial: 'idle',
      // The form keeps the message that sent it back here.
      entry: assign(({ context }) => ({ ...initialContext, lastError: context.lastError })),
      states: {
        idle: {
          on: {
            'session.signIn': [
              {
                guard: 'emailMissing',
                actions: [
                  assign({ lastError: M.emailRequired }),
                  { type: 'notify', params: { kind: 'error', message: M.emailRequired } },
                ],
              },
              {
                guard: 'passwordMissing',
                actions: [
                  assign({ lastError: M.passwordRequired }),
                  { type: 'notify', params: { kind: 'error', message: M.passwordRequired } },
                ],
              },
              {
                target: '#session.signingIn',
                actions: assign({
                  credentials: ({ event }) => ({ email: event.email.trim(), password: event.password }),
                  signInFailures: 0,
                  mode: 'signIn',
                  lastError: null,
                }),
              },
            ],
            'session.forgotPassword': [
              {
                guard: 'emailMissing',
                actions: [
                  assign({ lastError: M.emailRequired }),
                  { type: 'notify', params: { kind: 'error', message: M.emailRequired } },
                ],
              },
              { target: 'requestingReset', actions: assign({ lastError: null }) },
            ],
          },
        },
        requestingReset: {
          tags: ['busy'],
          invoke: {
            id: 'forgotPassword',
            src: 'forgotPassword',
            input: ({ event }) => ({
              email: event.type === 'session.forgotPassword' ? event.email.trim() : '',
            }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'success',
                  message: event.output ?? FORGOT_PASSWORD_MESSAGE,
                }),
              },
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ lastError: ({ event }) => errorMessage(event.error) }),
                { type: 'notify', params: errorNotice },
              ],
            },
          },
        },
      },
    },

    signingIn: {
      description: '000 §4 Sign-in: post, store tokens + pending_sign_in, confirm, history, appointments.',
      initial: 'posting',
      on: { 'session.forcedSignOut': '#session.forcedSignOut' },
      states: {
        posting: {
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => context.credentials ?? { email: '', password: '' },
            onDone: {
              target: 'storing',
              actions: assign({ user: ({ event }) => event.output, credentials: null }),
            },
            onError: [
              {
                // The first failure tells the user; the retries that follow are silent.
                guard: and(['isNetworkError', 'isFirstSignInFailure']),
                target: 'retryWait',
                actions: [
                  { type: 'notify', params: { kind: 'warning', message: M.signInRetrying } },
                  assign({ signInFailures: ({ context }) => context.signInFailures + 1 }),
                ],
              },
              {
                guard: 'isNetworkError',
                target: 'retryWait',
                actions: assign({ signInFailures: ({ context }) => context.signInFailures + 1 }),
              },
              {
                target: '#session.signedOut',
                actions: [
                  assign({ lastError: ({ event }) => errorMessage(event.error) }),
                  { type: 'notify', params: errorNotice },
                ],
              },
            ],
          },
        },
        retryWait: {
          after: { signInRetry: 'posting' },
          on: { 'session.cancel': '#session.signedOut' },
        },
        storing: {
          tags: ['busy'],
          invoke: {
            id: 'persistSignIn',
            src: 'persistSignIn',
            input: ({ context }) => ({ user: context.user as SessionUser }),
            onDone: 'confirming',
            onError: { target: '#session.signedOut', actions: { type: 'notify', params: errorNotice } },
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'confirmSignIn',
            src: 'confirmSignIn',
            input: ({ context }) => ({ login_token: context.user?.login_token ?? '' }),
            onDone: 'recording',
            onError: [
              { guard: 'isForcedSignOut', target: '#session.forcedSignOut' },
              {
                target: 'confirmWait',
                actions: { type: 'notify', params: { kind: 'warning', message: M.signInConfirmRetrying } },
              },
            ],
          },
        },
        confirmWait: {
          after: { signInConfirmRetry: 'confirming' },
        },
        recording: {
          tags: ['busy'],
          invoke: {
            id: 'completeSignIn',
            src: 'completeSignIn',
            input: ({ context }) => ({ user: context.user as SessionUser }),
            onDone: 'loadingAppointments',
            onError: {
              target: 'loadingAppointments',
              actions: { type: 'logError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
        loadingAppointments: {
          tags: ['busy'],
          invoke: {
            id: 'loadAppointments',
            src: 'loadAppointments',
            onDone: 'done',
            onError: [
              { guard: 'isForcedSignOut', target: '#session.forcedSignOut' },
              {
                // Appointments are a convenience: a failure is logged and sign-in goes on.
                target: 'done',
                actions: {
                  type: 'logError',
                  params: ({ event }) => ({ message: errorMessage(event.error) }),
                },
              },
            ],
          },
        },
        done: {
          always: [
            {
              guard: 'isSwitch',
              target: '#session.signedIn',
              actions: [
                { type: 'notify', params: { kind: 'success', message: M.cashierSwitched } },
                {
                  type: 'navigate',
                  params: ({ context }) => ({ to: context.user?.outlet_id != null ? '/' : '/choose-outlet' }),
                },
              ],
            },
            {
              target: '#session.signedIn',
              actions: {
                type: 'navigate',
                params: ({ context }) => ({ to: context.user?.outlet_id != null ? '/' : '/choose-outlet' }),
              },
            },
          ],
        },
      },
    },

    signedIn: {
      tags: ['authenticated'],
      initial: 'routing',
      entry: assign({ mode: 'signIn', nextUser: null, credentials: null, signInFailures: 0 }),
      on: {
        'session.forcedSignOut': '#session.forcedSignOut',
        'session.signOut': '#session.signingOut',
      },
      states: {
        routing: {
          always: [{ guard: 'hasOutlet', target: 'ready' }, { target: 'choosingOutlet' }],
        },
        choosingOutlet: {
          on: { 'session.chooseOutlet': 'loadingOutlet' },
        },
        loadingOutlet: {
          tags: ['busy'],
          invoke: {
            id: 'loadConfig',
            src: 'loadConfig',
            input: ({ event }) => ({
              outlet_id: event.type === 'session.chooseOutlet' ? event.outlet_id : null,
            }),
            onDone: {
              target: 'savingOutlet',
              actions: assign({ user: ({ context, event }) => mergeConfig(context.user, event.output) }),
            },
            onError: [
              { guard: 'isForcedSignOut', target: '#session.forcedSignOut' },
              { target: 'routing', actions: { type: 'notify', params: errorNotice } },
            ],
          },
        },
        savingOutlet: {
          tags: ['busy'],
          invoke: {
            id: 'persistConfig',
            src: 'persistConfig',
            input: ({ context }) => ({ user: context.user as SessionUser }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'notify', params: { kind: 'success', message: M.configLoaded } },
                { type: 'navigate', params: { to: '/' } },
              ],
            },
            onError: { target: 'routing', actions: { type: 'notify', params: errorNotice } },
          },
        },
        ready: {
          on: {
            'session.reloadConfig': 'reloadingConfig',
            'session.chooseOutlet': 'loadingOutlet',
            'session.switchCashier': [
              {
                guard: 'emailMissing',
                actions: [
                  assign({ lastError: M.emailRequired }),
                  { type: 'notify', params: { kind: 'error', message: M.emailRequired } },
                ],
              },
              {
                guard: 'passwordMissing',
                actions: [
                  assign({ lastError: M.passwordRequired }),
                  { type: 'notify', params: { kind: 'error', message: M.passwordRequired } },
                ],
              },
              {
                target: 'switching',
                actions: assign({
                  credentials: ({ event }) => ({ email: event.email.trim(), password: event.password }),
                  lastError: null,
                }),
              },
            ],
          },
        },
        reloadingConfig: {
          tags: ['busy'],
          invoke: {
            id: 'loadConfig',
            src: 'loadConfig',
            input: ({ context }) => ({ outlet_id: context.user?.outlet_id ?? null }),
            onDone: {
              target: 'savingReload',
              actions: assign({ user: ({ context, event }) => mergeConfig(context.user, event.output) }),
            },
            onError: [
              { guard: 'isForcedSignOut', target: '#session.forcedSignOut' },
              { target: 'ready', actions: { type: 'notify', params: errorNotice } },
            ],
          },
        },
        savingReload: {
          tags: ['busy'],
          invoke: {
            id: 'persistConfig',
            src: 'persistConfig',
            input: ({ context }) => ({ user: context.user as SessionUser }),
            onDone: {
              target: 'ready',
              actions: { type: 'notify', params: { kind: 'success', message: M.configReloaded } },
            },
            onError: { target: 'ready', actions: { type: 'notify', params: errorNotice } },
          },
        },
        switching: {
          description:
            'Ganti Akun Kasir: the new account signs in first, so a wrong password keeps the current cashier; then the soft sign-out (settlement=0) closes the old session.',
          initial: 'posting',
          states: {
            posting: {
              tags: ['busy'],
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ context }) => context.credentials ?? { email: '', password: '' },
                onDone: {
                  target: 'closingPrevious',
                  actions: assign({ nextUser: ({ event }) => event.output, credentials: null }),
                },
                onError: {
                  target: '#session.signedIn.ready',
                  actions: [
                    assign({ credentials: null, lastError: ({ event }) => errorMessage(event.error) }),
                    { type: 'notify', params: errorNotice },
                  ],
                },
              },
            },
            closingPrevious: {
              tags: ['busy'],
              // A 303 here only means the old session is already closed: handled below, not a forced sign-out.
              on: { 'session.forcedSignOut': {} },
              invoke: {
                id: 'softSignOut',
                src: 'softSignOut',
                input: ({ context }) => ({ user: context.user }),
                onDone: {
                  target: '#session.signingIn.storing',
                  actions: assign({
                    user: ({ context }) => context.nextUser,
                    nextUser: null,
                    mode: 'switch',
                  }),
                },
                onError: [
                  {
                    // The old session is gone already: carry on with the new one.
                    guard: 'isForcedSignOut',
                    target: '#session.signingIn.storing',
                    actions: assign({
                      user: ({ context }) => context.nextUser,
                      nextUser: null,
                      mode: 'switch',
                    }),
                  },
                  {
                    target: '#session.signedIn.ready',
                    actions: [assign({ nextUser: null }), { type: 'notify', params: errorNotice }],
                  },
                ],
              },
            },
          },
        },
      },
    },

    signingOut: {
      description: '000 §4 Sign-out: blocking rules, confirm, online, sync, pending flag, post, clear.',
      tags: ['authenticated'],
      initial: 'checking',
      on: { 'session.forcedSignOut': '#session.forcedSignOut' },
      states: {
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'loadSignOutFacts',
            src: 'loadSignOutFacts',
            onDone: { target: 'evaluating', actions: assign({ facts: ({ event }) => event.output }) },
            onError: { target: '#session.signedIn', actions: { type: 'notify', params: errorNotice } },
          },
        },
        evaluating: {
          always: [
            {
              guard: 'inventoryNotDone',
              target: '#session.signedIn',
              actions: { type: 'notify', params: { kind: 'error', message: M.inventoryRequired } },
            },
            {
              guard: 'shiftStillActive',
              target: '#session.signedIn',
              actions: { type: 'notify', params: { kind: 'error', message: M.shiftActive } },
            },
            {
              guard: 'openTransactionsLeft',
              target: '#session.signedIn',
              actions: { type: 'notify', params: { kind: 'error', message: M.openTransactions } },
            },
            { target: 'confirming' },
          ],
        },
        confirming: {
          invoke: {
            id: 'confirmSignOut',
            src: 'confirmSignOut',
            input: { title: M.signOutConfirmTitle, message: M.signOutConfirmContent },
            onDone: [{ guard: 'confirmed', target: 'checkingOnline' }, { target: '#session.signedIn' }],
            onError: '#session.signedIn',
          },
        },
        checkingOnline: {
          always: [
            { guard: 'isOnline', target: 'syncing' },
            {
              target: '#session.signedIn',
              actions: { type: 'notify', params: { kind: 'error', message: M.offline } },
            },
          ],
        },
        syncing: {
          tags: ['busy'],
          invoke: {
            id: 'sync',
            src: 'sync',
            onDone: 'markingPending',
            onError: [
              { guard: 'isForcedSignOut', target: '#session.forcedSignOut' },
              {
                target: '#session.signedIn',
                actions: {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'error',
                    message: event.error instanceof Error ? event.error.message : M.syncFailed,
                  }),
                },
              },
            ],
          },
        },
        markingPending: {
          tags: ['busy'],
          invoke: {
            id: 'setPendingSignOut',
            src: 'setPendingSignOut',
            onDone: 'posting',
            onError: { target: '#session.signedIn', actions: { type: 'notify', params: errorNotice } },
          },
        },
        posting: {
          tags: ['busy'],
          invoke: {
            id: 'signOut',
            src: 'signOut',
            input: ({ context }) => ({ user: context.user }),
            onDone: 'succeeded',
            onError: [
              { guard: 'isForcedSignOut', target: '#session.forcedSignOut' },
              {
                target: 'retryWait',
                actions: { type: 'notify', params: { kind: 'error', message: M.signOutRetrying } },
              },
            ],
          },
        },
        retryWait: {
          after: { signOutRetry: 'posting' },
        },
        succeeded: {
          tags: ['busy'],
          entry: { type: 'notify', params: { kind: 'success', message: M.signOutSucceeded } },
          invoke: {
            id: 'clearLocalData',
            src: 'clearLocalData',
            input: { forced: false },
            onDone: 'redirecting',
            onError: {
              target: 'redirecting',
              actions: { type: 'logError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
        redirecting: {
          after: {
            signOutRedirect: {
              target: '#session.signedOut',
              actions: { type: 'navigate', params: { to: '/sign-in' } },
            },
          },
        },
      },
    },

    forcedSignOut: {
      description: '000 §4 Forced sign-out (HTTP 303): reset, toast, clear, signed_out, after 3 s go to /.',
      initial: 'clearing',
      entry: [
        assign(() => ({ ...initialContext })),
        { type: 'notify', params: { kind: 'success', message: M.signOutSucceeded } },
      ],
      states: {
        clearing: {
          tags: ['busy'],
          invoke: {
            id: 'clearLocalData',
            src: 'clearLocalData',
            input: { forced: true },
            onDone: 'redirecting',
            onError: {
              target: 'redirecting',
              actions: { type: 'logError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
        redirecting: {
          after: {
            forcedSignOutRedirect: {
              target: '#session.signedOut',
              actions: { type: 'navigate', params: { to: '/' } },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

/**
 * Signed in for the guard's purposes: tokens are held, including while a cashier switch completes
 * its sign-in (so the page does not bounce to /sign-in).
 */
export function isAuthenticated(snapshot: {
  hasTag(tag: 'authenticated' | 'busy'): boolean;
  matches(value: 'signingIn'): boolean;
  context: SessionContext;
}): boolean {
  return (
    snapshot.hasTag('authenticated') || (snapshot.matches('signingIn') && snapshot.context.mode === 'switch')
  );
}
