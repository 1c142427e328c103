import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { listAppointments } from '../services/appointments';

export async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/cashier/appointment',
    { config: { auth: true, roles: ['CASHIER_SYSTEM', 'APPOINTMENT'] } },
    async (req) => {
      const auth = requireAuth(req);
      return ok({ customer_appointments: await listAppointments(app.deps, auth.outlet_id) });
    },
  );
}
