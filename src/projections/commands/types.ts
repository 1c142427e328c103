import type {
  CommissionWorkerShare,
  Customer,
  ItemModifier,
  ItemSeller,
  LineWorker,
  PackageDetail,
  PaymentMethod,
  PaymentStatus,
  PaymentType,
  PosConfig,
  PosItem,
  PosItemDiscount,
  PosTransaction,
  SalesType,
  ServiceArea,
  TrxCoupon,
  TrxRedeem,
  TrxType,
} from '../../domain';
import type { Actor, EventPayloads, ServerAcceptance, StockMovement, SupervisorApproval } from '../../events';
import type { PendingRows } from '../pending';
import type { Store } from '../store';

/**
 * What every cashier command answers. A refusal carries the specification's message, verbatim,
 * for the UI to show as it is; `authorizationRequired` tells the UI which authorization modal
 * to open ('Otorisasi Pengubahan Qty Item' / 'Otorisasi Hapus Item' / 'Otorisasi Hapus Transaksi').
 */
export type CommandResult<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; message: string; authorizationRequired?: 'qty-reduction' | 'deletion' };

/**
 * A supervisor/cashier password authorization (pos_cashier_delete_by_pin = 1). The caller
 * verifies the password with the server (cashier/pos/pin-validation) BEFORE calling the command
 * and says so with `verified: true`; the command re-checks the spec's blank-field messages.
 */
export interface Authorization {
  password: string;
  reason: string;
  verified: true;
  /** Who the server found the password to be (pin-validation's answer), recorded in the event (issue 15). */
  supervisor?: SupervisorApproval;
}

export interface CashierCommandsOptions {
  /** The projections' store: commands read through it and write only by its writer. */
  store: Store;
  /** The current configuration (the signed-in user data, parsed by posConfigSchema). */
  getConfig: () => PosConfig | Promise<PosConfig>;
  /** The signed-in cashier's business_user_id (or 'device'). */
  actor: () => Actor;
  /** The clock; default () => new Date(). Timestamps are stored as local "YYYY-MM-DD HH:mm:ss". */
  now?: () => Date;
  /** Id source for local_trx_id / local_trx_detail_id / local_payment_id; default uuid(). */
  newId?: () => string;
  /** Where planned rows are shown before their commit (../pending.ts); default a new one. */
  pending?: PendingRows;
  /**
   * The shift a submit files its sale under, read from the store's read models (session, shifts): given, a
   * submit planned ahead reads it with its plan, in the same read as the log's end (issue 29: at 'Selesai'
   * nothing is read); absent, the submit awaits its input's local_shift_id.
   */
  readShift?: () => Promise<string | null>;
}

export interface StartTransactionInput {
  trx_type: TrxType;
  pos_salesType_id?: number | null;
  /** Tag ids (the /pos?tags= query). */
  tags?: number[];
  /** Shown in the lists as '{short id} - trx_name'; default the sales type name, else the kind. */
  trx_name?: string | null;
  /** An appointment's transaction (001 §4): status 1, linked, with the id the appointment names. */
  appointment?: { local_trx_id: string; local_appointment_id: string };
}

/** The line fields the item modal sets (000 §2 "Item modal"). */
export interface LineFields {
  qty: number;
  pos_item_variant_id: number;
  /** The chosen modifier groups, each with only the chosen options. */
  pos_item_pos_item_modifiers?: ItemModifier[];
  /** The chosen item promo ('req-item'), at most one. */
  pos_item_discounts?: PosItemDiscount[];
  custom_discount_type?: 'percentage' | 'nominal' | null;
  custom_discount_value?: number | null;
  notes?: string | null;
  secret_notes?: string | null;
  tags?: number[];
  /** Single-worker mode. */
  commission_worker?: LineWorker | null;
  /** Multi-commission mode. */
  commission_workers?: CommissionWorkerShare[];
  item_sellers?: ItemSeller[];
  service_area?: ServiceArea | null;
  /** Package lines: the package details with chosen variants, workers and areas. */
  pos_item_package_details?: PackageDetail[];
  coupon_notes?: string | null;
  coupon_activation_date?: string | null;
  /**
   * Set only when the line is added through the transaction's coupon or redeem (the linked
   * item's pos_item_id): the line carries it, is priced with that discount, is removed with the
   * coupon or redeem, and never merges with a catalogue line of the same item.
   */
  coupon?: { pos_item_id?: number | null; pos_link_type?: 'item' | 'item_category' | 'discount' } | null;
  redeem?: { pos_item_id?: number | null; pos_link_type?: 'item' | 'item_category' | 'discount' } | null;
}

