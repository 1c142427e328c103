// The shared customer search panel (001 §2.2): see the usage comment at the top of CustomerSearchPanel.tsx.
export { SEARCH_TYPES } from '../../../../domain/customer-search';
export { CustomerDataForm } from './CustomerDataForm';
export {
  CustomerSearchPanel,
  type CustomerSearchPanelProps,
  SEARCH_TYPE_LABELS,
} from './CustomerSearchPanel';
export {
  type CustomerSearchApi,
  lookupCustomer,
  pickedIdentifier,
  pickSearchResult,
  type SearchHit,
  searchCustomers,
} from './search-outcomes';
