import { RECEIPT_TEXTS } from '../texts/receipt';
// What each modifier of pos/receipt/{local_trx_id}/{modifier} prints (000 §2 "Printed receipt page"),
// plus the public receipt, the copy page (002 §2.10) and post-edit (000 §4). Pure data, no rendering.

export type ReceiptKind =
  | 'legitimate'
  | 'pre-settlement'
  | 'order-preview'
  | 'order-preview-unprinted'
  | 'completed'
  | 'view'
  | 'post-edit';

export interface ReceiptMode {
  kind: ReceiptKind;
  /** 'PRE-SETTLEMENT' or 'THIS IS A COPY' at the top. */
  banner: string | null;
  /** Pre-settlement prints the time it was printed. */
  printTime: boolean;
  /** Order lists: no prices, no totals. */
  prices: boolean;
  payments: boolean;
  /** Order lists print neither the header nor the footer. */
  headerFooter: boolean;
  /** Order-preview-unprinted: only lines with last_printed_at empty. */
  onlyUnprinted: boolean;
  /** Worker and seller names whatever pos_print_worker / pos_print_seller say (order lists). */
  forceWorkers: boolean;
  /** The second page (order detail by CATEGORY or WORKER) when pos_print_order_detail = 1. */
  orderSlips: boolean;
  /** 'Saldo Deposit' when print_deposit_balance_on_receipt = 1. */
  depositBalance: boolean;
  /** 'Print Struk' and 'Kembali' in TABLET mode. */
  tabletButtons: boolean;
  /** DESKTOP (or unset) prints after 0.5 s and closes the window. */
  autoPrint: boolean;
  /** Printing marks every line printed (last_printed_at), through the event log. */
  marksPrinted: boolean;
  /** Post-edit: the line names open the worker editor. */
  editable: boolean;
  /** The history's preview prints the lines' secret notes (002 §2.9); receipts never do. */
  secretNotes?: boolean;
}

/** 003 §9: auto-print delay. */
export const AUTO_PRINT_DELAY_MS = 500;

/** 'Edit Transaksi #' + short id + ' / ' + trx_local_end_time (000 §2). */
export const trxEditTitle = (shortId: string, endTime: string | null | undefined): string =>
  `Edit Transaksi #${shortId} / ${endTime ?? ''}`;

const AUTO_PRINT_MODIFIERS = new Set(['print', 'pre-settlement', 'order-preview']);

const base: Omit<ReceiptMode, 'kind'> = {
  banner: null,
  printTime: false,
  prices: true,
  payments: true,
  headerFooter: true,
  onlyUnprinted: false,
  forceWorkers: false,
  orderSlips: false,
  depositBalance: false,
  tabletButtons: false,
  autoPrint: false,
  marksPrinted: false,
  editable: false,
};

/**
 * The rules of one modifier. `displayMode` null/undefined counts as DESKTOP (000 §2: "In DESKTOP (or
 * unset) display mode, modifiers print, pre-settlement and order-preview auto-print after 0.5 s").
 */
export const receiptMode = (modifier: string, displayMode?: string | null): ReceiptMode => {
  const desktop = (displayMode ?? 'DESKTOP') !== 'TABLET';
  const autoPrint = desktop && AUTO_PRINT_MODIFIERS.has(modifier);
  switch (modifier) {
    case 'pre-settlement':
      return {
        ...base,
        kind: 'pre-settlement',
        banner: RECEIPT_TEXTS.preSettlement,
        printTime: true,
        payments: false,
        autoPrint,
        marksPrinted: true,
      };
    case 'order-preview':
    case 'order-preview-unprinted':
      return {
        ...base,
        kind: modifier,
        prices: false,
        payments: false,
        headerFooter: false,
        onlyUnprinted: modifier === 'order-preview-unprinted',
        forceWorkers: true,
        autoPrint,
        marksPrinted: true,
      };
    case 'completed':
      return { ...base, kind: 'completed', banner: RECEIPT_TEXTS.copy };
    case 'view':
      return { ...base, kind: 'view' };
    case 'post-edit':
      return { ...base, kind: 'post-edit', forceWorkers: true, editable: true };
    default:
      return {
        ...base,
        kind: 'legitimate',
        orderSlips: true,
        depositBalance: true,
        tabletButtons: !desktop,
        autoPrint,
        marksPrinted: true,
      };
  }
};

/** The public receipt (/receipt/{token}): the legitimate receipt, printed on demand, never marking. */
export const publicReceiptMode = (): ReceiptMode => ({
  ...receiptMode('public', 'TABLET'),
  tabletButtons: false,
  marksPrinted: false,
});

/** The receipt copy print page (002 §2.10): 'THIS IS A COPY', auto-print after 500 ms in DESKTOP. */
export const copyReceiptMode = (displayMode?: string | null): ReceiptMode => ({
  ...receiptMode('completed', displayMode),
  autoPrint: (displayMode ?? 'DESKTOP') !== 'TABLET',
});

/**
 * The history's receipt preview (002 §2.9): the sale as its receipt shows it, with the secret notes, the
 * sellers and the workers whatever the print settings say; printed only through the copy page.
 */
export const historyPreviewMode = (): ReceiptMode => ({
  ...receiptMode('view'),
  forceWorkers: true,
  secretNotes: true,
});
