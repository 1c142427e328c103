// The medical sub-records of a customer (001 §2.10, §3, §6, §7; issue 25). Privacy: only a registered health
// worker (business_users.health_worker, is_satusehat_nakes = 1) assigned to the session's outlet, at an outlet
// with rme_satu_sehat = 1, reads or writes them; every read, write and refusal is written to emr_access_log,
// which the owner (AUDIT_LOG) lists.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { CustomerIdentifier } from '../../src/api/contract/customer';
import type { EmrAccessQuery, EmrAccessRow, EmrRecord } from '../../src/api/contract/emr-records';
import { EMR_FIELDS, type EmrField, emrList } from '../../src/domain/emr-records';
import { EMR_RECORDS_OWN, EMR_RECORDS_TEXTS } from '../../src/domain/texts/emr-records';
import { outletStampInstant } from '../../src/domain/time-wall';
import {
  businessUserOutlets,
  businessUsers,
  customerEmr,
  customers,
  emrAccessLog,
  outlets,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid, ServiceError } from '../lib/errors';
import { findCustomer } from './customer-lookup';
import type { AuthContext } from './sessions';

/** How many access entries one list answers at most (newest first). */
export const EMR_ACCESS_PAGE = 500;

type Action = 'read' | 'write' | 'refused';

async function logAccess(
  deps: AppDeps,
  auth: AuthContext,
  entry: { customer_id: number | null; record: string; action: Action; item_count?: number | null },
): Promise<void> {
  await deps.database.db.insert(emrAccessLog).values({
    business_id: auth.business_id,
    business_outlet_id: auth.outlet_id,
    business_user_id: auth.business_user_id,
    customer_id: entry.customer_id,
    record: entry.record,
    action: entry.action,
    item_count: entry.item_count ?? null,
    at: deps.clock.now(),
  });
}

/** Whether the session's user is a registered health worker of the session's outlet (001 §6). */
async function isHealthWorkerHere(deps: AppDeps, auth: AuthContext): Promise<boolean> {
  if (auth.outlet_id === null) return false;
  const [row] = await deps.database.db
    .select({ health_worker: businessUsers.health_worker, settings: outlets.settings })
    .from(businessUsers)
    .innerJoin(businessUserOutlets, eq(businessUserOutlets.business_user_id, businessUsers.business_user_id))
    .innerJoin(outlets, eq(outlets.business_outlet_id, businessUserOutlets.business_outlet_id))
    .where(
      and(
        eq(businessUsers.business_user_id, auth.business_user_id),
        eq(businessUsers.business_id, auth.business_id),
        eq(outlets.business_outlet_id, auth.outlet_id),
        eq(outlets.business_id, auth.business_id),
      ),
    )
    .limit(1);
  if (!row || row.health_worker === null || row.health_worker === undefined) return false;
  return Number((row.settings as Record<string, unknown>)?.rme_satu_sehat ?? 0) === 1;
}

/** The customer, or 400; a caller who is not a health worker of the outlet is refused (403) and logged. */
async function guard(deps: AppDeps, auth: AuthContext, id: CustomerIdentifier, record: string) {
  // no outlet chosen yet (a user of several outlets): no outlet's health worker either
  const customer = await findCustomer(deps, auth.business_id, id);
  if (!(await isHealthWorkerHere(deps, auth))) {
    await logAccess(deps, auth, { customer_id: customer?.customer_id ?? null, record, action: 'refused' });
    throw new ServiceError('forbidden', EMR_RECORDS_OWN.notHealthWorker);
  }
  if (!customer) throw invalid(EMR_RECORDS_TEXTS.customerMissing, 'user_identifier_string');
  return customer;
}

async function recordOf(deps: AppDeps, customerId: number, userCode: string): Promise<EmrRecord> {
  const [row] = await deps.database.db
    .select()
    .from(customerEmr)
    .where(eq(customerEmr.customer_id, customerId))
    .limit(1);
  const out = { user_code: userCode } as EmrRecord;
  for (const f of EMR_FIELDS) out[f] = JSON.stringify(row?.[f] ?? []);
  return out;
}

