import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_PATHS } from '../../src/api/contract/audit';
import type { AppDeps } from '../deps';

/**
 * The requests the server is answering, per app (issue 23 item 3): background work (the audit log's upload)
 * starts its next database transaction only when no other request is in flight, or after a bounded wait.
 * A request counts from its arrival to its answer or abort; one left behind (neither came) stops counting
 * after STALE_MS.
 */
const inFlight = new WeakMap<AppDeps, Map<FastifyRequest, number>>();
const STALE_MS = 60_000;

/** The background requests: the audit log's upload (it is the one that waits). */
const background = (req: FastifyRequest) => req.url.startsWith(`/${AUDIT_PATHS.events}`);

/** Counts every request but the background ones. */
export function registerInFlight(app: FastifyInstance): void {
  const open = new Map<FastifyRequest, number>();
  inFlight.set(app.deps, open);
  const end = async (req: FastifyRequest) => {
    open.delete(req);
  };
  app.addHook('onRequest', async (req) => {
    if (!background(req)) open.set(req, performance.now());
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
}

/** How many other requests the app is answering now. */
export function requestsInFlight(deps: AppDeps): number {
  const open = inFlight.get(deps);
  if (!open) return 0;
  const now = performance.now();
  for (const [req, since] of open) if (now - since > STALE_MS) open.delete(req);
  return open.size;
}
