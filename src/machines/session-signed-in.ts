// 000 §2: choose outlet, Home's Perbarui Konfigurasi and Ganti Akun Kasir.
import { assign } from 'xstate';
import { errorMessage } from '../api/http';
import { SESSION_MESSAGES as M } from '../domain/texts/session';
import { errorNotice, sessionSetup, signInFormChecks } from './session-setup';
import { mergeConfig, type SessionUser } from './session-types';

export const signedInState = sessionSetup.createStateConfig({
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
          // The switch is a sign-in (000 §5).
          ...signInFormChecks,
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
          description:
            'Both sessions are live on the server until this soft sign-out lands: a failure retries every 5 s like the sign-out (000 §4), never leaving one open behind the cashier.',
          tags: ['busy'],
          // A 303 here only means the old session is already closed: handled below, not a forced sign-out.
          on: { 'session.forcedSignOut': {} },
          invoke: {
            id: 'softSignOut',
            src: 'softSignOut',
            input: ({ context }) => ({ user: context.user }),
            onDone: { target: '#session.signingIn.storing', actions: 'adoptNextUser' },
            onError: [
              // The old session is gone already: carry on with the new one.
              { guard: 'isForcedSignOut', target: '#session.signingIn.storing', actions: 'adoptNextUser' },
              {
                target: 'closingRetryWait',
                actions: { type: 'notify', params: { kind: 'error', message: M.signOutRetrying } },
              },
            ],
          },
        },
        closingRetryWait: {
          tags: ['busy'],
          after: { signOutRetry: 'closingPrevious' },
          // Another call's 303 with the old tokens: the soft sign-out did land (its answer was lost).
          on: { 'session.forcedSignOut': { target: '#session.signingIn.storing', actions: 'adoptNextUser' } },
        },
      },
    },
  },
});
