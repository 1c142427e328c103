import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ConfigResponse, SignInResponse } from '../../src/api/contract';
import { ApiError, CONNECTION_FAILED_MESSAGE } from '../../src/api/http';
import {
  type ConfirmRequest,
  type Notice,
  type SessionUser,
  type SignInCredentials,
  type SignOutFacts,
  type StoredSession,
  sessionMachine,
} from '../../src/machines/session';

/** The user data a sign-in answers, with overrides. */
export function userFixture(overrides: Partial<SignInResponse> = {}): SignInResponse {
  return {
    client_key: 'ck-demo',
    login_token: 'lt-demo',
    business_id: 1,
    business_user_id: 1,
    business_user_firstname: 'Demo',
    cashier_name: 'Demo Kasir',
    business_user_group_id: 1,
    brand_name: 'Serambi Beauty',
    brand_logo: null,
    business_slug: 'serambi',
    currency_code: 'IDR',
    qty_decimal_length: 0,
    outlet_id: null,
    business_outlet_id: null,
    outlet_name: null,
    outlet_address: null,
    outlet_phone: null,
    business_outlets: [
      { business_outlet_id: 1, outlet_id: 1, outlet_name: 'Serambi Salon Kemang', outlet_address: 'Kemang' },
      {
        business_outlet_id: 2,
        outlet_id: 2,
        outlet_name: 'Serambi Klinik Menteng',
        outlet_address: 'Menteng',
      },
    ],
    auth_role_accesses: { CASHIER_SYSTEM: 1 },
    signed_in_at: '2026-11-22 01:00:00',
    retrieve_time: '2026-11-22 01:00:00',
    configs: {},
    ...overrides,
  };
}

export function configFixture(outletId: number, overrides: Partial<ConfigResponse> = {}): ConfigResponse {
  const { client_key: _ck, login_token: _lt, ...rest } = userFixture();
  return {
    ...rest,
    outlet_id: outletId,
    business_outlet_id: outletId,
    outlet_name: outletId === 1 ? 'Serambi Salon Kemang' : 'Serambi Klinik Menteng',
    signed_in_at: '2026-11-22 09:00:00',
    retrieve_time: '2026-11-22 09:00:00',
    ...overrides,
  };
}

/** The fake side effects; each may be replaced per test. */
export interface FakeEffects {
  loadStoredSession: () => Promise<StoredSession>;
  signIn: (input: SignInCredentials) => Promise<SignInResponse>;
  persistSignIn: (input: { user: SessionUser }) => Promise<void>;
  confirmSignIn: (input: { login_token: string }) => Promise<void>;
  completeSignIn: (input: { user: SessionUser }) => Promise<void>;
  loadAppointments: () => Promise<void>;
  loadConfig: (input: { outlet_id: number | null }) => Promise<ConfigResponse>;
  persistConfig: (input: { user: SessionUser }) => Promise<void>;
  forgotPassword: (input: { email: string }) => Promise<string | undefined>;
  resetPassword: (input: { reset_token: string; password: string }) => Promise<string | undefined>;
  softSignOut: (input: { user: SessionUser | null }) => Promise<void>;
  loadSignOutFacts: () => Promise<SignOutFacts>;
  confirmSignOut: (input: ConfirmRequest) => Promise<boolean>;
  sync: () => Promise<void>;
  setPendingSignOut: () => Promise<void>;
  signOut: (input: { user: SessionUser | null }) => Promise<void>;
  clearLocalData: (input: { forced: boolean }) => Promise<void>;
}

export interface Recorded {
  /** Every effect call in order, as "name" (input in `inputs`). */
  calls: string[];
  inputs: Record<string, unknown[]>;
  notices: Notice[];
  paths: string[];
}

