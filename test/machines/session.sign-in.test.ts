import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES as M, RESET_PASSWORD_MESSAGES } from '../../src/domain/texts/session';
import { isAuthenticated, isSignInStale } from '../../src/machines/session';
import {
  advance,
  badRequest,
  configFixture,
  networkError,
  settle,
  startSession,
  storedAt,
  userFixture,
} from './session-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('page load', () => {
  it('without a stored session: signed out', async () => {
    const { actor } = startSession();
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });

  it('with a stored session and outlet: ready, no calls', async () => {
    const { actor, rec } = startSession({ loadStoredSession: storedAt(1) });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(isAuthenticated(actor.getSnapshot())).toBe(true);
    expect(rec.calls).toEqual(['loadStoredSession']);
  });

  it('with a stored session without outlet: choosing the outlet', async () => {
    const { actor } = startSession({ loadStoredSession: storedAt(null) });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'choosingOutlet' })).toBe(true);
  });

  it('resumes a pending sign-in: confirms, records, loads appointments', async () => {
    const { actor, rec } = startSession({
      loadStoredSession: async () => ({
        user: userFixture({ outlet_id: 1 }),
        pending_sign_in: true,
        pending_sign_out: false,
      }),
    });
    await settle();
    expect(rec.calls).toEqual(['loadStoredSession', 'confirmSignIn', 'completeSignIn', 'loadAppointments']);
    expect(rec.paths).toEqual(['/']);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('resumes a pending sign-out: posts without confirm or sync, redirects after 1 s', async () => {
    const { actor, rec, messages } = startSession({
      loadStoredSession: async () => ({
        user: userFixture({ outlet_id: 1 }),
        pending_sign_in: false,
        pending_sign_out: true,
      }),
    });
    await settle();
    expect(rec.calls).toEqual(['loadStoredSession', 'signOut', 'clearLocalData']);
    expect(messages()).toEqual([M.signOutSucceeded]);
    await advance(999);
    expect(rec.paths).toEqual([]);
    await advance(1);
    expect(rec.paths).toEqual(['/sign-in']);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });
});

