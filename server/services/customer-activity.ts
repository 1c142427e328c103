import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { CustomerActivity, CustomerIdentifier } from '../../src/api/contract/customer';
import { customerActivities } from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { findCustomer, outletToday } from './customer-lookup';

/**
 * GET cashier/customer-activity: the customer's journal activities created today (outlet time, WIB) that
 * carry notes_for_cashier, oldest first. An unknown customer has none.
 */
export async function todaysActivitiesForCashier(
  deps: AppDeps,
  businessId: number,
  id: CustomerIdentifier,
): Promise<CustomerActivity[]> {
  const customer = await findCustomer(deps, businessId, id);
  if (!customer) return [];
  const { start, end } = outletToday(deps.clock.now());
  const rows = await deps.database.db
    .select({
      customer_activity_id: customerActivities.customer_activity_id,
      local_trx_id: customerActivities.local_trx_id,
      activity_notes: customerActivities.activity_notes,
      notes_for_cashier: customerActivities.notes_for_cashier,
      business_outlet_id: customerActivities.business_outlet_id,
      business_user_id: customerActivities.business_user_id,
      created_at: customerActivities.created_at,
    })
    .from(customerActivities)
    .where(
      and(
        eq(customerActivities.customer_id, customer.customer_id),
        gte(customerActivities.created_at, start),
        lt(customerActivities.created_at, end),
        isNull(customerActivities.deleted_at),
        sql`btrim(coalesce(${customerActivities.notes_for_cashier}, '')) <> ''`,
      ),
    )
    .orderBy(asc(customerActivities.created_at), asc(customerActivities.customer_activity_id));
  return rows.map((r) => ({
    ...r,
    notes_for_cashier: r.notes_for_cashier ?? '',
    created_at: formatLocalDateTime(r.created_at),
  }));
}
