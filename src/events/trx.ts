import type {
  BusinessMembership,
  Customer,
  DeletedDetail,
  DiscountKind,
  Payment,
  PosItemDiscount,
  PosTransaction,
  SalesType,
  ServiceArea,
  TrxAccountReceivable,
  TrxCoupon,
  TrxDetail,
  TrxRedeem,
  TrxStates,
} from '../domain/model';

/**
 * The drv_* totals of a transaction, as src/domain's priceTransaction computed them when the
 * command ran. Events carry them so a replay never re-prices with a later configuration.
 */
/** A line's worker fields: what a worker edit (post-edit or before Selesai) changes, and nothing else. */
export type LineWorkerFields = Pick<
  TrxDetail,
  'commission_worker' | 'commission_workers' | 'business_commission_worker_id' | 'pos_item_package_details'
>;

/**
 * Who allowed a deletion or a qty change with their password (pos_cashier_delete_by_pin = 1): the answer of
 * cashier/pos/pin-validation. Kept in the event for the auditor (issue 15); the spec's deleted_details has no
 * field for it. Optional: events logged before it, or a deletion without a password, have none.
 */
export interface SupervisorApproval {
  business_user_id: number;
  supervisor_name: string;
  validated_at: string;
}

export interface DrvTotals {
  drv_gross_total: number;
  drv_subtotal: number;
  drv_total_discount_nominal: number;
  drv_total_service_charge: number;
  drv_total_additional_charge: number;
  drv_tax: number;
  drv_grand_total: number;
  drv_qty: number;
}

export type StockMovement = PosTransaction['sales'][number];

/** The server's answer to a submit or a sync (000 §7 cashier/pos-trx, [0]). */
export interface ServerAcceptance {
  pos_sales_trx_head_id: string | number;
  trx_id?: string | null;
  deposit_balance?: number | null;
  top_up_deposit_rewards?: PosTransaction['top_up_deposit_rewards'];
  /** A membership sale's period (ruling 28: its receipt prints it). */
  membership_period?: PosTransaction['membership_period'];
  created_at?: string | null;
  sync_time?: string | null;
}

/**
 * Transaction events (000 §3–4). Every one carries the envelope's trxId = local_trx_id. Events
 * that change what pricing reads carry `totals` (the domain's numbers); the line/discount
 * events also clear payments and set is_synced false (000 §4 "Editing lines").
 */
