import {
  SETTLEMENT_PATHS,
  type SettlementQuery,
  type SettlementResponse,
  settlementResponse,
} from './contract';
import type { ApiClient } from './http';

/** GET cashier/pos/settlement (002 §7), typed by the shared contract (src/api/contract/settlement.ts). */
export const fetchSettlement = (client: ApiClient, query: SettlementQuery): Promise<SettlementResponse> =>
  client.request({
    method: 'GET',
    path: SETTLEMENT_PATHS.settlement,
    query: { ...query, all_trx: query.all_trx ?? '1' },
    schema: settlementResponse,
  });
