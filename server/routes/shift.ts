import type { FastifyInstance } from 'fastify';
import { SHIFT_PATHS, shiftSyncRequest } from '../../src/api/contract/shift';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseRequest } from '../http/validate';
import { syncShifts } from '../services/shift';

/** Shift management's call (002 §7 Shift): SHIFT_MANAGEMENT, enforced here (002 §6). */
export async function shiftRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    `/${SHIFT_PATHS.shiftSync}`,
    { config: { auth: true, roles: ['SHIFT_MANAGEMENT'] } },
    async (req) => {
      const { shifts } = parseRequest(shiftSyncRequest, req.body);
      return ok(await syncShifts(app.deps, requireAuth(req), shifts));
    },
  );
}
