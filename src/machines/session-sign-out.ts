// 000 §4 Sign-out (blocking rules, confirm, sync, post, retries) and the forced sign-out on HTTP 303.
import { assign } from 'xstate';
import { errorMessage } from '../api/http';
import { unblockTarget } from '../domain/sign-out';
import { SESSION_MESSAGES as M } from '../domain/texts/session';
import { errorNotice, initialContext, sessionSetup, signOutStateOf } from './session-setup';
import { SIGN_OUT_UNBLOCK_LINKS as UNBLOCK } from './session-types';

export const signingOutState = sessionSetup.createStateConfig({
  description:
    '000 §4 Sign-out: blocking rules (consumption, pending transactions, shift: ruling 25), confirm, online, sync, pending flag, post, clear.',
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
          actions: {
            type: 'notify',
            params: { kind: 'error', message: M.inventoryRequired, link: UNBLOCK.stockOut },
          },
        },
        // ruling 25: the pending transactions before the shift's end (the cashier needs the shift)
        {
          guard: 'openTransactionsLeft',
          target: '#session.signedIn',
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              kind: 'error',
              message: M.openTransactions,
              link: UNBLOCK[unblockTarget('openTransactions', signOutStateOf(context))],
            }),
          },
        },
        {
          guard: 'shiftStillActive',
          target: '#session.signedIn',
          actions: {
            type: 'notify',
            params: { kind: 'error', message: M.shiftActive, link: UNBLOCK.endShift },
          },
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
    uploadingLog: {
      tags: ['busy'],
      // issue 15: never blocks the sign-out; a failed upload leaves the events in the backlog
      invoke: {
        id: 'uploadLog',
        src: 'uploadLog',
        onDone: 'posting',
        onError: {
          target: 'posting',
          actions: { type: 'logError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    markingPending: {
      tags: ['busy'],
      invoke: {
        id: 'setPendingSignOut',
        src: 'setPendingSignOut',
        onDone: 'uploadingLog',
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
});

export const forcedSignOutState = sessionSetup.createStateConfig({
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
});
