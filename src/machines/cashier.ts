/**
 * The cashier statechart (000 §2 "Cashier screen", §4 "Cashier steps", submission, void, pending).
 *
 * USAGE (the /pos page)
 *   const live = createLivePos({ store, client, getConfig });            // src/machines/live-pos.ts
 *   const machine = live.cashierMachine.provide({
 *     actors: { confirm: fromPromise(({ input }) => confirm(input)),      // the one confirm helper
 *               authorize: fromPromise(({ input }) => openAuthorizationModal(input)) }, // {password, reason} | null
 *     actions: { notify: (_, n) => notify(n.kind, n.message, { id: n.id }),
 *                navigate: (_, { to }) => setLocation(to) },
 *   });
 *   const [snapshot, send] = useMachine(machine, {
 *     input: { ...parseCashierQuery(location.search), displayMode, config, local_trx_id },
 *   });
 *
 * INPUT: `next` (?next present) starts at step 2 with `local_trx_id` when given, else a new NORMAL
 *   transaction of the default sales type; `tags` (?tags=1,2) are set on that transaction once open
 *   (or given to startTransaction). `displayMode` + `config.pos_print_digital_invoice` decide the TABLET
 *   redirect: a successful submit goes to /pos/receipt/{local_trx_id}/view (navigate) instead of step 4.
 *
 * READ: `snapshot.context.step` (1–7), `context.local_trx_id` (the transaction on screen; read it with
 *   useLiveQuery), `context.trx_status_id` (1 → "Appointment Sales" header), `context.preview` (steps 5–7),
 *   `context.submission` {status, mode 'online'|'offline', message} (the success dialog in step 4),
 *   `context.target_trx_id` (the row a list action concerns). Tags: `step1`…`step4`, `preview`, `busy`
 *   (a call or a command is running: disable the buttons), `submitting`, `appointment`.
 *
 * SEND: step 1: `trx.new {trx_type, pos_salesType_id?}`, `trx.open {local_trx_id}`, `trx.archive {local_trx_id}`,
 *   `trx.delete {local_trx_id}`, `trx.download {local_trx_id}` (saved modal), `trx.void {local_trx_id}`.
 *   Step 2: `step.continue` (000 §5 "Continue to payment"; a message is notified), `step.back`,
 *   `trx.archive`, `trx.delete` (current), `appointment.checkout|save|cancel` (status 1).
 *   Step 3: `step.back` (after a lost submit answer the server is asked first: if it holds the sale, the
 *   device adopts its copy and shows the online success and step 4), `preview.open {kind}`, `submit {nfc_code?}` (open the NFC modal first when
 *   `needsNfcScan(trx, config)`), `trx.archive`, `trx.delete`. Steps 5–7: `preview.printed`, `preview.close`.
 *   Step 4: `done` ("Kembali ke Daftar Transaksi"), `submission.dismiss` (closes the success dialog).
 *   Line, payment, customer and discount edits do NOT go through this machine: they are commands
 *   (src/projections/commands) called directly by the screens.
 */
import { assign } from 'xstate';
import { archivingState, deletingState, downloadingState, errorNotice, setTarget } from './cashier-flows';
import { cashierSetup, failureMessage, idleSubmission, initialCashierContext } from './cashier-setup';

// Steps 2 and 3: after a failed submit the server may hold the sale, so it is asked before a save or delete.
const saveOrDeleteAfterCheck = {
  'trx.archive': [
    { guard: 'submitFailed', target: 'checkingBeforeArchive', actions: setTarget },
    { target: 'archiving', actions: setTarget },
  ],
  'trx.delete': [
    { guard: 'submitFailed', target: 'checkingBeforeDelete', actions: setTarget },
    { target: 'deleting', actions: setTarget },
  ],
} as const;

import { CASHIER_MESSAGES as M } from '../domain/texts/cashier';
import { PREVIEW_STEP, receiptPath } from './cashier-types';
import { checkingServerState, submittingState, succeeded } from './submission';
import { voidingState } from './void';

export type { CashierContext } from './cashier-setup';
export * from './cashier-types';

const toStep1 = { done: '#cashier.step1', cancelled: '#cashier.step1' };

