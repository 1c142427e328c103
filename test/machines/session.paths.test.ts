import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { ConfigResponse, SignInResponse } from '../../src/api/contract';
import { ApiError, CONNECTION_FAILED_MESSAGE } from '../../src/api/http';
import { SESSION_MESSAGES as M } from '../../src/domain/texts/session';
import {
  type ConfirmRequest,
  type Notice,
  type SessionEvent,
  type SessionUser,
  type SignInCredentials,
  type SignOutFacts,
  type StoredSession,
  sessionMachine,
} from '../../src/machines/session';
import { configFixture, userFixture } from './session-harness';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

const network = new ApiError({
  kind: 'network',
  status: 0,
  statusText: '',
  message: CONNECTION_FAILED_MESSAGE,
});
const forced = new ApiError({ kind: 'forcedSignOut', status: 303, statusText: 'See Other', message: 'Sesi' });
const rejected = new ApiError({
  kind: 'http',
  status: 400,
  statusText: 'Bad Request',
  message: 'Email atau password salah.',
});

const strictUser: SessionUser = {
  ...userFixture({ outlet_id: 1 }),
  is_inventory_required: 1,
  pos_shift_enforced: 1,
  pos_cashier_delete_by_pin: 1,
};

/** Outputs worth trying for each actor; everything else answers undefined. */
const outputs: Record<string, unknown[]> = {
  loadStoredSession: [
    { user: null, pending_sign_in: false, pending_sign_out: false },
    { user: strictUser, pending_sign_in: false, pending_sign_out: false },
    { user: userFixture(), pending_sign_in: false, pending_sign_out: false },
    { user: userFixture(), pending_sign_in: true, pending_sign_out: false },
    { user: userFixture({ outlet_id: 1 }), pending_sign_in: false, pending_sign_out: true },
  ],
  signIn: [userFixture(), userFixture({ outlet_id: 1 })],
  loadConfig: [configFixture(1)],
  forgotPassword: ['Cek email Anda'],
  resetPassword: ['Password berhasil diubah'],
  loadSignOutFacts: [
    { has_done_inventory_consumption: false, has_active_shift: false, open_trx_count: 0 },
    { has_done_inventory_consumption: true, has_active_shift: true, open_trx_count: 0 },
    { has_done_inventory_consumption: true, has_active_shift: false, open_trx_count: 1 },
    { has_done_inventory_consumption: true, has_active_shift: false, open_trx_count: 0 },
  ],
  confirmSignOut: [true, false],
};

/** Every event the machine names, with the payloads that steer its guards. */
function eventsToTry(): AnyEventObject[] {
  const types = new Set<string>();
  for (const node of getStateNodes(sessionMachine.root))
    for (const type of node.transitions.keys()) types.add(type);
  const events: AnyEventObject[] = [];
  for (const type of types) {
    if (type.startsWith('xstate.done.actor.')) {
      const id = type.slice('xstate.done.actor.'.length);
      for (const output of outputs[id] ?? [undefined]) events.push({ type, output });
    } else if (type.startsWith('xstate.error.actor.')) {
      for (const error of [network, forced, rejected]) events.push({ type, error });
    } else if (type === 'session.signIn' || type === 'session.switchCashier') {
      events.push(
        { type, email: 'demo@serambi.id', password: 'demo1234' },
        { type, email: '', password: 'x' },
      );
    } else if (type === 'session.forgotPassword') {
      events.push({ type, email: 'demo@serambi.id' });
    } else if (type === 'session.resetPassword') {
      events.push(
        { type, reset_token: 'tok', password: 'passwordbaru', password_confirmation: 'passwordbaru' },
        { type, reset_token: 'tok', password: 'pendek', password_confirmation: 'pendek' },
      );
    } else if (type === 'session.chooseOutlet') {
      events.push({ type, outlet_id: 2 });
    } else {
      events.push({ type });
    }
  }
  return events;
}

/** The state and the parts of context the guards read; keeps the traversal finite. */
function serializeState(snapshot: Snapshot): string {
  const { user, mode, resumed, signInFailures } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    user?.client_key ?? null,
    user?.outlet_id ?? null,
    user?.is_inventory_required ?? 0,
    mode,
    resumed,
    signInFailures > 0,
  ]);
}

const allPaths = getShortestPaths(sessionMachine, {
  // Actor completions and timers are events too; the traversal feeds them like user events.
  events: eventsToTry() as unknown as SessionEvent[],
  serializeState,
  serializeEvent: (event) => JSON.stringify(event),
});

/** Leaf states the machine can rest in (eventless routing states are passed through). */
const restingStates = getStateNodes(sessionMachine.root)
  .filter((node) => node.type === 'atomic' && !(node.always && node.always.length > 0))
  .map((node) => node.id);

