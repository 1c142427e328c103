import { z } from 'zod';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../domain/texts/inventory';
import { API_MESSAGES } from '../../domain/texts/server';

/**
 * The inventory calls (002 §7), each path paired with its operation per ruling 12 (docs/api.md).
 * No leading slash.
 */
export const INVENTORY_PATHS = {
  /** GET: the brand's vendors. */
  vendors: 'cashier/inv-vendor',
  /** GET ?item_name= or ?sku=: the brand's stock-tracked variants. */
  searchItem: 'cashier/inventory/search-item',
  /** GET ?pos_item_variant_id=&inv_sloc_id=: qty, drv_bad_qty, variant_cogs. */
  currentStock: 'cashier/inventory/current-stock',
  /** GET: the stock list (reading A, ruling 6) of the session outlet. */
  stockList: 'cashier/inventory/outlet-stock',
  /** GET ?pos_item_variant_id=&inv_sloc_id?=&page=&size=: one item's stock card (ours, issue 22 item 9). */
  stockCard: 'cashier/inventory/stock-card',
  /** POST: stock in (FROM_SUPPLIER). */
  stockIn: 'cashier/inventory/inventory-in',
  /** POST: stock out (TO_BAD_STOCK or CONSUMPTION); GET …/{local_trx_id} is ruling 5's per-sale read. */
  stockOut: 'cashier/inventory/inventory-out',
  /** POST: one item's adjustment (FINAL, INCREASE, DECREASE). */
  adjustment: 'cashier/inventory/inventory-adjustment',
  /** POST: transfer out (stock in transit until accepted). */
  transferOut: 'cashier/inventory/transfer-out',
  /** GET: incoming transfers of the session's locations; POST: accept one. */
  transferIn: 'cashier/inventory/transfer-in',
} as const;

/** Role flags per call (002 §6): the Inventory menu and the entry whose screen makes the call. */
export const INVENTORY_ROLES = {
  menu: ['INVENTORY'],
  vendors: ['INV_STOCK_IN'],
  lookup: ['INV_STOCK_IN', 'INV_STOCK_OUT', 'INV_STOCK_ADJUSTMENT', 'INV_TRANSFER_OUT', 'INV_TRANSFER_IN'],
  stockList: ['INV_STOCK_LIST'],
  /** the stock card opens from Daftar Stok: the same flag */
  stockCard: ['INV_STOCK_LIST'],
  stockIn: ['INV_STOCK_IN'],
  stockOut: ['INV_STOCK_OUT'],
  adjustment: ['INV_STOCK_ADJUSTMENT'],
  transferOut: ['INV_TRANSFER_OUT'],
  transferIn: ['INV_TRANSFER_IN'],
} as const;

export const STOCK_OUT_TYPES = ['TO_BAD_STOCK', 'CONSUMPTION'] as const;
export const CONSUMPTION_TYPES = ['GENERAL', 'FOR_CUSTOMER'] as const;
export const ADJUSTMENT_TYPES = ['FINAL', 'INCREASE', 'DECREASE'] as const;

const MAX_ID = 2_147_483_647;
/** Quantities are bounded; fractions beyond the business's qty_decimal_length are the server's check. */
export const MAX_QTY = 1_000_000_000;

const id = (message: string = API_MESSAGES.invalidInput) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
const optionalId = z.number({ error: API_MESSAGES.invalidInput }).int().positive().max(MAX_ID).nullish();
const text = (max: number) =>
  z.string({ error: API_MESSAGES.invalidInput }).max(max, { error: API_MESSAGES.invalidInput });
const optionalText = (max: number) => text(max).nullish();
const localTrxId = z
  .string({ error: API_MESSAGES.invalidInput })
  .trim()
  .min(1, { error: API_MESSAGES.invalidInput })
  .max(100, { error: API_MESSAGES.invalidInput })
  .regex(/^[\w-]+$/, { error: API_MESSAGES.invalidInput });
const qty = z
  .number({ error: M.qtyNotNumber })
  .min(0, { error: S.qtyNegative })
  .max(MAX_QTY, { error: S.qtyTooLarge });
const money = z.number({ error: S.price }).min(0, { error: S.price }).max(1e12, { error: S.price });

// ---- reads ----

export const searchItemQuery = z.object(
  { item_name: text(100).optional(), sku: text(100).optional() },
  { error: API_MESSAGES.invalidInput },
);
export type SearchItemQuery = z.input<typeof searchItemQuery>;

export const currentStockQuery = z.object(
  {
    pos_item_variant_id: id(M.itemNotFound),
    inv_sloc_id: id(S.locationRequired),
  },
  { error: API_MESSAGES.invalidInput },
);
export type CurrentStockQuery = z.input<typeof currentStockQuery>;

export const stockListQuery = z.object(
  { inv_sloc_id: id(S.locationRequired).optional() },
  { error: API_MESSAGES.invalidInput },
);
export type StockListQuery = z.input<typeof stockListQuery>;

