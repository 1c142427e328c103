import { z } from 'zod';
import {
  posTransactionSchema,
  stockMovementSchema,
  topUpDepositRewardsSchema,
} from '../../domain/model/transaction';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../domain/texts/sale';
import { API_MESSAGES, POS_MESSAGES } from '../../domain/texts/server';
import { isOutletStamp } from '../../domain/time-wall';

/** The sales calls (000 §7; the archive paths are paired in docs/api.md, ruling 12). No leading slash. */
export const POS_PATHS = {
  /** POST: submit {is_offline: 0, trxs:[trx]} and sync {is_offline: 1, local_sync_time, trxs:[…]}. */
  posTrx: 'cashier/pos-trx',
  /**
   * POST (issue 28, ours beside the spec's call): a sync of up to POS_TRX_BATCH_MAX sales in one request,
   * each handled as by cashier/pos-trx and answered on its own, in order (a refusal fails only its sale).
   */
  posTrxBatch: 'cashier/pos-trx-batch',
  /** POST cashier/pos-trx/void/{pos_sales_trx_head_id} {password, reason}. */
  posTrxVoid: (posSalesTrxHeadId: string | number) => `cashier/pos-trx/void/${posSalesTrxHeadId}`,
  /** POST {trx} saves; GET lists the outlet's saved transactions. */
  archive: 'cashier/pos-sales-trx-archive',
  /** GET downloads (and takes it off the list); DELETE removes it from the list. */
  archiveItem: (localTrxId: string) => `cashier/pos-sales-trx-archive/${encodeURIComponent(localTrxId)}`,
  /** GET {sales, consumptions, ingredients} of one sale (ruling 5). */
  inventoryOut: (localTrxId: string) => `cashier/inventory/inventory-out/${encodeURIComponent(localTrxId)}`,
} as const;

const NOT_AN_OBJECT = { error: API_MESSAGES.invalidInput };

/** PostgreSQL text cannot hold U+0000: such input is refused as invalid, never stored. */
const noNul = (s: string) => !s.includes('\u0000');

const localTrxId = z
  .string({ error: POS_MESSAGES.localTrxIdRequired })
  .trim()
  .min(1, { error: POS_MESSAGES.localTrxIdRequired })
  .max(100, { error: API_MESSAGES.invalidInput })
  .refine(noNul, { error: API_MESSAGES.invalidInput });

/** A time of the sale: "YYYY-MM-DD HH:mm:ss" naming a real day and time, or absent / null / empty. */
const saleDateTime = z
  .string({ error: API_MESSAGES.invalidInput })
  .refine((s) => s.trim() === '' || isOutletStamp(s), { error: API_MESSAGES.invalidInput })
  .nullable()
  .optional();

/** A completed transaction as the device sends it: the domain's schema, local_trx_id required. */
export const saleTrx = posTransactionSchema.extend({
  local_trx_id: localTrxId,
  // read as the sale's time (server/services/pos/sales.ts saleTime): a date, or absent
  trx_time: saleDateTime,
  trx_local_end_time: saleDateTime,
});
export type SaleTrx = z.infer<typeof saleTrx>;

/** POST cashier/pos-trx. */
export const posTrxRequest = z.object(
  {
    is_offline: z.coerce.number().int().min(0).max(1).default(0),
    local_sync_time: z.string().refine(noNul, { error: API_MESSAGES.invalidInput }).nullish(),
    trxs: z
      .array(saleTrx, { error: POS_MESSAGES.trxsRequired })
      .min(1, { error: POS_MESSAGES.trxsRequired })
      .max(100, { error: API_MESSAGES.invalidInput }),
  },
  NOT_AN_OBJECT,
);
export type PosTrxRequest = z.input<typeof posTrxRequest>;

/** One answer per transaction, in the order sent; a repeat of a stored local_trx_id gets the first answer. */
export const posTrxResult = z.object({
  status: z.literal('success'),
  local_trx_id: z.string(),
  pos_sales_trx_head_id: z.number(),
  trx_id: z.string(),
  /** The customer's wallet balance after this sale; null without a customer. */
  deposit_balance: z.number().nullable(),
  top_up_deposit_rewards: topUpDepositRewardsSchema.nullable(),
  /** A membership sale's period as the server granted it (outlet dates YYYY-MM-DD; ruling 28's receipt line). */
  membership_period: z.object({ start_date: z.string(), end_date: z.string() }).optional(),
  /** The customer as stored: a new customer (user_code null) gets its user_code here. */
  user_code: z.string().nullable(),
  /** "YYYY-MM-DD HH:mm:ss", outlet time (WIB). */
  created_at: z.string(),
  sync_time: z.string(),
});
export type PosTrxResult = z.infer<typeof posTrxResult>;
export const posTrxResponse = z.array(posTrxResult);
export type PosTrxResponse = z.infer<typeof posTrxResponse>;

