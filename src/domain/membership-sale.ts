// 'Jual Membership' (000 §2 step 2 'Aktifkan / Perpanjang Membership', ruling 19): pure rules the form, the
// commands and the server share — which memberships are sold, the synthetic line, the seller select and the
// period a sale grants (a start, or an extension from the day after the current valid_until).
import type { BusinessMembership, PosConfig, TrxDetail } from './model';
import { syntheticLine } from './transaction-rules';

const on = (v: unknown) => Number(v ?? 0) === 1;

/** The line's price: the integer of the membership's price (000 §2: "price = integer of price"). */
export const membershipPrice = (m: Pick<BusinessMembership, 'price'>): number => {
  const p = Math.trunc(Number(m.price ?? 0));
  return Number.isSafeInteger(p) && p > 0 ? p : 0;
};

/**
 * The memberships the 'Pilih membership' grid offers: those with a price above 0 (the step 1 button's own
 * condition, 000 §6 MEMBERSHIP_SALES; a free membership is activated, not sold: docs/decisions.md).
 */
export const sellableMemberships = (config: Pick<PosConfig, 'business_memberships'>): BusinessMembership[] =>
  (config.business_memberships ?? []).filter((m) => membershipPrice(m) > 0);

/** The one line of a membership sale: pos_item_id 1, variant 1, qty 1, named and priced by the membership. */
export const membershipLine = (
  m: Pick<BusinessMembership, 'membership_name' | 'price'>,
  input: { local_trx_detail_id: string; local_created_at?: string | null },
): TrxDetail =>
  syntheticLine({
    local_trx_detail_id: input.local_trx_detail_id,
    name: m.membership_name,
    amount: membershipPrice(m),
    local_created_at: input.local_created_at ?? null,
  });

/**
 * The membership's 'Seller' select (000 §2): when is_pos_commission_seller = 1 and
 * is_pos_commission_seller_membership_sales = 1 and the outlet has workers; multiple with
 * is_pos_commission_multi_seller = 1.
 */
export function membershipSellerMode(
  config: Pick<
    PosConfig,
    | 'is_pos_commission_seller'
    | 'is_pos_commission_seller_membership_sales'
    | 'is_pos_commission_multi_seller'
    | 'commission_worker'
  >,
): 'none' | 'single' | 'multi' {
  if (!on(config.is_pos_commission_seller) || !on(config.is_pos_commission_seller_membership_sales))
    return 'none';
  if ((config.commission_worker ?? []).length === 0) return 'none';
  return on(config.is_pos_commission_multi_seller) ? 'multi' : 'single';
}

/** A YYYY-MM-DD date plus `days` (calendar days; a date has no zone). */
export function addCalendarDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A membership period: valid from `start_date` through `end_date` (both YYYY-MM-DD, outlet dates, inclusive). */
export interface MembershipPeriod {
  start_date: string;
  end_date: string;
  /** true: it follows the customer's current membership (an extension, 'Perpanjang'). */
  extends_current: boolean;
}

/**
 * The period a sale grants (ruling 19): `duration_days` days (at least 1), starting today, or — when the
 * customer's membership is still valid today or later (`current_end_date` ≥ today) — the day after it ends,
 * so a renewal bought early loses no day.
 */
export function membershipPeriod(input: {
  today: string;
  current_end_date: string | null;
  duration_days: number;
}): MembershipPeriod {
  const days = Math.max(1, Math.floor(Number(input.duration_days) || 0));
  const current = input.current_end_date;
  const extendsCurrent = current !== null && current >= input.today;
  const start = extendsCurrent ? addCalendarDays(current, 1) : input.today;
  return { start_date: start, end_date: addCalendarDays(start, days - 1), extends_current: extendsCurrent };
}
