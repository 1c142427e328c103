// Step 2 of a top-up or a receivable payment (000 §2): 'Nominal Top Up' / 'Nominal Pembayaran Piutang'
// creates or edits the one synthetic line (pos_item_id 1, variant 1, qty 1), and the top-up's 'Seller'
// select sets its sellers.
import {
  isAmountKind,
  RECEIVABLE_LINE_NAME,
  SYNTHETIC_VARIANT_ID,
  sellersOf,
  syntheticLine,
  TOP_UP_LINE_NAME,
  topUpSellerMode,
  validateTopUpCustomer,
} from '../../domain';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import type { TransactionRecord } from '../../events';
import {
  type CommandContext,
  EDITABLE,
  type Plan,
  priced,
  type Runner,
  refuse,
  ZERO_TOTALS,
} from './context';
import type { SpecialCommands } from './types';

const lineName = (trx: TransactionRecord) =>
  trx.trx_type === 'TOP_UP_DEPOSIT' ? TOP_UP_LINE_NAME : RECEIVABLE_LINE_NAME;

/** Who may get the line: a top-up's customer is a member with an identifier; a receivable payment's is known. */
function customerRefusal(trx: TransactionRecord): string | null {
  if (trx.trx_type === 'TOP_UP_DEPOSIT') return validateTopUpCustomer(trx.customer);
  return trx.customer?.user_code ? null : SALE_MESSAGES.receivableNoCustomer;
}

/** The synthetic line of a top-up or receivable payment at `amount` (created, or the one line changed). */
export const setSpecialLine = (
  r: Runner,
  trx: TransactionRecord,
  ctx: CommandContext,
  amount: number,
  sellerIds: readonly number[] | null,
): Plan<object> => {
  const existing = trx.details[0];
  const base =
    existing ??
    syntheticLine({
      local_trx_detail_id: ctx.newId(),
      name: lineName(trx),
      amount,
      local_created_at: ctx.stamp,
    });
  const line = {
    ...base,
    itemMeta: {
      ...base.itemMeta,
      item_name: lineName(trx),
      pos_item_variants: [{ pos_item_variant_id: SYNTHETIC_VARIANT_ID, variant_price: amount }],
    },
    item_sellers: sellerIds === null ? base.item_sellers : sellersOf(ctx.config, sellerIds),
  };
  const event = existing
    ? r.event(ctx, trx.local_trx_id, 'trx.lineChanged', { line, log: null, totals: ZERO_TOTALS })
    : r.event(ctx, trx.local_trx_id, 'trx.lineAdded', { line, merged: false, totals: ZERO_TOTALS });
  return { ok: true, events: [priced(trx, event, ctx.config)], value: {} };
};

export function specialCommands(r: Runner): SpecialCommands {
  const setLine = (
    trx: TransactionRecord,
    ctx: CommandContext,
    amount: number,
    sellerIds: readonly number[] | null,
  ) => setSpecialLine(r, trx, ctx, amount, sellerIds);

  return {
    setSpecialAmount: ({ local_trx_id, amount }) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        if (!isAmountKind(trx.trx_type)) return refuse(SALE_MESSAGES.salesNoItem);
        const refusal = customerRefusal(trx);
        if (refusal) return refuse(refusal);
        const value = Number(amount);
        if (!Number.isSafeInteger(value) || value < 0)
          return refuse(
            trx.trx_type === 'TOP_UP_DEPOSIT'
              ? SALE_MESSAGES.topUpNoAmount
              : SALE_MESSAGES.receivableNoAmount,
          );
        if (Number(trx.details[0]?.itemMeta.pos_item_variants?.[0]?.variant_price ?? -1) === value)
          return { ok: true, events: [], value: {} };
        return setLine(trx, ctx, value, null);
      }),

    setSpecialSellers: ({ local_trx_id, seller_ids }) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        if (trx.trx_type !== 'TOP_UP_DEPOSIT' || !trx.details[0]) return refuse(SALE_MESSAGES.topUpNoAmount);
        const mode = topUpSellerMode(ctx.config);
        if (mode === 'none') return { ok: true, events: [], value: {} };
        const ids = mode === 'single' ? seller_ids.slice(0, 1) : seller_ids;
        const amount = Number(trx.details[0].itemMeta.pos_item_variants?.[0]?.variant_price ?? 0);
        return setLine(trx, ctx, amount, ids);
      }),
  };
}