export function startSession(overrides: Partial<FakeEffects> = {}, options: { online?: boolean } = {}) {
  const effects: FakeEffects = {
    loadStoredSession: async () => ({ user: null, pending_sign_in: false, pending_sign_out: false }),
    signIn: async () => userFixture(),
    persistSignIn: async () => {},
    confirmSignIn: async () => {},
    completeSignIn: async () => {},
    loadAppointments: async () => {},
    loadConfig: async ({ outlet_id }) => configFixture(outlet_id ?? 1),
    persistConfig: async () => {},
    forgotPassword: async () => 'Cek email Anda',
    resetPassword: async () => 'Password berhasil diubah',
    softSignOut: async () => {},
    loadSignOutFacts: async () => ({
      has_done_inventory_consumption: true,
      has_active_shift: false,
      open_trx_count: 0,
    }),
    confirmSignOut: async () => true,
    sync: async () => {},
    setPendingSignOut: async () => {},
    signOut: async () => {},
    clearLocalData: async () => {},
    ...overrides,
  };
  const rec: Recorded = { calls: [], inputs: {}, notices: [], paths: [] };
  function track<I, O>(name: keyof FakeEffects, run: (input: I) => Promise<O>) {
    return fromPromise<O, I>(({ input }) => {
      rec.calls.push(name);
      rec.inputs[name] ??= [];
      rec.inputs[name].push(input);
      return run(input);
    });
  }
  const machine = sessionMachine.provide({
    actors: {
      loadStoredSession: track('loadStoredSession', () => effects.loadStoredSession()),
      signIn: track('signIn', (input: SignInCredentials) => effects.signIn(input)),
      persistSignIn: track('persistSignIn', (input: { user: SessionUser }) => effects.persistSignIn(input)),
      confirmSignIn: track('confirmSignIn', (input: { login_token: string }) => effects.confirmSignIn(input)),
      completeSignIn: track('completeSignIn', (input: { user: SessionUser }) =>
        effects.completeSignIn(input),
      ),
      loadAppointments: track('loadAppointments', () => effects.loadAppointments()),
      loadConfig: track('loadConfig', (input: { outlet_id: number | null }) => effects.loadConfig(input)),
      persistConfig: track('persistConfig', (input: { user: SessionUser }) => effects.persistConfig(input)),
      forgotPassword: track('forgotPassword', (input: { email: string }) => effects.forgotPassword(input)),
      resetPassword: track('resetPassword', (input: { reset_token: string; password: string }) =>
        effects.resetPassword(input),
      ),
      softSignOut: track('softSignOut', (input: { user: SessionUser | null }) => effects.softSignOut(input)),
      loadSignOutFacts: track('loadSignOutFacts', () => effects.loadSignOutFacts()),
      confirmSignOut: track('confirmSignOut', (input: ConfirmRequest) => effects.confirmSignOut(input)),
      sync: track('sync', () => effects.sync()),
      setPendingSignOut: track('setPendingSignOut', () => effects.setPendingSignOut()),
      signOut: track('signOut', (input: { user: SessionUser | null }) => effects.signOut(input)),
      clearLocalData: track('clearLocalData', (input: { forced: boolean }) => effects.clearLocalData(input)),
    },
    actions: {
      notify: (_, notice) => {
        rec.notices.push(notice);
      },
      navigate: (_, { to }) => {
        rec.paths.push(to);
      },
      logError: () => {},
    },
    guards: {
      isOnline: () => options.online ?? true,
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, rec, messages: () => rec.notices.map((n) => n.message) };
}

/** A stored, signed-in session at outlet 1 with the given flags. */
export function storedAt(outletId: number | null, flags: Record<string, unknown> = {}) {
  return async (): Promise<StoredSession> => ({
    user: { ...userFixture({ outlet_id: outletId }), ...flags },
    pending_sign_in: false,
    pending_sign_out: false,
  });
}

/** Lets the fake actors' promises resolve and the machine follow them. */
export async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
export async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

export const networkError = () =>
  new ApiError({ kind: 'network', status: 0, statusText: '', message: CONNECTION_FAILED_MESSAGE });
export const forced = () =>
  new ApiError({
    kind: 'forcedSignOut',
    status: 303,
    statusText: 'See Other',
    message: 'Sesi telah berakhir',
  });
export const badRequest = (message: string) =>
  new ApiError({ kind: 'http', status: 400, statusText: 'Bad Request', message });
