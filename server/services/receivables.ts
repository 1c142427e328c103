import { and, asc, eq, sql } from 'drizzle-orm';
import type { AccountReceivableRow, UserAccountReceivablesResponse } from '../../src/api/contract/receivable';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../src/domain/texts/sale';
import { customers, outlets, receivableLedger, receivables } from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid } from '../lib/errors';
import { openReceivables } from './customer-lookup';
import { notificationEmailOf } from './pos/customer';
import type { AuthContext } from './sessions';

/** A brand holding more open receivables than this is answered the oldest this many (docs/api.md). */
export const RECEIVABLE_LIST_LIMIT = 5_000;

/**
 * GET cashier/account-receivable (002 §2.12): the brand's open receivables, every outlet of it (a customer
 * owes the brand and may pay at any of its outlets: docs/decisions.md). drv_balance is the sum of each
 * receivable's ledger (ruling 13, 16): a credit sale opens one, its void's reversing entry closes it,
 * payments pay it down; only those above 0 are listed, oldest first. One grouped query.
 */
export async function listAccountReceivables(
  deps: AppDeps,
  auth: AuthContext,
): Promise<AccountReceivableRow[]> {
  const balance = sql<string>`sum(${receivableLedger.amount})`;
  const rows = await deps.database.db
    .select({
      account_receivable_id: receivables.account_receivable_id,
      local_trx_id: receivables.local_trx_id,
      trx_id: receivables.trx_id,
      trx_time: receivables.trx_time,
      business_outlet_id: receivables.business_outlet_id,
      outlet_name: outlets.outlet_name,
      payment_method_reference: receivables.payment_method_reference,
      balance,
      customer: customers,
    })
    .from(receivables)
    .innerJoin(customers, eq(customers.customer_id, receivables.customer_id))
    .innerJoin(
      receivableLedger,
      eq(receivableLedger.account_receivable_id, receivables.account_receivable_id),
    )
    .leftJoin(outlets, eq(outlets.business_outlet_id, receivables.business_outlet_id))
    .where(eq(customers.business_id, auth.business_id))
    .groupBy(receivables.account_receivable_id, customers.customer_id, outlets.business_outlet_id)
    .having(sql`${balance} > 0`)
    .orderBy(asc(receivables.trx_time), asc(receivables.account_receivable_id))
    .limit(RECEIVABLE_LIST_LIMIT);
  return rows.map(({ balance: b, trx_time, customer: c, ...r }) => ({
    ...r,
    user_name: c.user_name,
    trx_time: formatLocalDateTime(trx_time),
    drv_balance: Number(b),
    user: {
      user_code: c.user_code,
      user_name: c.user_name,
      user_ref: c.user_ref,
      user_phone: c.user_phone,
      user_email: c.user_email,
      user_notes: c.user_notes,
      user_birth_date: c.user_birth_date,
      user_gender: c.user_gender,
      user_email_notification: notificationEmailOf(c),
      // as a customer chosen from the keyword search: the user_code names it (000 §3 identifier types)
      user_identifier_type: 'search' as const,
      user_identifier_string: c.user_code,
      is_signed_up: c.is_signed_up === 1 ? 1 : 0,
    },
  }));
}

/**
 * GET cashier/user-account-receivables?user_id={user_code}: that customer's open receivables, from the
 * ledger, brand-wide. A user_code the brand does not hold is refused (400 naming user_id), as the lookup.
 */
export async function userAccountReceivables(
  deps: AppDeps,
  auth: AuthContext,
  userCode: string,
): Promise<UserAccountReceivablesResponse> {
  const [row] = await deps.database.db
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(
      and(
        eq(customers.business_id, auth.business_id),
        sql`(${customers.user_code} = ${userCode} OR ${customers.user_code} = ${userCode.toUpperCase()})`,
      ),
    )
    .orderBy(asc(customers.customer_id))
    .limit(1);
  if (!row) throw invalid(DOMAIN_MESSAGES.customerNotFound, 'user_id');
  return openReceivables(deps, row.customer_id);
}
