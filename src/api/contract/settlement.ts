import { z } from 'zod';
import { SETTLEMENT_GROUP_BY } from '../../domain/settlement';
import { API_MESSAGES } from '../../domain/texts/server';
import { SETTLEMENT_MESSAGES } from '../../domain/texts/settlement';

/** The settlement call (002 §7; group_by per settlement type in docs/api.md). No leading slash. */
export const SETTLEMENT_PATHS = {
  /** GET ?start_datetime=&end_datetime=&all_trx=1&group_by=outlet|user */
  settlement: 'cashier/pos/settlement',
} as const;

const stamp = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(40, { error: message });

/** The query; the period's rules (WIB stamps, start ≤ end, at most 31 days) are checkSettlementPeriod's. */
export const settlementQuery = z.object(
  {
    start_datetime: stamp(SETTLEMENT_MESSAGES.badStart),
    end_datetime: stamp(SETTLEMENT_MESSAGES.badEnd),
    /** Sent as 1 by the client (002 §7); completed sales are counted either way. */
    all_trx: z.string().max(10, { error: API_MESSAGES.invalidInput }).optional(),
    group_by: z.enum(SETTLEMENT_GROUP_BY, { error: SETTLEMENT_MESSAGES.badGroupBy }),
  },
  { error: API_MESSAGES.invalidInput },
);
export type SettlementQuery = z.input<typeof settlementQuery>;

const amount = z.number();
const itemRow = z.object({
  pos_item_id: z.number(),
  pos_item_variant_id: z.number(),
  item_name: z.string(),
  variant_name: z.string(),
  qty: z.number(),
  variant_price: amount,
  gross_total_sum: amount,
});
const countRow = z.object({ trx_count: z.number(), drv_gross_total: amount });
const trxSummary = z.object({
  drv_gross_total: amount,
  discount_value: amount,
  trx_discount_value: amount,
  drv_tax_value: amount,
  drv_service_charge_value: amount,
  drv_additional_charge_value: amount,
  drv_grand_total: amount,
});

/** 002 §3 "Settlement data", amounts floored to whole units (002 §1). */
export const settlementResponse = z.object({
  service_item_summary: z.array(itemRow),
  retail_item_summary: z.array(itemRow),
  item_summary: z.array(itemRow),
  coupon_summary: z.array(itemRow),
  top_up_deposit_summary: countRow,
  membership_summary: countRow,
  account_receivable_summary: countRow,
  service_trx_summary: trxSummary,
  retail_trx_summary: trxSummary,
  trx_summary: trxSummary,
  payment_summary: z.array(
    z.object({ payment_method_name: z.string(), trx_count: z.number(), payment_after_change_sum: amount }),
  ),
});
export type SettlementResponse = z.infer<typeof settlementResponse>;
