// Appointments (001 §2.12–2.13, §7; issue 26): the day's list, create, update and delete with the linked
// sale. Who and where come from the session; the worker, sales type and tags must be the outlet's; a worker
// double-booked in overlapping slots is refused naming the other booking, also under concurrent requests
// (one advisory lock per outlet, worker and day, taken before the overlap is read). Saving is idempotent per
// local_appointment_id: a repeat of a create stores one appointment (the sync sends an offline booking
// again when its answer was lost).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppointmentRecord, AppointmentSaveRequest } from '../../src/api/contract/appointment';
import {
  APPOINTMENT_FORM_MESSAGES,
  isAppointmentDate,
  minutesToTime,
  timeToMinutes,
} from '../../src/domain/appointment';
import { APPOINTMENT_OWN } from '../../src/domain/texts/appointment';
import { transaction } from '../db/retry';
import { queryRows, type Tx } from '../db/rows';
import { appointments } from '../db/schema';
import type { AppDeps } from '../deps';
import { invalid, ServiceError } from '../lib/errors';
import { sessionOutlet } from './customer-pos-lists';
import type { AuthContext } from './sessions';

/** Advisory-lock namespace (first key of pg_advisory_xact_lock(int, int)) for a worker's day at an outlet. */
const APPOINTMENT_LOCK_NAMESPACE = 0x41505054; // 'APPT'

type Row = typeof appointments.$inferSelect;

function toRecord(a: Row): AppointmentRecord {
  return {
    local_appointment_id: a.local_appointment_id,
    business_outlet_id: a.business_outlet_id,
    user_code: a.user_code,
    user_name: a.user_name,
    pos_salesType_id: a.pos_sales_type_id,
    business_commission_worker_id: a.business_commission_worker_id,
    appointment_date: a.appointment_date,
    start_time: a.start_time,
    end_time: a.end_time,
    appointment_notes: a.appointment_notes,
    pos_local_trx_id: a.pos_local_trx_id,
    pos_trx: (a.pos_trx as AppointmentRecord['pos_trx']) ?? null,
    tags: Array.isArray(a.tags) ? (a.tags as AppointmentRecord['tags']) : [],
  };
}

/** The outlet's open appointments with their POS transaction (000 §4 sign-in step 5). */
export async function listAppointments(deps: AppDeps, outletId: number | null) {
  if (outletId === null) return [];
  const rows = await deps.database.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.business_outlet_id, outletId), ne(appointments.status, 'cancelled')))
    .orderBy(asc(appointments.appointment_date), asc(appointments.start_time));
  return rows.map(toRecord);
}

/** GET {appointments}?start_date=&end_date=: one day of the session's outlet (001 §7). */
export async function appointmentsOfDay(
  deps: AppDeps,
  auth: AuthContext,
  query: { start_date: string; end_date: string },
): Promise<AppointmentRecord[]> {
  const outletId = sessionOutlet(auth);
  if (!isAppointmentDate(query.start_date)) throw invalid(APPOINTMENT_OWN.dateInvalid, 'start_date');
  if (query.end_date !== query.start_date) throw invalid(APPOINTMENT_OWN.rangeOneDay, 'end_date');
  const rows = await deps.database.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.business_outlet_id, outletId),
        eq(appointments.appointment_date, query.start_date),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(appointments.start_time), asc(appointments.appointment_id));
  return rows.map(toRecord);
}

interface CatalogueDoc {
  entity_id: string;
  kind: string;
  doc: Record<string, unknown>;
}

/** The outlet's documents of the kinds named, by kind and id. */
async function outletCatalogue(tx: Pick<Tx, 'execute'>, auth: AuthContext, outletId: number) {
  const docs = await queryRows<CatalogueDoc>(
    tx,
    sql`SELECT entity_id, kind, doc FROM catalogue_entities
      WHERE business_id = ${auth.business_id}
        AND business_outlet_id IN (0, ${outletId})
        AND kind IN ('commission_worker', 'sales_type', 'tags')
        AND (outlet_ids IS NULL OR ${outletId}::int = ANY (outlet_ids))`,
  );
  const of = (kind: string) =>
    new Map(docs.filter((d) => d.kind === kind).map((d) => [Number(d.entity_id), d.doc]));
  return { workers: of('commission_worker'), salesTypes: of('sales_type'), tags: of('tags') };
}

const workerName = (doc: Record<string, unknown> | undefined) =>
  [doc?.firstname, doc?.lastname].filter((p) => typeof p === 'string' && p).join(' ') || 'Worker';

/** The checked values of a save: a real day, 'HH:mm' times with end after start, the outlet's ids. */
function checkTimes(input: AppointmentSaveRequest) {
  if (!isAppointmentDate(input.appointment_date))
    throw invalid(APPOINTMENT_OWN.dateInvalid, 'appointment_date');
  const s = timeToMinutes(input.start_time);
  if (s === null) throw invalid(APPOINTMENT_OWN.timeInvalid, 'start_time');
  const e = timeToMinutes(input.end_time);
  if (e === null) throw invalid(APPOINTMENT_OWN.timeInvalid, 'end_time');
  if (e <= s) throw invalid(APPOINTMENT_FORM_MESSAGES.endAfterStart, 'end_time');
  return { start_time: minutesToTime(s), end_time: minutesToTime(e) };
}

