import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Answers only when the database does: a load balancer keeps traffic off an instance that lost it.
  app.get('/healthz', { config: { auth: false } }, async (_req, reply) => {
    try {
      await app.deps.database.db.execute(sql`SELECT 1`);
      return { status: 'ok', database: app.deps.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
