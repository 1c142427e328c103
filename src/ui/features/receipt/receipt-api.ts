// The receipt calls (000 §7) on an ApiClient, with the contract's paths and schemas
// (src/api/contract/receipt.ts). Screens take this as a port so tests give fakes.
import {
  type PostEditRequest,
  type PublicReceiptResponse,
  postEditResponse,
  publicReceiptResponse,
  RECEIPT_PATHS,
  type ReceiptSendRequest,
  type ReceiptSendResponse,
  receiptSendResponse,
  type StoredTrxResponse,
  storedTrxResponse,
} from '../../../api/contract/receipt';
import { type ApiClient, createApiClient, defaultBaseUrl } from '../../../api/http';

export interface ReceiptApi {
  /** GET the public receipt by token (no session). */
  publicReceipt(receiptToken: string): Promise<PublicReceiptResponse>;
  /** GET the stored sale by local_trx_id (session). */
  storedTrx(localTrxId: string): Promise<StoredTrxResponse>;
  /** POST receipt-send: 'phone' (SMS), 'email', or 'text' (the message for a WA link). */
  send(body: ReceiptSendRequest): Promise<{ data: ReceiptSendResponse; message?: string }>;
  /** PUT post-edit (workers only). */
  postEdit(body: PostEditRequest): Promise<{ data: StoredTrxResponse; message?: string }>;
}

export function createReceiptApi(client: ApiClient): ReceiptApi {
  return {
    publicReceipt: (token) =>
      client.request({
        method: 'GET',
        path: RECEIPT_PATHS.receiptView(token),
        schema: publicReceiptResponse,
      }),
    storedTrx: (id) =>
      client.request({ method: 'GET', path: RECEIPT_PATHS.trx(id), schema: storedTrxResponse }),
    send: (body) =>
      client.requestEnvelope({
        method: 'POST',
        path: RECEIPT_PATHS.receiptSend,
        body,
        schema: receiptSendResponse,
      }),
    postEdit: (body) =>
      client.requestEnvelope({ method: 'PUT', path: RECEIPT_PATHS.postEdit, body, schema: postEditResponse }),
  };
}

/** The public page has no session: a client that sends no session headers. */
export const publicReceiptApi = (): ReceiptApi =>
  createReceiptApi(createApiClient({ baseUrl: defaultBaseUrl(), getAuth: () => null }));
