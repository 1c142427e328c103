// The cashier dialogs (000 §2 "Cashier dialogs", §5). Mount <PosDialogs/> once on the cashier page
// (inside <PosProvider>); open them from anywhere with useDialogs():
//   const dialogs = useDialogs();
//   dialogs.openNotes(); dialogs.openGlobalDiscount(); dialogs.openStockOut(local_trx_id);
//   dialogs.openSetCustomer(); dialogs.openJournal();
//   const authorization = await dialogs.authorize({ kind: 'deletion', title: AUTHORIZATION_TITLES.deleteItem });
//   if (authorization) await commands.removeLine({ local_trx_id, local_trx_detail_id, authorization });
// authorize() resolves null when the cashier cancels; the password is already verified by the server.

export { AuthorizationModalView } from './AuthorizationModal';
export { type AuthorizationKind, verifyAuthorization } from './authorization';
export {
  AuthorizationModal,
  GlobalDiscountDialog,
  NotesDialog,
  ServiceAreaSelect,
  type ServiceAreaSelectProps,
  StockOutModal,
  TrxMetaPanel,
} from './connected';
export { GlobalDiscountDialogView } from './GlobalDiscountDialog';
export { canOpenGlobalDiscount, DISCOUNT_APPLIED } from './global-discount-form';
export { NOTES_SAVED, NotesDialogView } from './NotesDialog';
export { PosDialogs } from './PosDialogs';
export { ServiceAreaSelectView } from './ServiceAreaSelect';
export { STOCK_OUT_TITLE, StockOutModalView } from './StockOutModal';
export { serviceAreaGroups, toServiceArea } from './service-areas';
export { createDialogsStore, type DialogsStore, type UseDialogs, useDialogs } from './store';
export { TrxMetaPanelView } from './TrxMetaPanelView';