/** The stock card's page sizes (ours; history's choices, 002 §9). */
export const STOCK_CARD_PAGE_SIZES = [10, 20, 50] as const;
export const STOCK_CARD_MAX_PAGE = 100_000;

/**
 * GET stock-card (ours, issue 22 item 9): one variant's movements at one location of the session outlet,
 * or at all of them; newest first, paged.
 */
export const stockCardQuery = z.object(
  {
    pos_item_variant_id: id(M.itemNotFound),
    inv_sloc_id: id(S.locationRequired).optional(),
    page: z.coerce
      .number({ error: API_MESSAGES.invalidInput })
      .int({ error: API_MESSAGES.invalidInput })
      .min(1, { error: API_MESSAGES.invalidInput })
      .max(STOCK_CARD_MAX_PAGE, { error: API_MESSAGES.invalidInput })
      .default(1),
    size: z.coerce
      .number({ error: API_MESSAGES.invalidInput })
      .refine((n) => (STOCK_CARD_PAGE_SIZES as readonly number[]).includes(n), {
        error: API_MESSAGES.invalidInput,
      })
      .default(20),
  },
  { error: API_MESSAGES.invalidInput },
);
export type StockCardQuery = {
  pos_item_variant_id: number;
  inv_sloc_id?: number;
  page?: number;
  size?: number;
};

/** One movement of the stock card, with the balance after it (good and bad) over the card's locations. */
export const stockCardRow = z.object({
  entry_id: z.number(),
  /** 'YYYY-MM-DD HH:mm:ss', the outlet's wall clock (WIB). */
  at: z.string(),
  /** The ledger's entry type: opening, from_supplier, to_bad_stock, consumption, adjustment, transfer_out,
   * transfer_in, sales, ingredients, sales_void, ingredients_void. */
  entry_type: z.string(),
  /** The inventory write's short id, the transfer's trx_id or the sale's trx_id; null for opening stock. */
  reference: z.string().nullable(),
  /** The sale a FOR_CUSTOMER consumption was for (its trx_id, or the short id of a sale not yet synced). */
  for_sale: z.string().nullable(),
  /** Who made it: the inventory write's or the sale's user; null for opening stock. */
  who: z.string().nullable(),
  location_name: z.string(),
  qty: z.number(),
  bad_qty: z.number(),
  balance: z.number(),
  bad_balance: z.number(),
  notes: z.string().nullable(),
});
export type StockCardRow = z.infer<typeof stockCardRow>;

export const stockCardResponse = z.object({
  pos_item_variant_id: z.number(),
  item_name: z.string(),
  unit_name: z.string().nullable(),
  /** null: every location of the session outlet */
  inv_sloc_id: z.number().nullable(),
  /** The stock now (the last row's balance): the sums of the ledger over the card's locations. */
  qty: z.number(),
  bad_qty: z.number(),
  total: z.number(),
  page: z.number(),
  size: z.number(),
  rows: z.array(stockCardRow),
});
export type StockCardResponse = z.infer<typeof stockCardResponse>;

export const vendorRow = z.object({
  inv_vendor_id: z.number(),
  vendor_name: z.string(),
  vendor_last_name: z.string(),
});
export const vendorsResponse = z.array(vendorRow);
export type VendorRow = z.infer<typeof vendorRow>;

export const searchItemRow = z.object({
  pos_item_variant_id: z.number(),
  item_name: z.string(),
  variant_name: z.string().nullable(),
  sku: z.string().nullable(),
  unit_name: z.string().nullable(),
  inv_unit_id: z.number().nullable(),
});
export const searchItemResponse = z.array(searchItemRow);
export type SearchItemRow = z.infer<typeof searchItemRow>;

export const currentStockResponse = z.object({
  qty: z.number(),
  drv_bad_qty: z.number(),
  variant_cogs: z.number(),
});
export type CurrentStockResponse = z.infer<typeof currentStockResponse>;

/** Reading A (ruling 6): one row per stock-tracked variant, summed over the outlet's locations. */
export const stockListRow = z.object({
  pos_item_variant_id: z.number(),
  item_type: z.string().nullable(),
  category_name: z.string().nullable(),
  sku: z.string().nullable(),
  item_name: z.string().nullable(),
  variant_name: z.string().nullable(),
  qty: z.number(),
  drv_bad_qty: z.number(),
  unit_name: z.string().nullable(),
});
export type StockListRow = z.infer<typeof stockListRow>;

/** GET outlet-stock answers these rows as tuples: see ./stock-list-wire.ts (stockListWire, decodeStockList). */

// ---- writes ----

const itemsOf = <T extends z.ZodType>(item: T, emptyMessage: string) =>
  z
    .array(item, { error: emptyMessage })
    .min(1, { error: emptyMessage })
    .max(500, { error: API_MESSAGES.invalidInput });

