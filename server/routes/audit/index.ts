import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUDIT_ROLE,
  auditDayQuery,
  auditTrxParams,
  uploadEventsRequest,
} from '../../../src/api/contract/audit';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseRequest } from '../../http/validate';
import { auditDay, auditTrx, uploadEvents, uploadTurn } from '../../services/audit';

/** Issue 15: the upload of a device's log (any signed-in user) and the auditor's reads (AUDIT_LOG). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  // A user's uploads one at a time (issue 23 item 3): the turn is taken before the body is read and checked,
  // and ends with the answer (or the client's abort).
  const turns = new WeakMap<FastifyRequest, () => void>();
  const endTurn = async (req: FastifyRequest) => {
    turns.get(req)?.();
  };
  app.post(
    '/cashier/audit/events',
    {
      config: { auth: true },
      preParsing: async (req) => {
        turns.set(req, await uploadTurn(deps, requireAuth(req)));
      },
      onResponse: endTurn,
      onRequestAbort: endTurn,
    },
    async (req) => {
      const body = parseRequest(uploadEventsRequest, req.body);
      return ok(await uploadEvents(deps, requireAuth(req), body.events));
    },
  );

  app.get('/cashier/audit/day', { config: { auth: true, roles: [AUDIT_ROLE] } }, async (req) => {
    const query = parseRequest(auditDayQuery, req.query);
    return ok(await auditDay(deps, requireAuth(req), query));
  });

  app.get<{ Params: { local_trx_id: string } }>(
    '/cashier/audit/trx/:local_trx_id',
    { config: { auth: true, roles: [AUDIT_ROLE] } },
    async (req) => {
      const { local_trx_id } = parseRequest(auditTrxParams, req.params);
      return ok(await auditTrx(deps, requireAuth(req), local_trx_id));
    },
  );
}
