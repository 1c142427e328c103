// Point redemption by QR (001 §2.4 /redeem-qr-transaction) and coupon use by QR (001 §2.6 /coupon-use-qr) as
// one statechart: code (typed or scanned; 'Redeem code harus diisi!') → preview (the customer and each
// detail; 'Tidak ada barang yang ditemukan!' when there is none) → confirm ('Redeem Now') → the purchase-no.
// modal ('Purchase No. harus diisi!') → saved: the success dialog, then the flow resets. Cancel at the preview
// goes back to step 1; cancel in the modal resets everything. Time-outs read 'Telah terjadi kesalahan koneksi,
// silakan coba lagi.' (001 §8), other refusals the server's message. The calls are actors the UI provides.
import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../api/http';
import { codeIssue, previewIssue } from '../domain/loyalty';
import { LOYALTY_TEXTS } from '../domain/texts/loyalty';

/** The preview either flow shows (001 §3 Redeem preview / Coupon preview). */
export interface CodePreview {
  scancode: string;
  user_name: string | null;
  user_code: string | null;
  details: Record<string, unknown>[];
}

export interface CodeUseContext {
  code: string;
  preview: CodePreview | null;
  purchaseNo: string;
  error: string | null;
  /** the server's message after the purchase no. was saved */
  savedMessage: string | null;
}

export type CodeUseEvent =
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  /** a camera scan: fills the code and looks it up at once */
  | { type: 'code.scanned'; code: string }
  | { type: 'preview.confirm' }
  | { type: 'preview.cancel' }
  | { type: 'purchase.change'; purchaseNo: string }
  | { type: 'purchase.save' }
  | { type: 'purchase.cancel' }
  | { type: 'done.close' };

export const codeUseMessage = (e: unknown): string =>
  isApiError(e)
    ? e.kind === 'timeout' || e.kind === 'network'
      ? LOYALTY_TEXTS.connectionError
      : e.message
    : e instanceof Error
      ? e.message
      : LOYALTY_TEXTS.connectionError;

const fresh = (): CodeUseContext => ({
  code: '',
  preview: null,
  purchaseNo: '',
  error: null,
  savedMessage: null,
});

export const codeUseMachine = setup({
  types: {
    context: {} as CodeUseContext,
    events: {} as CodeUseEvent,
  },
  actors: {
    /** GET cashier/reward/preview ?scancode= or POST cashier/coupon/redeem/preview {qr_code} */
    preview: fromPromise<CodePreview, { code: string }>(async () => ({
      scancode: '',
      user_name: null,
      user_code: null,
      details: [],
    })),
    /** POST cashier/reward/redeem {scancode} */
    confirm: fromPromise<void, { scancode: string }>(async () => undefined),
    /** POST cashier/reward/save-redeem {scancode, pos_trx_code} → message */
    save: fromPromise<string, { scancode: string; pos_trx_code: string }>(async () => ''),
  },
  guards: {
    codeMissing: ({ context }) => codeIssue(context.code) !== null,
    noItems: ({ event }) =>
      previewIssue((event as unknown as { output: CodePreview | null }).output ?? null) !== null,
    purchaseMissing: ({ context }) => !context.purchaseNo.trim(),
  },
}).createMachine({
  id: 'codeUse',
  context: fresh,
  initial: 'code',
  states: {
    code: {
      on: {
        'code.change': { actions: assign({ code: ({ event }) => event.code, error: null }) },
        'code.scanned': {
          target: 'looking',
          actions: assign({ code: ({ event }) => event.code, error: null }),
        },
        'code.submit': [
          { guard: 'codeMissing', actions: assign({ error: LOYALTY_TEXTS.codeRequired }) },
          { target: 'looking', actions: assign({ error: null }) },
        ],
      },
    },
    looking: {
      invoke: {
        src: 'preview',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: [
          { guard: 'noItems', target: 'code', actions: assign({ error: LOYALTY_TEXTS.noItems }) },
          { target: 'preview', actions: assign({ preview: ({ event }) => event.output }) },
        ],
        onError: { target: 'code', actions: assign({ error: ({ event }) => codeUseMessage(event.error) }) },
      },
    },
    preview: {
      on: {
        'preview.confirm': 'confirming',
        'preview.cancel': { target: 'code', actions: assign(fresh) },
      },
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ scancode: context.preview?.scancode ?? context.code.trim() }),
        onDone: 'purchaseNo',
        onError: {
          target: 'preview',
          actions: assign({ error: ({ event }) => codeUseMessage(event.error) }),
        },
      },
    },
    purchaseNo: {
      on: {
        'purchase.change': { actions: assign({ purchaseNo: ({ event }) => event.purchaseNo, error: null }) },
        'purchase.save': [
          { guard: 'purchaseMissing', actions: assign({ error: LOYALTY_TEXTS.purchaseNoRequired }) },
          { target: 'saving', actions: assign({ error: null }) },
        ],
        'purchase.cancel': { target: 'code', actions: assign(fresh) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          scancode: context.preview?.scancode ?? context.code.trim(),
          pos_trx_code: context.purchaseNo.trim(),
        }),
        onDone: { target: 'done', actions: assign({ savedMessage: ({ event }) => event.output }) },
        onError: {
          target: 'purchaseNo',
          actions: assign({ error: ({ event }) => codeUseMessage(event.error) }),
        },
      },
    },
    done: {
      on: { 'done.close': { target: 'code', actions: assign(fresh) } },
    },
  },
});
