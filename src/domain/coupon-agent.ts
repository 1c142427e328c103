// Issue 14: the coupon dialog's Agent list (000 §2 'Penggunaan Kupon': agent transactions, searchable by
// pos_trx_code, coupon_name, date, agent_code, coupon_notes and trx_id). An agent's coupon is one of the
// customer's held coupons (coupon_user_id) with the agent's record beside it.
import { type HeldCoupon, isUsableCoupon } from './coupon-use';

export interface AgentCoupon extends HeldCoupon {
  pos_trx_code: string;
  agent_code: string;
  trx_id: string;
  /** YYYY-MM-DD HH:mm:ss (WIB) */
  created_at: string;
}

/** The agent coupons shown: usable on `today`, matching the search over the spec's six fields. */
export function searchAgentCoupons(
  list: readonly AgentCoupon[],
  search: string,
  today: string,
): AgentCoupon[] {
  const term = search.trim().toLowerCase();
  return list.filter(
    (a) =>
      isUsableCoupon(a, today) &&
      (!term ||
        [
          a.pos_trx_code,
          a.coupon_detail?.coupon_name,
          a.created_at,
          a.agent_code,
          a.coupon_notes,
          a.trx_id,
        ].some((f) => (f ?? '').toLowerCase().includes(term))),
  );
}
