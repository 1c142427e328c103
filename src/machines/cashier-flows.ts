// 000 §4 "Pending transactions": archive (save), download from the saved list, delete (with the
// supervisor password and reason when pos_cashier_delete_by_pin = 1). Each flow is a state built for
// where it runs: `done` and `cancelled` are the targets it leaves by.
import { assign } from 'xstate';
import { CONNECTION_FAILED_MESSAGE } from '../api/http';
import { CASHIER_MESSAGES as M } from '../domain/texts/cashier';
import { type CashierContext, cashierSetup, failureMessage, outputOf } from './cashier-setup';
import type { Authorization, AuthorizationRequest, CashierEvent } from './cashier-types';

export interface FlowExits {
  done: string;
  cancelled: string;
}

/** The transaction a flow acts on: the event's, else the one on screen. */
export const targetOf = (context: CashierContext): string =>
  context.target_trx_id ?? context.local_trx_id ?? '';

export const setTarget = cashierSetup.assign({
  target_trx_id: ({ context, event }) =>
    ('local_trx_id' in event && typeof event.local_trx_id === 'string' ? event.local_trx_id : null) ??
    context.local_trx_id,
});

export const errorNotice =
  (fallback: string = CONNECTION_FAILED_MESSAGE) =>
  ({ event }: { event: unknown }) => ({
    kind: 'error' as const,
    message: failureMessage(event, fallback),
  });

/** The authorization modal's request; asked again, it carries the typed reason and why (000 §4). */
export const authorizationInput =
  (base: Pick<AuthorizationRequest, 'kind' | 'title' | 'reasonLabel'>) =>
  ({ context }: { context: CashierContext }): AuthorizationRequest =>
    context.authorization
      ? {
          ...base,
          reason: context.authorization.reason,
          password: context.authorization.password,
          message: context.lastError,
        }
      : { ...base };

/**
 * Remembers why the authorization is asked again. The modal shows it, once (no toast besides), and
 * keeps what was typed: a refused reason does not cost the password (issue 10).
 */
export const rememberError = (message: string) => cashierSetup.assign({ lastError: message });
export const rememberFailure = (fallback: string = CONNECTION_FAILED_MESSAGE) =>
  cashierSetup.assign({ lastError: ({ event }) => failureMessage(event, fallback) });

/** The server refused the password: asked again with the reason kept and the password empty. */
export const forgetPassword = cashierSetup.assign({
  authorization: ({ context }) => (context.authorization ? { ...context.authorization, password: '' } : null),
});

/** The server named who the password belongs to: kept with the authorization for the event (issue 15). */
export const keepSupervisor = cashierSetup.assign({
  authorization: ({ context, event }) => {
    const supervisor = outputOf<Authorization['supervisor'] | undefined>(event);
    return context.authorization && supervisor
      ? { ...context.authorization, supervisor }
      : context.authorization;
  },
});

/** Keeps the modal's password and reason while they are checked and sent. */
export const keepAuthorization = cashierSetup.assign({
  authorization: ({ event }) => outputOf<Authorization | null>(event) ?? null,
});

/**
 * A confirm dialog (000 §4's 'Apakah Anda yakin…?'), then `next`; 'Tidak' or a closed dialog leaves by
 * exits.cancelled. The archive, download, delete and void flows start with it.
 */
export interface ConfirmInput {
  title: string;
  message: string;
}

export const confirmThen = (
  exits: FlowExits,
  input: ConfirmInput | ((args: { event: CashierEvent }) => ConfirmInput),
  next: string,
) => ({
  confirming: {
    invoke: {
      src: 'confirm' as const,
      input,
      onDone: [{ guard: 'confirmed' as const, target: next }, { target: exits.cancelled }],
      onError: exits.cancelled,
    },
  },
});

/**
 * The password + reason modal, then `next`: a closed modal leaves by exits.cancelled; a blank password or
 * reason asks again with the spec's message (what was typed kept). The void and the delete with
 * pos_cashier_delete_by_pin = 1 use it; whoever checks the password after `next` comes back to 'authorizing'.
 */
