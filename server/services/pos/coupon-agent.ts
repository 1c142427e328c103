// Issue 14: coupons a partner channel ("agent") sold to a customer (000 §2 'Penggunaan Kupon' agent
// transactions, §3 "Agent transaction" with coupon_detail, §7 agent coupon transactions; ruling 20). Each is
// one of the customer's coupon_users rows (source 'agent'; migration 0022), so the cashier fulfils it by using
// that coupon in a sale: consumed once on coupon_user_ledger under the row's lock (pos/coupon.ts), made usable
// again by a void of that sale (the ledger's reversal). The list shows those still usable on the outlet's date.
import { sql } from 'drizzle-orm';
import type { AgentCouponTransaction } from '../../../src/api/contract/redeem';
import { rows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { outletToday } from '../customer-lookup';
import type { AuthContext } from '../sessions';

const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** GET agent coupon transactions ?user_code=: the customer's agent coupons with one left, not expired. */
export async function agentCouponTransactions(
  deps: AppDeps,
  auth: Pick<AuthContext, 'business_id'>,
  userCode: string,
): Promise<AgentCouponTransaction[]> {
  const today = outletToday(deps.clock.now()).date;
  const found = rows<{
    pos_trx_code: string;
    agent_code: string;
    trx_id: string;
    created_at: string;
    coupon_user_id: string;
    coupon_id: number;
    qty: string;
    start_date: string;
    expired_date: string;
    coupon_notes: string | null;
    doc: unknown;
  }>(
    await deps.database.db.execute(sql`
      SELECT a.pos_trx_code, a.agent_code, a.trx_id,
        to_char(a.created_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
        cu.coupon_user_id::text AS coupon_user_id, cu.coupon_id, cu.start_date::text AS start_date,
        cu.expired_date::text AS expired_date, cu.coupon_notes,
        (SELECT coalesce(sum(l.qty), 0) FROM coupon_user_ledger l WHERE l.coupon_user_id = cu.coupon_user_id)::text AS qty,
        (SELECT e.doc FROM catalogue_entities e
          WHERE e.business_id = a.business_id AND e.kind = 'coupons' AND e.entity_id = cu.coupon_id::text
          ORDER BY e.business_outlet_id LIMIT 1) AS doc
      FROM coupon_agent_transactions a
      JOIN customers u ON u.customer_id = a.customer_id
      JOIN coupon_users cu ON cu.coupon_user_id = a.coupon_user_id
      WHERE a.business_id = ${auth.business_id} AND u.user_code = ${userCode}
        AND cu.expired_date >= ${today}::date
      ORDER BY a.created_at DESC, a.coupon_agent_transaction_id DESC`),
  );
  return found
    .filter((r) => Number(r.qty) > 0)
    .map((r) => ({
      pos_trx_code: r.pos_trx_code,
      agent_code: r.agent_code,
      trx_id: r.trx_id,
      created_at: r.created_at,
      coupon_user_id: Number(r.coupon_user_id),
      coupon_id: Number(r.coupon_id),
      qty: Number(r.qty),
      start_date: r.start_date,
      expired_date: r.expired_date,
      coupon_notes: r.coupon_notes,
      coupon_detail: (parse(r.doc) as Record<string, unknown> | null) ?? null,
    }));
}