/**
 * POST (create; a repeat of the same local_appointment_id updates it: one appointment) and PUT (update an
 * existing one). The linked sale (pos_trx) is stored as the device sends it; its sales type follows the
 * appointment's.
 */
export async function saveAppointment(
  deps: AppDeps,
  auth: AuthContext,
  input: AppointmentSaveRequest,
  mode: 'create' | 'update',
): Promise<AppointmentRecord> {
  const outletId = sessionOutlet(auth);
  const times = checkTimes(input);
  return transaction(deps.database.db, async (tx) => {
    const catalogue = await outletCatalogue(tx, auth, outletId);
    if (!catalogue.salesTypes.has(input.pos_salesType_id))
      throw invalid(APPOINTMENT_OWN.salesTypeUnknown, 'pos_salesType_id');
    const worker = catalogue.workers.get(input.business_commission_worker_id);
    if (!worker) throw invalid(APPOINTMENT_OWN.workerUnknown, 'business_commission_worker_id');
    const tagIds = [...new Set(input.tags ?? [])];
    const tags = tagIds.map((id) => {
      const doc = catalogue.tags.get(id);
      if (!doc) throw invalid(APPOINTMENT_OWN.tagUnknown, 'tags');
      return { pos_tag_id: id, pos_tag_name: String(doc.pos_tag_name ?? '') };
    });

    // one writer per outlet, worker and day: the overlap read below sees every committed booking
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${APPOINTMENT_LOCK_NAMESPACE}, hashtext(${`${outletId}|${input.business_commission_worker_id}|${input.appointment_date}`}))`,
    );
    const [existing] = await tx
      .select()
      .from(appointments)
      .where(eq(appointments.local_appointment_id, input.local_appointment_id))
      .for('update');
    if (existing && existing.business_outlet_id !== outletId)
      throw invalid(APPOINTMENT_OWN.notFound, 'local_appointment_id');
    if (existing?.status === 'cancelled') throw invalid(APPOINTMENT_OWN.cancelled, 'local_appointment_id');
    if (!existing && mode === 'update')
      throw new ServiceError('not_found', APPOINTMENT_OWN.notFound, 'local_appointment_id');

    const [other] = await tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.business_outlet_id, outletId),
          eq(appointments.business_commission_worker_id, input.business_commission_worker_id),
          eq(appointments.appointment_date, input.appointment_date),
          ne(appointments.status, 'cancelled'),
          ne(appointments.local_appointment_id, input.local_appointment_id),
          sql`${appointments.start_time} < ${times.end_time} AND ${appointments.end_time} > ${times.start_time}`,
        ),
      )
      .orderBy(asc(appointments.start_time))
      .limit(1);
    if (other)
      throw invalid(
        APPOINTMENT_OWN.doubleBooked(
          workerName(worker),
          input.appointment_date,
          other.start_time ?? '',
          other.end_time ?? '',
          other.user_name || 'Guest',
        ),
        'start_time',
      );

    const now = deps.clock.now();
    const posTrx = input.pos_trx ? { ...input.pos_trx, pos_salesType_id: input.pos_salesType_id } : null;
    const values = {
      business_outlet_id: outletId,
      business_user_id: auth.business_user_id,
      user_code: input.user_code ?? existing?.user_code ?? null,
      user_name: input.user_name ?? existing?.user_name ?? 'Guest',
      pos_sales_type_id: input.pos_salesType_id,
      business_commission_worker_id: input.business_commission_worker_id,
      appointment_date: input.appointment_date,
      start_time: times.start_time,
      end_time: times.end_time,
      appointment_notes: input.appointment_notes ?? null,
      pos_local_trx_id: input.pos_local_trx_id ?? existing?.pos_local_trx_id ?? null,
      pos_trx: (posTrx ?? existing?.pos_trx ?? null) as Row['pos_trx'],
      tags,
      updated_at: now,
    };
    const [row] = existing
      ? await tx
          .update(appointments)
          .set(values)
          .where(eq(appointments.appointment_id, existing.appointment_id))
          .returning()
      : await tx
          .insert(appointments)
          .values({
            ...values,
            local_appointment_id: input.local_appointment_id,
            status: 'booked',
            created_at: now,
          })
          .returning();
    if (!row) throw new Error('appointment: no row written');
    return toRecord(row);
  });
}

/**
 * DELETE {appointments}/{local_appointment_id}: the appointment and its linked sale (a status-1 transaction,
 * never a completed sale) go; the id stays so a late offline save of it is refused, not revived. A repeat is
 * answered the same.
 */
export async function deleteAppointment(deps: AppDeps, auth: AuthContext, localAppointmentId: string) {
  const outletId = sessionOutlet(auth);
  if (!localAppointmentId || localAppointmentId.length > 64)
    throw invalid(APPOINTMENT_OWN.notFound, 'local_appointment_id');
  const [row] = await deps.database.db
    .update(appointments)
    .set({ status: 'cancelled', pos_trx: null, updated_at: deps.clock.now() })
    .where(
      and(
        eq(appointments.local_appointment_id, localAppointmentId),
        eq(appointments.business_outlet_id, outletId),
      ),
    )
    .returning({ local_appointment_id: appointments.local_appointment_id });
  if (!row) throw new ServiceError('not_found', APPOINTMENT_OWN.notFound, 'local_appointment_id');
  return { local_appointment_id: row.local_appointment_id };
}