const endStateId = (snapshot: Snapshot) => `session.${snapshot._nodes.at(-1)?.path.join('.')}`;

/** The shortest path to each resting state (context variants of one state add little). */
const paths = [
  ...new Map(
    [...allPaths]
      .sort((a, b) => b.steps.length - a.steps.length)
      .map((path) => [endStateId(path.state), path]),
  ).values(),
];

/** Replays a path on a running actor whose effects never answer by themselves. */
function replay(events: AnyEventObject[]) {
  const notices: Notice[] = [];
  const navigations: string[] = [];
  const hang = () => new Promise<never>(() => {});
  const machine = sessionMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSession>(hang),
      signIn: fromPromise<SignInResponse, SignInCredentials>(hang),
      persistSignIn: fromPromise<void, { user: SessionUser }>(hang),
      confirmSignIn: fromPromise<void, { login_token: string }>(hang),
      completeSignIn: fromPromise<void, { user: SessionUser }>(hang),
      loadAppointments: fromPromise<void>(hang),
      loadConfig: fromPromise<ConfigResponse, { outlet_id: number | null }>(hang),
      persistConfig: fromPromise<void, { user: SessionUser }>(hang),
      forgotPassword: fromPromise<string | undefined, { email: string }>(hang),
      resetPassword: fromPromise<string | undefined, { reset_token: string; password: string }>(hang),
      softSignOut: fromPromise<void, { user: SessionUser | null }>(hang),
      loadSignOutFacts: fromPromise<SignOutFacts>(hang),
      confirmSignOut: fromPromise<boolean, ConfirmRequest>(hang),
      sync: fromPromise<void>(hang),
      setPendingSignOut: fromPromise<void>(hang),
      signOut: fromPromise<void, { user: SessionUser | null }>(hang),
      clearLocalData: fromPromise<void, { forced: boolean }>(hang),
    },
    actions: {
      notify: (_, notice) => {
        notices.push(notice);
      },
      navigate: (_, { to }) => {
        navigations.push(to);
      },
    },
    guards: { isOnline: () => true },
  });
  const actor = createActor(machine).start();
  const seen: Snapshot[] = [actor.getSnapshot()];
  for (const event of events) {
    actor.send(event as Parameters<typeof actor.send>[0]);
    seen.push(actor.getSnapshot());
  }
  actor.stop();
  return { seen, notices, navigations };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session statechart: shortest paths (@xstate/graph)', () => {
  it('reaches every resting state', () => {
    const reached = new Set(paths.map((path) => endStateId(path.state)));
    expect(restingStates.filter((id) => !reached.has(id))).toEqual([]);
    expect(restingStates.length).toBeGreaterThan(20);
  });

  describe.each(paths.map((path) => [endStateId(path.state), path] as const))('path to %s', (_id, path) => {
    const events = path.steps
      .map((step): AnyEventObject => step.event)
      .filter((event) => event.type !== 'xstate.init');

    it('the running machine follows it, keeping the session invariants', () => {
      const { seen, notices } = replay(events);
      const last = seen.at(-1) as Snapshot;
      expect(last.value).toEqual(path.state.value);
      for (const snapshot of seen) {
        if (snapshot.hasTag('authenticated')) expect(snapshot.context.user?.client_key).toBeTruthy();
        if (snapshot.matches('signedOut')) expect(snapshot.context.user).toBeNull();
        if (snapshot.matches('forcedSignOut')) {
          expect(snapshot.context.user).toBeNull();
          expect(notices.map((n) => n.message)).toContain(M.signOutSucceeded);
        }
        if (snapshot.matches({ signingIn: 'posting' })) expect(snapshot.context.credentials).not.toBeNull();
      }
      const messages = notices.map((n) => n.message);
      const id = endStateId(last);
      if (id === 'session.signingIn.retryWait') expect(messages).toContain(M.signInRetrying);
      if (id === 'session.signingIn.confirmWait') expect(messages.at(-1)).toBe(M.signInConfirmRetrying);
      if (id === 'session.signingOut.retryWait') expect(messages.at(-1)).toBe(M.signOutRetrying);
      if (id === 'session.signedIn.switching.closingRetryWait') {
        // the new account's session is held while the old one's soft sign-out is retried
        expect(messages.at(-1)).toBe(M.signOutRetrying);
        expect(last.context.nextUser?.client_key).toBeTruthy();
      }
      if (id === 'session.signingOut.redirecting') expect(messages.at(-1)).toBe(M.signOutSucceeded);
      if (id === 'session.signingOut.confirming') expect(messages).toEqual([]);
    });
  });
});