export interface TrxEventPayloads {
  /** A new transaction (status 2) with the spec's initial values. */
  'trx.started': { trx: PosTransaction };
  /** A line was added (a new line, or an existing one's qty raised by a merge: `line` replaces it). */
  'trx.lineAdded': { line: TrxDetail; merged: boolean; totals: DrvTotals };
  /** A line was edited (replaced whole); `log` is the deleted_details entry (MODIFY_QTY / MODIFY_ITEM). */
  'trx.lineChanged': {
    line: TrxDetail;
    log: DeletedDetail | null;
    totals: DrvTotals;
    /** MODIFY_QTY behind the supervisor password: who allowed it (absent in older events). */
    supervisor?: SupervisorApproval;
  };
  /** A line was removed; `log` is its DELETE_ITEM / DELETE entry; clearDiscounts when DISCOUNT_TRANSACTION = 0. */
  'trx.lineRemoved': {
    local_trx_detail_id: string;
    log: DeletedDetail;
    clearDiscounts: boolean;
    totals: DrvTotals;
    /** DELETE_ITEM behind the supervisor password: who allowed it (absent in older events). */
    supervisor?: SupervisorApproval;
  };
  /** The global discount changed (apply or remove): the new discounts list and the dialog state. */
  'trx.discountsChanged': { discounts: PosItemDiscount[]; states: TrxStates; totals: DrvTotals };
  /**
   * Issue 14 'Penggunaan Kupon': the customer's coupon applied (coupon set) or removed (null); removing it
   * also removes the lines added through it (removedLineIds, each logged DELETE).
   */
  'trx.couponSet': {
    coupon: TrxCoupon | null;
    removedLineIds: string[];
    logs: DeletedDetail[];
    totals: DrvTotals;
  };
  /** The customer's member discount is dropped for this transaction (discount_level null). */
  'trx.memberDiscountRemoved': { totals: DrvTotals };
  /** Customer chosen or cleared (null). */
  'trx.customerSet': { customer: Customer | null; totals: DrvTotals };
  'trx.labelSet': { trx_label: string | null };
  'trx.documentDateSet': { document_date: string | null };
  'trx.tagsSet': { tags: number[] };
  /**
   * Issue 26: the appointment of a status-1 transaction was edited: its sales type (with the name the
   * transaction takes from it), its tags, and the lines that carried the old sales type now carry the new one;
   * priced again.
   */
  'trx.appointmentEdited': {
    pos_salesType_id: number;
    trx_name: string | null;
    pos_sales_type: SalesType | null;
    tags: number[];
    totals: DrvTotals;
  };
  'trx.notesSet': { trx_notes: string | null };
  'trx.serviceAreaSet': { service_area: ServiceArea | null };
  /** The deposit wallet code ('Kode Receh') typed on the payment step. */
  'trx.recehCodeSet': { receh_code: string | null };
  /**
   * A receivable-payment transaction's chosen receivable (000 §2 'Pilih Transaksi Piutang'; issue 12's 'Bayar'),
   * one of its customer's account_receivables, or none (null).
   */
  'trx.accountReceivableSet': { account_receivable: TrxAccountReceivable | null };
  /**
   * The redeem dialog resolved a reward (000 §4): the transaction's redeem. Its 'item' line, if any, is added
   * after it by trx.lineAdded (carrying the redeem marker).
   */
  'trx.redeemSet': { redeem: TrxRedeem; totals: DrvTotals };
  /** The redeem removed ('hapus', or the dialog's confirmations): it and the lines it owns (`logs`: each DELETE). */
  'trx.redeemRemoved': { logs: DeletedDetail[]; totals: DrvTotals };
  /** The SMS redeem code typed on the payment step (000 §2): nothing priced changes, payments stay. */
  'trx.redeemCodeSet': { redeem_code: string | null };
  /** A membership sale's chosen membership (000 §2 'Pilih membership'), stored as membership_item. */
  'trx.membershipItemSet': { membership_item: BusinessMembership | null };
  'trx.paymentAdded': { payment: Payment };
  'trx.paymentRemoved': { local_payment_id: string };
  /** Stock-out lists for the transaction, as the server answered (ruling 5). */
  'trx.stockOutRecorded': {
    sales: StockMovement[];
    consumptions: StockMovement[];
    ingredients: StockMovement[];
  };
  /** Reset: only local_trx_id and trx_local_start_time are kept (000 §4). */
  'trx.reset': { trx: PosTransaction };
  /** Printing marks every line printed. */
  'trx.printed': { last_printed_at: string };
  /** Appointment checkout: status 1 → 2. */
  'trx.checkedOut': Record<string, never>;
  /**
   * Post-edit (000 §4) accepted by the server: only the worker fields of one line change. Recorded
   * even when the sale is not on this device (the log is the audit trail); the reducer then ignores it.
   */
  'trx.workersEdited': {
    edit_session_id: string;
    local_trx_detail_id: string;
    workers: LineWorkerFields;
  };
  /**
   * A pending sale's line gets its workers (issue 10, the Selesai worker check): only the worker fields
   * change, so the total does not move and the payments stay (000 §4 clears them only for a moved total).
   */
  'trx.lineWorkersSet': {
    local_trx_detail_id: string;
    workers: LineWorkerFields;
  };
  /** Submit (000 §4 Submission): status 3, with everything the submit records. */
  'trx.submitted': {
    trx_status_id: 3;
    order_no: number;
    trx_local_end_time: string;
    trx_discount_type: DiscountKind | null;
    /** item_discount_type per local_trx_detail_id. */
    item_discount_types: Record<string, DiscountKind | null>;
    cashier_configs: Record<string, unknown>;
    nfc_code: string | null;
    receh_code: string | null;
    local_shift_id: string | null;
    totals: DrvTotals;
  };
  /** The server holds the sale (submit online, or a sync): is_synced true. */
  'trx.serverAccepted': ServerAcceptance;
  /**
   * An online-required submit whose outcome is unknown (time-out, no network, 5xx): the server may
   * hold the sale. The sale stays pending; its next retry or edit asks the server first (000 §4).
   */
  'trx.submissionUnconfirmed': { message: string };
  /**
   * The server already holds this sale (a lost answer, 000 §4 Submission): the device takes the
   * server's copy (its lines, payments, totals) as completed and synced; local edits since are dropped.
   */
  'trx.adoptedFromServer': { trx: PosTransaction; acceptance: ServerAcceptance };
  /** A sync or submit attempt failed; the sale stays in the outbox. */
  'trx.syncFailed': { message: string };
  /** Void accepted by the server: status 4. */
  'trx.voided': { reason: string };
  /** Saved to the server (archive): removed locally. */
  'trx.archived': Record<string, never>;
  /** Downloaded from the saved list: added locally as the server holds it. */
  'trx.downloaded': { trx: PosTransaction };
  /** Deleted locally; `trx` is the snapshot kept for the sign-out's deletedTrxs (with its DELETE_TRX entry). */
  'trx.deleted': { trx: PosTransaction; supervisor?: SupervisorApproval };
  /**
   * Ruling 27: an empty transaction (no line, payment, customer or notes) left by the cashier: removed
   * locally, sent nowhere (not a deletedTrx: nobody's work). The log keeps its start and this end.
   */
  'trx.discarded': Record<string, never>;
  /**
   * Issue 27: the maintenance page's 'Change Value' (002 §2.23) — the transaction as corrected by hand and the
   * fields it changed. Appended like any event (the log is never rewritten); the replay shows it as a step.
   */
  'trx.corrected': { trx: PosTransaction; changed: string[] };
}

