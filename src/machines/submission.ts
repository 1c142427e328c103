// 000 §4 Submission: the §5 Submit validations, then online-required (post and wait; retry time-outs
// up to 2 times; nothing stored on failure) or optional-online (stored completed first, then a 3 s
// post: accepted → synced; anything else → it stays in the outbox and the sale succeeds offline).
import { and, assign } from 'xstate';
import { type CashierContext, cashierSetup, failureMessage, idleSubmission } from './cashier-setup';
import {
  CASHIER_DELAYS,
  type CashierSubmission,
  CASHIER_MESSAGES as M,
  type SubmissionMode,
} from './cashier-types';

/** The prepared transaction; the states that read it are only reached after preparing. */
const preparedTrx = (context: CashierContext) => {
  if (!context.prepared) throw new Error('submission: nothing prepared');
  return context.prepared.trx;
};

const failed = (message: string): Partial<CashierContext> => ({
  submission: { status: 'failed', mode: null, message, retries: 0 },
});

const succeeded = (mode: SubmissionMode): CashierSubmission => ({
  status: 'succeeded',
  mode,
  message: mode === 'online' ? M.submitOnline : M.submitOffline,
  retries: 0,
});

/** Leaves by `#cashier.submitted` (success) or `#cashier.step3` (failure, message in context). */
export const submittingState = cashierSetup.createStateConfig({
  description: '000 §4 Submission: online-required vs optional-online (3 s), retries, offline completion.',
  tags: ['busy', 'submitting'],
  initial: 'preparing',
  entry: assign(({ event }) => ({
    submission: { ...idleSubmission, status: 'submitting' as const },
    prepared: null,
    answer: null,
    nfc_code: event.type === 'submit' ? (event.nfc_code ?? null) : null,
  })),
  states: {
    preparing: {
      invoke: {
        src: 'prepareSubmission',
        input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '', nfc_code: context.nfc_code }),
        onDone: [
          {
            guard: 'onlineRequired',
            target: 'online',
            actions: assign({ prepared: ({ event }) => event.output }),
          },
          { target: 'optional', actions: assign({ prepared: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => failed(failureMessage(event, M.submitFailed))),
        },
      },
    },

    online: {
      description: 'Online-required: success needs status "success" and a pos_sales_trx_head_id.',
      initial: 'posting',
      states: {
        posting: {
          invoke: {
            src: 'postSubmission',
            input: ({ context }) => ({ trx: preparedTrx(context) }),
            onDone: [
              {
                guard: 'accepted',
                target: 'recording',
                actions: assign({ answer: ({ event }) => event.output }),
              },
              { target: '#cashier.step3.submitting.failed', actions: assign(failed(M.submitFailed)) },
            ],
            onError: [
              {
                guard: and(['isTimeout', 'retriesLeft']),
                target: 'posting',
                reenter: true,
                actions: assign({
                  submission: ({ context }) => ({
                    ...context.submission,
                    retries: context.submission.retries + 1,
                  }),
                }),
              },
              {
                guard: 'isTimeout',
                target: '#cashier.step3.submitting.failed',
                actions: assign(failed(M.submitBadNetwork)),
              },
              {
                target: '#cashier.step3.submitting.failed',
                actions: assign(({ event }) => failed(failureMessage(event, M.submitFailed))),
              },
            ],
          },
        },
        recording: {
          invoke: {
            src: 'recordAccepted',
            input: ({ context }) => ({ trx: preparedTrx(context), answer: context.answer ?? {} }),
            onDone: {
              target: '#cashier.submitted',
              actions: assign({ submission: succeeded('online') }),
            },
            onError: {
              target: '#cashier.step3.submitting.failed',
              actions: assign(({ event }) => failed(failureMessage(event, M.submitFailed))),
            },
          },
        },
      },
    },

    optional: {
      description: 'Optional-online: stored completed (status 3, not synced) first, then a 3 s post.',
      initial: 'recording',
      states: {
        recording: {
          invoke: {
            src: 'recordSubmitted',
            input: ({ context }) => ({ trx: preparedTrx(context) }),
            onDone: 'posting',
            onError: {
              target: '#cashier.step3.submitting.failed',
              actions: assign(({ event }) => failed(failureMessage(event, M.submitFailed))),
            },
          },
        },
        posting: {
          invoke: {
            src: 'postSubmission',
            input: ({ context }) => ({
              trx: preparedTrx(context),
              timeoutMs: CASHIER_DELAYS.optionalOnlineSubmit,
            }),
            onDone: [
              {
                guard: 'accepted',
                target: 'accepting',
                actions: assign({ answer: ({ event }) => event.output }),
              },
              { target: 'offline' },
            ],
            onError: 'offline',
          },
          // The machine keeps the 3 s itself, whatever the HTTP layer does.
          after: { optionalOnlineSubmit: 'offline' },
        },
        accepting: {
          invoke: {
            src: 'recordAccepted',
            input: ({ context }) => ({ trx: preparedTrx(context), answer: context.answer ?? {} }),
            onDone: {
              target: '#cashier.submitted',
              actions: assign({ submission: succeeded('online') }),
            },
            // Stored already: the outbox sync will post it again and take the server's repeat answer.
            onError: 'offline',
          },
        },
        offline: {
          always: {
            target: '#cashier.submitted',
            actions: assign({ submission: succeeded('offline') }),
          },
        },
      },
    },

    failed: {
      always: {
        target: '#cashier.step3.paying',
        actions: {
          type: 'notify',
          params: ({ context }) => ({ kind: 'error', message: context.submission.message ?? M.submitFailed }),
        },
      },
    },
  },
});
