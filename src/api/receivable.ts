import {
  type AccountReceivableListResponse,
  accountReceivableListResponse,
  RECEIVABLE_PATHS,
  type UserAccountReceivablesResponse,
  userAccountReceivablesResponse,
} from './contract';
import type { ApiClient } from './http';

export interface ReceivableApi {
  /** 'Daftar Piutang': GET cashier/account-receivable (the brand's open receivables). */
  list(): Promise<AccountReceivableListResponse>;
  /** 'Bayar': GET cashier/user-account-receivables?user_id={user_code} → the customer's account_receivables. */
  userReceivables(user_code: string): Promise<UserAccountReceivablesResponse>;
}

/** The accounts receivable calls of 002 §7 (default time-out; 002 §8 names the time-out's text). */
export function createReceivableApi(client: ApiClient): ReceivableApi {
  return {
    list: () =>
      client.request({ method: 'GET', path: RECEIVABLE_PATHS.list, schema: accountReceivableListResponse }),
    userReceivables: (user_code) =>
      client.request({
        method: 'GET',
        path: RECEIVABLE_PATHS.userReceivables,
        query: { user_id: user_code },
        schema: userAccountReceivablesResponse,
      }),
  };
}
