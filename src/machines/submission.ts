// 000 §4 Submission in the cashier statechart: 'Selesai' runs the submitSale actor (the §5 Submit
// validations and the submission itself: online-required or optional-online, submission-send.ts)
// and shows how it ended: the success dialog (online / offline) or the failure message on step 3.
import { assign } from 'xstate';
import { CASHIER_MESSAGES as M } from '../domain/texts/cashier';
import { cashierSetup, failureMessage, idleSubmission } from './cashier-setup';
import type { SubmissionMode } from './cashier-types';

export const succeeded = (mode: SubmissionMode) => ({
  submission: {
    status: 'succeeded' as const,
    mode,
    message: mode === 'online' ? M.submitOnline : M.submitOffline,
  },
});

/** Leaves by `#cashier.submitted` (success) or back to `#cashier.step3.paying` (failure). */
export const submittingState = cashierSetup.createStateConfig({
  description:
    '000 §4 Submission: online-required (retries) or optional-online (3 s, else completed offline).',
  tags: ['busy', 'submitting'],
  entry: assign(({ event }) => ({
    submission: { ...idleSubmission, status: 'submitting' as const },
    nfc_code: event.type === 'submit' ? (event.nfc_code ?? null) : null,
  })),
  invoke: {
    src: 'submitSale',
    input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '', nfc_code: context.nfc_code }),
    onDone: {
      target: '#cashier.submitted',
      actions: assign(({ event }) => succeeded(event.output.mode)),
    },
    onError: {
      target: '#cashier.step3.paying',
      actions: [
        assign(({ event }) => ({
          submission: {
            status: 'failed' as const,
            mode: null,
            message: failureMessage(event, M.submitFailed),
          },
        })),
        {
          type: 'notify',
          params: ({ event }) => ({ kind: 'error', message: failureMessage(event, M.submitFailed) }),
        },
      ],
    },
  },
});

/**
 * After a failed submit ('Kembali' from step 3, save or delete on steps 2–3): a sale whose submit
 * answer was lost is first checked with the server; if the server holds it, the device adopted its
 * copy and shows the online success (000 §4 Submission). Otherwise the cashier's action goes on (`next`).
 */
export const checkingServerState = (next: string) =>
  cashierSetup.createStateConfig({
    description: 'Lost submit answer: the server copy, if held, is adopted before the sale can change.',
    tags: ['busy'],
    invoke: {
      src: 'checkServerCopy',
      input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
      onDone: [
        {
          guard: 'adopted',
          target: '#cashier.submitted',
          actions: assign({ ...succeeded('online'), trx_status_id: 3 }),
        },
        { target: next },
      ],
      // The server cannot be asked now: the action goes on; a later repeatDiffers adopts the server's copy.
      onError: next,
    },
  });