const lineBase = {
  uuid: optionalText(100),
  pos_item_variant_id: id(M.itemNotFound),
  inv_unit_id: optionalId,
};

export const stockInRequest = z.object(
  {
    local_trx_id: localTrxId,
    document_no: optionalText(100),
    trx_type: z.literal('FROM_SUPPLIER', { error: S.trxTypeInvalid }).optional(),
    inv_vendor_id: optionalId,
    purchase_order_number: optionalText(100),
    invoice_number: optionalText(100),
    inv_sloc_id: id(S.locationRequired),
    notes: optionalText(1000),
    items: itemsOf(
      z.object({
        ...lineBase,
        qty: qty.default(0),
        bad_qty: qty.default(0),
        disc_percent: z
          .number({ error: S.discount })
          .min(0, { error: S.discount })
          .max(100, { error: S.discount })
          .default(0),
        price: money.default(0),
      }),
      M.itemsRequired,
    ),
  },
  { error: API_MESSAGES.invalidInput },
);
export type StockInRequest = z.input<typeof stockInRequest>;

export const stockOutRequest = z.object(
  {
    local_trx_id: localTrxId,
    document_no: optionalText(100),
    trx_type: z.enum(STOCK_OUT_TYPES, { error: S.trxTypeInvalid }),
    consumption_type: z.enum(CONSUMPTION_TYPES, { error: S.consumptionTypeRequired }).nullish(),
    pos_sales_local_trx_id: localTrxId.nullish(),
    inv_sloc_id: id(S.locationRequired),
    notes: optionalText(1000),
    items: itemsOf(
      z.object({ ...lineBase, qty, cogs: z.number({ error: API_MESSAGES.invalidInput }).nullish() }),
      M.itemsRequired,
    ),
  },
  { error: API_MESSAGES.invalidInput },
);
export type StockOutRequest = z.input<typeof stockOutRequest>;

/**
 * One item's adjustment (002 §7). qty and final_bad_qty are the device's computed finals, bad_qty the
 * entered bad qty; input_qty (ours) the entered good qty. The server keeps only the intent — the type
 * and the entered figures — and recomputes the finals from its ledger (docs/decisions.md).
 */
export const adjustmentRequest = z.object(
  {
    local_trx_id: localTrxId,
    inv_sloc_id: id(S.locationRequired),
    pos_item_variant_id: id(M.adjustmentItemRequired),
    inv_unit_id: optionalId,
    adjustment_type: z.enum(ADJUSTMENT_TYPES, { error: M.adjustmentTypeRequired }),
    qty: qty.default(0),
    input_qty: qty.nullish(),
    bad_qty: qty.default(0),
    final_bad_qty: qty.nullish(),
    notes: optionalText(1000),
  },
  { error: API_MESSAGES.invalidInput },
);
export type AdjustmentRequest = z.input<typeof adjustmentRequest>;

export const transferOutRequest = z.object(
  {
    local_trx_id: localTrxId,
    source_inv_sloc_id: id(M.sourceRequired),
    target_inv_sloc_id: id(M.targetRequired),
    notes: optionalText(1000),
    items: itemsOf(z.object({ ...lineBase, qty }), M.transferItemsRequired),
  },
  { error: API_MESSAGES.invalidInput },
);
export type TransferOutRequest = z.input<typeof transferOutRequest>;

export const transferInRequest = z.object(
  {
    inv_stock_trf_head_id: id(S.transferUnknown),
    inv_sloc_id: id(M.receivingRequired),
    notes: optionalText(1000),
  },
  { error: API_MESSAGES.invalidInput },
);
export type TransferInRequest = z.input<typeof transferInRequest>;

/** What every inventory write answers (a repeat of the same local_trx_id answers it again). */
export const inventoryWriteResponse = z.object({
  inv_trx_id: z.number(),
  local_trx_id: z.string(),
  trx_type: z.string(),
  inv_stock_trf_head_id: z.number().nullable(),
  trx_id: z.string().nullable(),
  created_at: z.string(),
});
export type InventoryWriteResponse = z.infer<typeof inventoryWriteResponse>;

/** An incoming transfer (002 §3 "Incoming transfer"). */
export const incomingTransfer = z.object({
  inv_stock_trf_head_id: z.number(),
  trx_id: z.string(),
  trx_time: z.string(),
  source_location_name: z.string(),
  target_inv_sloc_id: z.number(),
  notes: z.string().nullable(),
  inv_stock_trf_details: z.array(
    z.object({
      inv_stock_trf_detail_id: z.number(),
      pos_item_variant_id: z.number(),
      item_name: z.string().nullable(),
      qty_now: z.number(),
      qty: z.number(),
      unit_name: z.string().nullable(),
    }),
  ),
});
export const incomingTransfersResponse = z.array(incomingTransfer);
export type IncomingTransfer = z.infer<typeof incomingTransfer>;
