import type { FastifyInstance } from 'fastify';
import { customerIdentifierRequest } from '../../src/api/contract/customer';
import {
  emrIdParams,
  locationRequest,
  organizationInitRequest,
  organizationRequest,
  SATUSEHAT_PATHS,
} from '../../src/api/contract/satusehat';
import { EMR_SETUP_OWN, EMR_SETUP_TEXTS, HEALTH_SERVICE } from '../../src/domain/texts/emr-setup';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseInput } from '../http/validate';
import {
  deleteLocation,
  deleteOrganization,
  getLocation,
  getOrganization,
  initOrganizations,
  listLocations,
  listOrganizations,
  saveLocation,
  saveOrganization,
  syncPatientId,
} from '../services/emr-setup';

/** The EMR setup screens sit in the EMR statistics menu, which needs its three flags (001 §2.1). */
const EMR_SETUP = {
  auth: true,
  allRoles: ['RME_STATISTICS_KUNJUNGAN', 'RME_STATISTICS_DIAGNOSA', 'RME_STATISTICS_GENDER'],
};
/** Sync is offered from member info, registration and the journal's 'Data Pelanggan' (001 §2.7, §2.9, §2.11). */
const SYNC = { auth: true, roles: ['CUSTOMER_INFORMATION', 'CUSTOMER_FLOW', 'CUSTOMER_JOURNAL'] };

export async function satusehatRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const org = `/${SATUSEHAT_PATHS.organization}`;
  const loc = `/${SATUSEHAT_PATHS.location}`;

  app.post(`/${SATUSEHAT_PATHS.syncPatientId}`, { config: SYNC }, async (req) =>
    ok(
      await syncPatientId(deps, requireAuth(req), parseInput(customerIdentifierRequest, req.body)),
      EMR_SETUP_TEXTS.syncDone(HEALTH_SERVICE),
    ),
  );

  app.get(org, { config: EMR_SETUP }, async (req) =>
    ok({ organizations: await listOrganizations(deps, requireAuth(req).business_id) }),
  );
  app.post(`/${SATUSEHAT_PATHS.organizationInit}`, { config: EMR_SETUP }, async (req) => {
    const { satusehat_organization_id } = parseInput(organizationInitRequest, req.body);
    const organizations = await initOrganizations(deps, requireAuth(req), satusehat_organization_id);
    return ok({ organizations }, EMR_SETUP_TEXTS.initDone);
  });
  app.get(`${org}/:id`, { config: EMR_SETUP }, async (req) =>
    ok(await getOrganization(deps, requireAuth(req).business_id, parseInput(emrIdParams, req.params).id)),
  );
  app.post(org, { config: EMR_SETUP }, async (req) =>
    ok(
      await saveOrganization(
        deps,
        requireAuth(req).business_id,
        null,
        parseInput(organizationRequest, req.body),
      ),
      EMR_SETUP_TEXTS.orgSaved,
    ),
  );
  app.put(`${org}/:id`, { config: EMR_SETUP }, async (req) => {
    const { id } = parseInput(emrIdParams, req.params);
    const input = parseInput(organizationRequest, req.body);
    return ok(
      await saveOrganization(deps, requireAuth(req).business_id, id, input),
      EMR_SETUP_TEXTS.orgSaved,
    );
  });
  app.delete(`${org}/:id`, { config: EMR_SETUP }, async (req) => {
    await deleteOrganization(deps, requireAuth(req).business_id, parseInput(emrIdParams, req.params).id);
    return ok(null, EMR_SETUP_OWN.orgDeleted);
  });

  app.get(loc, { config: EMR_SETUP }, async (req) =>
    ok({ locations: await listLocations(deps, requireAuth(req).business_id) }),
  );
  app.get(`${loc}/:id`, { config: EMR_SETUP }, async (req) =>
    ok(await getLocation(deps, requireAuth(req).business_id, parseInput(emrIdParams, req.params).id)),
  );
  app.post(loc, { config: EMR_SETUP }, async (req) =>
    ok(
      await saveLocation(deps, requireAuth(req).business_id, null, parseInput(locationRequest, req.body)),
      EMR_SETUP_TEXTS.locSaved,
    ),
  );
  app.put(`${loc}/:id`, { config: EMR_SETUP }, async (req) => {
    const { id } = parseInput(emrIdParams, req.params);
    const input = parseInput(locationRequest, req.body);
    return ok(await saveLocation(deps, requireAuth(req).business_id, id, input), EMR_SETUP_TEXTS.locSaved);
  });
  app.delete(`${loc}/:id`, { config: EMR_SETUP }, async (req) => {
    await deleteLocation(deps, requireAuth(req).business_id, parseInput(emrIdParams, req.params).id);
    return ok(null, EMR_SETUP_OWN.locDeleted);
  });
}
