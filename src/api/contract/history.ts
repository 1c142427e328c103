import { z } from 'zod';
import { posTransactionSchema } from '../../domain/model/transaction';
import { HISTORY_MESSAGES } from '../../domain/texts/history';
import { API_MESSAGES } from '../../domain/texts/server';
import { storedTrxParams } from './receipt';

/**
 * The transaction history calls (002 §7 'Transactions and receipts'; ruling 12, docs/api.md): the list of
 * completed transactions on cashier/pos-trx-history, one transaction on cashier/pos-trx-history/{id}.
 */
export const HISTORY_PATHS = {
  /** GET ?start_date=&end_date=&num_of_rows=&start_row=[&search_term=] → {trxs, total_trx_count}. */
  list: 'cashier/pos-trx-history',
  /** GET: one of the outlet's stored sales, for the copy page (TRX_HISTORY). */
  trx: (localTrxId: string) => `cashier/pos-trx-history/${encodeURIComponent(localTrxId)}`,
} as const;

const date = z
  .string({ error: HISTORY_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: HISTORY_MESSAGES.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_MESSAGES.invalidInput });

/** A query number: digits only (the query string is text), so '1e3', '-0', ' 1' are refused. */
const queryInt = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,9}$/, { error: message })], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int({ error: message }).min(0, { error: message }));

/**
 * GET cashier/pos-trx-history. One WIB day (end_date = start_date) inside the last 40 days (the server
 * checks the window against its own clock); num_of_rows one of 10/20/30/40/50; start_row ≥ 0.
 */
export const trxHistoryQuery = z.object(
  {
    start_date: date,
    end_date: date,
    num_of_rows: queryInt(HISTORY_MESSAGES.pageSize).refine((n) => [10, 20, 30, 40, 50].includes(n), {
      error: HISTORY_MESSAGES.pageSize,
    }),
    start_row: queryInt(HISTORY_MESSAGES.startRow),
    search_term: z.string().max(100, { error: API_MESSAGES.invalidInput }).optional(),
  },
  { error: API_MESSAGES.invalidInput },
);
export type TrxHistoryQuery = z.input<typeof trxHistoryQuery>;

/** One transaction as the history shows it: the stored document (its latest version) with the server's fields. */
export const historyTrx = posTransactionSchema.extend({
  local_trx_id: z.string(),
  pos_sales_trx_head_id: z.number(),
  trx_id: z.string(),
  trx_status_id: z.number(),
  created_at: z.string(),
  sync_time: z.string(),
  void_reason: z.string().nullable(),
});
export type HistoryTrx = z.infer<typeof historyTrx>;

export const trxHistoryResponse = z.object({
  trxs: z.array(historyTrx),
  total_trx_count: z.number().int().min(0),
});
export type TrxHistoryResponse = z.infer<typeof trxHistoryResponse>;

export const historyTrxParams = storedTrxParams;
