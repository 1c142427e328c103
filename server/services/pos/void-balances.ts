// A void must not take back what the customer already consumed (docs/decisions.md; 000 §4 Void, ruling 13):
// before a sale's ledger entries are reversed, every balance the reversal lowers — the deposit a top-up
// credited, the coupons a coupon sale issued, the points a sale earned, the receivable a credit sale opened —
// must still hold what the sale gave. Checked under the locks spending takes, in the sales' order (the
// customer's row FOR NO KEY UPDATE, then the coupon_user rows FOR UPDATE, then the receivables FOR UPDATE), so
// a spend and a void of the same deposit run one after the other and exactly one of them stands.
import { sql } from 'drizzle-orm';
import { VOID_OWN } from '../../../src/domain/texts/void';
import { invalid } from '../../lib/errors';
import { type Tx, VOID_SUFFIX } from '../ledgers';

type Ex = Pick<Tx, 'execute'>;
const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const refuse = (message: string) => invalid(message, 'pos_sales_trx_head_id');
/** money may carry cents from before ruling 22 */
const BELOW_ZERO = -0.005;

/** Refuses the void of `localTrxId` when reversing it would leave a balance below zero; takes the locks. */
export async function checkVoidKeepsBalances(ex: Ex, localTrxId: string): Promise<void> {
  const own = sql`ref_local_trx_id = ${localTrxId} AND right(entry_type, 5) <> ${VOID_SUFFIX}`;
  // the customers whose wallet or points the sale touched, locked as a deposit sale locks them
  await ex.execute(sql`
    SELECT customer_id FROM customers WHERE customer_id IN (
      SELECT customer_id FROM wallet_ledger WHERE ${own}
      UNION SELECT customer_id FROM point_ledger WHERE ${own})
    ORDER BY customer_id FOR NO KEY UPDATE`);
  // later statements than the lock: they see every spend committed before it was granted
  const [wallet] = rows<{ n: string }>(
    await ex.execute(sql`
      SELECT count(*)::text AS n FROM (
        SELECT w.customer_id FROM wallet_ledger w
        WHERE w.customer_id IN (SELECT customer_id FROM wallet_ledger WHERE ${own})
        GROUP BY w.customer_id
        HAVING sum(w.amount) - coalesce(sum(w.amount) FILTER (
          WHERE w.ref_local_trx_id = ${localTrxId} AND right(w.entry_type, 5) <> ${VOID_SUFFIX}), 0)
          < ${BELOW_ZERO}) x`),
  );
  if (Number(wallet?.n ?? 0) > 0) throw refuse(VOID_OWN.walletSpent);
  const [points] = rows<{ n: string }>(
    await ex.execute(sql`
      SELECT count(*)::text AS n FROM (
        SELECT p.customer_id FROM point_ledger p
        WHERE (p.customer_id, coalesce(p.reward_name, '')) IN (
          SELECT customer_id, coalesce(reward_name, '') FROM point_ledger WHERE ${own})
        GROUP BY p.customer_id, p.reward_name
        HAVING sum(p.points) - coalesce(sum(p.points) FILTER (
          WHERE p.ref_local_trx_id = ${localTrxId} AND right(p.entry_type, 5) <> ${VOID_SUFFIX}), 0) < 0) x`),
  );
  if (Number(points?.n ?? 0) > 0) throw refuse(VOID_OWN.pointsSpent);
  // the coupons the sale issued (or used), locked as a sale using one locks it
  await ex.execute(sql`
    SELECT coupon_user_id FROM coupon_users
    WHERE coupon_user_id IN (SELECT coupon_user_id FROM coupon_user_ledger WHERE ${own})
    ORDER BY coupon_user_id FOR UPDATE`);
  const [coupons] = rows<{ n: string }>(
    await ex.execute(sql`
      SELECT count(*)::text AS n FROM (
        SELECT l.coupon_user_id FROM coupon_user_ledger l
        WHERE l.coupon_user_id IN (SELECT coupon_user_id FROM coupon_user_ledger WHERE ${own})
        GROUP BY l.coupon_user_id
        HAVING sum(l.qty) - coalesce(sum(l.qty) FILTER (
          WHERE l.ref_local_trx_id = ${localTrxId} AND right(l.entry_type, 5) <> ${VOID_SUFFIX}), 0) < 0) x`),
  );
  if (Number(coupons?.n ?? 0) > 0) throw refuse(VOID_OWN.couponsUsed);
  // the receivable a credit sale opened, locked as a receivable payment locks it
  await ex.execute(sql`
    SELECT account_receivable_id FROM receivables
    WHERE account_receivable_id IN (SELECT account_receivable_id FROM receivable_ledger WHERE ${own})
    ORDER BY account_receivable_id FOR UPDATE`);
  const [receivable] = rows<{ n: string }>(
    await ex.execute(sql`
      SELECT count(*)::text AS n FROM (
        SELECT r.account_receivable_id FROM receivable_ledger r
        WHERE r.account_receivable_id IN (SELECT account_receivable_id FROM receivable_ledger WHERE ${own})
        GROUP BY r.account_receivable_id
        HAVING sum(r.amount) - coalesce(sum(r.amount) FILTER (
          WHERE r.ref_local_trx_id = ${localTrxId} AND right(r.entry_type, 5) <> ${VOID_SUFFIX}), 0)
          < ${BELOW_ZERO}) x`),
  );
  if (Number(receivable?.n ?? 0) > 0) throw refuse(VOID_OWN.receivablePaid);
}
