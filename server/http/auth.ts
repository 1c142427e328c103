import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/api/contract/paths';
import { forbidden } from '../lib/errors';
import {
  type AuthContext,
  authenticate,
  checkSessionHeaders,
  type SessionHeaders,
} from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the session headers of 000 §7 must name a live session (else 303). */
    auth?: boolean;
    /** any one of these auth_role_accesses flags must be 1 (else 403). */
    roles?: string[];
    /**
     * The route reads the session itself, with its own data in the same round trip (authorise() before
     * anything else); the hook only refuses missing session headers.
     */
    authInRoute?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export const sessionHeaders = (req: FastifyRequest): SessionHeaders => ({
  clientKey: header(req, HEADERS.clientKey),
  loginToken: header(req, HEADERS.loginToken),
  authorizationType: header(req, HEADERS.authorizationType),
});

/** The route's role flags (any one must be 1, else 403), then the request acts as `auth`. */
export function authorise(req: FastifyRequest, auth: AuthContext): AuthContext {
  const roles = req.routeOptions.config?.roles;
  if (roles && roles.length > 0 && !roles.some((r) => auth.auth_role_accesses[r] === 1)) throw forbidden();
  req.auth = auth;
  return auth;
}

/** The one hook that authorises every route, as the route's config declares. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (!config?.auth) return;
    if (config.authInRoute) {
      checkSessionHeaders(sessionHeaders(req));
      return;
    }
    authorise(req, await authenticate(app.deps, sessionHeaders(req)));
  });
}

/** The authenticated context of a route declared with `auth: true`. */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('route is missing config.auth');
  return req.auth;
}
