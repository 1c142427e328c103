// Issue 24: the loyalty screens' rules (001 §2.3–2.6, §3, §5, §9; ruling 17): the award's points by the
// brand's earn rule, the amount input, the award's own checks, the redeem success text and the outcome of a
// submit (online or saved on the device).
import { LOYALTY_OWN, LOYALTY_TEXTS } from './texts/loyalty';

/** 001 §9: the largest transaction amount the input takes. */
export const LOYALTY_AMOUNT_MAX = 999_999_999;
/** 001 §9: the loyalty screen's search and submit time-out. */
export const LOYALTY_TIMEOUT_MS = 5_000;
/** 001 §9: the redemption and coupon calls' time-out. */
export const REDEEM_TIMEOUT_MS = 5_000;

/** The brand's earn rule (businesses.settings.loyalty_earn_rule; ruling 17). */
export interface LoyaltyEarnRule {
  reward_name: string | null;
  /** rupiah per step */
  amount_per_point: number;
  /** points per step */
  points_per_amount: number;
}

/** Ruling 17: whole steps of amount_per_point in the amount, times points_per_amount; 0 for no rule. */
export function loyaltyPoints(amount: number, rule: LoyaltyEarnRule | null | undefined): number {
  if (!rule || !(rule.amount_per_point > 0) || !(rule.points_per_amount > 0)) return 0;
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.floor(amount / rule.amount_per_point) * rule.points_per_amount;
}

/**
 * 001 §5 amount input: the integer part keeps digits only, more than 9 digits caps it at 999999999, at most 2
 * decimals (after the configured decimal separator). Returns the cleaned text (in the same separator) and its value.
 */
export function normalizeAmountInput(input: string, decimalSeparator = ','): { text: string; value: number } {
  const at = input.indexOf(decimalSeparator);
  const intRaw = at < 0 ? input : input.slice(0, at);
  let intDigits = intRaw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (intDigits.length > 9) intDigits = String(LOYALTY_AMOUNT_MAX);
  const decDigits =
    at < 0
      ? null
      : input
          .slice(at + decimalSeparator.length)
          .replace(/\D/g, '')
          .slice(0, 2);
  const text = decDigits === null ? intDigits : `${intDigits || '0'}${decimalSeparator}${decDigits}`;
  const value = Number(`${intDigits || '0'}.${decDigits || '0'}`);
  return { text, value: Math.min(value, LOYALTY_AMOUNT_MAX + 0.99) };
}

/** 001 §5: the award's checks, first that applies (the spec's texts). */
export function loyaltyAwardIssue(input: {
  pos_trx_code: string;
  hasCustomer: boolean;
  trx_amount: number;
}): string | null {
  if (!input.pos_trx_code.trim()) return LOYALTY_TEXTS.purchaseNoRequired;
  if (!input.hasCustomer) return LOYALTY_TEXTS.customerRequired;
  if (!(input.trx_amount > 0)) return LOYALTY_OWN.amountRequired;
  return null;
}

/** 001 §2.3: the submit's outcome — online with a loyalty_trx_head_id, else (empty id, time-out, offline) local. */
export type LoyaltyOutcome = 'online' | 'local';
export const loyaltyOutcome = (loyaltyTrxHeadId: unknown): LoyaltyOutcome =>
  loyaltyTrxHeadId !== null &&
  loyaltyTrxHeadId !== undefined &&
  loyaltyTrxHeadId !== '' &&
  loyaltyTrxHeadId !== 0
    ? 'online'
    : 'local';
export const loyaltyOutcomeText = (o: LoyaltyOutcome): string =>
  o === 'online' ? LOYALTY_TEXTS.successOnline : LOYALTY_TEXTS.successLocal;

/** A redeem preview as the QR screen shows it (001 §3). */
export interface RedeemPreviewLike {
  scancode: string;
  user_name: string | null;
  user_code: string | null;
  details: {
    image_url?: string | null;
    qty?: number | null;
    item_name?: string | null;
    drv_total_point?: number | null;
    reward_name?: string | null;
  }[];
}

/** 001 §2.4 step 3: '{user_name} telah berhasil menukarkan {item_name} ({scancode}) dengan {drv_total_point} {reward_name}'. */
export function redeemSuccessText(p: RedeemPreviewLike): string {
  const d = p.details[0] ?? {};
  const fill: Record<string, string> = {
    user_name: p.user_name ?? '',
    item_name: d.item_name ?? '',
    scancode: p.scancode,
    drv_total_point: String(d.drv_total_point ?? 0),
    reward_name: d.reward_name ?? '',
  };
  return LOYALTY_TEXTS.redeemSuccessText.replace(/\{(\w+)\}/g, (_, k: string) => fill[k] ?? '');
}

/** 001 §5 redeem and coupon by QR: the code's check and the preview's. */
export const codeIssue = (code: string): string | null => (code.trim() ? null : LOYALTY_TEXTS.codeRequired);
export const previewIssue = (p: { details: readonly unknown[] } | null): string | null =>
  p && p.details.length > 0 ? null : LOYALTY_TEXTS.noItems;
