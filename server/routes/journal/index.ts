import type { FastifyInstance } from 'fastify';
import { customerIdentifierRequest } from '../../../src/api/contract/customer';
import {
  ACTIVITY_BODY_LIMIT,
  ACTIVITY_LONG_FIELDS,
  activityDeleteRequest,
  activityRequest,
  icd10Query,
  JOURNAL_PATHS,
  journalNotesRequest,
  statisticQuery,
} from '../../../src/api/contract/journal';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseInput } from '../../http/validate';
import { patientsByDiagnosis, patientsByGender, patientsByMonth } from '../../services/emr-statistics';
import { icd10Search } from '../../services/icd10';
import {
  createActivity,
  deleteActivity,
  journalCustomer,
  readActivityPhoto,
  saveJournalNotes,
  updateActivity,
} from '../../services/journal';

/** The journal's calls (001 §6, §7): the CUSTOMER_JOURNAL flag; author-only edits are the service's. */
const JOURNAL_ROLES = ['CUSTOMER_JOURNAL'];

export async function journalRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const path = (p: string) => `/${p}`;
  const long = { bodyLimit: ACTIVITY_BODY_LIMIT, longBodyFields: [...ACTIVITY_LONG_FIELDS] };

  app.post(path(JOURNAL_PATHS.userInfo), { config: { auth: true, roles: JOURNAL_ROLES } }, async (req) =>
    ok(await journalCustomer(deps, requireAuth(req), parseInput(customerIdentifierRequest, req.body))),
  );

  app.post(
    path(JOURNAL_PATHS.journalNotes),
    { config: { auth: true, roles: JOURNAL_ROLES, longBodyFields: ['journal_notes'] } },
    async (req) => {
      const r = await saveJournalNotes(deps, requireAuth(req), parseInput(journalNotesRequest, req.body));
      return ok(r, r.message);
    },
  );

  app.post(
    path(JOURNAL_PATHS.activity),
    {
      bodyLimit: long.bodyLimit,
      config: { auth: true, roles: JOURNAL_ROLES, longBodyFields: long.longBodyFields },
    },
    async (req) => {
      const r = await createActivity(deps, requireAuth(req), parseInput(activityRequest, req.body));
      return ok(r.activity, r.message);
    },
  );

  app.put(
    path(JOURNAL_PATHS.activity),
    {
      bodyLimit: long.bodyLimit,
      config: { auth: true, roles: JOURNAL_ROLES, longBodyFields: long.longBodyFields },
    },
    async (req) => {
      const r = await updateActivity(deps, requireAuth(req), parseInput(activityRequest, req.body));
      return ok(r.activity, r.message);
    },
  );

  // 001 §7: DELETE sends {local_trx_id} as query parameters in one reading and as a body in another
  app.delete(path(JOURNAL_PATHS.activity), { config: { auth: true, roles: JOURNAL_ROLES } }, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const source = typeof q.local_trx_id === 'string' ? q : req.body;
    const { local_trx_id } = parseInput(activityDeleteRequest, source);
    const r = await deleteActivity(deps, requireAuth(req), local_trx_id);
    return ok(r, r.message);
  });

  app.get(path(JOURNAL_PATHS.icd10), { config: { auth: true, roles: JOURNAL_ROLES } }, async (req) => {
    const { search_term } = parseInput(icd10Query, req.query);
    return ok(await icd10Search(deps.database, search_term));
  });

  for (const [p, flag, fn] of [
    [JOURNAL_PATHS.statMonthly, 'RME_STATISTICS_KUNJUNGAN', patientsByMonth],
    [JOURNAL_PATHS.statDiagnosis, 'RME_STATISTICS_DIAGNOSA', patientsByDiagnosis],
    [JOURNAL_PATHS.statGender, 'RME_STATISTICS_GENDER', patientsByGender],
  ] as const) {
    app.get(path(p), { config: { auth: true, roles: [flag] } }, async (req) =>
      ok(await fn(deps, requireAuth(req), parseInput(statisticQuery, req.query))),
    );
  }

  // an activity photo by its unguessable token (an <img> sends no session headers), with its detected type
  app.get(`${path(JOURNAL_PATHS.activityPhoto)}/:token`, { config: { auth: false } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const photo = await readActivityPhoto(deps, token);
    if (!photo) return reply.status(404).send();
    return reply
      .header('Content-Type', photo.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(photo.bytes);
  });
}
