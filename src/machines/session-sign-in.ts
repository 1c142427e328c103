// 000 §4 Sign-in and §5 validation: the signed-out states and the sign-in steps.
import { and, assign } from 'xstate';
import { FORGOT_PASSWORD_MESSAGE } from '../api/contract';
import { errorMessage } from '../api/http';
import { API_MESSAGES } from '../domain/texts/server';
import { SESSION_MESSAGES as M, RESET_PASSWORD_MESSAGES } from '../domain/texts/session';
import { errorNotice, initialContext, refusedWith, sessionSetup, signInFormChecks } from './session-setup';
import type { SessionUser } from './session-types';

export const signedOutState = sessionSetup.createStateConfig({
  initial: 'idle',
  // The form keeps the message that sent it back here.
  entry: assign(({ context }) => ({ ...initialContext, lastError: context.lastError })),
  states: {
    idle: {
      on: {
        'session.signIn': [
          ...signInFormChecks,
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
            actions: refusedWith(M.emailRequired),
          },
          { target: 'requestingReset', actions: assign({ lastError: null }) },
        ],
        'session.resetPassword': [
          {
            guard: 'passwordMissing',
            actions: refusedWith(API_MESSAGES.passwordRequired),
          },
          {
            guard: 'newPasswordTooShort',
            actions: refusedWith(RESET_PASSWORD_MESSAGES.passwordTooShort),
          },
          {
            guard: 'newPasswordMismatch',
            actions: refusedWith(RESET_PASSWORD_MESSAGES.passwordMismatch),
          },
          { target: 'resettingPassword', actions: assign({ lastError: null }) },
        ],
      },
    },
    resettingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ event }) =>
          event.type === 'session.resetPassword'
            ? { reset_token: event.reset_token, password: event.password }
            : { reset_token: '', password: '' },
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'success',
                message: event.output ?? RESET_PASSWORD_MESSAGES.succeeded,
              }),
            },
            // The link is used up: back to the plain sign-in form, without the token in the address.
            { type: 'navigate', params: { to: '/sign-in' } },
          ],
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
});

export const signingInState = sessionSetup.createStateConfig({
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
});
