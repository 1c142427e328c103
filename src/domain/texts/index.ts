// Every user-visible text, one catalogue per area (issue 10). Each text is the specification's, word for
// word, or listed in OWN_TEXTS with the reason; test/domain/texts.test.ts checks both against the spec.

import { APPOINTMENT_FORM_MESSAGES, APPOINTMENT_OWN, APPOINTMENT_TEXTS } from './appointment';
import {
  AUTHORIZATION_TITLES,
  CASHIER_MESSAGES,
  CUSTOMER_SEARCH_MESSAGES,
  ENGINE_MESSAGES,
  PAYMENT_TEXTS,
} from './cashier';
import { CUSTOMER_PANEL_TEXTS, CUSTOMER_SEARCH_OWN, MEMBER_ACTIVATION_TEXTS } from './customer-search';
import { DEVICE_TEXTS } from './device';
import { EMR_RECORDS_OWN, EMR_RECORDS_TEXTS } from './emr-records';
import { EMR_SETUP_OWN, EMR_SETUP_TEXTS } from './emr-setup';
import { HELP_OWN, HELP_TEXTS } from './help';
import { HISTORY_MESSAGES, HISTORY_TEXTS } from './history';
import { INVENTORY_MESSAGES, INVENTORY_SERVER_MESSAGES } from './inventory';
import { ADJUSTMENT_TEXTS, STOCK_IN_TEXTS } from './inventory-entry';
import { STOCK_OUT_TEXTS } from './inventory-stock-out';
import { TRANSFER_OWN, TRANSFER_TEXTS } from './inventory-transfer';
import { JOURNAL_OWN, JOURNAL_TEXTS } from './journal';
import { LOYALTY_OWN, LOYALTY_TEXTS } from './loyalty';
import { MAINTENANCE_OWN, MAINTENANCE_TEXTS } from './maintenance';
import { MEMBER_INFO_OWN, MEMBER_INFO_TEXTS } from './member-info';
import { MEMBERSHIP_TEXTS, WALLET_SECURITY_MESSAGES } from './membership';
import { PRINTING_TEXTS } from './printing';
import { DIGITAL_TEXTS, RECEIPT_MESSAGES, RECEIPT_TEXTS } from './receipt';
import { RECEIVABLE_TEXTS } from './receivable';
import { REDEEM_OWN, REDEEM_TEXTS } from './redeem';
import { REGISTRATION_OWN, REGISTRATION_TEXTS } from './registration';
import { REPORT_OWN, REPORT_TEXTS } from './reports';
import { PAYMENT_CHECK_MESSAGES, SALE_MESSAGES } from './sale';
import { SECURE_CONTEXT_TEXTS } from './secure-context';
import { API_MESSAGES, LOOKUP_MESSAGES, POS_MESSAGES } from './server';
import { RESET_FORM_TEXT, RESET_PASSWORD_MESSAGES, SESSION_MESSAGES } from './session';
import { SETTLEMENT_MESSAGES, SETTLEMENT_SCOPE_TEXTS, SETTLEMENT_TEXTS } from './settlement';
import { SHIFT_MESSAGES, SHIFT_TEXTS } from './shift';
import { STOCK_CARD_TEXTS } from './stock-card';
import { STOCK_LIST_TEXTS } from './stock-list';
import { STORAGE_TEXTS } from './storage';
import { SYNC_FIRST_TEXTS, SYNC_MESSAGES } from './sync';
import { VOID_OWN } from './void';

export * from './appointment';
export * from './cashier';
export * from './customer-search';
export * from './device';
export * from './emr-records';
export * from './emr-setup';
export * from './help';
export * from './history';
export * from './inventory';
export * from './inventory-entry';
export * from './inventory-stock-out';
export * from './inventory-transfer';
export * from './journal';
export * from './loyalty';
export * from './maintenance';
export * from './member-info';
export * from './membership';
export * from './own';
export * from './printing';
export * from './receipt';
export * from './receivable';
export * from './redeem';
export * from './registration';
export * from './reports';
export * from './sale';
export * from './secure-context';
export * from './server';
export * from './session';
export * from './settlement';
export * from './shift';
export * from './stock-card';
export * from './stock-list';
export * from './storage';
export * from './sync';
export * from './void';

/** A catalogue: texts, or functions filling a text's placeholders. */
export type TextCatalogue = Readonly<Record<string, string | ((...args: never[]) => string)>>;

/** Every catalogue by area and name: what the spec test walks. */
export const TEXT_CATALOGUES: Readonly<Record<string, Readonly<Record<string, TextCatalogue>>>> = {
  sale: { SALE_MESSAGES, PAYMENT_CHECK_MESSAGES },
  cashier: {
    CASHIER_MESSAGES,
    ENGINE_MESSAGES,
    PAYMENT_TEXTS,
    CUSTOMER_SEARCH_MESSAGES,
    AUTHORIZATION_TITLES,
  },
  session: { SESSION_MESSAGES, RESET_PASSWORD_MESSAGES, RESET_FORM_TEXT },
  sync: { SYNC_MESSAGES, SYNC_FIRST_TEXTS },
  receipt: { RECEIPT_TEXTS, DIGITAL_TEXTS, RECEIPT_MESSAGES },
  printing: { PRINTING_TEXTS },
  server: { API_MESSAGES, POS_MESSAGES, LOOKUP_MESSAGES },
  history: { HISTORY_TEXTS, HISTORY_MESSAGES },
  shift: { SHIFT_TEXTS, SHIFT_MESSAGES },
  appointment: { APPOINTMENT_TEXTS, APPOINTMENT_FORM_MESSAGES, APPOINTMENT_OWN },
  settlement: { SETTLEMENT_TEXTS, SETTLEMENT_MESSAGES, SETTLEMENT_SCOPE_TEXTS },
  receivable: { RECEIVABLE_TEXTS },
  membership: { MEMBERSHIP_TEXTS, WALLET_SECURITY_MESSAGES },
  inventory: { INVENTORY_MESSAGES, INVENTORY_SERVER_MESSAGES },
  stockOut: { STOCK_OUT_TEXTS },
  stockList: { STOCK_LIST_TEXTS },
  stockCard: { STOCK_CARD_TEXTS },
  inventoryEntry: { STOCK_IN_TEXTS, ADJUSTMENT_TEXTS },
  inventoryTransfer: { TRANSFER_TEXTS, TRANSFER_OWN },
  redeem: { REDEEM_TEXTS, REDEEM_OWN },
  loyalty: { LOYALTY_TEXTS, LOYALTY_OWN },
  void: { VOID_OWN },
  storage: { STORAGE_TEXTS },
  secureContext: { SECURE_CONTEXT_TEXTS },
  device: { DEVICE_TEXTS },
  help: { HELP_TEXTS, HELP_OWN },
  maintenance: { MAINTENANCE_TEXTS, MAINTENANCE_OWN },
  reports: { REPORT_TEXTS, REPORT_OWN },
  memberInfo: { MEMBER_INFO_TEXTS, MEMBER_INFO_OWN },
  emrRecords: { EMR_RECORDS_TEXTS, EMR_RECORDS_OWN },
  journal: { JOURNAL_TEXTS, JOURNAL_OWN },
  customerSearch: { CUSTOMER_PANEL_TEXTS, CUSTOMER_SEARCH_OWN, MEMBER_ACTIVATION_TEXTS },
  emrSetup: { EMR_SETUP_TEXTS, EMR_SETUP_OWN },
  registration: { REGISTRATION_TEXTS, REGISTRATION_OWN },
};
