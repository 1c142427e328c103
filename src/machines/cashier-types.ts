// The cashier statechart's vocabulary that the UI and live-pos.ts share: inputs, events, actor
// inputs/outputs, the specification's texts and small pure helpers (query params, NFC, redirect).

import type { ConfigFlags } from '../domain/flags';
import type { PosTransaction, TrxType } from '../domain/model';

export type { TrxType } from '../domain/model';

/** 000 §2 steps: 1 lists, 2 edit, 3 payment, 4 done, 5 pre-settlement, 6 order list, 7 unprinted order. */
export type CashierStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The print previews of steps 5, 6 and 7 (their receipt modifiers, 000 §2). */
export type PreviewKind = 'pre-settlement' | 'order-preview' | 'order-preview-unprinted';
export const PREVIEW_STEP: Record<PreviewKind, CashierStep> = {
  'pre-settlement': 5,
  'order-preview': 6,
  'order-preview-unprinted': 7,
};

export type DisplayMode = 'DESKTOP' | 'TABLET';

/** The configuration flags the cashier statechart reads (user data parsed by posConfigSchema, 000 §3; 1 = on). */
export type CashierFlags = ConfigFlags<
  | 'pos_print_digital_invoice'
  | 'pos_cashier_delete_by_pin'
  | 'is_void_allowed'
  | 'coupon_use_nfc'
  | 'wallet_use_nfc'
>;

/** What the /pos page gives the machine when it starts. */
export interface CashierInput {
  /** `?next` present: go straight to step 2 (the current transaction, or a new NORMAL one). */
  next?: boolean;
  /** `?tags=1,2`: tag ids set on the current transaction once it is open. */
  tags?: number[] | null;
  /** The current transaction to resume with `next` (e.g. kept by the page across a reload). */
  local_trx_id?: string | null;
  displayMode?: DisplayMode | null;
  config?: CashierFlags | null;
}

export interface ConfirmRequest {
  title: string;
  message: string;
}

/** The password + reason modal ('Otorisasi Hapus Transaksi', the void modal). */
export interface AuthorizationRequest {
  kind: 'deleteTrx' | 'void';
  title: string;
  reasonLabel: string;
  /** Asked again (blank field, wrong password): the reason already typed, kept for the cashier. */
  reason?: string;
  /** Asked again for a blank reason: the password already typed, kept (empty after a wrong one). */
  password?: string;
  /** Why it is asked again: the check's or the server's message ('Password salah.'). */
  message?: string | null;
}
export interface Authorization {
  password: string;
  reason: string;
  /** Who the server found the password to be (cashier/pos/pin-validation), for the audit trail (issue 15). */
  supervisor?: { business_user_id: number; supervisor_name: string; validated_at: string };
}

export type NotifyKind = 'success' | 'error' | 'warning' | 'info';
export interface Notice {
  kind: NotifyKind;
  message: string;
  /** Same id updates one toast in place (sync progress). */
  id?: string;
}

/** Submission outcome shown by the success dialog and step 4. */
export type SubmissionMode = 'online' | 'offline';

export interface CashierSubmission {
  status: 'idle' | 'submitting' | 'succeeded' | 'failed';
  mode: SubmissionMode | null;
  /** The dialog text on success, the error on failure. */
  message: string | null;
}

/**
 * UI → machine events (imperative). Which state accepts which is in docs/statecharts/cashier.md.
 * `trx.archive` / `trx.delete` without local_trx_id mean the current transaction (steps 2 and 3).
 */
export type CashierEvent =
  | { type: 'trx.new'; trx_type: TrxType; pos_salesType_id?: number | null }
  | { type: 'trx.open'; local_trx_id: string }
  | { type: 'trx.archive'; local_trx_id?: string }
  | { type: 'trx.delete'; local_trx_id?: string }
  | { type: 'trx.download'; local_trx_id: string }
  /** The list's row: its status is what the void rule (canVoid) reads. */
  | {
      type: 'trx.void';
      local_trx_id: string;
      trx_status_id: number;
      /** The confirmation names the sale: its short id and total (voidConfirmSummary; issue 22 item 8). */
      summary?: string;
    }
  | { type: 'step.continue' }
  | { type: 'step.back' }
  | { type: 'preview.open'; kind: PreviewKind }
  | { type: 'preview.printed' }
  | { type: 'preview.close' }
  | { type: 'submit'; nfc_code?: string | null }
  | { type: 'submission.dismiss' }
  | { type: 'done' }
  | { type: 'appointment.checkout' }
  | { type: 'appointment.save' }
  | { type: 'appointment.cancel' };

/** startTransaction actor: a new transaction of a kind (000 §2 step 1 buttons). */
export interface StartTrxInput {
  trx_type: TrxType;
  pos_salesType_id?: number | null;
  tags?: number[] | null;
}

/** What opening a transaction tells the machine (status 1 = appointment, 000 §4). */
export interface OpenedTrx {
  local_trx_id: string;
  trx_status_id: number;
  /** The sale's lost submit answer: the server held it and the device adopted its copy (now status 3). */
  adopted?: boolean;
}

/** How a submission ended (the success dialog's text follows the mode). */
export interface SubmitOutcome {
  mode: SubmissionMode;
}

/** One element of cashier/pos-trx's answer (000 §7), read leniently by src/api/pos.ts. */
export type { PosTrxAnswer } from '../api/pos';

/** `?next&tags=1,2` → the machine's input fields (000 §2: next jumps to step 2; tags are tag ids). */
export function parseCashierQuery(search: string): Pick<CashierInput, 'next' | 'tags'> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const raw = params.get('tags');
  const tags =
    raw == null
      ? null
      : raw
          .split(',')
          .map((s) => Number(s.trim()))
          .filter((n) => Number.isInteger(n) && n > 0);
  return { next: params.has('next'), tags: tags && tags.length > 0 ? tags : null };
}

/**
 * 000 §2 step 4: in TABLET display mode, when pos_print_digital_invoice is not 1, a successful submit
 * goes to pos/receipt/{local_trx_id}/view instead of step 4.
 */
export const tabletRedirectsAfterSubmit = (
  displayMode: DisplayMode | null | undefined,
  config: CashierFlags | null | undefined,
): boolean => displayMode === 'TABLET' && config?.pos_print_digital_invoice !== 1;

export const receiptPath = (local_trx_id: string, modifier: string) =>
  `/pos/receipt/${local_trx_id}/${modifier}`;

/**
 * 000 §2 step 3: the NFC scan modal opens before submit when coupon_use_nfc = 1 and a coupon is
 * attached, or wallet_use_nfc = 1 and a payment is of the deposit type.
 */
export function needsNfcScan(
  trx: Pick<PosTransaction, 'coupon' | 'payments'>,
  config: CashierFlags | null | undefined,
): boolean {
  return (
    (config?.coupon_use_nfc === 1 && !!trx.coupon) ||
    (config?.wallet_use_nfc === 1 && trx.payments.some((p) => p.payment_type === 'DEPOSIT'))
  );
}

/** 003 §9: an NFC code has at least 10 characters; shorter input is ignored (null). */
export const acceptNfcCode = (text: string): string | null => (text.trim().length >= 10 ? text.trim() : null);
