// 000 §4 Void (3 → 4): allowed when is_void_allowed = 1 and status ≠ 4 (the list shows the action
// only then: `canVoid` of src/domain). Confirm, password + reason, sync first, POST the void, status 4.
import { assign } from 'xstate';
import { CASHIER_MESSAGES as M } from '../domain/texts/cashier';
import {
  authorizeThen,
  confirmThen,
  errorNotice,
  type FlowExits,
  forgetPassword,
  rememberFailure,
  targetOf,
} from './cashier-flows';
import { cashierSetup } from './cashier-setup';

export const VOID_AUTHORIZATION = {
  kind: 'void',
  title: 'Void Transaksi',
  reasonLabel: M.voidReasonLabel,
} as const;

export const voidingState = (exits: FlowExits) =>
  cashierSetup.createStateConfig({
    description:
      '000 §4 Void: confirm, cashier password + reason, sync first, POST cashier/pos-trx/void/{id}, status 4.',
    initial: 'confirming',
    entry: assign({ authorization: null, lastError: null }),
    exit: assign({ authorization: null, pos_sales_trx_head_id: null, lastError: null }),
    states: {
      // the sale by its receipt number and total, so the cashier voids the one meant (issue 22 item 8)
      ...confirmThen(
        exits,
        ({ event }) => ({
          title: M.voidConfirm,
          message: event.type === 'trx.void' ? (event.summary ?? '') : '',
        }),
        'authorizing',
      ),
      ...authorizeThen(exits, VOID_AUTHORIZATION, M.voidReasonRequired, 'syncing'),
      syncing: {
        tags: ['busy'],
        invoke: {
          src: 'syncForVoid',
          input: ({ context }) => ({ local_trx_id: targetOf(context) }),
          onDone: {
            target: 'posting',
            actions: assign({
              pos_sales_trx_head_id: ({ event }) => event.output.pos_sales_trx_head_id,
            }),
          },
          onError: {
            target: exits.cancelled,
            actions: { type: 'notify', params: { kind: 'error', message: M.voidSyncFailed } },
          },
        },
      },
      posting: {
        tags: ['busy'],
        invoke: {
          src: 'postVoid',
          input: ({ context }) => ({
            pos_sales_trx_head_id: context.pos_sales_trx_head_id ?? '',
            password: context.authorization?.password ?? '',
            reason: context.authorization?.reason.trim() ?? '',
          }),
          onDone: 'recording',
          // A wrong password (the server's message) asks again.
          onError: {
            target: 'authorizing',
            actions: [rememberFailure(), forgetPassword],
          },
        },
      },
      recording: {
        tags: ['busy'],
        invoke: {
          src: 'recordVoid',
          input: ({ context }) => ({
            local_trx_id: targetOf(context),
            reason: context.authorization?.reason.trim() ?? '',
          }),
          onDone: {
            target: exits.done,
            actions: { type: 'notify', params: { kind: 'success', message: M.voided } },
          },
          onError: {
            target: exits.cancelled,
            actions: { type: 'notify', params: errorNotice() },
          },
        },
      },
    },
  });
