import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { helpFaqs } from '../services/help';

/** GET cashier/help (002 §2.21, §7): every signed-in user reads the brand's FAQs ('Bantuan' has no role flag). */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  app.get('/cashier/help', { config: { auth: true } }, async (req) =>
    ok(await helpFaqs(deps, requireAuth(req))),
  );
}
