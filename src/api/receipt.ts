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
} from './contract';
import type { ApiClient, ApiResponse } from './http';

/** The receipt calls of 000 §7, typed by the shared contract (src/api/contract/receipt.ts). */
export interface ReceiptApi {
  /**
   * POST cashier/pos/receipt-send. 'phone' → SMS queued (message 'SMS Berhasil dikirimkan'); 'email' →
   * e-mail queued ('Email Berhasil dikirimkan'); 'text' → data.message for the messaging-app link (the
   * browser normalises the number, ruling 9: `messagingPhone` in src/domain/messaging-phone.ts).
   */
  sendReceipt(body: ReceiptSendRequest): Promise<ApiResponse<ReceiptSendResponse>>;
  /** GET cashier/pos/receipt-view/{receipt_token}: the public receipt (no session needed). */
  publicReceipt(receipt_token: string): Promise<PublicReceiptResponse>;
  /** GET cashier/pos-trx/{local_trx_id}: the stored sale (latest version, receipt_token, trx_edits). */
  transaction(local_trx_id: string): Promise<StoredTrxResponse>;
  /** PUT cashier/pos-trx-detail {edit_session_id, input_data}: workers only (message 'Item successfully edited!'). */
  postEdit(body: PostEditRequest): Promise<ApiResponse<StoredTrxResponse>>;
}

export function createReceiptApi(client: ApiClient): ReceiptApi {
  return {
    sendReceipt: (body) =>
      client.requestEnvelope({
        method: 'POST',
        path: RECEIPT_PATHS.receiptSend,
        body,
        schema: receiptSendResponse,
      }),
    publicReceipt: (token) =>
      client.request({
        method: 'GET',
        path: RECEIPT_PATHS.receiptView(token),
        schema: publicReceiptResponse,
      }),
    transaction: (local_trx_id) =>
      client.request({ method: 'GET', path: RECEIPT_PATHS.trx(local_trx_id), schema: storedTrxResponse }),
    postEdit: (body) =>
      client.requestEnvelope({ method: 'PUT', path: RECEIPT_PATHS.postEdit, body, schema: postEditResponse }),
  };
}
