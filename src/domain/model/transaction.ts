import { z } from 'zod';
import {
  deleteActionTypeSchema,
  discountKindSchema,
  flag,
  localDateTime,
  num,
  optNum,
  optText,
  posLinkTypeSchema,
  trxTypeSchema,
} from './common';
import { areaSchema, businessMembershipSchema, salesTypeSchema } from './config';
import { trxCouponSchema, trxRedeemSchema } from './coupon';
import { customerSchema } from './customer';
import { posItemDiscountSchema } from './discount';
import { itemModifierSchema, packageDetailSchema, posItemSchema } from './item';
import { paymentMethodSchema, paymentSchema } from './payment';
import { commissionWorkerShareSchema, itemSellerSchema, lineWorkerSchema } from './worker';

/** A service area chosen for a line, a package detail or a transaction. */
export const serviceAreaSchema = areaSchema.extend({
  areaCategory_name: optText,
});
export type ServiceArea = z.infer<typeof serviceAreaSchema>;

/** Marks a line as created by the transaction's coupon or redeem (pos_item_id of the link). */
const lineLinkSchema = z.looseObject({ pos_item_id: optNum, pos_link_type: posLinkTypeSchema.optional() });

/**
 * A transaction detail (line). itemMeta is the item as it was when added, carrying the chosen
 * variant (pos_item_variants, one entry, or the first) and the chosen modifier options.
 */
export const trxDetailSchema = z.looseObject({
  local_trx_detail_id: z.string(),
  itemMeta: posItemSchema,
  pos_item_id: num,
  pos_item_variant_id: num,
  package_pos_item_id: num.default(0),
  is_package: flag.default(0),
  is_custom: flag.default(0),
  qty: num,
  pos_item_pos_item_modifiers: z.array(itemModifierSchema).default([]),
  /** Item promos ('req-item') applied to this line, in order. */
  pos_item_discounts: z.array(posItemDiscountSchema).default([]),
  /** 'percentage' or 'nominal' (a fixed amount per unit). */
  custom_discount_type: z.enum(['percentage', 'nominal', 'value']).nullable().optional(),
  custom_discount_value: optNum,
  item_discount_type: discountKindSchema.nullable().optional(),
  coupon: lineLinkSchema.nullable().optional(),
  redeem: lineLinkSchema.nullable().optional(),
  pos_sales_type: salesTypeSchema.nullable().optional(),
  notes: optText,
  secret_notes: optText,
  coupon_activation_date: optText,
  coupon_notes: optText,
  commission_worker: lineWorkerSchema.nullable().optional(),
  commission_workers: z.array(commissionWorkerShareSchema).default([]),
  business_commission_worker_id: optNum,
  item_sellers: z.array(itemSellerSchema).default([]),
  pos_item_package_details: z.array(packageDetailSchema).default([]),
  service_area: serviceAreaSchema.nullable().optional(),
  local_created_at: optText,
  last_printed_at: optText,
  tags: z.array(num).default([]),
  edit_session_id: optText,
});
export type TrxDetail = z.infer<typeof trxDetailSchema>;
export type TrxDetailInput = z.input<typeof trxDetailSchema>;

/** A deleted or modified line logged in deleted_details. */
export const deletedDetailSchema = trxDetailSchema.extend({
  actionType: deleteActionTypeSchema,
  deleteTime: optText,
  deleteReason: optText,
  initial_qty: optNum,
  modified_qty: optNum,
});
export type DeletedDetail = z.infer<typeof deletedDetailSchema>;

/** Global-discount form state kept on the transaction. */
export const trxStatesSchema = z.looseObject({
  globalDiscountType: z.enum(['promo', 'percentage', 'value']).default('promo'),
  globalDiscountPercent: num.default(0),
  globalDiscountNominal: num.default(0),
  globalDiscountNominalText: z.string().default(''),
  globalDiscountItemId: num.nullable().default(null),
});
export type TrxStates = z.infer<typeof trxStatesSchema>;

export const trxAccountReceivableSchema = z.looseObject({
  local_trx_id: optText,
  trx_id: optText,
  trx_time: optText,
  drv_balance: num,
  account_receivable_id: optNum,
});
export type TrxAccountReceivable = z.infer<typeof trxAccountReceivableSchema>;

