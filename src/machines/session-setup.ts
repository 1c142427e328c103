// The session statechart's vocabulary: context, events, and the named actors, actions, guards and delays.
import { assign, fromCallback, fromPromise, not, setup } from 'xstate';
import type { ConfigResponse, SignInResponse } from '../api/contract';
import { errorMessage, isForcedSignOutError, isNetworkError } from '../api/http';
import { deleteNeedsPin, hasRoleAccess } from '../domain/flags';
import { type SignOutState, signOutBlock } from '../domain/sign-out';
import { RESET_PASSWORD_MIN_LENGTH, SESSION_MESSAGES } from '../domain/texts/session';
import {
  type ConfirmRequest,
  type Notice,
  SESSION_DELAYS,
  type SessionUser,
  type SignInCredentials,
  type SignOutFacts,
  type StoredSession,
} from './session-types';

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
  /** The forgot-password e-mail's link (?reset_token on /sign-in): a new password, typed twice. */
  | { type: 'session.resetPassword'; reset_token: string; password: string; password_confirmation: string }
  | { type: 'session.cancel' }
  | { type: 'session.chooseOutlet'; outlet_id: number }
  | { type: 'session.reloadConfig' }
  | { type: 'session.switchCashier'; email: string; password: string }
  | { type: 'session.signOut' }
  /** A 303 from any call anywhere in the app (the API client's onForcedSignOut). */
  | { type: 'session.forcedSignOut' };

const notImplemented = (name: string) => () =>
  Promise.reject(new Error(`session actor "${name}" not provided`));

export const blank = (text: string | undefined) => !text || text.trim() === '';

/** An actor's error, read from an xstate.error.actor event. */
export function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

/** An actor's output, read from an xstate.done.actor event. */
export function outputOf<T>(event: unknown): T | undefined {
  return (event as { output?: T }).output;
}

export const initialContext: SessionContext = {
  user: null,
  credentials: null,
  nextUser: null,
  mode: 'signIn',
  signInFailures: 0,
  facts: null,
  resumed: false,
  lastError: null,
};

export const errorNotice = ({ event }: { event: unknown }): Notice => ({
  kind: 'error',
  message: errorMessage(errorOf(event)),
});

/** What the sign-out's blocking rules read: the user's flags and the facts loaded for this sign-out. */
export function signOutStateOf(context: Pick<SessionContext, 'user' | 'facts'>): SignOutState {
  const user = context.user;
  return {
    inventoryRequired: user?.is_inventory_required === 1,
    consumptionDone: !!context.facts?.has_done_inventory_consumption,
    shiftEnforced: user?.pos_shift_enforced === 1,
    cashierSystem: hasRoleAccess(user ?? {}, 'CASHIER_SYSTEM'),
    shiftActive: !!context.facts?.has_active_shift,
    deleteByPin: deleteNeedsPin(user ?? {}),
    openTrxCount: context.facts?.open_trx_count ?? 0,
  };
}

export const sessionSetup = setup({
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
    /** HTTP: POST cashier/auth/reset-password (outside the spec); answers the server's message. */
    resetPassword: fromPromise<string | undefined, { reset_token: string; password: string }>(
      notImplemented('resetPassword'),
    ),
    /** HTTP: POST cashier/pos/auth/sign-out?settlement=0 with the current session's headers. */
    softSignOut: fromPromise<void, { user: SessionUser | null }>(notImplemented('softSignOut')),
    /** Storage: inventory consumption done, active shift, open transactions. */
    loadSignOutFacts: fromPromise<SignOutFacts>(notImplemented('loadSignOutFacts')),
    /** UI: the confirm dialog; true when the user agrees. */
    confirmSignOut: fromPromise<boolean, ConfirmRequest>(notImplemented('confirmSignOut')),
    /** The cashier's sync (another issue); must finish before sign-out posts. */
    sync: fromPromise<void>(notImplemented('sync')),
    /**
     * HTTP: the device's event log to the server before the clear (issue 15); retried, then given up: what the
     * server does not hold stays in the backlog and goes with the next upload (docs/decisions.md).
     */
    uploadLog: fromPromise<void>(notImplemented('uploadLog')),
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
    /** Cashier switch: the old session is closed, the new account's answer becomes the session. */
    adoptNextUser: assign({
      user: ({ context }) => context.nextUser,
      nextUser: null,
      mode: 'switch' as const,
    }),
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: { to: string }) => {},
    logError: (_, _params: { message: string }) => {},
  },
  guards: {
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    isOffline: not('isOnline'),
    isNetworkError: ({ event }) => isNetworkError(errorOf(event)),
    isForcedSignOut: ({ event }) => isForcedSignOutError(errorOf(event)),
    emailMissing: ({ event }) => 'email' in event && blank(event.email),
    passwordMissing: ({ event }) => 'password' in event && blank(event.password),
    newPasswordTooShort: ({ event }) =>
      event.type === 'session.resetPassword' && event.password.length < RESET_PASSWORD_MIN_LENGTH,
    newPasswordMismatch: ({ event }) =>
      event.type === 'session.resetPassword' && event.password !== event.password_confirmation,
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
    // 000 §4's blocks, in the order ruling 25 clears them (src/domain/sign-out.ts)
    inventoryNotDone: ({ context }) => signOutBlock(signOutStateOf(context)) === 'inventoryRequired',
    openTransactionsLeft: ({ context }) => signOutBlock(signOutStateOf(context)) === 'openTransactions',
    shiftStillActive: ({ context }) => signOutBlock(signOutStateOf(context)) === 'shiftActive',
  },
  delays: {
    signInRetry: SESSION_DELAYS.signInRetry,
    signInConfirmRetry: SESSION_DELAYS.signInConfirmRetry,
    signOutRetry: SESSION_DELAYS.signOutRetry,
    signOutRedirect: ({ context }) =>
      context.resumed ? SESSION_DELAYS.signOutRedirectResumed : SESSION_DELAYS.signOutRedirect,
    forcedSignOutRedirect: SESSION_DELAYS.forcedSignOutRedirect,
  },
});

/** A form refused before any call: the message stays with the form and shows as an error (000 §5). */
export const refusedWith = (message: string) => [
  sessionSetup.assign({ lastError: message }),
  { type: 'notify' as const, params: { kind: 'error' as const, message } },
];

/** Sign-in's checks before it posts, shared by the sign-in form and the cashier switch (000 §5). */
export const signInFormChecks = [
  { guard: 'emailMissing' as const, actions: refusedWith(SESSION_MESSAGES.emailRequired) },
  { guard: 'passwordMissing' as const, actions: refusedWith(SESSION_MESSAGES.passwordRequired) },
  // Sign-in must be online; an unreachable server while online still retries (000 §4).
  { guard: 'isOffline' as const, actions: refusedWith(SESSION_MESSAGES.offline) },
];
