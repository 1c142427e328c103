// The cashier statechart's setup: context, the named actors (side effects; live-pos.ts wires the real
// ones, the page provides the dialogs), actions, guards and delays.
import { fromPromise, setup } from 'xstate';
import { canVoid, deleteNeedsPin } from '../domain/flags';
import {
  type Authorization,
  type AuthorizationRequest,
  type CashierEvent,
  type CashierFlags,
  type CashierInput,
  type CashierStep,
  type CashierSubmission,
  type ConfirmRequest,
  type DisplayMode,
  type Notice,
  type OpenedTrx,
  type PreviewKind,
  type StartTrxInput,
  type SubmitOutcome,
  tabletRedirectsAfterSubmit,
} from './cashier-types';

export interface CashierContext {
  step: CashierStep;
  /** The transaction on screen in steps 2–7 (and the one just submitted in step 4). */
  local_trx_id: string | null;
  /** Its status when opened: 1 = appointment ("Appointment Sales" header, checkout). */
  trx_status_id: number | null;
  /** The transaction a list action concerns (void, archive, delete, download). */
  target_trx_id: string | null;
  preview: PreviewKind | null;
  /** `?tags=` ids still to set on the current transaction. */
  pendingTags: number[] | null;
  next: boolean;
  displayMode: DisplayMode | null;
  config: CashierFlags | null;
  submission: CashierSubmission;
  /** The voided transaction's server id (after the sync that precedes a void). */
  pos_sales_trx_head_id: number | string | null;
  nfc_code: string | null;
  /** The password and reason of a void or a delete while it is sent. */
  authorization: Authorization | null;
  /** The last error shown (also notified), for the form that caused it. */
  lastError: string | null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`cashier actor "${name}" not provided`));

/** An actor's error / output, read from xstate.error.actor / xstate.done.actor events. */
export const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
export const outputOf = <T>(event: unknown): T | undefined => (event as { output?: T }).output;

export const idleSubmission: CashierSubmission = { status: 'idle', mode: null, message: null };

export function initialCashierContext(input: CashierInput | undefined): CashierContext {
  return {
    step: 1,
    local_trx_id: input?.local_trx_id ?? null,
    trx_status_id: null,
    target_trx_id: null,
    preview: null,
    pendingTags: input?.tags && input.tags.length > 0 ? [...input.tags] : null,
    next: input?.next === true,
    displayMode: input?.displayMode ?? null,
    config: input?.config ?? null,
    submission: idleSubmission,
    pos_sales_trx_head_id: null,
    nfc_code: null,
    authorization: null,
    lastError: null,
  };
}

/** The message of a failed actor: a validation's text or the API error catalogue's. */
export const failureMessage = (event: unknown, fallback: string): string => {
  const error = errorOf(event);
  return error instanceof Error && error.message ? error.message : fallback;
};

export const blank = (text: string | null | undefined) => !text || text.trim() === '';

