// Issue 14: 'Jual Membership' (MEMBERSHIP_SALES, ruling 19). A membership sale starts the customer's
// membership today, or extends a current one from the day after its valid_until, for the membership's
// duration; its price is the server's catalogue's (business_memberships), never the device's. The period is
// one customer_memberships row written inside the sale's own transaction after the customer's row lock, so a
// repeat or a concurrent twin of the sale writes nothing (and the unique (ref_local_trx_id, source) index of
// migration 0018 makes a second row impossible). A void appends the period's reversal row (source + '_void'):
// customer_memberships stays append-only (ruling 13) and a reversed period no longer counts.
import { type SQL, sql } from 'drizzle-orm';
import { POS_MESSAGES, type SaleTrx } from '../../../src/api/contract/pos';
import {
  type MembershipPeriod,
  membershipPeriod,
  membershipPrice,
} from '../../../src/domain/membership-sale';
import { MESSAGES as DOMAIN_MESSAGES } from '../../../src/domain/messages';
import { syntheticLine } from '../../../src/domain/transaction-rules';
import type { Tx } from '../../db/rows';
import { rows } from '../../db/rows';
import { formatLocalDateTime, parseLocalDateTime } from '../../lib/clock';
import { forbidden, invalid } from '../../lib/errors';
import type { AuthContext } from '../sessions';
import { hasPriceChanges, isSyntheticShape } from './special-line';

const num = (v: unknown) => Number(v ?? 0);

/** customer_memberships.source of a sale's period, and of its reversal by a void. */
export const MEMBERSHIP_SALE_SOURCE = 'membership_sale';
export const MEMBERSHIP_VOID_SUFFIX = '_void';
/** customer_memberships.source of a period started by member activation (001 §2.8; ref = 'activation:' + uuid). */
export const MEMBERSHIP_ACTIVATION_SOURCE = 'membership_activation';

/**
 * The condition a customer_memberships row (the table's own name, unaliased) must meet to count: it is not
 * a reversal row, and no reversal row names it (a voided sale's period).
 */
export const COUNTED_MEMBERSHIP_ROW = `right(customer_memberships.source, 5) <> '_void'
  AND NOT EXISTS (SELECT 1 FROM customer_memberships v
    WHERE v.customer_id = customer_memberships.customer_id
      AND v.ref_local_trx_id = customer_memberships.ref_local_trx_id
      AND v.source = customer_memberships.source || '_void')`;
export const countedMembershipRow: SQL = sql.raw(COUNTED_MEMBERSHIP_ROW);

/** The catalogue's membership (business_memberships): what the sale is priced and timed by. */
export interface CatalogueMembership {
  business_membership_id: number;
  membership_name: string;
  price: number;
  duration_days: number;
  /** 1: activated without a Purchase No. (001 §2.8). */
  is_automatic_activation: number;
}

export async function catalogueMembership(
  db: Pick<Tx, 'execute'>,
  businessId: number,
  id: number,
): Promise<CatalogueMembership | null> {
  const [m] = rows<{ doc: unknown }>(
    await db.execute(sql`
      SELECT doc FROM catalogue_entities
      WHERE business_id = ${businessId} AND kind = 'business_memberships' AND entity_id = ${String(id)}
      ORDER BY business_outlet_id LIMIT 1`),
  );
  const doc = (typeof m?.doc === 'string' ? JSON.parse(m.doc) : m?.doc) as
    | Record<string, unknown>
    | undefined;
  if (!doc || typeof doc.membership_name !== 'string') return null;
  const days = Math.floor(num(doc.duration_days));
  return {
    business_membership_id: id,
    membership_name: doc.membership_name,
    price: membershipPrice({ price: num(doc.price) }),
    // a catalogue without a duration: one year
    duration_days: Number.isSafeInteger(days) && days > 0 ? days : 365,
    is_automatic_activation: num(doc.is_automatic_activation) === 1 ? 1 : 0,
  };
}

/**
 * The shape of a membership sale, checked before it is priced (a 400 naming the field): the role flag
 * MEMBERSHIP_SALES (000 §6), a customer ('Customer harus ditentukan untuk melakukan aktivasi membership.'), a
 * membership_item of the brand's catalogue with a price above 0 ('Membership harus dipilih.'), and one
 * synthetic line (pos_item_id 1, variant 1, qty 1) priced at the catalogue's price with nothing on it, no
 * coupon or redeem. Answers the sale as the server prices it (the line rebuilt from the catalogue) and the
 * catalogue's membership.
 */