/** The batch sync's bounds: sales per request and the body's bytes (a larger body answers 413). */
export const POS_TRX_BATCH_MAX = 50;
export const POS_TRX_BATCH_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * POST cashier/pos-trx-batch (issue 28): the sync's body of cashier/pos-trx with up to POS_TRX_BATCH_MAX
 * sales. Each sale is parsed on its own (saleTrx), so a malformed one is refused alone.
 */
export const posTrxBatchRequest = z.object(
  {
    is_offline: z.coerce.number().int().min(0).max(1).default(1),
    local_sync_time: z.string().refine(noNul, { error: API_MESSAGES.invalidInput }).nullish(),
    trxs: z
      .array(z.unknown(), { error: POS_MESSAGES.trxsRequired })
      .min(1, { error: POS_MESSAGES.trxsRequired })
      .max(POS_TRX_BATCH_MAX, { error: API_MESSAGES.invalidInput }),
  },
  NOT_AN_OBJECT,
);
export type PosTrxBatchRequest = z.input<typeof posTrxBatchRequest>;

/**
 * A sale of a batch the server refused: what cashier/pos-trx would have answered for it alone (its HTTP
 * status, message and field, the field without the `trxs.{i}.` prefix); the batch's other sales are not
 * affected. local_trx_id as sent (null when the sale named none).
 */
export const posTrxRefusal = z.object({
  status: z.literal('refused'),
  local_trx_id: z.string().nullable(),
  http_status: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
});
export type PosTrxRefusal = z.infer<typeof posTrxRefusal>;
/** One answer per sale of the batch, in the order sent: the stored sale's answer or its refusal. */
export const posTrxBatchResponse = z.array(z.union([posTrxResult, posTrxRefusal]));
export type PosTrxBatchResponse = z.infer<typeof posTrxBatchResponse>;

/** POST cashier/pos-trx/void/{pos_sales_trx_head_id}: the signed-in cashier's own password. */
export const posTrxVoidRequest = z.object(
  {
    password: z
      .string({ error: DOMAIN_MESSAGES.passwordRequired })
      .min(1, { error: DOMAIN_MESSAGES.passwordRequired })
      .max(1024, { error: API_MESSAGES.invalidInput }),
    reason: z
      .string({ error: POS_MESSAGES.reasonRequired })
      .trim()
      .min(1, { error: POS_MESSAGES.reasonRequired })
      .max(1000, { error: API_MESSAGES.invalidInput })
      .refine(noNul, { error: API_MESSAGES.invalidInput }),
  },
  NOT_AN_OBJECT,
);
export type PosTrxVoidRequest = z.input<typeof posTrxVoidRequest>;
export const posTrxVoidParams = z.object({
  pos_sales_trx_head_id: z.coerce
    .number({ error: POS_MESSAGES.trxNotFound })
    .int({ error: POS_MESSAGES.trxNotFound })
    .positive({ error: POS_MESSAGES.trxNotFound }),
});
export const posTrxVoidResponse = z.object({
  pos_sales_trx_head_id: z.number(),
  local_trx_id: z.string(),
  trx_id: z.string(),
  trx_status_id: z.literal(4),
  void_reason: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", outlet time. */
  voided_at: z.string(),
});
export type PosTrxVoidResponse = z.infer<typeof posTrxVoidResponse>;

/** A pending transaction to save: only local_trx_id is needed to keep it (the rest is the device's). */
export const archivedTrx = z.looseObject({ local_trx_id: localTrxId });
export const archiveSaveRequest = z.object({ trx: z.unknown().pipe(archivedTrx) }, NOT_AN_OBJECT);
export type ArchiveSaveRequest = z.input<typeof archiveSaveRequest>;
export const archiveSaveResponse = z.object({ local_trx_id: z.string(), saved_at: z.string() });
export type ArchiveSaveResponse = z.infer<typeof archiveSaveResponse>;

export const archiveEntry = z.object({
  local_trx_id: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", outlet time. */
  saved_at: z.string(),
  business_user_id: z.number(),
  cashier_name: z.string(),
  trx: archivedTrx,
});
export type ArchiveEntry = z.infer<typeof archiveEntry>;
/** GET cashier/pos-sales-trx-archive: the outlet's saved transactions, newest first. */
export const archiveListResponse = z.array(archiveEntry);
export type ArchiveListResponse = z.infer<typeof archiveListResponse>;
/** GET cashier/pos-sales-trx-archive/{local_trx_id}: the transaction; it leaves the saved list. */
export const archiveDownloadResponse = z.object({ trx: archivedTrx });
export type ArchiveDownloadResponse = z.infer<typeof archiveDownloadResponse>;
export const archiveParams = z.object({ local_trx_id: localTrxId });

/** GET cashier/inventory/inventory-out/{localTrxId} (ruling 5): what the sale took out of stock. */
export const inventoryOutResponse = z.object({
  sales: z.array(stockMovementSchema),
  consumptions: z.array(stockMovementSchema),
  ingredients: z.array(stockMovementSchema),
});
export type InventoryOutResponse = z.infer<typeof inventoryOutResponse>;
export const inventoryOutParams = z.object({ localTrxId: localTrxId });