export const authorizeThen = (
  exits: FlowExits,
  request: Pick<AuthorizationRequest, 'kind' | 'title' | 'reasonLabel'>,
  reasonRequired: string,
  next: string,
) => ({
  authorizing: {
    invoke: {
      src: 'authorize' as const,
      input: authorizationInput(request),
      onDone: [
        { guard: 'authorized' as const, target: 'checking', actions: keepAuthorization },
        { target: exits.cancelled },
      ],
      onError: exits.cancelled,
    },
  },
  checking: {
    always: [
      { guard: 'passwordBlank' as const, target: 'authorizing', actions: rememberError(M.passwordRequired) },
      { guard: 'reasonBlank' as const, target: 'authorizing', actions: rememberError(reasonRequired) },
      { target: next },
    ],
  },
});

export const archivingState = (exits: FlowExits) =>
  cashierSetup.createStateConfig({
    description: '000 §4 Save (archive): confirm, send to the server, remove locally.',
    initial: 'confirming',
    states: {
      ...confirmThen(exits, { title: M.archiveTitle, message: M.archiveConfirm }, 'sending'),
      sending: {
        tags: ['busy'],
        invoke: {
          src: 'archiveTrx',
          input: ({ context }) => ({ local_trx_id: targetOf(context) }),
          onDone: {
            target: exits.done,
            actions: { type: 'notify', params: { kind: 'success', message: M.archived } },
          },
          onError: {
            target: exits.cancelled,
            actions: { type: 'notify', params: errorNotice() },
          },
        },
      },
    },
  });

export const downloadingState = (exits: FlowExits) =>
  cashierSetup.createStateConfig({
    description: '000 §4 Download from saved: confirm, add locally, remove from the saved list.',
    initial: 'confirming',
    states: {
      ...confirmThen(exits, { title: M.downloadTitle, message: M.downloadConfirm }, 'fetching'),
      fetching: {
        tags: ['busy'],
        invoke: {
          src: 'downloadTrx',
          input: ({ context }) => ({ local_trx_id: targetOf(context) }),
          onDone: {
            target: exits.done,
            actions: { type: 'notify', params: { kind: 'success', message: M.downloaded } },
          },
          onError: {
            target: exits.cancelled,
            actions: { type: 'notify', params: errorNotice() },
          },
        },
      },
    },
  });

export const DELETE_AUTHORIZATION = {
  kind: 'deleteTrx',
  title: M.deleteAuthorizationTitle,
  reasonLabel: M.deleteReasonLabel,
} as const;

/**
 * Delete: from the pending list the confirm is 'Hapus Transaksi' / 'Apakah Anda yakin?'; the open
 * transaction's own 'Hapus' (steps 2 and 3) asks 'Apakah anda ingin menghapus transaksi ini?', the
 * counterpart of its save confirm (003 §8, docs/decisions.md).
 */
export const deletingState = (exits: FlowExits, confirmMessage: string = M.deleteConfirm) =>
  cashierSetup.createStateConfig({
    description:
      '000 §4 Delete: with pos_cashier_delete_by_pin = 1 the supervisor password and a reason (DELETE_TRX); otherwise a confirm.',
    initial: 'choosing',
    entry: assign({ authorization: null, lastError: null }),
    exit: assign({ authorization: null, lastError: null }),
    states: {
      choosing: {
        always: [{ guard: 'deleteNeedsPin', target: 'authorizing' }, { target: 'confirming' }],
      },
      ...confirmThen(exits, { title: M.deleteTitle, message: confirmMessage }, 'removing'),
      ...authorizeThen(exits, DELETE_AUTHORIZATION, M.deleteReasonRequired, 'verifying'),
      verifying: {
        tags: ['busy'],
        invoke: {
          src: 'verifyPin',
          input: ({ context }) => ({ password: context.authorization?.password ?? '' }),
          onDone: { target: 'removing', actions: keepSupervisor },
          onError: {
            target: 'authorizing',
            actions: [rememberFailure(M.passwordRequired), forgetPassword],
          },
        },
      },
      removing: {
        tags: ['busy'],
        invoke: {
          src: 'deleteTrx',
          input: ({ context }) => ({ local_trx_id: targetOf(context), authorization: context.authorization }),
          onDone: {
            target: exits.done,
            actions: { type: 'notify', params: { kind: 'success', message: M.deleted } },
          },
          onError: {
            target: exits.cancelled,
            actions: { type: 'notify', params: errorNotice() },
          },
        },
      },
    },
  });
