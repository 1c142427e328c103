// Redeeming a reward inside a sale (000 §2 redeem dialog, §3 "Coupon / redeem attached to a transaction" and
// "Reward redemption item", §4 "Redeem and coupon dialogs", §5 "Coupon and redeem in a sale"; rulings 17, 20).
// Pure rules shared by the cashier (dialog, commands) and the server (ingest): which redeem types a
// configuration offers, the redeem_item a reward becomes, the lines a redeem owns and what they may be, the
// points it costs and the SMS resend countdown.
import {
  type PosItem,
  REDEEM_TYPES,
  type RedeemItem,
  type RedeemType,
  type TrxDetail,
  type TrxRedeem,
  type Variant,
} from './model';
import { SALE_MESSAGES } from './texts/sale';

/** 003 §9: SMS resend cooldown 30 s; redeem QR lookup 5000 ms. */
export const SMS_RESEND_COOLDOWN_MS = 30_000;
export const REDEEM_SCAN_TIMEOUT_MS = 5_000;
/** How long an SMS redeem code stays valid on the server (ruling 20 leaves the figure to us: docs/decisions.md). */
export const SMS_REDEEM_CODE_TTL_MS = 15 * 60_000;

const on = (v: unknown) => Number(v ?? 0) === 1;

/**
 * The dialog's types (000 §2): QR Code always, SMS only when subscription rule sms_redeem is on, Direct only
 * when direct_reward_redeem = 1, Agent always.
 */
export function redeemTypesFor(config: {
  subscription_rules?: { sms_redeem?: unknown } | null;
  direct_reward_redeem?: unknown;
}): RedeemType[] {
  return REDEEM_TYPES.filter(
    (t) =>
      (t !== 'sms' || on(config.subscription_rules?.sms_redeem)) &&
      (t !== 'direct' || on(config.direct_reward_redeem)),
  );
}

/** The fields of a reward (reward_redemption_item) that make a redeem_item: its link and its own fields. */
export interface RewardLike {
  reward_redemption_item_id: number;
  item_name: string;
  image_url?: string | null;
  point_amount: number;
  reward_name?: string | null;
  pos_link_type?: string | null;
  pos_item_id?: number | null;
  item_deduction_type?: string | null;
  item_deduction_value?: number | null;
  pos_item_category_id?: number | null;
  item_category_deduction_percentage?: number | null;
  item_category_max_deduction_value?: number | null;
  item_category_max_qty?: number | null;
  discount_percentage?: number | null;
  max_discount_value?: number | null;
  item_max_qty?: number | null;
  is_all_variant?: number | null;
  pos_item_variants?: readonly Variant[] | null;
}

/** The redeem_item a reward becomes (000 §3: the link fields plus the reward's own). */
export function redeemItemOf(reward: RewardLike): RedeemItem {
  return {
    pos_link_type: (reward.pos_link_type ?? 'item') as RedeemItem['pos_link_type'],
    pos_item_id: reward.pos_item_id ?? null,
    item_deduction_type: reward.item_deduction_type ?? null,
    item_deduction_value: reward.item_deduction_value ?? null,
    pos_item_category_id: reward.pos_item_category_id ?? null,
    item_category_deduction_percentage: reward.item_category_deduction_percentage ?? null,
    item_category_max_deduction_value: reward.item_category_max_deduction_value ?? null,
    item_category_max_qty: reward.item_category_max_qty ?? null,
    discount_percentage: reward.discount_percentage ?? null,
    max_discount_value: reward.max_discount_value ?? null,
    item_max_qty: reward.item_max_qty ?? null,
    is_all_variant: (reward.is_all_variant ?? 1) === 1 ? 1 : 0,
    pos_item_variants: [...(reward.pos_item_variants ?? [])],
    reward_redemption_item_id: reward.reward_redemption_item_id,
    item_name: reward.item_name,
    image_url: reward.image_url ?? null,
    point_amount: reward.point_amount,
    reward_name: reward.reward_name ?? null,
  } as RedeemItem;
}

/** The points a redemption spends: point_amount for each unit redeemed (a QR code may name a qty). */
export const redeemPointCost = (reward: { point_amount?: number | null }, qty = 1): number =>
  Math.max(0, Number(reward.point_amount ?? 0)) * Math.max(1, Math.floor(qty));

/**
 * The variants the item dialog offers for an 'item' link (000 §4): all of the item's when is_all_variant = 1,
 * otherwise only those the link names (matched by pos_item_variant_id, the item's own variant fields).
 */
export function allowedVariants(
  item: Pick<PosItem, 'pos_item_variants'>,
  link: Pick<RedeemItem, 'is_all_variant' | 'pos_item_variants'>,
): Variant[] {
  const all = item.pos_item_variants ?? [];
  if (Number(link.is_all_variant ?? 1) === 1) return [...all];
  const ids = new Set((link.pos_item_variants ?? []).map((v) => Number(v.pos_item_variant_id)));
  return all.filter((v) => ids.has(Number(v.pos_item_variant_id)));
}

/** A line added through the transaction's redeem (it carries the redeem marker). */
export const isRedeemLine = (line: Pick<TrxDetail, 'redeem'>): boolean => !!line.redeem;

/** The local_trx_detail_id of every line the redeem owns: removing the redeem removes them (000 §4). */
export const redeemLineIds = (trx: {
  details: readonly Pick<TrxDetail, 'redeem' | 'local_trx_detail_id'>[];
}) => trx.details.filter(isRedeemLine).map((l) => l.local_trx_detail_id);

/**
 * What a sale's redeem lines may be (checked by the server on ingest, and by the cashier's commands): a line
 * carrying the redeem marker needs a redeem of type 'item' on the transaction, is that item, one of its
 * allowed variants, not a package; together they stay within item_max_qty ('Qty produk tidak dapat melebihi
 * {max}'). Anything else: 'Redeem tidak valid.'. Null when the lines pass.
 */
export function redeemLinesIssue(trx: {
  redeem?: Pick<TrxRedeem, 'redeem_item'> | null;
  details: readonly Pick<
    TrxDetail,
    'redeem' | 'pos_item_id' | 'pos_item_variant_id' | 'qty' | 'is_package'
  >[];
}): string | null {
  const lines = trx.details.filter(isRedeemLine);
  if (lines.length === 0) return null;
  const link = trx.redeem?.redeem_item;
  if (link?.pos_link_type !== 'item' || link.pos_item_id == null) return SALE_MESSAGES.redeemInvalid;
  const variantIds =
    Number(link.is_all_variant ?? 1) === 1
      ? null
      : new Set((link.pos_item_variants ?? []).map((v) => Number(v.pos_item_variant_id)));
  let qty = 0;
  for (const l of lines) {
    if (
      Number(l.pos_item_id) !== Number(link.pos_item_id) ||
      Number(l.redeem?.pos_item_id) !== Number(link.pos_item_id) ||
      Number(l.is_package ?? 0) === 1 ||
      (variantIds !== null && !variantIds.has(Number(l.pos_item_variant_id)))
    )
      return SALE_MESSAGES.redeemInvalid;
    qty += Number(l.qty);
  }
  const max = Number(link.item_max_qty ?? 0);
  return max > 0 && qty > max ? SALE_MESSAGES.qtyAboveMax(max) : null;
}

/** Whole seconds left before an SMS code may be resent (0: now), from the last send (epoch ms). */
export const smsResendSecondsLeft = (lastSentAt: number | null | undefined, now: number): number =>
  lastSentAt == null ? 0 : Math.max(0, Math.ceil((lastSentAt + SMS_RESEND_COOLDOWN_MS - now) / 1000));
