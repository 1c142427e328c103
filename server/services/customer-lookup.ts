import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type {
  ActiveCoupon,
  CustomerIdentifier,
  PosUser,
  UserAccountReceivable,
} from '../../src/api/contract/customer';
import { canonicalPhone, displayPhone } from '../../src/domain/pos/phone';
import { SALE_MESSAGES as DOMAIN_MESSAGES } from '../../src/domain/texts/sale';
import { outletDay } from '../../src/domain/time';
import {
  catalogueEntities,
  couponUserLedger,
  couponUsers,
  customerMemberships,
  customers,
  receivableLedger,
  receivables,
  walletLedger,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid } from '../lib/errors';
import { notificationEmailOf } from './pos/customer';
import { countedMembershipRow } from './pos/membership';

export type CustomerRow = typeof customers.$inferSelect;

/** customers.user_phone_canonical: stored by migration 0004 (customer_canonical_phone of user_phone), indexed. */
export const userPhoneCanonical = sql`${sql.identifier('customers')}.${sql.identifier('user_phone_canonical')}`;
/** customers.customer_search_text: the keyword search's lower-cased haystack (migration 0004). */
export const customerSearchText = sql`${sql.identifier('customers')}.${sql.identifier('customer_search_text')}`;

/** Today in the outlet's time zone (WIB): the date and the instant its day starts. */
export function outletToday(now: Date): { date: string; start: Date; end: Date } {
  return outletDay(now);
}

/**
 * The brand's customer an identifier names, or null. Phone: any of +62…, 62…, 08… (canonical form);
 * e-mail and reference: case-insensitive; nik: the 16 digits; qr and search: the user_code. Several matches: the oldest.
 */
export async function findCustomer(
  deps: AppDeps,
  businessId: number,
  id: CustomerIdentifier,
): Promise<CustomerRow | null> {
  const v = id.user_identifier_string;
  const match = (() => {
    switch (id.user_identifier_type) {
      case 'phone':
        return sql`${userPhoneCanonical} = ${canonicalPhone(v)}`;
      case 'email':
        return sql`lower(${customers.user_email}) = ${v.toLowerCase()}`;
      case 'reference':
        return sql`lower(${customers.user_ref}) = ${v.toLowerCase()}`;
      case 'nik':
        return eq(customers.nik, v);
      default:
        return or(eq(customers.user_code, v), eq(customers.user_code, v.toUpperCase()));
    }
  })();
  const [row] = await deps.database.db
    .select()
    .from(customers)
    .where(and(eq(customers.business_id, businessId), match))
    .orderBy(asc(customers.customer_id))
    .limit(1);
  return row ?? null;
}

/** Open receivables (ledger sum > 0), oldest first. */
export async function openReceivables(deps: AppDeps, customerId: number): Promise<UserAccountReceivable[]> {
  const balance = sql<string>`sum(${receivableLedger.amount})`;
  const rows = await deps.database.db
    .select({
      account_receivable_id: receivables.account_receivable_id,
      business_outlet_id: receivables.business_outlet_id,
      local_trx_id: receivables.local_trx_id,
      trx_id: receivables.trx_id,
      trx_time: receivables.trx_time,
      payment_method_reference: receivables.payment_method_reference,
      balance,
    })
    .from(receivables)
    .innerJoin(
      receivableLedger,
      eq(receivableLedger.account_receivable_id, receivables.account_receivable_id),
    )
    .where(eq(receivables.customer_id, customerId))
    .groupBy(receivables.account_receivable_id)
    .having(sql`${balance} > 0`)
    .orderBy(asc(receivables.trx_time), asc(receivables.account_receivable_id));
  return rows.map(({ balance: b, trx_time, ...r }) => ({
    ...r,
    trx_time: formatLocalDateTime(trx_time),
    drv_balance: Number(b),
  }));
}

/** The deposit wallet's balance: the sum of its ledger (ruling 13, 15). */
export async function depositAmount(deps: AppDeps, customerId: number): Promise<number> {
  const [row] = await deps.database.db
    .select({ total: sql<string | null>`sum(${walletLedger.amount})` })
    .from(walletLedger)
    .where(eq(walletLedger.customer_id, customerId));
  return Number(row?.total ?? 0);
}

/** The brand's catalogue documents of one kind by id. */
async function catalogueDocs(
  deps: AppDeps,
  businessId: number,
  kind: string,
  ids: readonly (string | number)[],
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.database.db
    .select({ id: catalogueEntities.entity_id, doc: catalogueEntities.doc })
    .from(catalogueEntities)
    .where(
      and(
        eq(catalogueEntities.business_id, businessId),
        eq(catalogueEntities.kind, kind),
        inArray(
          catalogueEntities.entity_id,
          ids.map((i) => String(i)),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.doc]));
}

