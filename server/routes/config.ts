import type { FastifyInstance } from 'fastify';
import { configQuery } from '../../src/api/contract/session';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { requireAuth } from '../http/auth';
import { okJson } from '../http/reply';
import { parseInput } from '../http/validate';
import { invalid } from '../lib/errors';
import { bindSessionOutlet } from '../services/sessions';
import { userDataJson, userOutlets } from '../services/user-data';

export async function configRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  // ?outlet_id=N must be one of the user's outlets; it binds the session to it (choose outlet).
  app.get('/cashier/config', { config: { auth: true } }, async (req, reply) => {
    const auth = requireAuth(req);
    const query = parseInput(configQuery, req.query);
    let outletId = auth.outlet_id;
    if (query.outlet_id !== undefined) {
      const mine = await userOutlets(deps, auth.business_user_id);
      if (!mine.some((o) => o.business_outlet_id === query.outlet_id)) {
        throw invalid(API_MESSAGES.outletNotAllowed, 'outlet_id');
      }
      outletId = query.outlet_id;
      if (outletId !== auth.outlet_id) await bindSessionOutlet(deps, auth.session_id, outletId);
    }
    const data = await userDataJson(deps, {
      business_user_id: auth.business_user_id,
      outlet_id: outletId,
      signed_in_at: auth.created_at,
    });
    return okJson(reply, data);
  });
}
