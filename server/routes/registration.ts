import type { FastifyInstance } from 'fastify';
import {
  patientActivationRequest,
  REGISTRATION_PATHS,
  REGISTRATION_ROLES,
  sessionCreateRequest,
  sessionDeleteRequest,
  sessionListQuery,
  sessionUpdateRequest,
} from '../../src/api/contract/registration';
import { MEMBER_INFO_TEXTS } from '../../src/domain/texts/member-info';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseRequest } from '../http/validate';
import {
  activatePatient,
  createSession,
  deleteSession,
  flowStatuses,
  listSessions,
  updateSessionStatus,
} from '../services/customer-sessions';

/** The registration queue's calls (001 §7 'Registration and visit flow'; issue 26; paths per docs/api.md). */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const config = { auth: true, roles: [...REGISTRATION_ROLES] };

  app.get(`/${REGISTRATION_PATHS.flowStatus}`, { config }, async (req) =>
    ok(await flowStatuses(deps, requireAuth(req).business_id)),
  );

  app.get(`/${REGISTRATION_PATHS.session}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const { filter_date } = parseRequest(sessionListQuery, req.query);
    return ok(await listSessions(deps, auth, filter_date));
  });

  app.post(`/${REGISTRATION_PATHS.session}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await createSession(deps, auth, parseRequest(sessionCreateRequest, req.body)));
  });

  app.put(`/${REGISTRATION_PATHS.session}`, { config }, async (req) => {
    const auth = requireAuth(req);
    return ok(await updateSessionStatus(deps, auth, parseRequest(sessionUpdateRequest, req.body)));
  });

  // ruling 7: the data in the query, or in the body
  app.delete(`/${REGISTRATION_PATHS.session}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const input = query.user_business_session_id !== undefined ? query : req.body;
    const { user_business_session_id } = parseRequest(sessionDeleteRequest, input);
    return ok(await deleteSession(deps, auth, user_business_session_id));
  });

  app.post(`/${REGISTRATION_PATHS.patientActivation}`, { config }, async (req) => {
    const auth = requireAuth(req);
    const r = await activatePatient(deps, auth, parseRequest(patientActivationRequest, req.body));
    return ok(r, MEMBER_INFO_TEXTS.editSuccess);
  });
}