/** Coupons not expired by the outlet's date with some left (the ledger's sum), soonest expiry first. */
export async function activeCoupons(
  deps: AppDeps,
  businessId: number,
  customerId: number,
  today: string,
  withDetail: boolean,
): Promise<ActiveCoupon[]> {
  const left = sql<string>`sum(${couponUserLedger.qty})`;
  const rows = await deps.database.db
    .select({
      coupon_user_id: couponUsers.coupon_user_id,
      coupon_id: couponUsers.coupon_id,
      start_date: couponUsers.start_date,
      expired_date: couponUsers.expired_date,
      coupon_notes: couponUsers.coupon_notes,
      left,
    })
    .from(couponUsers)
    .innerJoin(couponUserLedger, eq(couponUserLedger.coupon_user_id, couponUsers.coupon_user_id))
    .where(and(eq(couponUsers.customer_id, customerId), gte(couponUsers.expired_date, today)))
    .groupBy(couponUsers.coupon_user_id)
    .having(sql`${left} > 0`)
    .orderBy(asc(couponUsers.expired_date), asc(couponUsers.coupon_user_id));
  const details = withDetail
    ? await catalogueDocs(
        deps,
        businessId,
        'coupons',
        rows.map((r) => r.coupon_id),
      )
    : null;
  return rows.map(({ left: q, ...r }) => ({
    ...r,
    qty: Number(q),
    ...(details
      ? { coupon_detail: (details.get(String(r.coupon_id)) ?? null) as ActiveCoupon['coupon_detail'] }
      : {}),
  }));
}

/** The current membership (valid through its valid_until date, outlet time) and its discount level. */
async function currentMembership(
  deps: AppDeps,
  businessId: number,
  customerId: number,
  now: Date,
): Promise<{ membership_name: string | null; discount_level: { reward_value: number } | null }> {
  const { start } = outletToday(now);
  const [m] = await deps.database.db
    .select({ id: customerMemberships.business_membership_id })
    .from(customerMemberships)
    .where(
      and(
        eq(customerMemberships.customer_id, customerId),
        lte(customerMemberships.valid_from, now),
        or(isNull(customerMemberships.valid_until), gte(customerMemberships.valid_until, start)),
        // a voided membership sale's period does not count (pos/membership.ts)
        countedMembershipRow,
      ),
    )
    .orderBy(desc(sql`coalesce(${customerMemberships.valid_until}, 'infinity'::timestamptz)`))
    .limit(1);
  if (!m) return { membership_name: null, discount_level: null };
  const doc = (await catalogueDocs(deps, businessId, 'business_memberships', [m.id])).get(String(m.id));
  const level = doc?.discount_level as { reward_value?: unknown } | null | undefined;
  return {
    membership_name: typeof doc?.membership_name === 'string' ? doc.membership_name : null,
    discount_level: level ? { ...level, reward_value: Number(level.reward_value ?? 0) } : null,
  };
}

/** The user object of 000 §3 for a found customer, balances derived from the ledgers. */
export async function customerObject(
  deps: AppDeps,
  row: CustomerRow,
  id: CustomerIdentifier,
  options: { retrieveCoupon: boolean },
): Promise<PosUser> {
  const now = deps.clock.now();
  const today = outletToday(now).date;
  const [membership, account_receivables, active_coupons, deposit_amount] = await Promise.all([
    currentMembership(deps, row.business_id, row.customer_id, now),
    openReceivables(deps, row.customer_id),
    activeCoupons(deps, row.business_id, row.customer_id, today, options.retrieveCoupon),
    depositAmount(deps, row.customer_id),
  ]);
  return {
    user_code: row.user_code,
    user_name: row.user_name,
    user_ref: row.user_ref,
    user_phone: row.user_phone,
    user_email: row.user_email,
    user_notes: row.user_notes,
    user_birth_date: row.user_birth_date,
    user_gender: row.user_gender,
    // the stored flag says whether receipts go by e-mail; the field carries the address (its own, else user_email)
    user_email_notification: notificationEmailOf(row),
    user_identifier_type: id.user_identifier_type,
    user_identifier_string: id.user_identifier_string,
    retrieve_time: formatLocalDateTime(now),
    ...membership,
    account_receivables,
    active_coupons,
    deposit_amount,
    is_signed_up: row.is_signed_up === 1 ? 1 : 0,
  };
}

/** A customer not yet known: only the identifier is filled (user_code null); the cashier creates it at submit. */
export function newCustomerObject(id: CustomerIdentifier, now: Date): PosUser {
  return {
    user_code: null,
    user_name: null,
    user_ref: null,
    user_phone: id.user_identifier_type === 'phone' ? displayPhone(id.user_identifier_string) : null,
    user_email: id.user_identifier_type === 'email' ? id.user_identifier_string : null,
    user_notes: null,
    user_birth_date: null,
    user_gender: null,
    user_email_notification: '',
    user_identifier_type: id.user_identifier_type,
    user_identifier_string: id.user_identifier_string,
    retrieve_time: formatLocalDateTime(now),
    membership_name: null,
    discount_level: null,
    account_receivables: [],
    active_coupons: [],
    deposit_amount: 0,
    is_signed_up: 0,
  };
}

/**
 * POST cashier/pos/user: the customer an identifier names. Unknown phone or e-mail → a new customer;
 * an unknown QR code, reference or chosen user_code → 400 "Data customer tidak ditemukan".
 */
export async function lookupPosUser(
  deps: AppDeps,
  businessId: number,
  id: CustomerIdentifier,
  options: { retrieveCoupon: boolean },
): Promise<PosUser> {
  const row = await findCustomer(deps, businessId, id);
  if (row) return customerObject(deps, row, id, options);
  if (id.user_identifier_type === 'phone' || id.user_identifier_type === 'email')
    return newCustomerObject(id, deps.clock.now());
  throw invalid(DOMAIN_MESSAGES.customerNotFound, 'user_identifier_string');
}
