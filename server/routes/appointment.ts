import type { FastifyInstance } from 'fastify';
import {
  APPOINTMENT_PATHS,
  appointmentDayQuery,
  appointmentSaveRequest,
} from '../../src/api/contract/appointment';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseRequest } from '../http/validate';
import {
  appointmentsOfDay,
  deleteAppointment,
  listAppointments,
  saveAppointment,
} from '../services/appointments';

/** Appointments (000 §4 sign-in step 5; 001 §7): APPOINTMENT or the cashier, enforced here (001 §6). */
export async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  const config = { auth: true, roles: ['CASHIER_SYSTEM', 'APPOINTMENT'] };
  app.get(`/${APPOINTMENT_PATHS.appointment}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok({ customer_appointments: await listAppointments(app.deps, auth.outlet_id) });
  });
  app.get(`/${APPOINTMENT_PATHS.appointments}`, { config }, async (req) => {
    const query = parseRequest(appointmentDayQuery, req.query);
    return ok({ customer_appointments: await appointmentsOfDay(app.deps, requireAuth(req), query) });
  });
  app.post(`/${APPOINTMENT_PATHS.appointment}`, { config }, async (req) => {
    const body = parseRequest(appointmentSaveRequest, req.body);
    return ok({ appointment: await saveAppointment(app.deps, requireAuth(req), body, 'create') });
  });
  app.put(`/${APPOINTMENT_PATHS.appointment}`, { config }, async (req) => {
    const body = parseRequest(appointmentSaveRequest, req.body);
    return ok({ appointment: await saveAppointment(app.deps, requireAuth(req), body, 'update') });
  });
  app.delete<{ Params: { local_appointment_id: string } }>(
    `/${APPOINTMENT_PATHS.appointments}/:local_appointment_id`,
    { config },
    async (req) => ok(await deleteAppointment(app.deps, requireAuth(req), req.params.local_appointment_id)),
  );
}
