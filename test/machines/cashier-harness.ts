import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError, CONNECTION_FAILED_MESSAGE } from '../../src/api/http';
import { posTransactionSchema } from '../../src/domain/model';
import {
  type Authorization,
  type AuthorizationRequest,
  type CashierInput,
  type ConfirmRequest,
  cashierMachine,
  type Notice,
  type OpenedTrx,
  type PosTrxAnswer,
  type StartTrxInput,
  type SubmitOutcome,
} from '../../src/machines/cashier';

type Trx = ReturnType<typeof posTransactionSchema.parse>;

export const trxFixture = (overrides: Record<string, unknown> = {}): Trx =>
  posTransactionSchema.parse({
    local_trx_id: 'trx-0001-abcdef',
    trx_local_start_time: '2026-11-22 09:00:00',
    trx_status_id: 3,
    order_no: 1,
    ...overrides,
  });

export const acceptedAnswer = (overrides: Partial<PosTrxAnswer> = {}): PosTrxAnswer => ({
  status: 'success',
  local_trx_id: 'trx-0001-abcdef',
  pos_sales_trx_head_id: 501,
  trx_id: 'KMG-20261122-0001',
  deposit_balance: null,
  created_at: '2026-11-22 09:10:00',
  sync_time: '2026-11-22 09:10:00',
  ...overrides,
});

/** The fake side effects; each may be replaced per test. */
export interface CashierEffects {
  startTransaction: (input: StartTrxInput) => Promise<OpenedTrx>;
  openTransaction: (input: { local_trx_id: string }) => Promise<OpenedTrx>;
  setTags: (input: { local_trx_id: string; tags: number[] }) => Promise<void>;
  discardIfEmpty: (input: { local_trx_id: string }) => Promise<void>;
  validateContinue: (input: { local_trx_id: string }) => Promise<string | null>;
  submitSale: (input: { local_trx_id: string; nfc_code: string | null }) => Promise<SubmitOutcome>;
  checkServerCopy: (input: { local_trx_id: string }) => Promise<{ adopted: boolean }>;
  markPrinted: (input: { local_trx_id: string }) => Promise<void>;
  confirm: (input: ConfirmRequest) => Promise<boolean>;
  authorize: (input: AuthorizationRequest) => Promise<Authorization | null>;
  verifyPin: (input: {
    password: string;
  }) => Promise<{ business_user_id: number; supervisor_name: string; validated_at: string } | undefined>;
  archiveTrx: (input: { local_trx_id: string }) => Promise<void>;
  deleteTrx: (input: { local_trx_id: string; authorization: Authorization | null }) => Promise<void>;
  downloadTrx: (input: { local_trx_id: string }) => Promise<void>;
  syncForVoid: (input: { local_trx_id: string }) => Promise<{ pos_sales_trx_head_id: number | string }>;
  postVoid: (input: {
    pos_sales_trx_head_id: number | string;
    password: string;
    reason: string;
  }) => Promise<void>;
  recordVoid: (input: { local_trx_id: string; reason: string }) => Promise<void>;
  checkoutAppointment: (input: { local_trx_id: string }) => Promise<void>;
  saveAppointment: (input: { local_trx_id: string }) => Promise<void>;
  cancelAppointment: (input: { local_trx_id: string }) => Promise<void>;
}

export const defaultEffects = (): CashierEffects => ({
  startTransaction: async () => ({ local_trx_id: 'trx-0001-abcdef', trx_status_id: 2 }),
  openTransaction: async ({ local_trx_id }) => ({ local_trx_id, trx_status_id: 2 }),
  setTags: async () => {},
  discardIfEmpty: async () => {},
  validateContinue: async () => null,
  submitSale: async () => ({ mode: 'online' }),
  checkServerCopy: async () => ({ adopted: false }),
  markPrinted: async () => {},
  confirm: async () => true,
  authorize: async () => ({ password: 'rahasia', reason: 'Salah input' }),
  verifyPin: async () => undefined,
  archiveTrx: async () => {},
  deleteTrx: async () => {},
  downloadTrx: async () => {},
  syncForVoid: async () => ({ pos_sales_trx_head_id: 501 }),
  postVoid: async () => {},
  recordVoid: async () => {},
  checkoutAppointment: async () => {},
  saveAppointment: async () => {},
  cancelAppointment: async () => {},
});

export interface Recorded {
  calls: string[];
  inputs: Record<string, unknown[]>;
  notices: Notice[];
  paths: string[];
}

/** The cashier machine with every actor a recorded fake. */
export function provideFakes(overrides: Partial<CashierEffects> = {}) {
  const effects: CashierEffects = { ...defaultEffects(), ...overrides };
  const rec: Recorded = { calls: [], inputs: {}, notices: [], paths: [] };
  function track<K extends keyof CashierEffects>(name: K) {
    type I = Parameters<CashierEffects[K]>[0];
    type O = Awaited<ReturnType<CashierEffects[K]>>;
    return fromPromise<O, I>(({ input }) => {
      rec.calls.push(name);
      rec.inputs[name] ??= [];
      rec.inputs[name].push(input);
      return (effects[name] as (input: I) => Promise<O>)(input);
    });
  }
  const machine = cashierMachine.provide({
    actors: {
      startTransaction: track('startTransaction'),
      openTransaction: track('openTransaction'),
      setTags: track('setTags'),
      discardIfEmpty: track('discardIfEmpty'),
      validateContinue: track('validateContinue'),
      submitSale: track('submitSale'),
      checkServerCopy: track('checkServerCopy'),
      markPrinted: track('markPrinted'),
      confirm: track('confirm'),
      authorize: track('authorize'),
      verifyPin: track('verifyPin'),
      archiveTrx: track('archiveTrx'),
      deleteTrx: track('deleteTrx'),
      downloadTrx: track('downloadTrx'),
      syncForVoid: track('syncForVoid'),
      postVoid: track('postVoid'),
      recordVoid: track('recordVoid'),
      checkoutAppointment: track('checkoutAppointment'),
      saveAppointment: track('saveAppointment'),
      cancelAppointment: track('cancelAppointment'),
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
  });
  return { machine, rec, effects };
}

export function startCashier(overrides: Partial<CashierEffects> = {}, input: CashierInput = {}) {
  const { machine, rec } = provideFakes(overrides);
  const actor = createActor(machine, { input });
  actor.start();
  return {
    actor,
    rec,
    messages: () => rec.notices.map((n) => n.message),
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** Lets the fake actors' promises resolve and the machine follow them. */
export async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
export async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

export const timeoutError = () =>
  new ApiError({ kind: 'timeout', status: 0, statusText: 'timeout', message: CONNECTION_FAILED_MESSAGE });
export const networkError = () =>
  new ApiError({ kind: 'network', status: 0, statusText: '', message: CONNECTION_FAILED_MESSAGE });
export const badRequest = (message: string) =>
  new ApiError({ kind: 'http', status: 400, statusText: 'Bad Request', message });
export const serverError = () =>
  new ApiError({
    kind: 'http',
    status: 500,
    statusText: 'Internal Server Error',
    message: 'Terjadi kesalahan pada server, silakan coba lagi.',
  });

/** A promise that never settles (a request still in flight). */
export const never = <T>() => new Promise<T>(() => {});
