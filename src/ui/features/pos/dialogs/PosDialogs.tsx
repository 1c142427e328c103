// Every dialog of the cashier page that useDialogs() opens, mounted once (inside <PosProvider>).
import { CustomerJournalModal, SetCustomerModal } from '../customer/connected';
import { AuthorizationModal, GlobalDiscountDialog, NotesDialog, StockOutModal } from './connected';

export function PosDialogs() {
  return (
    <>
      <SetCustomerModal />
      <CustomerJournalModal />
      <NotesDialog />
      <GlobalDiscountDialog />
      <StockOutModal />
      <AuthorizationModal />
    </>
  );
}
