// The customer search panel's calls on the loyalty screens (001 §7): POST cashier/pos/user with the screen's
// time-out, and the keyword search.
import { useMemo } from 'react';
import { CUSTOMER_PATHS, posUser, userSearchResponse } from '../../../api/contract';
import type { Customer } from '../../../domain';
import { useServices } from '../../app/services';
import type { CustomerSearchPanelProps } from '../customers/search';

export function useCustomerSearchApi(timeoutMs: number): CustomerSearchPanelProps['api'] {
  const { client } = useServices();
  return useMemo(
    () => ({
      findCustomer: (identifier) =>
        client.request({
          method: 'POST',
          path: CUSTOMER_PATHS.posUser,
          body: identifier,
          timeoutMs,
          schema: posUser,
        }) as Promise<Customer>,
      searchUsers: (keyword) =>
        client.request({
          method: 'GET',
          path: CUSTOMER_PATHS.userSearch,
          query: { keyword },
          schema: userSearchResponse,
        }) as ReturnType<CustomerSearchPanelProps['api']['searchUsers']>,
    }),
    [client, timeoutMs],
  );
}
