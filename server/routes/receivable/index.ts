import type { FastifyInstance } from 'fastify';
import { RECEIVABLE_ROLES, userAccountReceivablesQuery } from '../../../src/api/contract/receivable';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseInput } from '../../http/validate';
import { listAccountReceivables, userAccountReceivables } from '../../services/receivables';

/** Accounts receivable (002 §7, issue 12): the brand's open receivables and one customer's, from the ledger. */
export async function receivableRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.get(
    '/cashier/account-receivable',
    { config: { auth: true, roles: [...RECEIVABLE_ROLES.list] } },
    async (req) => ok(await listAccountReceivables(deps, requireAuth(req))),
  );

  app.get(
    '/cashier/user-account-receivables',
    { config: { auth: true, roles: [...RECEIVABLE_ROLES.userReceivables] } },
    async (req) => {
      const auth = requireAuth(req);
      const { user_id } = parseInput(userAccountReceivablesQuery, req.query);
      return ok(await userAccountReceivables(deps, auth, user_id));
    },
  );
}