/** GET cashier/customer-emr: the five lists as JSON text; the read is logged. */
export async function readEmr(deps: AppDeps, auth: AuthContext, id: CustomerIdentifier): Promise<EmrRecord> {
  const customer = await guard(deps, auth, id, '*');
  const record = await recordOf(deps, customer.customer_id, customer.user_code ?? id.user_identifier_string);
  const count = EMR_FIELDS.reduce((n, f) => n + (JSON.parse(record[f]) as unknown[]).length, 0);
  await logAccess(deps, auth, {
    customer_id: customer.customer_id,
    record: '*',
    action: 'read',
    item_count: count,
  });
  return record;
}

/**
 * PUT cashier/customer-emr: one list replaced whole ('{}' = empty), each item checked against its shape;
 * a refusal names the item's field (e.g. persetujuan_medis.0.doctorSignature). The write is logged.
 */
export async function writeEmr(
  deps: AppDeps,
  auth: AuthContext,
  input: { user_code: string; field: EmrField; wire: string },
): Promise<EmrRecord> {
  const customer = await guard(
    deps,
    auth,
    { user_identifier_type: 'qr', user_identifier_string: input.user_code },
    input.field,
  );
  const trimmed = input.wire.trim();
  let raw: unknown;
  try {
    raw = trimmed === '{}' ? [] : JSON.parse(trimmed);
  } catch {
    throw invalid(EMR_RECORDS_OWN.invalidRecord, input.field);
  }
  if (!Array.isArray(raw)) throw invalid(EMR_RECORDS_OWN.invalidRecord, input.field);
  const parsed = emrList(input.field).safeParse(raw);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path.map(String).join('.');
    throw invalid(EMR_RECORDS_OWN.invalidRecord, path ? `${input.field}.${path}` : input.field);
  }
  const items = parsed.data as unknown[];
  const now = deps.clock.now();
  await deps.database.db
    .insert(customerEmr)
    .values({
      customer_id: customer.customer_id,
      business_id: auth.business_id,
      [input.field]: items,
      updated_at: now,
      updated_by: auth.business_user_id,
    })
    .onConflictDoUpdate({
      target: customerEmr.customer_id,
      set: { [input.field]: items, updated_at: now, updated_by: auth.business_user_id },
    });
  await logAccess(deps, auth, {
    customer_id: customer.customer_id,
    record: input.field,
    action: 'write',
    item_count: items.length,
  });
  return recordOf(deps, customer.customer_id, customer.user_code ?? input.user_code);
}

/** GET cashier/customer-emr/access-log: the business's reads, writes and refusals, newest first. */
export async function emrAccessEntries(
  deps: AppDeps,
  auth: AuthContext,
  query: EmrAccessQuery,
): Promise<EmrAccessRow[]> {
  const conditions = [eq(emrAccessLog.business_id, auth.business_id)];
  if (query.start_date) conditions.push(gte(emrAccessLog.at, outletStampInstant(query.start_date)));
  if (query.end_date)
    conditions.push(
      lt(emrAccessLog.at, new Date(outletStampInstant(query.end_date).getTime() + 24 * 3600_000)),
    );
  const found = await deps.database.db
    .select({
      emr_access_id: emrAccessLog.emr_access_id,
      at: emrAccessLog.at,
      business_user_id: emrAccessLog.business_user_id,
      user_name: sql<string>`coalesce(trim(${businessUsers.firstname} || ' ' || ${businessUsers.lastname}), '')`,
      outlet_name: outlets.outlet_name,
      user_code: customers.user_code,
      customer_name: customers.user_name,
      record: emrAccessLog.record,
      action: emrAccessLog.action,
      item_count: emrAccessLog.item_count,
    })
    .from(emrAccessLog)
    .leftJoin(businessUsers, eq(businessUsers.business_user_id, emrAccessLog.business_user_id))
    .leftJoin(outlets, eq(outlets.business_outlet_id, emrAccessLog.business_outlet_id))
    .leftJoin(customers, eq(customers.customer_id, emrAccessLog.customer_id))
    .where(and(...conditions))
    .orderBy(desc(emrAccessLog.at), desc(emrAccessLog.emr_access_id))
    .limit(EMR_ACCESS_PAGE);
  return found.map((r) => ({
    ...r,
    at: formatLocalDateTime(r.at),
    user_name: r.user_name ?? '',
    action: r.action as Action,
  }));
}