export interface AddItemInput extends LineFields {
  local_trx_id: string;
  /** The catalogue item (its variants may carry a custom price set in the modal). */
  item: PosItem;
  /** Default: the transaction's sales type from the configuration. */
  pos_sales_type?: SalesType | null;
}

export interface EditLineInput {
  local_trx_id: string;
  local_trx_detail_id: string;
  changes: Partial<LineFields> & { item?: PosItem };
  /** Needed when qty changes and pos_cashier_delete_by_pin = 1. */
  authorization?: Authorization;
}

export interface RemoveLineInput {
  local_trx_id: string;
  local_trx_detail_id: string;
  /** Needed when pos_cashier_delete_by_pin = 1. */
  authorization?: Authorization;
}

export interface AddCustomItemInput {
  local_trx_id: string;
  qty: number;
  item_name: string;
  price: number;
  notes?: string | null;
  commission_worker?: LineWorker | null;
  commission_workers?: CommissionWorkerShare[];
  service_area?: ServiceArea | null;
}

export type GlobalDiscountInput =
  | { type: 'promo'; promo: PosItemDiscount | null }
  | { type: 'percentage'; percent: number | string | null }
  | { type: 'value'; nominal: number | string | null; nominalText?: string };

export interface AddPaymentInput {
  local_trx_id: string;
  payment_type: PaymentType;
  /** NORMAL: the chosen method (required). DEPOSIT/CREDIT: default the 'Deposit' / 'Piutang' method. */
  method?: PaymentMethod | null;
  amount: number | string | null;
  reference?: string | null;
}

/**
 * What a submit's post answered: the server's acceptance, or the message to show. `outcome` on a
 * failure: 'unknown' when the server may hold the sale (time-out, no network, 5xx, an unreadable
 * answer), 'differs' when it refused a repeat because it holds another version (repeatDiffers).
 * Without it the server refused the sale (400): it does not hold it.
 */
export type SendResult =
  | { ok: true; acceptance: ServerAcceptance }
  | { ok: false; message: string; outcome?: 'unknown' | 'differs' };

/** The sale as the server stored it (GET cashier/pos-trx/{local_trx_id}), split for trx.adoptedFromServer. */
export interface ServerCopy {
  trx: PosTransaction;
  acceptance: ServerAcceptance;
}

/** Asks the server for its copy: null when it does not hold the sale; rejects when it cannot tell. */
export type ServerLookup = (local_trx_id: string) => Promise<ServerCopy | null>;

export interface SubmitInput {
  local_trx_id: string;
  /** The NFC card code scanned before submit (≥ 10 characters or ignored). */
  nfc_code?: string | null;
  /** The SMS redeem code typed on the payment step. */
  smsRedeemCode?: string | null;
  /**
   * The active shift's local id (shift issue), when a shift is open; a promise of it is read while the
   * command waits for the writer lock (issue 29: 'Selesai' → paper).
   */
  local_shift_id?: string | null | Promise<string | null>;
  /**
   * Posts the sale (cashier/pos-trx, is_offline 0) with the caller's time-out and retries.
   * Online-required sales (requiresOnlineSubmission): called while the writer lock is held and
   * nothing is recorded unless it succeeds — it must not commit through the store itself.
   * Other sales: called after trx.submitted is committed (the sale is safe offline); its answer
   * records trx.serverAccepted or trx.syncFailed. Omitted: an offline submit. The command evaluates
   * requiresOnlineSubmission once and tells the sender (retries and time-out differ).
   */
  send?: (trx: PosTransaction, mode: { onlineRequired: boolean }) => Promise<SendResult>;
  /**
   * After a lost answer (trx.submissionUnconfirmed) or a repeatDiffers refusal: the server's copy.
   * Held → the sale adopts it (trx.adoptedFromServer) instead of being posted again.
   */
  lookup?: ServerLookup;
  /**
   * Issue 29 ('Selesai' → paper): the row the sale is about to be stored as, told just before its commit
   * so a printer can lay out its receipt while the commit runs. Nothing may be printed from it: the
   * commit can still fail. A throw is ignored.
   */
  onPlanned?: (trx: PosTransaction) => void;
  /**
   * The sale as stored, told the moment its completion is committed (before the optional-online post),
   * never for a sale that was not stored. The same object as the one given to onPlanned when nothing
   * changed between them. A throw is ignored.
   */
  onRecorded?: (trx: PosTransaction) => void;
}

