// 000 §5: a member's discount (discount_level.reward_value percent off a NORMAL sale) is the server's, from
// the customer's membership periods and the catalogue's membership, never the percent the device sent.
// An offline device may have looked the customer up while a period was running and sold after it ended:
// the level of a period that covered the lookup (retrieve_time, at most 30 days before the sale) stands too,
// so such a sale is not stranded; any other percent is replaced by the server's, and the totals check refuses it.
// A sale without a member discount stands as it is: it gives nothing away (a lookup made before the customer
// became a member, or a cashier who never looked the customer up).
import type { SaleTrx } from '../../../src/api/contract/pos';
import type { Database } from '../../db/create-db';
import { parseLocalDateTime } from '../../lib/clock';
import { outletToday } from '../customer-lookup';
import { COUNTED_MEMBERSHIP_ROW } from './membership';

/** How long before the sale the device's lookup of the customer may vouch for a level. */
export const MEMBER_LOOKUP_MAX_AGE_DAYS = 30;

const reward = (v: unknown): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * The reward percent of the customer's counted membership period covering each time (its valid_until day
 * included, outlet time), the latest-ending first; 0 where none. One round trip.
 */
async function rewardsAt(
  database: Database,
  input: { businessId: number; outletId: number; userCode: string; times: Date[] },
): Promise<number[]> {
  const params: unknown[] = [input.businessId, input.outletId, input.userCode];
  const lateral = input.times.map((t, i) => {
    params.push(t.toISOString(), outletToday(t).start.toISOString());
    const at = `$${params.length - 1}::timestamptz`;
    const dayStart = `$${params.length}::timestamptz`;
    return `(SELECT e.doc->'discount_level'->>'reward_value' FROM customer_memberships
        JOIN catalogue_entities e ON e.business_id = c.business_id AND e.kind = 'business_memberships'
          AND e.business_outlet_id IN (0, $2) AND e.entity_id = customer_memberships.business_membership_id::text
        WHERE customer_memberships.customer_id = c.customer_id AND customer_memberships.valid_from <= ${at}
          AND (customer_memberships.valid_until IS NULL OR customer_memberships.valid_until >= ${dayStart})
          AND ${COUNTED_MEMBERSHIP_ROW}
        ORDER BY coalesce(customer_memberships.valid_until, 'infinity'::timestamptz) DESC LIMIT 1) AS r${i}`;
  });
  const rows = await database.query<Record<string, unknown>>(
    `SELECT ${lateral.join(', ')} FROM customers c WHERE c.business_id = $1 AND c.user_code = $3`,
    params,
  );
  return input.times.map((_, i) => reward(rows[0]?.[`r${i}`]));
}

/**
 * The sale with the member discount level the server allows (see above): unchanged when the device's percent
 * is the server's (at the sale, or at a recent lookup), else the server's level at the sale (none: null).
 */
export async function withServerMemberLevel(
  database: Database,
  input: { businessId: number; outletId: number; trx: SaleTrx; at: Date },
): Promise<SaleTrx> {
  const { trx } = input;
  const customer = trx.customer;
  if (!customer || (trx.trx_type ?? 'NORMAL') !== 'NORMAL') return trx;
  const sent = reward(customer.discount_level?.reward_value);
  if (sent === 0) return trx;
  const userCode = customer.user_code?.trim();
  // a new customer (no user_code yet) has no membership
  const times = [input.at];
  const looked = lookupTime(customer.retrieve_time, input.at);
  if (looked) times.push(looked);
  const allowed = userCode
    ? await rewardsAt(database, { businessId: input.businessId, outletId: input.outletId, userCode, times })
    : [0];
  if (allowed.includes(sent)) return trx;
  const server = allowed[0] ?? 0;
  return {
    ...trx,
    customer: { ...customer, discount_level: server > 0 ? { reward_value: server } : null },
  };
}

/** The device's lookup time, if it is a stored-format time within the allowed age before the sale. */
function lookupTime(value: string | null | undefined, at: Date): Date | null {
  if (!value) return null;
  try {
    const t = parseLocalDateTime(value);
    const age = at.getTime() - t.getTime();
    return age >= 0 && age <= MEMBER_LOOKUP_MAX_AGE_DAYS * 86_400_000 ? t : null;
  } catch {
    return null;
  }
}