describe('sign-in (000 §4, §5)', () => {
  it('posts, stores, confirms, records history, loads appointments, goes to /choose-outlet', async () => {
    const { actor, rec } = startSession();
    await settle();
    actor.send({ type: 'session.signIn', email: ' demo@serambi.id ', password: 'demo1234' });
    await settle();
    expect(rec.calls).toEqual([
      'loadStoredSession',
      'signIn',
      'persistSignIn',
      'confirmSignIn',
      'completeSignIn',
      'loadAppointments',
    ]);
    expect(rec.inputs.signIn).toEqual([{ email: 'demo@serambi.id', password: 'demo1234' }]);
    expect(rec.inputs.confirmSignIn).toEqual([{ login_token: 'lt-demo' }]);
    expect(rec.paths).toEqual(['/choose-outlet']);
    const snap = actor.getSnapshot();
    expect(snap.matches({ signedIn: 'choosingOutlet' })).toBe(true);
    expect(snap.context.user?.client_key).toBe('ck-demo');
    expect(snap.context.credentials).toBeNull();
  });

  it('goes to / when the user has exactly one outlet', async () => {
    const { actor, rec } = startSession({ signIn: async () => userFixture({ outlet_id: 1 }) });
    await settle();
    actor.send({ type: 'session.signIn', email: 'kasir@serambi.id', password: 'demo1234' });
    await settle();
    expect(rec.paths).toEqual(['/']);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it.each([
    ['', 'demo1234', M.emailRequired],
    ['   ', 'demo1234', M.emailRequired],
    ['demo@serambi.id', '', M.passwordRequired],
  ])('validates before posting: email %j password %j → %s', async (email, password, message) => {
    const { actor, rec, messages } = startSession();
    await settle();
    actor.send({ type: 'session.signIn', email, password });
    await settle();
    expect(messages()).toEqual([message]);
    expect(rec.calls).not.toContain('signIn');
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.lastError).toBe(message);
  });

  it('a wrong password shows the server message and stays signed out', async () => {
    const { actor, messages } = startSession({
      signIn: async () => {
        throw badRequest('Email atau password salah.');
      },
    });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'x' });
    await settle();
    expect(messages()).toEqual(['Email atau password salah.']);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.lastError).toBe('Email atau password salah.');
  });

  it('unreachable server: one retry toast, then a retry every 5 s until it answers', async () => {
    let failures = 2;
    const { actor, rec, messages } = startSession({
      signIn: async () => {
        if (failures-- > 0) throw networkError();
        return userFixture({ outlet_id: 1 });
      },
    });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await settle();
    expect(messages()).toEqual([M.signInRetrying]);
    expect(messages()[0]).toBe('Gagal sign-in, sedang mencoba kembali..');
    await advance(4999);
    expect(rec.calls.filter((c) => c === 'signIn')).toHaveLength(1);
    await advance(1);
    expect(rec.calls.filter((c) => c === 'signIn')).toHaveLength(2);
    await advance(5000);
    expect(rec.calls.filter((c) => c === 'signIn')).toHaveLength(3);
    expect(messages()).toEqual([M.signInRetrying]);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('the retry loop can be cancelled', async () => {
    const { actor, rec } = startSession({
      signIn: async () => {
        throw networkError();
      },
    });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await settle();
    actor.send({ type: 'session.cancel' });
    await advance(20_000);
    expect(rec.calls.filter((c) => c === 'signIn')).toHaveLength(1);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });

  it('confirmation retried every 5 s with "Sign in gagal, mencoba kembali.."', async () => {
    let failures = 2;
    const { actor, rec, messages } = startSession({
      confirmSignIn: async () => {
        if (failures-- > 0) throw networkError();
      },
    });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await settle();
    expect(messages()).toEqual(['Sign in gagal, mencoba kembali..']);
    expect(actor.getSnapshot().matches({ signingIn: 'confirmWait' })).toBe(true);
    await advance(4999);
    expect(rec.calls.filter((c) => c === 'confirmSignIn')).toHaveLength(1);
    await advance(1);
    expect(rec.calls.filter((c) => c === 'confirmSignIn')).toHaveLength(2);
    expect(messages()).toEqual([M.signInConfirmRetrying, M.signInConfirmRetrying]);
    await advance(5000);
    expect(rec.calls.filter((c) => c === 'confirmSignIn')).toHaveLength(3);
    expect(rec.calls.at(-1)).toBe('loadAppointments');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('an appointment load failure does not stop the sign-in', async () => {
    const { actor, rec } = startSession({
      loadAppointments: async () => {
        throw networkError();
      },
    });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'choosingOutlet' })).toBe(true);
    expect(rec.paths).toEqual(['/choose-outlet']);
  });

  it('offline (000 §5 "must be online"): refused with the offline message, nothing posted', async () => {
    const { actor, rec, messages } = startSession({}, { online: false });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await advance(20_000);
    expect(messages()).toEqual(['Tidak ada koneksi internet! Silakan cek dan coba kembali']);
    expect(rec.calls).not.toContain('signIn');
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.lastError).toBe(M.offline);
  });

  it('forgot password: e-mail required, then the server message', async () => {
    const { actor, rec, messages } = startSession();
    await settle();
    actor.send({ type: 'session.forgotPassword', email: '' });
    await settle();
    expect(messages()).toEqual([M.emailRequired]);
    expect(rec.calls).not.toContain('forgotPassword');
    actor.send({ type: 'session.forgotPassword', email: 'demo@serambi.id' });
    await settle();
    expect(rec.inputs.forgotPassword).toEqual([{ email: 'demo@serambi.id' }]);
    expect(messages()).toEqual([M.emailRequired, 'Cek email Anda']);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });
});

describe('reset password (the forgot-password link, outside the spec)', () => {
  const reset = (password: string, password_confirmation = password) =>
    ({ type: 'session.resetPassword', reset_token: 'tok-1', password, password_confirmation }) as const;

  it.each([
    ['', '', 'Password harus diisi!'],
    ['pendek', 'pendek', RESET_PASSWORD_MESSAGES.passwordTooShort],
    ['passwordbaru', 'passwordlain', RESET_PASSWORD_MESSAGES.passwordMismatch],
  ])('validates %j / %j before posting → %s', async (password, confirmation, message) => {
    const { actor, rec, messages } = startSession();
    await settle();
    actor.send(reset(password, confirmation));
    await settle();
    expect(messages()).toEqual([message]);
    expect(rec.calls).not.toContain('resetPassword');
    expect(actor.getSnapshot().context.lastError).toBe(message);
  });

  it('posts the token and the password, shows the server message and leaves the link for /sign-in', async () => {
    const { actor, rec, messages } = startSession();
    await settle();
    actor.send(reset('passwordbaru'));
    await settle();
    expect(rec.inputs.resetPassword).toEqual([{ reset_token: 'tok-1', password: 'passwordbaru' }]);
    expect(messages()).toEqual(['Password berhasil diubah']);
    expect(rec.paths).toEqual(['/sign-in']);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });

  it('a used or expired link: the server message, the form stays', async () => {
    const { actor, rec, messages } = startSession({
      resetPassword: async () => {
        throw badRequest(RESET_PASSWORD_MESSAGES.tokenInvalid);
      },
    });
    await settle();
    actor.send(reset('passwordbaru'));
    await settle();
    expect(messages()).toEqual([RESET_PASSWORD_MESSAGES.tokenInvalid]);
    expect(rec.paths).toEqual([]);
    expect(actor.getSnapshot().context.lastError).toBe(RESET_PASSWORD_MESSAGES.tokenInvalid);
  });
});