export const topUpDepositRewardsSchema = z.looseObject({
  deposit_reward_amount: optNum,
  coupon_reward_amount: optNum,
  point_reward_amount: optNum,
  point_reward_name: optText,
});
export type TopUpDepositRewards = z.infer<typeof topUpDepositRewardsSchema>;

/** A stock movement line of a transaction (sales / consumptions / ingredients). */
export const stockMovementSchema = z.looseObject({
  item_name: optText,
  variant_name: optText,
  qty: num,
  unit_name: optText,
});

/** The POS transaction held locally (and sent to the server). */
export const posTransactionSchema = z.looseObject({
  pos_sales_trx_head_id: z.union([z.string(), z.number()]).nullable().default(null),
  local_trx_id: z.string(),
  trx_id: optText,
  /** 1 appointment, 2 (or empty) pending, 3 completed, 4 void. */
  trx_status_id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(4).default(2),
  ),
  sync_time: optText,
  is_synced: z.boolean().default(false),
  customer: customerSchema.nullable().default(null),
  trx_label: optText,
  trx_notes: optText,
  details: z.array(trxDetailSchema).default([]),
  /** Transaction-level (global) discounts: at most one basic or custom (ruling 3). */
  discounts: z.array(posItemDiscountSchema).default([]),
  drv_gross_total: num.default(0),
  drv_subtotal: num.default(0),
  drv_total_discount_nominal: num.default(0),
  drv_total_service_charge: num.default(0),
  drv_total_additional_charge: num.default(0),
  drv_tax: num.default(0),
  drv_grand_total: num.default(0),
  drv_qty: num.default(0),
  payments: z.array(paymentSchema).default([]),
  payment_method: z.array(paymentMethodSchema).default([]),
  payment_amount: optNum,
  payment_ref: optText,
  trx_local_start_time: localDateTime,
  redeem: trxRedeemSchema.nullable().default(null),
  coupon: trxCouponSchema.nullable().optional(),
  states: trxStatesSchema.default({
    globalDiscountType: 'promo',
    globalDiscountPercent: 0,
    globalDiscountNominal: 0,
    globalDiscountNominalText: '',
    globalDiscountItemId: null,
  }),
  document_date: optText,
  trx_local_end_time: optText,
  trx_time: optText,
  trx_type: trxTypeSchema.default('NORMAL'),
  trx_name: optText,
  order_no: z.coerce.number().int().nullable().optional(),
  deleted_details: z.array(deletedDetailSchema).default([]),
  deposit_balance: optNum,
  created_at: optText,
  pos_salesType_id: optNum,
  service_area: serviceAreaSchema.nullable().optional(),
  local_shift_id: optText,
  local_appointment_id: optText,
  account_receivable: trxAccountReceivableSchema.nullable().optional(),
  membership_item: businessMembershipSchema.nullable().optional(),
  /** The period a membership sale granted, as the server decided it (its answer; ruling 28's receipt line). */
  membership_period: z.looseObject({ start_date: z.string(), end_date: z.string() }).nullable().optional(),
  tags: z.array(num).default([]),
  receh_code: optText,
  nfc_code: optText,
  top_up_deposit_rewards: topUpDepositRewardsSchema.nullable().optional(),
  trx_discount_type: discountKindSchema.nullable().optional(),
  sales: z.array(stockMovementSchema).default([]),
  consumptions: z.array(stockMovementSchema).default([]),
  ingredients: z.array(stockMovementSchema).default([]),
  /** Snapshot of the configuration at the time of the sale. */
  cashier_configs: z.looseObject({}).nullable().optional(),
  customerModalOpened: z.boolean().optional(),
  isSynced: z.boolean().optional(),
});
export type PosTransaction = z.infer<typeof posTransactionSchema>;
export type PosTransactionInput = z.input<typeof posTransactionSchema>;

/** An appointment linked to the POS: its pos_trx becomes a status-1 transaction. */
export const appointmentLinkSchema = z.looseObject({
  local_appointment_id: z.string(),
  pos_trx: posTransactionSchema.nullable().optional(),
  business_commission_worker_id: optNum,
  start_time: z.string(),
  /** The appointment's day when start_time is a bare time (the server sends them apart). */
  appointment_date: z.string().nullable().optional(),
});
export type AppointmentLink = z.infer<typeof appointmentLinkSchema>;
