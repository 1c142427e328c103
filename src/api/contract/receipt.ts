import { z } from 'zod';
import { posTransactionSchema } from '../../domain/model/transaction';
import { RECEIPT_MESSAGES } from '../../domain/texts/receipt';
import { API_MESSAGES } from '../../domain/texts/server';

/** The receipt calls (000 §7; paths paired in docs/api.md, ruling 12). No leading slash. */
export const RECEIPT_PATHS = {
  /** POST {local_trx_id, receipt_type: 'phone'|'text'|'email', phone?, email?}. */
  receiptSend: 'cashier/pos/receipt-send',
  /** GET, no session: the public receipt of one sale. */
  receiptView: (receiptToken: string) => `cashier/pos/receipt-view/${encodeURIComponent(receiptToken)}`,
  /** GET (session): one of the outlet's stored sales. */
  trx: (localTrxId: string) => `cashier/pos-trx/${encodeURIComponent(localTrxId)}`,
  /** PUT {edit_session_id, input_data}: post-edit (workers only). */
  postEdit: 'cashier/pos-trx-detail',
} as const;

/** The browser's public receipt page (000 §2 route table); the links sent to customers point here. */
export const publicReceiptPath = (receiptToken: string) => `/receipt/${encodeURIComponent(receiptToken)}`;

const NOT_AN_OBJECT = { error: API_MESSAGES.invalidInput };

const localTrxId = z
  .string({ error: RECEIPT_MESSAGES.localTrxIdRequired })
  .trim()
  .min(1, { error: RECEIPT_MESSAGES.localTrxIdRequired })
  .max(100, { error: API_MESSAGES.invalidInput });

export const RECEIPT_TYPES = ['phone', 'text', 'email'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/**
 * POST cashier/pos/receipt-send. The phone and e-mail rules (000 §5 'Receipt sending') are the domain's
 * validateReceiptPhone / validateReceiptEmail, applied by the server per receipt_type.
 */
export const receiptSendRequest = z.object(
  {
    local_trx_id: localTrxId,
    receipt_type: z.enum(RECEIPT_TYPES, { error: API_MESSAGES.invalidInput }),
    phone: z.string().max(30, { error: API_MESSAGES.invalidInput }).nullish(),
    email: z.string().max(254, { error: API_MESSAGES.invalidInput }).nullish(),
  },
  NOT_AN_OBJECT,
);
export type ReceiptSendRequest = z.input<typeof receiptSendRequest>;

export const receiptSendResponse = z.object({
  receipt_type: z.enum(RECEIPT_TYPES),
  /** The message with the public link: sent by SMS ('phone'), or for the browser to open ('text'). */
  message: z.string(),
  receipt_token: z.string(),
  /** Absolute link to the public receipt page. */
  receipt_url: z.string(),
  /** The outbox row queued ('phone': sms_outbox, 'email': email_outbox); null for 'text'. */
  outbox_id: z.number().nullable(),
});
export type ReceiptSendResponse = z.infer<typeof receiptSendResponse>;

/** One accepted post-edit, as the history lists it. */
export const trxEditEntry = z.object({
  edit_session_id: z.string(),
  business_user_id: z.number(),
  cashier_name: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", outlet time. */
  edited_at: z.string(),
});
export type TrxEditEntry = z.infer<typeof trxEditEntry>;

/**
 * GET cashier/pos-trx/{local_trx_id}: the stored transaction (its latest version) with what the server
 * assigned, its receipt token and its edit history.
 */
export const storedTrxResponse = posTransactionSchema.extend({
  local_trx_id: z.string(),
  pos_sales_trx_head_id: z.number(),
  trx_id: z.string(),
  trx_status_id: z.number(),
  created_at: z.string(),
  sync_time: z.string(),
  void_reason: z.string().nullable(),
  receipt_token: z.string(),
  trx_edits: z.array(trxEditEntry),
});
export type StoredTrxResponse = z.infer<typeof storedTrxResponse>;

/**
 * GET cashier/pos/receipt-view/{receipt_token}: the transaction as its receipt prints it, with
 * cashier_configs = the outlet's print settings overlaid with the sale's own snapshot. The customer is
 * reduced to what the receipt prints (name and, when pos_print_user_identifier = 1, the identifier).
 */
export const publicReceiptResponse = posTransactionSchema.extend({
  local_trx_id: z.string(),
  trx_id: z.string(),
  trx_status_id: z.number(),
  cashier_configs: z.looseObject({}),
});
export type PublicReceiptResponse = z.infer<typeof publicReceiptResponse>;

/** PUT cashier/pos-trx-detail: the whole transaction; only the worker fields may differ from the stored one. */
export const postEditRequest = z.object(
  {
    edit_session_id: z
      .string({ error: RECEIPT_MESSAGES.editSessionRequired })
      .trim()
      .min(1, { error: RECEIPT_MESSAGES.editSessionRequired })
      .max(100, { error: API_MESSAGES.invalidInput }),
    input_data: posTransactionSchema.extend({ local_trx_id: localTrxId }),
  },
  NOT_AN_OBJECT,
);
export type PostEditRequest = z.input<typeof postEditRequest>;
export const postEditResponse = storedTrxResponse;

export const receiptTokenParams = z.object({
  receipt_token: z.string().trim().min(1).max(200),
});
export const storedTrxParams = z.object({ local_trx_id: localTrxId });
