// Receipts (issue 5, browser): the receipt pages and the pieces other screens mount.
export { DigitalReceiptForm, DigitalReceiptFormView } from './DigitalReceiptForm';
export { PublicReceiptPage } from './PublicReceiptPage';
export { ReceiptPage } from './ReceiptPage';
export { ReceiptPaper } from './ReceiptPaper';
export { ReceiptScreen, receiptButtons } from './ReceiptScreen';
export { createReceiptApi, type ReceiptApi } from './receipt-api';
export { TrxEditPage, TrxEditView } from './TrxEditPage';
