// The cashier's customer pieces (000 §2 "Cashier dialogs", §4 "Customer in a transaction", §5).
// Mount <SetCustomerModal/> and <CustomerJournalModal/> once on the page (or <PosDialogs/> from
// ../dialogs); put <CustomerPanel/> in step 2's right panel (and step 3's left side).

export { CustomerJournalModalView } from './CustomerJournalModal';
export { CustomerPanelView } from './CustomerPanel';
export { CustomerJournalModal, CustomerPanel, SetCustomerModal } from './connected';
export { customerContact, customerPanelView } from './customer-view';
export { SetCustomerModalView } from './SetCustomerModal';
