import type { FastifyInstance } from 'fastify';
import { AUDIT_ROLE } from '../../../src/api/contract/audit';
import { customerIdentifierRequest } from '../../../src/api/contract/customer';
import {
  EMR_BODY_LIMIT,
  EMR_PATHS,
  emrAccessQuery,
  emrPutRequest,
} from '../../../src/api/contract/emr-records';
import { EMR_FIELDS } from '../../../src/domain/emr-records';
import { EMR_RECORDS_OWN } from '../../../src/domain/texts/emr-records';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseInput, parseRequest } from '../../http/validate';
import { emrAccessEntries, readEmr, writeEmr } from '../../services/emr-records';

/** The journal's flag (001 §6); the service then requires a registered health worker of the outlet. */
const EMR_ROLES = ['CUSTOMER_JOURNAL'];

/** The medical sub-records (001 §7, issue 25) and the owner's list of their reads and writes. */
export async function emrRecordRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.get(`/${EMR_PATHS.emr}`, { config: { auth: true, roles: EMR_ROLES } }, async (req) =>
    ok(await readEmr(deps, requireAuth(req), parseInput(customerIdentifierRequest, req.query))),
  );

  app.put(
    `/${EMR_PATHS.emr}`,
    { bodyLimit: EMR_BODY_LIMIT, config: { auth: true, roles: EMR_ROLES, longBodyFields: [...EMR_FIELDS] } },
    async (req) => {
      const input = parseInput(emrPutRequest, req.body);
      return ok(await writeEmr(deps, requireAuth(req), input), EMR_RECORDS_OWN.saved);
    },
  );

  app.get(`/${EMR_PATHS.accessLog}`, { config: { auth: true, roles: [AUDIT_ROLE] } }, async (req) =>
    ok({ entries: await emrAccessEntries(deps, requireAuth(req), parseRequest(emrAccessQuery, req.query)) }),
  );
}
