// A void must not take back what the customer already consumed (docs/decisions.md; 000 §4 Void, ruling 13):
// before a sale's ledger entries are reversed, every balance the reversal lowers — the deposit a top-up
// credited, the coupons a coupon sale issued, the points a sale earned, the receivable a credit sale opened —
// must still hold what the sale gave. Checked under the locks spending takes, in the sales' order (the
// customer's row FOR NO KEY UPDATE, then the coupon_user rows FOR UPDATE, then the receivables FOR UPDATE), so
// a spend and a void of the same deposit run one after the other and exactly one of them stands.
import { sql } from 'drizzle-orm';
import { VOID_OWN } from '../../../src/domain/texts/void';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import { invalid } from '../../lib/errors';
import { VOID_SUFFIX } from '../ledgers';

type Ex = Pick<Tx, 'execute'>;
const refuse = (message: string) => invalid(message, 'pos_sales_trx_head_id');
/** money may carry cents from before ruling 22 */
const BELOW_ZERO = -0.005;

/** A balance a sale's ledger entries feed: its table, the key one balance is summed by, its figure. */
interface Balance {
  table: string;
  /** the columns naming one balance, as the sale's own entries are matched */
  key: string;
  /** the same balance's GROUP BY */
  groupBy: string;
  amount: string;
  /** the lowest sum left after the reversal that is still not "below zero" */
  floor: number;
  refusal: string;
}

const WALLET: Balance = {
  table: 'wallet_ledger',
  key: 'customer_id',
  groupBy: 'customer_id',
  amount: 'amount',
  floor: BELOW_ZERO,
  refusal: VOID_OWN.walletSpent,
};
const POINTS: Balance = {
  table: 'point_ledger',
  key: "customer_id, coalesce(reward_name, '')",
  groupBy: 'customer_id, reward_name',
  amount: 'points',
  floor: 0,
  refusal: VOID_OWN.pointsSpent,
};
const COUPONS: Balance = {
  table: 'coupon_user_ledger',
  key: 'coupon_user_id',
  groupBy: 'coupon_user_id',
  amount: 'qty',
  floor: 0,
  refusal: VOID_OWN.couponsUsed,
};
const RECEIVABLE: Balance = {
  table: 'receivable_ledger',
  key: 'account_receivable_id',
  groupBy: 'account_receivable_id',
  amount: 'amount',
  floor: BELOW_ZERO,
  refusal: VOID_OWN.receivablePaid,
};

/** The sale's own entries (not the reversals a void appended). */
const ownEntries = (localTrxId: string) =>
  sql`ref_local_trx_id = ${localTrxId} AND right(entry_type, 5) <> ${VOID_SUFFIX}`;

/**
 * Would reversing the sale's entries leave any balance they fed below zero? Each balance the sale touched is
 * summed whole, less the sale's own entries. Read after the balance's lock, so it sees every spend committed
 * before the lock was granted.
 */
async function reversalGoesBelowZero(ex: Ex, balance: Balance, localTrxId: string): Promise<boolean> {
  const { table, key, groupBy, amount, floor } = balance;
  const own = ownEntries(localTrxId);
  const [row] = rows<{ below: boolean | string }>(
    await ex.execute(sql`
      SELECT EXISTS (
        SELECT 1 FROM ${sql.raw(table)}
        WHERE (${sql.raw(key)}) IN (SELECT ${sql.raw(key)} FROM ${sql.raw(table)} WHERE ${own})
        GROUP BY ${sql.raw(groupBy)}
        HAVING sum(${sql.raw(amount)}) - coalesce(sum(${sql.raw(amount)}) FILTER (WHERE ${own}), 0) < ${floor}
      ) AS below`),
  );
  return row?.below === true || row?.below === 't';
}

async function refuseBelowZero(ex: Ex, balance: Balance, localTrxId: string): Promise<void> {
  if (await reversalGoesBelowZero(ex, balance, localTrxId)) throw refuse(balance.refusal);
}

/** Refuses the void of `localTrxId` when reversing it would leave a balance below zero; takes the locks. */
export async function checkVoidKeepsBalances(ex: Ex, localTrxId: string): Promise<void> {
  const own = ownEntries(localTrxId);
  // the customers whose wallet or points the sale touched, locked as a deposit sale locks them
  await ex.execute(sql`
    SELECT customer_id FROM customers WHERE customer_id IN (
      SELECT customer_id FROM wallet_ledger WHERE ${own}
      UNION SELECT customer_id FROM point_ledger WHERE ${own})
    ORDER BY customer_id FOR NO KEY UPDATE`);
  await refuseBelowZero(ex, WALLET, localTrxId);
  await refuseBelowZero(ex, POINTS, localTrxId);
  // the coupons the sale issued (or used), locked as a sale using one locks it
  await ex.execute(sql`
    SELECT coupon_user_id FROM coupon_users
    WHERE coupon_user_id IN (SELECT coupon_user_id FROM coupon_user_ledger WHERE ${own})
    ORDER BY coupon_user_id FOR UPDATE`);
  await refuseBelowZero(ex, COUPONS, localTrxId);
  // the receivable a credit sale opened, locked as a receivable payment locks it
  await ex.execute(sql`
    SELECT account_receivable_id FROM receivables
    WHERE account_receivable_id IN (SELECT account_receivable_id FROM receivable_ledger WHERE ${own})
    ORDER BY account_receivable_id FOR UPDATE`);
  await refuseBelowZero(ex, RECEIVABLE, localTrxId);
}
