// The receipt calls come from src/api/receipt.ts; the public page adds a client without a session.
import { createApiClient, defaultBaseUrl } from '../../../api/http';
import { createReceiptApi, type ReceiptApi } from '../../../api/receipt';

export { createReceiptApi, type ReceiptApi };

/** The public page has no session: a client that sends no session headers. */
export const publicReceiptApi = (): ReceiptApi =>
  createReceiptApi(createApiClient({ baseUrl: defaultBaseUrl(), getAuth: () => null }));
