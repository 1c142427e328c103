import type { CashierCommands, CashierCommandsOptions, CommandResult } from './types';

const pending = async (): Promise<CommandResult<never>> => ({ ok: false, message: 'Belum tersedia' });

/** Builds the cashier commands over a store (implementation lands next). */
export function createCashierCommands(_options: CashierCommandsOptions): CashierCommands {
  return {
    startTransaction: pending,
    openTransaction: pending,
    checkoutAppointment: pending,
    addItem: pending,
    editLine: pending,
    removeLine: pending,
    addCustomItem: pending,
    setCustomPrice: pending,
    restorePrice: pending,
    setCustomer: pending,
    clearCustomer: pending,
    setLabel: pending,
    setDocumentDate: pending,
    setTags: pending,
    setNotes: pending,
    setServiceArea: pending,
    setRecehCode: pending,
    applyGlobalDiscount: pending,
    removeGlobalDiscount: pending,
    removeMemberDiscount: pending,
    addPayment: pending,
    removePayment: pending,
    recordStockOut: pending,
    resetTransaction: pending,
    markPrinted: pending,
    submit: pending,
    recordServerAcceptance: pending,
    recordSyncFailure: pending,
    voidRecorded: pending,
    archived: pending,
    downloaded: pending,
    deleteTransaction: pending,
  };
}