describe('outlet and configuration (000 §2)', () => {
  it('choose outlet: loads config for that outlet, keeps tokens and signed_in_at, toast, goes to /', async () => {
    const { actor, rec, messages } = startSession({ loadStoredSession: storedAt(null) });
    await settle();
    actor.send({ type: 'session.chooseOutlet', outlet_id: 2 });
    await settle();
    expect(rec.inputs.loadConfig).toEqual([{ outlet_id: 2 }]);
    expect(messages()).toEqual(['Config successfully loaded.']);
    expect(rec.paths).toEqual(['/']);
    const user = actor.getSnapshot().context.user;
    expect(user?.outlet_id).toBe(2);
    expect(user?.client_key).toBe('ck-demo');
    expect(user?.signed_in_at).toBe('2026-11-22 01:00:00');
    expect(user?.retrieve_time).toBe('2026-11-22 09:00:00');
    expect(rec.inputs.persistConfig).toEqual([{ user }]);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('choose outlet failure: the message, still choosing', async () => {
    const { actor, messages } = startSession({
      loadStoredSession: storedAt(null),
      loadConfig: async () => {
        throw badRequest('Outlet tidak ditemukan.');
      },
    });
    await settle();
    actor.send({ type: 'session.chooseOutlet', outlet_id: 9 });
    await settle();
    expect(messages()).toEqual(['Outlet tidak ditemukan.']);
    expect(actor.getSnapshot().matches({ signedIn: 'choosingOutlet' })).toBe(true);
  });

  it('reload configuration: the current outlet, toast "Konfigurasi berhasil diperbarui"', async () => {
    const { actor, rec, messages } = startSession({ loadStoredSession: storedAt(1) });
    await settle();
    actor.send({ type: 'session.reloadConfig' });
    await settle();
    expect(rec.inputs.loadConfig).toEqual([{ outlet_id: 1 }]);
    expect(messages()).toEqual(['Konfigurasi berhasil diperbarui']);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });
});

describe('switch cashier account (000 §2 Home)', () => {
  it('signs the new account in, soft-signs-out the old one, completes the sign-in, toast', async () => {
    const next = userFixture({
      business_user_id: 2,
      cashier_name: 'Kasir',
      client_key: 'ck-2',
      login_token: 'lt-2',
      outlet_id: 1,
    });
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(1),
      signIn: async () => next,
    });
    await settle();
    const previous = actor.getSnapshot().context.user;
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    await settle();
    expect(rec.calls.slice(1)).toEqual([
      'signIn',
      'softSignOut',
      'persistSignIn',
      'confirmSignIn',
      'completeSignIn',
      'loadAppointments',
    ]);
    expect(rec.inputs.softSignOut).toEqual([{ user: previous }]);
    expect(rec.inputs.confirmSignIn).toEqual([{ login_token: 'lt-2' }]);
    expect(messages()).toEqual(['Pergantian akun kasir berhasil dilakukan']);
    expect(actor.getSnapshot().context.user?.business_user_id).toBe(2);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('stays authenticated while the switch completes', async () => {
    let release: () => void = () => {};
    const { actor } = startSession({
      loadStoredSession: storedAt(1),
      confirmSignIn: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await settle();
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    await settle();
    expect(actor.getSnapshot().matches({ signingIn: 'confirming' })).toBe(true);
    expect(isAuthenticated(actor.getSnapshot())).toBe(true);
    release();
    await settle();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('a wrong password keeps the current cashier and never signs them out', async () => {
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(1),
      signIn: async () => {
        throw badRequest('Email atau password salah.');
      },
    });
    await settle();
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'x' });
    await settle();
    expect(messages()).toEqual(['Email atau password salah.']);
    expect(rec.calls).not.toContain('softSignOut');
    expect(actor.getSnapshot().context.user?.client_key).toBe('ck-demo');
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('offline: refused with the offline message, the current cashier stays', async () => {
    const { actor, rec, messages } = startSession({ loadStoredSession: storedAt(1) }, { online: false });
    await settle();
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    await settle();
    expect(messages()).toEqual([M.offline]);
    expect(rec.calls).toEqual(['loadStoredSession']);
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('a failed soft sign-out is retried every 5 s, holding the new session, until the old one is closed', async () => {
    let failures = 2;
    const next = userFixture({ business_user_id: 2, client_key: 'ck-2', login_token: 'lt-2', outlet_id: 1 });
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(1),
      signIn: async () => next,
      softSignOut: async () => {
        if (failures-- > 0) throw networkError();
      },
    });
    await settle();
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    await settle();
    expect(messages()).toEqual([M.signOutRetrying]);
    const waiting = actor.getSnapshot();
    expect(waiting.matches({ signedIn: { switching: 'closingRetryWait' } })).toBe(true);
    expect(waiting.context.user?.client_key).toBe('ck-demo');
    expect(waiting.context.nextUser?.client_key).toBe('ck-2');
    expect(isAuthenticated(waiting)).toBe(true);
    await advance(4999);
    expect(rec.calls.filter((c) => c === 'softSignOut')).toHaveLength(1);
    await advance(1);
    expect(rec.calls.filter((c) => c === 'softSignOut')).toHaveLength(2);
    await advance(5000);
    expect(rec.calls.filter((c) => c === 'softSignOut')).toHaveLength(3);
    expect(rec.inputs.softSignOut).toEqual(Array(3).fill({ user: waiting.context.user }));
    expect(messages()).toEqual([M.signOutRetrying, M.signOutRetrying, M.cashierSwitched]);
    expect(rec.calls.slice(-4)).toEqual([
      'persistSignIn',
      'confirmSignIn',
      'completeSignIn',
      'loadAppointments',
    ]);
    expect(actor.getSnapshot().context.user?.client_key).toBe('ck-2');
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('a 303 seen while waiting to retry means the old session did close: the new one is adopted', async () => {
    const next = userFixture({ business_user_id: 2, client_key: 'ck-2', login_token: 'lt-2', outlet_id: 1 });
    const { actor, rec } = startSession({
      loadStoredSession: storedAt(1),
      signIn: async () => next,
      softSignOut: async () => {
        throw networkError();
      },
    });
    await settle();
    actor.send({ type: 'session.switchCashier', email: 'kasir@serambi.id', password: 'demo1234' });
    await settle();
    actor.send({ type: 'session.forcedSignOut' });
    await settle();
    expect(rec.calls).not.toContain('clearLocalData');
    expect(rec.inputs.persistSignIn).toEqual([{ user: next }]);
    expect(actor.getSnapshot().context.user?.client_key).toBe('ck-2');
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('validates e-mail and password first', async () => {
    const { actor, rec, messages } = startSession({ loadStoredSession: storedAt(1) });
    await settle();
    actor.send({ type: 'session.switchCashier', email: '', password: 'x' });
    actor.send({ type: 'session.switchCashier', email: 'a@b.c', password: '' });
    await settle();
    expect(messages()).toEqual([M.emailRequired, M.passwordRequired]);
    expect(rec.calls).not.toContain('signIn');
  });
});

describe('helpers', () => {
  it('isSignInStale: more than 48 hours after the server time, read as WIB in any browser zone', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'UTC', 'Asia/Jakarta', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        // "2026-11-22 08:00:00" WIB is 01:00 UTC
        expect(isSignInStale('2026-11-22 08:00:00', new Date('2026-11-24T01:00:01Z'))).toBe(true);
        expect(isSignInStale('2026-11-22 08:00:00', new Date('2026-11-24T01:00:00Z'))).toBe(false);
        expect(isSignInStale('2026-11-22 08:00:00', new Date('2026-11-23T13:00:00Z'))).toBe(false);
        // a time carrying its own zone keeps it
        expect(isSignInStale('2026-11-22T01:00:00Z', new Date('2026-11-24T01:00:01Z'))).toBe(true);
        expect(isSignInStale(null, new Date())).toBe(false);
        expect(isSignInStale('kemarin', new Date())).toBe(false);
      }
      // the zone really changed: New York's offset differs from WIB's
      process.env.TZ = 'America/New_York';
      expect(new Date(2026, 10, 22).getTimezoneOffset()).toBe(300);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('a config fixture is what a config answer looks like', () => {
    expect(configFixture(2).outlet_id).toBe(2);
  });
});