export const TRX_EVENT_VERSIONS = {
  'trx.started': 1,
  'trx.lineAdded': 1,
  'trx.lineChanged': 1,
  'trx.lineRemoved': 1,
  'trx.discountsChanged': 1,
  'trx.memberDiscountRemoved': 1,
  'trx.couponSet': 1,
  'trx.customerSet': 1,
  'trx.labelSet': 1,
  'trx.documentDateSet': 1,
  'trx.tagsSet': 1,
  'trx.appointmentEdited': 1,
  'trx.notesSet': 1,
  'trx.serviceAreaSet': 1,
  'trx.recehCodeSet': 1,
  'trx.accountReceivableSet': 1,
  'trx.redeemSet': 1,
  'trx.redeemRemoved': 1,
  'trx.redeemCodeSet': 1,
  'trx.membershipItemSet': 1,
  'trx.paymentAdded': 1,
  'trx.paymentRemoved': 1,
  'trx.stockOutRecorded': 1,
  'trx.reset': 1,
  'trx.printed': 1,
  'trx.checkedOut': 1,
  'trx.workersEdited': 1,
  'trx.lineWorkersSet': 1,
  'trx.submitted': 1,
  'trx.serverAccepted': 1,
  'trx.submissionUnconfirmed': 1,
  'trx.adoptedFromServer': 1,
  'trx.syncFailed': 1,
  'trx.voided': 1,
  'trx.archived': 1,
  'trx.downloaded': 1,
  'trx.deleted': 1,
  'trx.discarded': 1,
  'trx.corrected': 1,
} as const satisfies Record<keyof TrxEventPayloads, number>;

/** Money-critical: always committed with strict durability. */
export const TRX_STRICT_EVENT_TYPES = [
  'trx.submitted',
  'trx.paymentAdded',
  'trx.voided',
  'trx.serverAccepted',
  'trx.adoptedFromServer',
] as const satisfies readonly (keyof TrxEventPayloads)[];
