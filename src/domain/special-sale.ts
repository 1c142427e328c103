// The special sales' step 2 forms (000 §2 step 2: 'Top Up Deposit' and 'Pembayaran Piutang'): pure rules the
// form, the commands and the server share.
import { sellerShares } from './commission';
import type { CommissionWorker, ItemSeller, PosConfig, TrxType } from './model';

const on = (v: unknown) => Number(v ?? 0) === 1;
const num = (v: unknown) => Number(v ?? 0);

/** The kinds whose step 2 is a form with one synthetic line of an amount (pos_item_id 1, variant 1, qty 1). */
export type AmountKind = Extract<TrxType, 'TOP_UP_DEPOSIT' | 'ACCOUNT_RECEIVABLE'>;
export const isAmountKind = (t: unknown): t is AmountKind =>
  t === 'TOP_UP_DEPOSIT' || t === 'ACCOUNT_RECEIVABLE';

/**
 * The top-up's 'Seller' select (000 §2): single or multiple when is_pos_commission_seller = 1 and
 * is_pos_commission_seller_top_up_deposit = 1 (multiple with is_pos_commission_multi_seller = 1) and
 * the outlet has workers; the form shows it once a line exists.
 */
export function topUpSellerMode(
  config: Pick<
    PosConfig,
    | 'is_pos_commission_seller'
    | 'is_pos_commission_seller_top_up_deposit'
    | 'is_pos_commission_multi_seller'
    | 'commission_worker'
  >,
): 'none' | 'single' | 'multi' {
  if (!on(config.is_pos_commission_seller) || !on(config.is_pos_commission_seller_top_up_deposit))
    return 'none';
  if ((config.commission_worker ?? []).length === 0) return 'none';
  return on(config.is_pos_commission_multi_seller) ? 'multi' : 'single';
}

/** The line's item_sellers for the chosen workers: 100 for one, 100/n each with auto-split, else 100 (003 §9). */
export function sellersOf(
  config: Pick<PosConfig, 'commission_worker' | 'is_pos_commission_auto_split_multi_seller'>,
  ids: readonly number[],
): ItemSeller[] {
  const chosen = ids.flatMap((id) => {
    const w = (config.commission_worker ?? []).find(
      (x: CommissionWorker) => Number(x.business_commission_worker_id) === Number(id),
    );
    return w
      ? [
          {
            business_commission_worker_id: w.business_commission_worker_id,
            firstname: w.firstname,
            lastname: w.lastname ?? null,
            initial: w.initial ?? null,
            pos_item_commission_workers: [],
          },
        ]
      : [];
  });
  return sellerShares(chosen, on(config.is_pos_commission_auto_split_multi_seller)) as ItemSeller[];
}

/** Ruling 15: a top-up of at least min_top_up_amount earns these (the highest rule reached applies). */
export interface TopUpRewardRule {
  top_up_reward_rule_id: number;
  min_top_up_amount: number;
  deposit_reward_amount: number;
  coupon_reward_id: number | null;
  coupon_reward_qty: number;
  point_reward_amount: number;
  point_reward_name: string | null;
}

/** The one rule a top-up of `amount` earns: the one with the highest min_top_up_amount ≤ amount, or null. */
export function topUpRewardRuleFor(
  rules: readonly TopUpRewardRule[],
  amount: number,
): TopUpRewardRule | null {
  let best: TopUpRewardRule | null = null;
  for (const r of rules) {
    const min = num(r.min_top_up_amount);
    if (!(min > 0) || amount < min) continue;
    if (!best || min > num(best.min_top_up_amount)) best = r;
  }
  return best;
}
