import type { FastifyInstance } from 'fastify';
import { settlementQuery } from '../../../src/api/contract/settlement';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { invalid } from '../../lib/errors';
import { settlement } from '../../services/settlement';

/** The settlement call of issue 12 (002 §7; docs/api.md): the Home closing card's printouts. */
export async function settlementRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.get('/cashier/pos/settlement', { config: { auth: true, roles: ['CASHIER_SYSTEM'] } }, async (req) => {
    const auth = requireAuth(req);
    const r = settlementQuery.safeParse(req.query ?? {}, { error: () => API_MESSAGES.invalidInput });
    if (!r.success) {
      const issue = r.error.issues[0];
      throw invalid(
        issue?.message ?? API_MESSAGES.invalidInput,
        issue?.path.map(String).join('.') || undefined,
      );
    }
    return ok(await settlement(deps, auth, r.data));
  });
}
