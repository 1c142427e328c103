import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConfigResponse, SignInResponse } from '../../src/api/contract';
import {
  isAuthenticated,
  type SessionUser,
  type SignOutFacts,
  type StoredSession,
  sessionMachine,
} from '../../src/machines/session';
import { busyOf } from '../../src/ui/app/session-provider';

const user = (id: number, outlet: number | null = 1) =>
  ({
    business_id: 1,
    business_user_id: id,
    cashier_name: `Kasir ${id}`,
    brand_name: 'Serambi Beauty',
    outlet_id: outlet,
    client_key: `ck${id}`,
    login_token: `lt${id}`,
  }) as unknown as SessionUser;

const never = <T>() => new Promise<T>(() => {});

/** The real session statechart with storage/HTTP actors that either answer or hang. */
function run(options: { stored: StoredSession; hang?: string[] }) {
  const hang = new Set(options.hang ?? []);
  const answer = <T>(name: string, value: T) => (hang.has(name) ? never<T>() : Promise.resolve(value));
  const machine = sessionMachine.provide({
    actors: {
      loadStoredSession: fromPromise(() => answer('loadStoredSession', options.stored)),
      signIn: fromPromise(({ input }) =>
        answer('signIn', user(input.email === 'kasir@serambi.id' ? 2 : 1) as unknown as SignInResponse),
      ),
      persistSignIn: fromPromise(() => answer<void>('persistSignIn', undefined)),
      confirmSignIn: fromPromise(() => answer<void>('confirmSignIn', undefined)),
      completeSignIn: fromPromise(() => answer<void>('completeSignIn', undefined)),
      loadAppointments: fromPromise(() => answer<void>('loadAppointments', undefined)),
      loadConfig: fromPromise(() => answer('loadConfig', user(1) as unknown as ConfigResponse)),
      persistConfig: fromPromise(() => answer<void>('persistConfig', undefined)),
      softSignOut: fromPromise(() => answer<void>('softSignOut', undefined)),
      loadSignOutFacts: fromPromise(() =>
        answer<SignOutFacts>('loadSignOutFacts', {
          has_done_inventory_consumption: true,
          has_active_shift: false,
          open_trx_count: 0,
        }),
      ),
      confirmSignOut: fromPromise(() => answer('confirmSignOut', true)),
      sync: fromPromise(() => answer<void>('sync', undefined)),
      setPendingSignOut: fromPromise(() => answer<void>('setPendingSignOut', undefined)),
      signOut: fromPromise(() => answer<void>('signOut', undefined)),
      clearLocalData: fromPromise(() => answer<void>('clearLocalData', undefined)),
    },
  });
  const actor = createActor(machine).start();
  return actor;
}

const signedOut: StoredSession = { user: null, pending_sign_in: false, pending_sign_out: false };
const signedIn: StoredSession = { user: user(1), pending_sign_in: false, pending_sign_out: false };

describe('the session view the screens read from the statechart', () => {
  it('is not authenticated and not busy while booting or signed out', async () => {
    const booting = run({ stored: signedOut, hang: ['loadStoredSession'] });
    expect(isAuthenticated(booting.getSnapshot())).toBe(false);
    const actor = run({ stored: signedOut });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(isAuthenticated(actor.getSnapshot())).toBe(false);
    expect(busyOf(actor.getSnapshot())).toBeNull();
  });

  it('is busy "signIn" while signing in and authenticated once signed in', async () => {
    const actor = run({ stored: signedOut, hang: ['confirmSignIn'] });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches({ signingIn: 'confirming' }));
    expect(busyOf(actor.getSnapshot())).toBe('signIn');
    expect(isAuthenticated(actor.getSnapshot())).toBe(false);

    const ok = run({ stored: signedOut });
    await waitFor(ok, (s) => s.matches('signedOut'));
    ok.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await waitFor(ok, (s) => s.matches('signedIn'));
    expect(isAuthenticated(ok.getSnapshot())).toBe(true);
    expect(busyOf(ok.getSnapshot())).toBeNull();
  });

  it('maps outlet choice and configuration reload to their spinners', async () => {
    const choosing = run({ stored: { ...signedIn, user: user(1, null) }, hang: ['loadConfig'] });
    await waitFor(choosing, (s) => s.matches({ signedIn: 'choosingOutlet' }));
    choosing.send({ type: 'session.chooseOutlet', outlet_id: 1 });
    expect(busyOf(choosing.getSnapshot())).toBe('chooseOutlet');

    const reloading = run({ stored: signedIn, hang: ['loadConfig'] });
    await waitFor(reloading, (s) => s.matches({ signedIn: 'ready' }));
    reloading.send({ type: 'session.reloadConfig' });
    expect(busyOf(reloading.getSnapshot())).toBe('reloadConfig');
    expect(isAuthenticated(reloading.getSnapshot())).toBe(true);
  });

  it('stays authenticated through a cashier switch (no trip to /sign-in)', async () => {
    const actor = run({ stored: signedIn, hang: ['confirmSignIn'] });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    // The new account's sign-in completes after the soft sign-out, in the signingIn states.
    await waitFor(actor, (s) => s.matches({ signingIn: 'confirming' }));
    expect(actor.getSnapshot().context.mode).toBe('switch');
    expect(isAuthenticated(actor.getSnapshot())).toBe(true);
    expect(busyOf(actor.getSnapshot())).toBe('switchAccount');
  });

  it('is busy "signOut" while signing out, and signed out after', async () => {
    const actor = run({ stored: signedIn, hang: ['signOut'] });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches({ signingOut: 'posting' }));
    expect(busyOf(actor.getSnapshot())).toBe('signOut');
    expect(isAuthenticated(actor.getSnapshot())).toBe(true);
  });
});
