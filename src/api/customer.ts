import {
  type AreaListResponse,
  areaListResponse,
  CUSTOMER_PATHS,
  type CustomerActivityResponse,
  type CustomerIdentifierRequest,
  customerActivityResponse,
  type DiscountListResponse,
  discountListResponse,
  type PinValidationResponse,
  type PosUser,
  pinValidationResponse,
  posUser,
  type TagListResponse,
  tagListResponse,
  type UserSearchResponse,
  userSearchResponse,
} from './contract';
import { type ApiClient, SHORT_TIMEOUT_MS } from './http';

/** 003 §9: customer search in the cashier times out after 10 s. */
export const CUSTOMER_SEARCH_TIMEOUT_MS = SHORT_TIMEOUT_MS;

export interface CustomerIdentifier {
  user_identifier_type: NonNullable<CustomerIdentifierRequest['user_identifier_type']>;
  user_identifier_string: string;
}

export interface CustomerApi {
  /** Set Customer: POST cashier/pos/user?retrieve_coupon=1 (10 s). */
  findCustomer(identifier: CustomerIdentifier): Promise<PosUser>;
  /** 'Refresh Saldo' (the customer balance call): POST cashier/pos/user → deposit_amount. */
  customerBalance(identifier: CustomerIdentifier): Promise<PosUser>;
  /** Nama search: GET cashier/pos/user-search?keyword= (10 s). */
  searchUsers(keyword: string): Promise<UserSearchResponse>;
  /** Customer Journals: GET cashier/customer-activity?user_identifier_type=&user_identifier_string=. */
  customerActivity(identifier: CustomerIdentifier): Promise<CustomerActivityResponse>;
  /** GET cashier/pos/discount. */
  listDiscounts(): Promise<DiscountListResponse>;
  /** GET cashier/pos-tag. */
  listTags(): Promise<TagListResponse>;
  /** GET cashier/pos-area. */
  listAreas(): Promise<AreaListResponse>;
  /** Authorization modals: POST cashier/pos/pin-validation {password}; a wrong one rejects with the server's message. */
  validatePin(password: string): Promise<PinValidationResponse>;
}

/** The cashier's lookup calls of 000 §7, typed by src/api/contract/customer.ts. */
export function createCustomerApi(client: ApiClient): CustomerApi {
  return {
    findCustomer: (identifier) =>
      client.request({
        method: 'POST',
        path: CUSTOMER_PATHS.posUser,
        query: { retrieve_coupon: 1 },
        body: identifier,
        timeoutMs: CUSTOMER_SEARCH_TIMEOUT_MS,
        schema: posUser,
      }),
    customerBalance: (identifier) =>
      client.request({ method: 'POST', path: CUSTOMER_PATHS.posUser, body: identifier, schema: posUser }),
    searchUsers: (keyword) =>
      client.request({
        method: 'GET',
        path: CUSTOMER_PATHS.userSearch,
        query: { keyword },
        timeoutMs: CUSTOMER_SEARCH_TIMEOUT_MS,
        schema: userSearchResponse,
      }),
    customerActivity: (identifier) =>
      client.request({
        method: 'GET',
        path: CUSTOMER_PATHS.customerActivity,
        query: { ...identifier },
        schema: customerActivityResponse,
      }),
    listDiscounts: () =>
      client.request({ method: 'GET', path: CUSTOMER_PATHS.discount, schema: discountListResponse }),
    listTags: () => client.request({ method: 'GET', path: CUSTOMER_PATHS.tag, schema: tagListResponse }),
    listAreas: () => client.request({ method: 'GET', path: CUSTOMER_PATHS.area, schema: areaListResponse }),
    validatePin: (password) =>
      client.request({
        method: 'POST',
        path: CUSTOMER_PATHS.pinValidation,
        body: { password },
        schema: pinValidationResponse,
      }),
  };
}
