// The calls the customer panel and modals make: src/api/customer.ts (10 s time-out for the
// searches, 003 §9). Screens take the narrow slice they use so tests and previews give fakes.
import type { CustomerApi as ApiCustomerCalls } from '../../../../api/customer';

export type { CustomerIdentifier } from '../../../../api/customer';
export type CustomerApi = Pick<ApiCustomerCalls, 'findCustomer' | 'searchUsers' | 'customerActivity'>;
