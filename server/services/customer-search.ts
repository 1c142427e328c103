import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { USER_SEARCH_LIMIT, type UserSearchHit } from '../../src/api/contract/customer';
import { MEMBER_SEARCH_LIMIT, type MemberSearchRow } from '../../src/api/contract/member-search';
import { canonicalPhone } from '../../src/domain/pos/phone';
import { customers, receivableLedger, receivables } from '../db/schema';
import type { AppDeps } from '../deps';
import { customerSearchText, userPhoneCanonical } from './customer-lookup';

/** A LIKE pattern that matches the keyword literally anywhere. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Digits to look for in the canonical phone: a number written from its start (+62, 62, 0) is canonicalised. */
function phoneNeedle(keyword: string): string | null {
  if (!/^\+?[\d\s-]{4,}$/.test(keyword)) return null;
  return /^(\+|0|62)/.test(keyword) ? canonicalPhone(keyword) : keyword.replace(/\D/g, '');
}

/** Which of these customers have an open receivable (its ledger's sum above 0). */
async function withOpenReceivables(deps: AppDeps, customerIds: number[]): Promise<Set<number>> {
  if (customerIds.length === 0) return new Set();
  const rows = await deps.database.db
    .selectDistinct({ customer_id: receivables.customer_id })
    .from(receivables)
    .innerJoin(
      receivableLedger,
      eq(receivableLedger.account_receivable_id, receivables.account_receivable_id),
    )
    .where(inArray(receivables.customer_id, customerIds))
    .groupBy(receivables.account_receivable_id, receivables.customer_id)
    .having(sql`sum(${receivableLedger.amount}) > 0`);
  return new Set(rows.map((r) => Number(r.customer_id)));
}

/** The keyword trimmed, without control characters (they never match; chr(1) would match the haystack's separators). */
const searchKeyword = (keyword: string): string =>
  [...keyword.trim()].filter((ch) => ch.charCodeAt(0) >= 32).join('');

/**
 * GET cashier/pos/user-search: the brand's customers whose name, phone, e-mail, user_code or reference
 * contains the keyword (case-insensitive), by name, at most 50; has_account_receivable marks '$$'.
 */
export async function searchCustomers(
  deps: AppDeps,
  businessId: number,
  keyword: string,
): Promise<UserSearchHit[]> {
  const k = searchKeyword(keyword);
  if (k === '') return [];
  const pattern = containing(k);
  const needle = phoneNeedle(k);
  const rows = await deps.database.db
    .select({
      customer_id: customers.customer_id,
      user_code: customers.user_code,
      user_name: customers.user_name,
      user_ref: customers.user_ref,
      user_phone: customers.user_phone,
      user_email: customers.user_email,
      user_notes: customers.user_notes,
      user_birth_date: customers.user_birth_date,
      user_gender: customers.user_gender,
    })
    .from(customers)
    .where(
      and(
        eq(customers.business_id, businessId),
        or(
          sql`${customerSearchText} like lower(${pattern})`,
          needle ? sql`${customerSearchText} like ${containing(needle)}` : undefined,
        ),
      ),
    )
    .orderBy(asc(customers.user_name), asc(customers.customer_id))
    .limit(USER_SEARCH_LIMIT);
  const open = await withOpenReceivables(
    deps,
    rows.map((r) => r.customer_id),
  );
  return rows.map(({ customer_id, ...r }) => ({
    ...r,
    has_account_receivable: open.has(customer_id) ? 1 : 0,
  }));
}

/** A LIKE pattern that matches the text literally at the start. */
const startingWith = (s: string) => `${s.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * GET cashier/pos/member-search (001 §2.2 Nama, §7): the brand's customers whose name or e-mail starts with
 * the keyword (case-insensitive), whose phone starts with it (any written form: +62…, 62…, 0…, or the digits
 * typed after '+62'), or whose reference or user_code is the keyword; by name, at most MEMBER_SEARCH_LIMIT.
 * Each condition is its own query walking its own index in order (migrations 0004 and 0040) and stops after
 * MEMBER_SEARCH_LIMIT rows, so a short prefix shared by thousands of the 100,000 customers never sorts them
 * all (ordered by ~<~, the order of the text_pattern_ops indexes); the union is sorted by name.
 */
export async function searchMembers(
  deps: AppDeps,
  businessId: number,
  keyword: string,
): Promise<MemberSearchRow[]> {
  const k = searchKeyword(keyword);
  if (k === '') return [];
  const lower = k.toLowerCase();
  const needle = /^\+?[\d\s-]{4,}$/.test(k) ? canonicalPhone(k) : null;
  const columns = {
    user_id: customers.customer_id,
    user_code: customers.user_code,
    user_name: customers.user_name,
    user_ref: customers.user_ref,
    user_phone: customers.user_phone,
    user_email: customers.user_email,
    user_notes: customers.user_notes,
  };
  const db = deps.database.db;
  const brand = eq(customers.business_id, businessId);
  const lowerName = sql`lower(${customers.user_name})`;
  const lowerEmail = sql`lower(${customers.user_email})`;
  const queries = [
    db
      .select(columns)
      .from(customers)
      .where(and(brand, sql`${lowerName} like ${startingWith(lower)}`))
      .orderBy(sql`${lowerName} using ~<~`)
      .limit(MEMBER_SEARCH_LIMIT),
    db
      .select(columns)
      .from(customers)
      .where(and(brand, sql`${lowerEmail} like ${startingWith(lower)}`))
      .orderBy(sql`${lowerEmail} using ~<~`)
      .limit(MEMBER_SEARCH_LIMIT),
    db
      .select(columns)
      .from(customers)
      .where(
        and(
          brand,
          or(sql`lower(${customers.user_ref}) = ${lower}`, eq(customers.user_code, k.toUpperCase())),
        ),
      )
      .limit(MEMBER_SEARCH_LIMIT),
    ...(needle
      ? [
          db
            .select(columns)
            .from(customers)
            .where(and(brand, sql`${userPhoneCanonical} like ${startingWith(needle)}`))
            .orderBy(sql`${userPhoneCanonical} using ~<~`)
            .limit(MEMBER_SEARCH_LIMIT),
        ]
      : []),
  ];
  const byId = new Map<number, MemberSearchRow>();
  for (const rows of await Promise.all(queries)) for (const r of rows) byId.set(r.user_id, r);
  return [...byId.values()]
    .sort((a, b) => (a.user_name < b.user_name ? -1 : a.user_name > b.user_name ? 1 : a.user_id - b.user_id))
    .slice(0, MEMBER_SEARCH_LIMIT);
}
