import {
  type AdjustmentRequest,
  type CurrentStockResponse,
  currentStockResponse,
  INVENTORY_PATHS,
  type IncomingTransfer,
  type InventoryWriteResponse,
  incomingTransfersResponse,
  inventoryWriteResponse,
  type SearchItemQuery,
  type SearchItemRow,
  type StockCardQuery,
  type StockCardResponse,
  type StockInRequest,
  type StockListRow,
  type StockOutRequest,
  searchItemResponse,
  stockCardResponse,
  type TransferInRequest,
  type TransferOutRequest,
  type VendorRow,
  vendorsResponse,
} from './contract/inventory';
import { decodeStockList, stockListWire } from './contract/stock-list-wire';
import { type ApiClient, type ApiResponse, SHORT_TIMEOUT_MS } from './http';

/** A write's answer: the stored movement and the server's success text (002 §5). */
export interface InventoryWriteResult {
  data: InventoryWriteResponse;
  message?: string;
}

export interface InventoryApi {
  vendors(): Promise<VendorRow[]>;
  searchItems(query: SearchItemQuery): Promise<SearchItemRow[]>;
  currentStock(query: { pos_item_variant_id: number; inv_sloc_id: number }): Promise<CurrentStockResponse>;
  /** 002 §2.2: the stock list loads with the 10-second time-out. */
  stockList(inv_sloc_id?: number): Promise<StockListRow[]>;
  /** One item's movements with the running balance (ours, issue 22 item 9). */
  stockCard(query: StockCardQuery): Promise<StockCardResponse>;
  stockIn(body: StockInRequest): Promise<InventoryWriteResult>;
  stockOut(body: StockOutRequest): Promise<InventoryWriteResult>;
  adjustment(body: AdjustmentRequest): Promise<InventoryWriteResult>;
  transferOut(body: TransferOutRequest): Promise<InventoryWriteResult>;
  incomingTransfers(): Promise<IncomingTransfer[]>;
  transferIn(body: TransferInRequest): Promise<InventoryWriteResult>;
}

const written = (r: ApiResponse<InventoryWriteResponse>): InventoryWriteResult => ({
  data: r.data,
  message: r.message,
});

/** The inventory calls of 002 §7 (paths in src/api/contract/inventory.ts). */
export function createInventoryApi(client: ApiClient): InventoryApi {
  const post = (path: string, body: unknown) =>
    client.requestEnvelope({ method: 'POST', path, body, schema: inventoryWriteResponse }).then(written);
  return {
    vendors: () => client.request({ method: 'GET', path: INVENTORY_PATHS.vendors, schema: vendorsResponse }),
    searchItems: (query) =>
      client.request({ method: 'GET', path: INVENTORY_PATHS.searchItem, query, schema: searchItemResponse }),
    currentStock: (query) =>
      client.request({
        method: 'GET',
        path: INVENTORY_PATHS.currentStock,
        query,
        schema: currentStockResponse,
      }),
    stockList: (inv_sloc_id) =>
      client
        .request({
          method: 'GET',
          path: INVENTORY_PATHS.stockList,
          query: { inv_sloc_id },
          schema: stockListWire,
          timeoutMs: SHORT_TIMEOUT_MS,
        })
        .then(decodeStockList),
    stockCard: (query) =>
      client.request({ method: 'GET', path: INVENTORY_PATHS.stockCard, query, schema: stockCardResponse }),
    stockIn: (body) => post(INVENTORY_PATHS.stockIn, body),
    stockOut: (body) => post(INVENTORY_PATHS.stockOut, body),
    adjustment: (body) => post(INVENTORY_PATHS.adjustment, body),
    transferOut: (body) => post(INVENTORY_PATHS.transferOut, body),
    incomingTransfers: () =>
      client.request({ method: 'GET', path: INVENTORY_PATHS.transferIn, schema: incomingTransfersResponse }),
    transferIn: (body) => post(INVENTORY_PATHS.transferIn, body),
  };
}