/** The receivable payment's commands (src/projections/commands/receivable.ts). */
export interface ReceivableCommands {
  /**
   * A new receivable-payment transaction (trx_type ACCOUNT_RECEIVABLE, 'Pembayaran Piutang') for a known
   * customer (user_code set; its account_receivables as the server answered), and the receivable with
   * `account_receivable_id` chosen when given (one of the customer's, else refused).
   */
  startReceivablePayment(input: {
    customer: Customer;
    account_receivable_id?: number | null;
  }): Promise<CommandResult<{ local_trx_id: string }>>;
  /** 'Pilih Transaksi Piutang': one of the customer's receivables (or none) on a receivable payment. */
  chooseAccountReceivable(input: {
    local_trx_id: string;
    account_receivable_id: number | null;
  }): Promise<CommandResult>;
}

/** A top-up's or receivable payment's step 2 (src/projections/commands/special.ts). */
export interface SpecialCommands {
  /**
   * 'Nominal Top Up' / 'Nominal Pembayaran Piutang': creates or edits the one synthetic line (pos_item_id 1,
   * variant 1, qty 1) priced at `amount` (whole rupiah, 0 allowed: Continue refuses it). Refused without the
   * kind's customer (a top-up's: a member with an identifier, 000 §2).
   */
  setSpecialAmount(input: { local_trx_id: string; amount: number }): Promise<CommandResult>;
  /** The top-up's 'Seller' select: the line's item_sellers (single or multiple per configuration). */
  setSpecialSellers(input: { local_trx_id: string; seller_ids: number[] }): Promise<CommandResult>;
}

/** 'Penggunaan Kupon' in a sale (src/projections/commands/coupon.ts). */
/** The redeem in a sale (redeem.ts). */
export interface RedeemCommands {
  /** The dialog's step 1 → 2: the transaction's redeem (a sales transaction with a customer; none set yet). */
  setRedeem(input: { local_trx_id: string; redeem: TrxRedeem }): Promise<CommandResult>;
  /** Removes the redeem and every line carrying its marker (each logged DELETE). */
  removeRedeem(local_trx_id: string): Promise<CommandResult>;
  /** 'Redeem Code dari SMS' on the payment step (payments stay). */
  setRedeemCode(input: { local_trx_id: string; redeem_code: string | null }): Promise<CommandResult>;
}

export interface CouponCommands {
  /**
   * The customer's coupon applied to a sale (trx_type NORMAL, a customer set): transaction.coupon. A coupon
   * already applied is replaced, its lines removed. Refused: 'Customer harus dipilih terlebih dahulu!',
   * 'Kode kupon harus diisi!', 'Kupon tidak valid.' (no link).
   */
  applyCoupon(input: { local_trx_id: string; coupon: TrxCoupon }): Promise<CommandResult>;
  /** 'hapus' / cancelling the coupon: transaction.coupon cleared and the lines added through it removed. */
  removeCoupon(input: { local_trx_id: string }): Promise<CommandResult>;
}

/** A membership sale's step 2 (src/projections/commands/membership.ts). */
export interface MembershipCommands {
  /**
   * 'Pilih membership': stores membership_item (one of the configuration's memberships with a price above 0)
   * and sets the one synthetic line (name = membership_name, price = integer of price). Refused without a
   * customer ('Silakan tentukan customer terlebih dahulu') or for an unknown membership.
   */
  chooseMembership(input: { local_trx_id: string; business_membership_id: number }): Promise<CommandResult>;
  /** The membership's 'Seller' select: the line's item_sellers (single or multiple per configuration). */
  setMembershipSellers(input: { local_trx_id: string; seller_ids: number[] }): Promise<CommandResult>;
}

