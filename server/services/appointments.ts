import { and, asc, eq, ne } from 'drizzle-orm';
import { appointments } from '../db/schema';
import type { AppDeps } from '../deps';

/** The outlet's open appointments with their POS transaction (000 §4 sign-in step 5). */
export async function listAppointments(deps: AppDeps, outletId: number | null) {
  if (outletId === null) return [];
  const rows = await deps.database.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.business_outlet_id, outletId), ne(appointments.status, 'cancelled')))
    .orderBy(asc(appointments.appointment_date), asc(appointments.start_time));
  return rows.map((a) => ({
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
    pos_trx: a.pos_trx,
    tags: a.tags,
  }));
}
