// The calls the customer panel and modals make (000 §7). The screens take this interface so tests
// and previews can give fakes; `createCustomerApi` backs it with the app's HTTP client.
import type { ApiClient } from '../../../../api/http';
import { type Customer, customerSchema, type IdentifierType } from '../../../../domain';
import type { JournalActivity } from './customer-view';

/** 003 §9: the cashier's customer search gives up after 10 s. */
export const CUSTOMER_SEARCH_TIMEOUT_MS = 10_000;

export type LookupType = Exclude<IdentifierType, 'search'>;

export interface CustomerApi {
  /** POST cashier/pos/user?retrieve_coupon=1: the user, or a new customer (user_code null). */
  findCustomer(type: LookupType, value: string, timeoutMs: number): Promise<Customer>;
  /** GET cashier/pos/user-search?keyword=: the matching users. */
  searchCustomers(keyword: string, timeoutMs: number): Promise<Customer[]>;
  /** GET cashier/customer-activity: today's journal activities of the customer. */
  customerActivities(type: IdentifierType, value: string): Promise<JournalActivity[]>;
}

const asCustomer = (raw: unknown): Customer => {
  const parsed = customerSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A user object the schema cannot read is still shown; user_code stays what the server said.
  const obj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { ...obj, user_code: typeof obj.user_code === 'string' ? obj.user_code : null } as Customer;
};

const listOf = (data: unknown, key: string): unknown[] => {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    const inner = (data as Record<string, unknown>)[key];
    if (Array.isArray(inner)) return inner;
  }
  return [];
};

export function createCustomerApi(client: ApiClient): CustomerApi {
  return {
    async findCustomer(type, value, timeoutMs) {
      const data = await client.request<unknown>({
        method: 'POST',
        path: 'cashier/pos/user',
        query: { retrieve_coupon: 1 },
        body: { user_identifier_type: type, user_identifier_string: value },
        timeoutMs,
      });
      const user =
        data && typeof data === 'object' && 'user' in data ? (data as { user: unknown }).user : data;
      return asCustomer(user);
    },
    async searchCustomers(keyword, timeoutMs) {
      const data = await client.request<unknown>({
        method: 'GET',
        path: 'cashier/pos/user-search',
        query: { keyword },
        timeoutMs,
      });
      return listOf(data, 'users').map(asCustomer);
    },
    async customerActivities(type, value) {
      const data = await client.request<unknown>({
        method: 'GET',
        path: 'cashier/customer-activity',
        query: { user_identifier_type: type, user_identifier_string: value },
        timeoutMs: CUSTOMER_SEARCH_TIMEOUT_MS,
      });
      return listOf(data, 'activities') as JournalActivity[];
    },
  };
}