export const cashierSetup = setup({
  types: {
    context: {} as CashierContext,
    events: {} as CashierEvent,
    input: {} as CashierInput | undefined,
    tags: {} as 'busy' | 'step1' | 'step2' | 'step3' | 'step4' | 'preview' | 'submitting' | 'appointment',
  },
  actors: {
    /** Command: a new transaction (trx.started) → its local_trx_id. */
    startTransaction: fromPromise<OpenedTrx, StartTrxInput>(notProvided('startTransaction')),
    /** Read: the transaction exists and is open (status 1 or 2). */
    openTransaction: fromPromise<OpenedTrx, { local_trx_id: string }>(notProvided('openTransaction')),
    /** Command (ruling 27): the transaction left behind, discarded when empty (trx.discarded). */
    discardIfEmpty: fromPromise<void, { local_trx_id: string }>(notProvided('discardIfEmpty')),
    /** Command: the `?tags=` ids on the transaction. */
    setTags: fromPromise<void, { local_trx_id: string; tags: number[] }>(notProvided('setTags')),
    /** 000 §5 "Continue to payment": null when the transaction may go to step 3, else the message. */
    validateContinue: fromPromise<string | null, { local_trx_id: string }>(notProvided('validateContinue')),
    /**
     * 'Selesai': the 000 §5 Submit validations, then the submission of 000 §4 (online-required or
     * optional-online, see submission-send.ts) → how it ended; rejects with the message to show.
     */
    submitSale: fromPromise<SubmitOutcome, { local_trx_id: string; nfc_code: string | null }>(
      notProvided('submitSale'),
    ),
    /**
     * Before a pending sale is edited again: when its online-required submit got no answer, ask the
     * server (GET cashier/pos-trx/{id}) and adopt the server's copy if it holds it (000 §4 Submission).
     */
    checkServerCopy: fromPromise<{ adopted: boolean }, { local_trx_id: string }>(
      notProvided('checkServerCopy'),
    ),
    /** Command: a preview was printed; every line's last_printed_at is set. */
    markPrinted: fromPromise<void, { local_trx_id: string }>(notProvided('markPrinted')),
    /** UI: the confirm dialog; true when the user agrees. */
    confirm: fromPromise<boolean, ConfirmRequest>(notProvided('confirm')),
    /** UI: the password + reason modal; null when cancelled. */
    authorize: fromPromise<Authorization | null, AuthorizationRequest>(notProvided('authorize')),
    /** HTTP: POST cashier/pos/pin-validation {password} (the supervisor password). */
    verifyPin: fromPromise<Authorization['supervisor'] | undefined, { password: string }>(
      notProvided('verifyPin'),
    ),
    /** HTTP + command: POST the archive, then remove the transaction locally. */
    archiveTrx: fromPromise<void, { local_trx_id: string }>(notProvided('archiveTrx')),
    /** Command: deleted (DELETE_TRX logged with the reason when authorised). */
    deleteTrx: fromPromise<void, { local_trx_id: string; authorization: Authorization | null }>(
      notProvided('deleteTrx'),
    ),
    /** HTTP + command: GET the saved transaction, add it locally. */
    downloadTrx: fromPromise<void, { local_trx_id: string }>(notProvided('downloadTrx')),
    /** Sync, then the transaction's pos_sales_trx_head_id; rejects when it is still not on the server. */
    syncForVoid: fromPromise<{ pos_sales_trx_head_id: number | string }, { local_trx_id: string }>(
      notProvided('syncForVoid'),
    ),
    /** HTTP: POST cashier/pos-trx/void/{pos_sales_trx_head_id} {password, reason}. */
    postVoid: fromPromise<void, { pos_sales_trx_head_id: number | string; password: string; reason: string }>(
      notProvided('postVoid'),
    ),
    /** Command (strict): status 4. */
    recordVoid: fromPromise<void, { local_trx_id: string; reason: string }>(notProvided('recordVoid')),
    /** Command: appointment → sale (status 1 → 2). */
    checkoutAppointment: fromPromise<void, { local_trx_id: string }>(notProvided('checkoutAppointment')),
    /** Appointment issue: save / cancel the appointment (PUT appointment endpoint). */
    saveAppointment: fromPromise<void, { local_trx_id: string }>(notProvided('saveAppointment')),
    cancelAppointment: fromPromise<void, { local_trx_id: string }>(notProvided('cancelAppointment')),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: { to: string }) => {},
    logError: (_, _params: { message: string }) => {},
  },
  guards: {
    startsAtStep2: ({ context }) => context.next,
    hasCurrentTrx: ({ context }) => context.local_trx_id != null,
    hasPendingTags: ({ context }) => (context.pendingTags?.length ?? 0) > 0,
    isAppointment: ({ context }) => context.trx_status_id === 1,
    confirmed: ({ event }) => outputOf<boolean>(event) === true,
    authorized: ({ event }) => outputOf<Authorization | null>(event) != null,
    passwordBlank: ({ context }) => blank(context.authorization?.password),
    reasonBlank: ({ context }) => blank(context.authorization?.reason),
    deleteNeedsPin: ({ context }) => deleteNeedsPin(context.config ?? {}),
    voidAllowed: ({ context, event }) => event.type === 'trx.void' && canVoid(event, context.config ?? {}),
    submitFailed: ({ context }) => context.submission.status === 'failed',
    /** The server held the sale: the device took its copy (completed, synced). */
    adopted: ({ event }) => outputOf<{ adopted?: boolean }>(event)?.adopted === true,
    continueAllowed: ({ event }) => outputOf<string | null>(event) == null,
    tabletRedirect: ({ context }) => tabletRedirectsAfterSubmit(context.displayMode, context.config),
  },
});