export const cashierMachine = cashierSetup.createMachine({
  id: 'cashier',
  context: ({ input }) => initialCashierContext(input),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'startsAtStep2', target: 'resuming' }, { target: 'step1' }],
    },
    resuming: {
      description: '`next`: the current transaction if there is one, else a new NORMAL one.',
      always: [{ guard: 'hasCurrentTrx', target: 'opening' }, { target: 'starting' }],
    },

    step1: {
      description: '000 §2 step 1: new transaction buttons, pending, saved and completed lists.',
      tags: ['step1'],
      entry: assign({ step: 1, local_trx_id: null, trx_status_id: null, preview: null }),
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ target_trx_id: null }),
          on: {
            'trx.archive': { target: 'archiving', actions: setTarget },
            'trx.delete': { target: 'deleting', actions: setTarget },
            'trx.download': { target: 'downloading', actions: setTarget },
            // 000 §4: only with is_void_allowed = 1 (the list shows Void only then, and never for status 4).
            'trx.void': { guard: 'voidAllowed', target: 'voiding', actions: setTarget },
          },
        },
        archiving: archivingState({ done: '#cashier.step1.idle', cancelled: '#cashier.step1.idle' }),
        deleting: deletingState({ done: '#cashier.step1.idle', cancelled: '#cashier.step1.idle' }),
        downloading: downloadingState({ done: '#cashier.step1.idle', cancelled: '#cashier.step1.idle' }),
        voiding: voidingState({ done: '#cashier.step1.idle', cancelled: '#cashier.step1.idle' }),
      },
      on: {
        'trx.new': '#cashier.starting',
        'trx.open': {
          target: '#cashier.opening',
          actions: assign({ local_trx_id: ({ event }) => event.local_trx_id }),
        },
      },
    },

    starting: {
      tags: ['busy'],
      invoke: {
        src: 'startTransaction',
        input: ({ context, event }) => ({
          trx_type: event.type === 'trx.new' ? event.trx_type : 'NORMAL',
          pos_salesType_id: event.type === 'trx.new' ? (event.pos_salesType_id ?? null) : null,
          tags: context.pendingTags,
        }),
        onDone: {
          target: 'step2',
          actions: assign({
            local_trx_id: ({ event }) => event.output.local_trx_id,
            trx_status_id: ({ event }) => event.output.trx_status_id,
            pendingTags: null,
          }),
        },
        onError: {
          target: 'step1',
          actions: { type: 'notify', params: errorNotice() },
        },
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        src: 'openTransaction',
        input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
        onDone: [
          {
            guard: 'adopted',
            target: 'submitted',
            actions: assign({ ...succeeded('online'), trx_status_id: 3 }),
          },
          {
            guard: 'hasPendingTags',
            target: 'applyingTags',
            actions: assign({ trx_status_id: ({ event }) => event.output.trx_status_id }),
          },
          { target: 'step2', actions: assign({ trx_status_id: ({ event }) => event.output.trx_status_id }) },
        ],
        onError: {
          target: 'step1',
          actions: { type: 'notify', params: errorNotice() },
        },
      },
    },
    applyingTags: {
      tags: ['busy'],
      invoke: {
        src: 'setTags',
        input: ({ context }) => ({
          local_trx_id: context.local_trx_id ?? '',
          tags: context.pendingTags ?? [],
        }),
        onDone: { target: 'step2', actions: assign({ pendingTags: null }) },
        onError: {
          target: 'step2',
          actions: [
            assign({ pendingTags: null }),
            { type: 'logError', params: ({ event }) => ({ message: failureMessage(event, 'setTags') }) },
          ],
        },
      },
    },

    step2: {
      description: '000 §2 step 2: edit the transaction (catalogue, cart, customer, discounts).',
      tags: ['step2'],
      entry: assign({ step: 2, preview: null }),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.continue': 'validating',
            'step.back': [{ guard: 'isAppointment', target: 'leaving' }, { target: 'discarding' }],
            ...saveOrDeleteAfterCheck,
            'appointment.checkout': { guard: 'isAppointment', target: 'checkingOut' },
            'appointment.save': { guard: 'isAppointment', target: 'savingAppointment' },
            'appointment.cancel': { guard: 'isAppointment', target: 'cancellingAppointment' },
          },
        },
        validating: {
          tags: ['busy'],
          invoke: {
            src: 'validateContinue',
            input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
            onDone: [
              { guard: 'continueAllowed', target: '#cashier.step3' },
              {
                target: 'editing',
                actions: {
                  type: 'notify',
                  params: ({ event }) => ({ kind: 'error', message: event.output ?? M.submitFailed }),
                },
              },
            ],
            onError: { target: 'editing', actions: { type: 'notify', params: errorNotice() } },
          },
        },
        discarding: {
          description: 'Ruling 27: back to the list; the transaction left behind is discarded when empty.',
          tags: ['busy'],
          invoke: {
            src: 'discardIfEmpty',
            input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
            onDone: '#cashier.step1',
            onError: {
              target: '#cashier.step1',
              actions: {
                type: 'logError',
                params: ({ event }) => ({ message: failureMessage(event, 'discard') }),
              },
            },
          },
        },
        leaving: {
          invoke: {
            src: 'confirm',
            input: { title: M.appointmentLeaveConfirm, message: '' },
            onDone: [{ guard: 'confirmed', target: '#cashier.step1' }, { target: 'editing' }],
            onError: 'editing',
          },
        },
        checkingOut: {
          description: 'Status 1 → 2 after the confirmation.',
          initial: 'confirming',
          states: {
            confirming: {
              invoke: {
                src: 'confirm',
                input: { title: M.appointmentCheckoutConfirm, message: '' },
                onDone: [{ guard: 'confirmed', target: 'converting' }, { target: '#cashier.step2.editing' }],
                onError: '#cashier.step2.editing',
              },
            },
            converting: {
              tags: ['busy'],
              invoke: {
                src: 'checkoutAppointment',
                input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
                onDone: { target: '#cashier.step2.editing', actions: assign({ trx_status_id: 2 }) },
                onError: {
                  target: '#cashier.step2.editing',
                  actions: { type: 'notify', params: errorNotice() },
                },
              },
            },
          },
        },
        savingAppointment: {
          tags: ['busy'],
          invoke: {
            src: 'saveAppointment',
            input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
            onDone: {
              target: '#cashier.step1',
              actions: [
                { type: 'notify', params: { kind: 'success', message: M.appointmentSaved } },
                { type: 'navigate', params: { to: '/appointment' } },
              ],
            },
            onError: { target: 'editing', actions: { type: 'notify', params: errorNotice() } },
          },
        },
        cancellingAppointment: {
          tags: ['busy'],
          invoke: {
            src: 'cancelAppointment',
            input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
            onDone: {
              target: '#cashier.step1',
              actions: { type: 'navigate', params: { to: '/appointment' } },
            },
            onError: { target: 'editing', actions: { type: 'notify', params: errorNotice() } },
          },
        },
        checkingBeforeArchive: checkingServerState('#cashier.step2.archiving'),
        checkingBeforeDelete: checkingServerState('#cashier.step2.deleting'),
        archiving: archivingState({ ...toStep1, cancelled: '#cashier.step2.editing' }),
        deleting: deletingState({ ...toStep1, cancelled: '#cashier.step2.editing' }, M.deleteOpenConfirm),
      },
    },

    step3: {
      description: '000 §2 step 3: payment; previews (5–7) and submit.',
      tags: ['step3'],
      entry: assign({ step: 3, preview: null }),
      initial: 'paying',
      states: {
        paying: {
          on: {
            // After a failed submit the server may hold the sale (a lost answer): ask before editing.
            'step.back': [{ guard: 'submitFailed', target: 'checkingServer' }, { target: '#cashier.step2' }],
            'preview.open': {
              target: '#cashier.preview',
              actions: assign({ preview: ({ event }) => event.kind }),
            },
            submit: 'submitting',
            ...saveOrDeleteAfterCheck,
          },
        },
        submitting: submittingState,
        checkingServer: checkingServerState('#cashier.step2'),
        checkingBeforeArchive: checkingServerState('#cashier.step3.archiving'),
        checkingBeforeDelete: checkingServerState('#cashier.step3.deleting'),
        archiving: archivingState({ ...toStep1, cancelled: '#cashier.step3.paying' }),
        deleting: deletingState({ ...toStep1, cancelled: '#cashier.step3.paying' }, M.deleteOpenConfirm),
      },
    },

    preview: {
      description: '000 §2 steps 5, 6, 7: pre-settlement, order list, unprinted order; back to step 3.',
      tags: ['preview'],
      entry: assign({ step: ({ context }) => (context.preview ? PREVIEW_STEP[context.preview] : 5) }),
      initial: 'showing',
      states: {
        showing: { on: { 'preview.printed': 'marking' } },
        marking: {
          invoke: {
            src: 'markPrinted',
            input: ({ context }) => ({ local_trx_id: context.local_trx_id ?? '' }),
            onDone: 'showing',
            onError: { target: 'showing', actions: { type: 'notify', params: errorNotice() } },
          },
        },
      },
      on: { 'preview.close': '#cashier.step3' },
    },

    submitted: {
      description: 'TABLET without pos_print_digital_invoice: the receipt view instead of step 4.',
      always: [
        {
          guard: 'tabletRedirect',
          target: 'step1',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                message: context.submission.message ?? M.submitOffline,
              }),
            },
            {
              type: 'navigate',
              params: ({ context }) => ({ to: receiptPath(context.local_trx_id ?? '', 'view') }),
            },
          ],
        },
        { target: 'step4' },
      ],
    },

    step4: {
      description: '000 §2 step 4: change, "Lihat Struk", back to the lists.',
      tags: ['step4'],
      entry: assign({ step: 4 }),
      on: {
        'submission.dismiss': {
          actions: assign({ submission: ({ context }) => ({ ...context.submission, message: null }) }),
        },
        done: { target: 'step1', actions: assign({ submission: idleSubmission }) },
      },
    },
  },
});
export type CashierMachine = typeof cashierMachine;
