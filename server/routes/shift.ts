import type { FastifyInstance } from 'fastify';
import {
  SHIFT_PATHS,
  shiftExpensesRequest,
  shiftStartRequest,
  shiftSyncRequest,
} from '../../src/api/contract/shift';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseRequest } from '../http/validate';
import { listShifts, saveOpenShiftExpenses, startShift, syncShifts } from '../services/shift';

/** Shift management's calls (002 §7 Shift; ruling 26): SHIFT_MANAGEMENT, enforced here (002 §6). */
export async function shiftRoutes(app: FastifyInstance): Promise<void> {
  const config = { auth: true, roles: ['SHIFT_MANAGEMENT'] };
  app.post(`/${SHIFT_PATHS.shiftSync}`, { config }, async (req) => {
    const { shifts } = parseRequest(shiftSyncRequest, req.body);
    return ok(await syncShifts(app.deps, requireAuth(req), shifts));
  });
  app.post(`/${SHIFT_PATHS.shiftStart}`, { config }, async (req) => {
    const { shift } = parseRequest(shiftStartRequest, req.body);
    return ok(await startShift(app.deps, requireAuth(req), shift));
  });
  app.post(`/${SHIFT_PATHS.shiftExpenses}`, { config }, async (req) => {
    const body = parseRequest(shiftExpensesRequest, req.body);
    return ok(await saveOpenShiftExpenses(app.deps, requireAuth(req), body));
  });
  app.get(`/${SHIFT_PATHS.shiftSync}`, { config }, async (req) =>
    ok(await listShifts(app.deps, requireAuth(req))),
  );
}