export interface CashierCommands
  extends ReceivableCommands,
    SpecialCommands,
    CouponCommands,
    MembershipCommands,
    RedeemCommands {
  /**
   * The rows these commands planned and are committing (../pending.ts): the cart shows them at once.
   * Absent on fakes.
   */
  readonly pending?: PendingRows;
  /** A new transaction (status 2) of the given kind: 000 §3 initial values. */
  startTransaction(input: StartTransactionInput): Promise<CommandResult<{ local_trx_id: string }>>;
  /** Opens a pending (2) or appointment (1) transaction; refuses others ('Transaksi tidak ditemukan'). */
  openTransaction(local_trx_id: string): Promise<CommandResult<{ trx: PosTransaction }>>;
  /** Appointment 'Checkout': status 1 → 2. */
  checkoutAppointment(local_trx_id: string): Promise<CommandResult>;
  /**
   * Issue 26: the appointment of a status-1 transaction was edited: the transaction takes its sales type
   * (name, the lines that had the old one) and tags, priced again. Refused for any other status.
   */
  editAppointmentSale(input: {
    local_trx_id: string;
    pos_salesType_id: number;
    tags: number[];
  }): Promise<CommandResult>;
  /**
   * Adds an item (item modal / tile / SKU). Validates with validateItemModal; the same
   * pos_item_id + variant (not a package) merges into the existing line's qty.
   */
  addItem(input: AddItemInput): Promise<CommandResult<{ local_trx_detail_id: string; merged: boolean }>>;
  /**
   * Edits a line (item modal on an existing line). A qty change with pos_cashier_delete_by_pin = 1
   * needs `authorization` (else refused with authorizationRequired 'qty-reduction') and is logged
   * MODIFY_QTY; other edits are logged MODIFY_ITEM. last_printed_at resets when qty changed.
   */
  editLine(input: EditLineInput): Promise<CommandResult>;
  /**
   * Removes a line: coupon/redeem lines refused with the spec's message; with
   * pos_cashier_delete_by_pin = 1 needs authorization (DELETE_ITEM with reason), else logged
   * DELETE. With DISCOUNT_TRANSACTION = 0 the transaction-level discounts are cleared too.
   */
  removeLine(input: RemoveLineInput): Promise<CommandResult>;
  /** 'Produk Custom' (003 §9 template: pos_item_id 1, is_custom 1, variant 1, 0% discount). */
  addCustomItem(input: AddCustomItemInput): Promise<CommandResult<{ local_trx_detail_id: string }>>;
  /** Custom price on a line's variant (validateCustomPrice; CUSTOM_PRICE_LESS_THAN_ORIGINAL). */
  setCustomPrice(input: {
    local_trx_id: string;
    local_trx_detail_id: string;
    price: number | string;
  }): Promise<CommandResult>;
  /**
   * A line's worker fields only (issue 10: the lines the Selesai worker check names). Checked with
   * validateLineWorkers; the total does not move, so payments stay (trx.lineWorkersSet).
   */
  setLineWorkers(input: {
    local_trx_id: string;
    local_trx_detail_id: string;
    workers: Partial<EventPayloads['trx.lineWorkersSet']['workers']>;
  }): Promise<CommandResult>;
  /** 'Kembalikan ke Harga Asli' on a line. */
  restorePrice(input: { local_trx_id: string; local_trx_detail_id: string }): Promise<CommandResult>;
  /** paymentsRemoved: the payments the change invalidated (a moved total, a customer gone), for the cashier to see. */
  setCustomer(input: {
    local_trx_id: string;
    customer: Customer;
  }): Promise<CommandResult<{ paymentsRemoved?: number }>>;
  clearCustomer(local_trx_id: string): Promise<CommandResult<{ paymentsRemoved?: number }>>;
  setLabel(input: { local_trx_id: string; trx_label: string | null }): Promise<CommandResult>;
  /** 'YYYY-MM-DD HH:mm' (only when is_document_date_editable = 1). */
  setDocumentDate(input: { local_trx_id: string; document_date: string | null }): Promise<CommandResult>;
  setTags(input: { local_trx_id: string; tags: number[] }): Promise<CommandResult>;
  /** Transaction Notes dialog. */
  setNotes(input: { local_trx_id: string; trx_notes: string | null }): Promise<CommandResult>;
  /** The transaction's service area (service_area_type 'transaction'). */
  setServiceArea(input: { local_trx_id: string; service_area: ServiceArea | null }): Promise<CommandResult>;
  /** 'Kode Receh' on the payment step. */
  setRecehCode(input: { local_trx_id: string; receh_code: string | null }): Promise<CommandResult>;
  /** Apply Global Discount (validateGlobalDiscount; replaces any basic/custom discount, ruling 3). */
  applyGlobalDiscount(input: { local_trx_id: string } & GlobalDiscountInput): Promise<CommandResult>;
  /** 'hapus' on the global discount. */
  removeGlobalDiscount(local_trx_id: string): Promise<CommandResult>;
  /** Drops the customer's member discount for this transaction. */
  removeMemberDiscount(local_trx_id: string): Promise<CommandResult<{ paymentsRemoved?: number }>>;
  /** Adds a payment (validateNormalPayment / Deposit / Credit); the charge via paymentCharge. */
  addPayment(
    input: AddPaymentInput,
  ): Promise<CommandResult<{ local_payment_id: string; status: PaymentStatus }>>;
  removePayment(input: {
    local_trx_id: string;
    local_payment_id: string;
  }): Promise<CommandResult<{ status: PaymentStatus }>>;
  /** The stock-out answer of cashier/inventory/inventory-out/{localTrxId}. */
  recordStockOut(input: {
    local_trx_id: string;
    sales?: StockMovement[];
    consumptions?: StockMovement[];
    ingredients?: StockMovement[];
  }): Promise<CommandResult>;
  /** Reset: keeps local_trx_id and trx_local_start_time only. */
  resetTransaction(local_trx_id: string): Promise<CommandResult>;
  /** Printing (steps 5–7, receipts): last_printed_at on every line. */
  markPrinted(local_trx_id: string): Promise<CommandResult>;
  /**
   * Post-edit (000 §4, /trx-edit): after the server accepted the PUT, records the new workers of one
   * line in the log — also for a sale this device does not hold (the event is the audit record).
   */
  recordWorkersEdited(
    input: EventPayloads['trx.workersEdited'] & { local_trx_id: string },
  ): Promise<CommandResult>;
  /**
   * 'Selesai': validates (continue-to-payment, then 000 §5 Submit incl. the worker check) and
   * records status 3, order_no, trx_local_end_time, discount kinds, cashier_configs, nfc_code,
   * local_shift_id, the totals. Online-required sales are recorded only once `send` succeeds
   * (else refused with its message, or 'Transaksi gagal, mohon coba kembali.' without `send`);
   * others are recorded first, then sent. Answers the transaction as posted and whether the
   * server holds it (synced). A transaction that is not pending (already submitted) is refused.
   */
  /**
   * Issue 29 ('Selesai' → paper): plans the sale's submission ahead while the payment step is on screen,
   * from the rows as stored now (no writer lock; nothing recorded). The next submit of the sale without an
   * NFC or SMS code commits that plan, stamped with its own time and shift, when nothing was recorded since
   * (the log's last seq, checked inside the commit); otherwise it plans anew as always.
   */
  prepareSubmit?(local_trx_id: string): Promise<void>;
  submit(
    input: SubmitInput,
  ): Promise<
    CommandResult<{ trx: PosTransaction; onlineRequired: boolean; synced: boolean; adopted?: boolean }>
  >;
  /**
   * Before a pending sale whose submit outcome is unknown is edited again: asks the server (lookup)
   * and adopts its copy when it holds the sale. Any other sale, or no answer: { adopted: false }.
   */
  reconcileSubmission(input: {
    local_trx_id: string;
    lookup: ServerLookup;
  }): Promise<CommandResult<{ adopted: boolean }>>;
  /** The server's answer to submit/sync: pos_sales_trx_head_id, trx_id …, is_synced true. */
  recordServerAcceptance(input: { local_trx_id: string } & ServerAcceptance): Promise<CommandResult>;
  /** A sync/submit attempt failed (kept in the outbox; the message is recorded). */
  recordSyncFailure(input: { local_trx_id: string; message: string }): Promise<CommandResult>;
  /** The server accepted the void: status 4. */
  voidRecorded(input: { local_trx_id: string; reason: string }): Promise<CommandResult>;
  /** Saved on the server (archive): removed locally. */
  archived(local_trx_id: string): Promise<CommandResult>;
  /** Downloaded from the saved list: added locally. */
  downloaded(trx: PosTransaction): Promise<CommandResult>;
  /**
   * 'Hapus': with pos_cashier_delete_by_pin = 1 needs authorization (DELETE_TRX with time and
   * reason; 'Otorisasi Hapus Transaksi'); the snapshot goes to deletedTrxs for the sign-out.
   */
  deleteTransaction(input: { local_trx_id: string; authorization?: Authorization }): Promise<CommandResult>;
  /** Ruling 27: the transaction the cashier leaves is discarded when it is empty (trx.discarded). */
  discardIfEmpty(local_trx_id: string): Promise<CommandResult<{ discarded: boolean }>>;
}
