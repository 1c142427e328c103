import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { USER_SEARCH_LIMIT, type UserSearchHit } from '../../src/api/contract/customer';
import { canonicalPhone } from '../../src/domain/pos/phone';
import { customers, receivableLedger, receivables } from '../db/schema';
import type { AppDeps } from '../deps';

/** A LIKE pattern that matches the keyword literally anywhere. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Digits to look for in the canonical phone: a number written from its start (+62, 62, 0) is canonicalised. */
function phoneNeedle(keyword: string): string | null {
  if (!/^\+?[\d\s-]{4,}$/.test(keyword)) return null;
  return /^(\+|0|62)/.test(keyword) ? canonicalPhone(keyword) : keyword.replace(/\D/g, '');
}

/**
 * GET cashier/pos/user-search: the brand's customers whose name, phone, e-mail, user_code or reference
 * contains the keyword (case-insensitive), by name, at most 50; has_account_receivable marks '$$'.
 */
export async function searchCustomers(
  deps: AppDeps,
  businessId: number,
  keyword: string,
): Promise<UserSearchHit[]> {
  const k = keyword.trim();
  const pattern = containing(k);
  const needle = phoneNeedle(k);
  // qualified by hand: inside the subquery an unqualified customer_id would name r's own column
  const customerId = sql`${sql.identifier('customers')}.${sql.identifier('customer_id')}`;
  const openReceivable = sql<boolean>`exists (
    select 1 from ${receivables} r
    where r.customer_id = ${customerId}
      and (select coalesce(sum(l.amount), 0) from ${receivableLedger} l
           where l.account_receivable_id = r.account_receivable_id) > 0)`;
  const rows = await deps.database.db
    .select({
      user_code: customers.user_code,
      user_name: customers.user_name,
      user_ref: customers.user_ref,
      user_phone: customers.user_phone,
      user_email: customers.user_email,
      user_notes: customers.user_notes,
      user_birth_date: customers.user_birth_date,
      user_gender: customers.user_gender,
      open: openReceivable,
    })
    .from(customers)
    .where(
      and(
        eq(customers.business_id, businessId),
        or(
          ilike(customers.user_name, pattern),
          ilike(customers.user_phone, pattern),
          ilike(customers.user_email, pattern),
          ilike(customers.user_code, pattern),
          ilike(customers.user_ref, pattern),
          needle
            ? sql`customer_canonical_phone(${customers.user_phone}) like ${containing(needle)}`
            : undefined,
        ),
      ),
    )
    .orderBy(asc(customers.user_name), asc(customers.customer_id))
    .limit(USER_SEARCH_LIMIT);
  return rows.map(({ open, ...r }) => ({ ...r, has_account_receivable: open ? 1 : 0 }));
}
