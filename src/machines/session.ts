// The session statechart (issue 2 part 6): sign-in, outlet, configuration, cashier switch, sign-out and
// forced sign-out. Side effects are the named actors of session-setup.ts; live.ts wires the real ones.
import { assign } from 'xstate';
import { errorMessage } from '../api/http';
import { initialContext, type SessionContext, sessionSetup } from './session-setup';
import { signedOutState, signingInState } from './session-sign-in';
import { forcedSignOutState, signingOutState } from './session-sign-out';
import { signedInState } from './session-signed-in';

export type { SessionContext, SessionEvent } from './session-setup';
export * from './session-types';

export const sessionMachine = sessionSetup.createMachine({
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

    signedOut: signedOutState,
    signingIn: signingInState,
    signedIn: signedInState,
    signingOut: signingOutState,
    forcedSignOut: forcedSignOutState,
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