export async function membershipSale(
  db: Pick<Tx, 'execute'>,
  trx: SaleTrx,
  auth: Pick<AuthContext, 'auth_role_accesses' | 'business_id'>,
): Promise<{ sale: SaleTrx; membership: CatalogueMembership }> {
  if (Number(auth.auth_role_accesses.MEMBERSHIP_SALES ?? 0) !== 1) throw forbidden();
  const c = trx.customer;
  if (!c || !(c.user_code?.trim() || c.user_identifier_string?.trim()))
    throw invalid(DOMAIN_MESSAGES.membershipNoCustomer, 'customer');
  const id = num(trx.membership_item?.business_membership_id);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw invalid(DOMAIN_MESSAGES.membershipNotChosen, 'membership_item');
  const membership = await catalogueMembership(db, auth.business_id, id);
  if (!membership || membership.price <= 0)
    throw invalid(DOMAIN_MESSAGES.membershipNotChosen, 'membership_item');
  if (trx.details.length !== 1) throw invalid(POS_MESSAGES.specialLineInvalid, 'details');
  const d = trx.details[0];
  if (!isSyntheticShape(d) || hasPriceChanges(trx, d))
    throw invalid(POS_MESSAGES.specialLineInvalid, 'details.0');
  if (num(d.itemMeta.pos_item_variants?.[0]?.variant_price) !== membership.price)
    throw invalid(POS_MESSAGES.priceNotInCatalogue, 'details.0.itemMeta.pos_item_variants');
  const line = syntheticLine({
    local_trx_detail_id: d.local_trx_detail_id,
    name: membership.membership_name,
    amount: membership.price,
    local_created_at: d.local_created_at ?? null,
  });
  return {
    sale: {
      ...trx,
      details: [{ ...d, ...line, item_sellers: d.item_sellers ?? [], notes: d.notes ?? null }],
    },
    membership,
  };
}

/**
 * The period the sale grants, read with the customer's row locked (the sale's transaction): from today, or
 * from the day after the latest counted valid_until when that is today or later (ruling 19).
 */
export async function planMembership(
  tx: Pick<Tx, 'execute'>,
  input: { customerId: number; membership: CatalogueMembership; now: Date },
): Promise<MembershipPeriod> {
  const [r] = rows<{ until: string | Date | null }>(
    await tx.execute(sql`
      SELECT max(valid_until) AS until FROM customer_memberships
      WHERE customer_id = ${input.customerId} AND ${countedMembershipRow}`),
  );
  const until = r?.until == null ? null : formatLocalDateTime(new Date(r.until)).slice(0, 10);
  return membershipPeriod({
    today: formatLocalDateTime(input.now).slice(0, 10),
    current_end_date: until,
    duration_days: input.membership.duration_days,
  });
}

/** The period's row, after the sale's head (valid from the start date's 00:00 through the end date, WIB). */
export async function writeMembership(
  tx: Pick<Tx, 'execute'>,
  period: MembershipPeriod,
  input: {
    customerId: number;
    membership: CatalogueMembership;
    localTrxId: string;
    now: Date;
    /** customer_memberships.source: a sale's by default, MEMBERSHIP_ACTIVATION_SOURCE for an activation. */
    source?: string;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO customer_memberships (customer_id, business_membership_id, valid_from, valid_until, source,
      ref_local_trx_id, created_at)
    VALUES (${input.customerId}, ${input.membership.business_membership_id},
      ${parseLocalDateTime(period.start_date).toISOString()}::timestamptz,
      ${parseLocalDateTime(period.end_date).toISOString()}::timestamptz, ${input.source ?? MEMBERSHIP_SALE_SOURCE},
      ${input.localTrxId}, ${input.now.toISOString()}::timestamptz)`);
}

/** A void: the sale's period gets its reversal row (same period, source + '_void'); returns how many. */
export async function reverseMembership(
  tx: Pick<Tx, 'execute'>,
  localTrxId: string,
  now: Date,
): Promise<number> {
  return rows(
    await tx.execute(sql`
      INSERT INTO customer_memberships (customer_id, business_membership_id, valid_from, valid_until, source,
        ref_local_trx_id, created_at)
      SELECT customer_id, business_membership_id, valid_from, valid_until, source || ${MEMBERSHIP_VOID_SUFFIX},
        ref_local_trx_id, ${now.toISOString()}::timestamptz
      FROM customer_memberships
      WHERE ref_local_trx_id = ${localTrxId} AND right(source, 5) <> ${MEMBERSHIP_VOID_SUFFIX}
      ON CONFLICT DO NOTHING
      RETURNING customer_membership_id`),
  ).length;
}
