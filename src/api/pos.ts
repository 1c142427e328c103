import { z } from 'zod';
import { RECEIPT_MESSAGES } from '../domain/texts/receipt';
import {
  type ArchiveDownloadResponse,
  type ArchiveListResponse,
  type ArchiveSaveResponse,
  archiveDownloadResponse,
  archiveListResponse,
  archiveSaveResponse,
  type InventoryOutResponse,
  inventoryOutResponse,
  POS_PATHS,
  type PosTrxVoidResponse,
  posTrxVoidResponse,
  RECEIPT_PATHS,
  type SaleTrx,
  type StoredTrxResponse,
  storedTrxResponse,
} from './contract';
import { type ApiClient, isApiError } from './http';

/**
 * One answer of cashier/pos-trx, read leniently on purpose: the submission decides success itself
 * (status 'success' and a pos_sales_trx_head_id, 000 §4), so an unexpected answer must reach it.
 */
export const posTrxAnswer = z.looseObject({
  status: z.string().nullish(),
  local_trx_id: z.string().nullish(),
  pos_sales_trx_head_id: z.union([z.number(), z.string()]).nullish(),
  trx_id: z.string().nullish(),
  deposit_balance: z.union([z.number(), z.string()]).nullish(),
  top_up_deposit_rewards: z.unknown().optional(),
  membership_period: z.looseObject({ start_date: z.string(), end_date: z.string() }).nullish().catch(null),
  user_code: z.string().nullish(),
  created_at: z.string().nullish(),
  sync_time: z.string().nullish(),
});
export type PosTrxAnswer = z.infer<typeof posTrxAnswer>;
const posTrxAnswers = z.array(posTrxAnswer);

/**
 * One answer of cashier/pos-trx-batch (issue 28), as leniently: a stored sale's answer, or its refusal
 * (status 'refused' with the status, message and field the one-sale call would have answered).
 */
export const posTrxBatchAnswer = posTrxAnswer.extend({
  http_status: z.number().nullish(),
  message: z.string().nullish(),
  field: z.string().nullish(),
});
export type PosTrxBatchAnswer = z.infer<typeof posTrxBatchAnswer>;
const posTrxBatchAnswers = z.array(posTrxBatchAnswer);

/** A transaction as posted: the domain's transaction (SaleTrx) or anything shaped like one. */
export type PostedTrx = SaleTrx | ({ local_trx_id: string } & Record<string, unknown>);

export interface PosApi {
  /** Submit: POST cashier/pos-trx {is_offline: 0, trxs: [trx]} → the first answer. */
  submit(trx: PostedTrx, options?: { timeoutMs?: number }): Promise<PosTrxAnswer>;
  /** Sync: POST cashier/pos-trx {is_offline: 1, local_sync_time, trxs: [trx]} → the first answer. */
  sync(trx: PostedTrx, local_sync_time: string): Promise<PosTrxAnswer>;
  /**
   * Sync of several sales in one request: POST cashier/pos-trx-batch {is_offline: 1, local_sync_time, trxs}
   * → one answer per sale, in order; null when the server does not offer the call (404: an older server).
   */
  syncBatch(trxs: PostedTrx[], local_sync_time: string): Promise<PosTrxBatchAnswer[] | null>;
  /** POST cashier/pos-trx/void/{pos_sales_trx_head_id} {password, reason}. */
  voidTrx(
    pos_sales_trx_head_id: number | string,
    body: { password: string; reason: string },
  ): Promise<PosTrxVoidResponse>;
  /** Save (archive): POST cashier/pos-sales-trx-archive {trx}. */
  archive(trx: PostedTrx): Promise<ArchiveSaveResponse>;
  /** The saved list: GET cashier/pos-sales-trx-archive. */
  listArchive(): Promise<ArchiveListResponse>;
  /** Download: GET cashier/pos-sales-trx-archive/{local_trx_id} (it leaves the saved list). */
  downloadArchive(local_trx_id: string): Promise<ArchiveDownloadResponse>;
  /**
   * GET cashier/pos-trx/{local_trx_id}: the sale as the server stored it, or null when the server
   * answers that it does not hold it (400 'Transaksi tidak ditemukan.'). Anything else rejects.
   */
  stored(local_trx_id: string): Promise<StoredTrxResponse | null>;
  /** GET cashier/inventory/inventory-out/{localTrxId}. */
  inventoryOut(local_trx_id: string): Promise<InventoryOutResponse>;
}

/** An empty answer list is no answer: the caller reports 'Transaksi gagal, mohon coba kembali.'. */
const first = (answers: PosTrxAnswer[]): PosTrxAnswer => answers[0] ?? { status: null };

/** The sales calls of 000 §7, typed by the shared contract (src/api/contract/pos.ts). */
export function createPosApi(client: ApiClient): PosApi {
  return {
    submit: async (trx, options) =>
      first(
        await client.request({
          method: 'POST',
          path: POS_PATHS.posTrx,
          body: { is_offline: 0, trxs: [trx] },
          timeoutMs: options?.timeoutMs,
          schema: posTrxAnswers,
        }),
      ),
    sync: async (trx, local_sync_time) =>
      first(
        await client.request({
          method: 'POST',
          path: POS_PATHS.posTrx,
          body: { is_offline: 1, local_sync_time, trxs: [trx] },
          schema: posTrxAnswers,
        }),
      ),
    syncBatch: async (trxs, local_sync_time) => {
      try {
        return await client.request({
          method: 'POST',
          path: POS_PATHS.posTrxBatch,
          body: { is_offline: 1, local_sync_time, trxs },
          schema: posTrxBatchAnswers,
        });
      } catch (error) {
        if (isApiError(error) && error.kind === 'http' && error.status === 404) return null;
        throw error;
      }
    },
    voidTrx: (id, body) =>
      client.request({ method: 'POST', path: POS_PATHS.posTrxVoid(id), body, schema: posTrxVoidResponse }),
    archive: (trx) =>
      client.request({ method: 'POST', path: POS_PATHS.archive, body: { trx }, schema: archiveSaveResponse }),
    listArchive: () =>
      client.request({ method: 'GET', path: POS_PATHS.archive, schema: archiveListResponse }),
    downloadArchive: (local_trx_id) =>
      client.request({
        method: 'GET',
        path: POS_PATHS.archiveItem(local_trx_id),
        schema: archiveDownloadResponse,
      }),
    stored: async (local_trx_id) => {
      try {
        return await client.request({
          method: 'GET',
          path: RECEIPT_PATHS.trx(local_trx_id),
          schema: storedTrxResponse,
        });
      } catch (error) {
        const missing =
          isApiError(error) &&
          error.kind === 'http' &&
          (error.status === 404 || (error.status === 400 && error.message === RECEIPT_MESSAGES.trxNotFound));
        if (missing) return null;
        throw error;
      }
    },
    inventoryOut: (local_trx_id) =>
      client.request({
        method: 'GET',
        path: POS_PATHS.inventoryOut(local_trx_id),
        schema: inventoryOutResponse,
      }),
  };
}
