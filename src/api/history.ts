import {
  HISTORY_PATHS,
  type StoredTrxResponse,
  storedTrxResponse,
  type TrxHistoryQuery,
  type TrxHistoryResponse,
  trxHistoryResponse,
} from './contract';
import type { ApiClient } from './http';

/** The transaction history calls of 002 §7, typed by the shared contract (src/api/contract/history.ts). */
export interface HistoryApi {
  /** GET cashier/pos-trx-history: one day's page of the outlet's completed (and void) transactions. */
  list(query: TrxHistoryQuery): Promise<TrxHistoryResponse>;
  /** GET cashier/pos-trx-history/{local_trx_id}: one stored transaction (the copy page). */
  transaction(local_trx_id: string): Promise<StoredTrxResponse>;
}

export function createHistoryApi(client: ApiClient): HistoryApi {
  return {
    list: (query) =>
      client.request({
        method: 'GET',
        path: HISTORY_PATHS.list,
        query: query as Record<string, string | number>,
        schema: trxHistoryResponse,
      }),
    transaction: (local_trx_id) =>
      client.request({ method: 'GET', path: HISTORY_PATHS.trx(local_trx_id), schema: storedTrxResponse }),
  };
}
