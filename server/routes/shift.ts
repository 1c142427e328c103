import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MESSAGES } from '../../src/api/contract/envelope';
import { SHIFT_PATHS, shiftSyncRequest } from '../../src/api/contract/shift';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { invalid } from '../lib/errors';
import { syncShifts } from '../services/shift';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {}, { error: () => MESSAGES.invalidInput });
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  throw invalid(issue?.message ?? MESSAGES.invalidInput, field);
}

/** Shift management's call (002 §7 Shift): SHIFT_MANAGEMENT, enforced here (002 §6). */
export async function shiftRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    `/${SHIFT_PATHS.shiftSync}`,
    { config: { auth: true, roles: ['SHIFT_MANAGEMENT'] } },
    async (req) => {
      const { shifts } = parse(shiftSyncRequest, req.body);
      return ok(await syncShifts(app.deps, requireAuth(req), shifts));
    },
  );
}
