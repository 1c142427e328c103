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
    /**
     * Every route needs a live session (the headers of 000 §7, else 303) unless it says `auth: false`:
     * a route that forgets to declare it is closed, never open.
     */
    auth?: boolean;
    /** any one of these auth_role_accesses flags must be 1 (else 403). */
    roles?: string[];
    /** every one of these flags must be 1 as well (else 403). */
    allRoles?: string[];
    /**
     * The route reads the session itself, with its own data in the same round trip (authorise() before
     * anything else); the hook only refuses missing session headers.
     */
    authInRoute?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route registered, with whether it is public (tests walk it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Read when asked: a plugin's own onRoute hook may still mark its routes public after ours ran. */
  readonly isPublic: boolean;
  /** The route's declared role flags (any one of `roles`, every one of `allRoles`). */
  readonly roles: readonly string[];
  readonly allRoles: readonly string[];
}

/** A route is public only when it says so; anything else (absent, true) authenticates. */
export const isPublicRoute = (config: { auth?: boolean } | undefined): boolean => config?.auth === false;

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export const sessionHeaders = (req: FastifyRequest): SessionHeaders => ({
  clientKey: header(req, HEADERS.clientKey),
  loginToken: header(req, HEADERS.loginToken),
  authorizationType: header(req, HEADERS.authorizationType),
});

/** The route's role flags (any one of `roles` and all of `allRoles` must be 1, else 403), then the request acts as `auth`. */
export function authorise(req: FastifyRequest, auth: AuthContext): AuthContext {
  const { roles, allRoles } = req.routeOptions.config ?? {};
  const on = (r: string) => auth.auth_role_accesses[r] === 1;
  if (roles && roles.length > 0 && !roles.some(on)) throw forbidden();
  if (allRoles && !allRoles.every(on)) throw forbidden();
  req.auth = auth;
  return auth;
}

/** The one hook that authorises every route, as the route's config declares (closed by default). */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        get isPublic() {
          return isPublicRoute(route.config);
        },
        get roles() {
          return route.config?.roles ?? [];
        },
        get allRoles() {
          return route.config?.allRoles ?? [];
        },
      });
    }
  });
  app.addHook('onRequest', async (req) => {
    // An unknown path answers 404, not 303: nothing there to protect.
    if (req.is404) return;
    const config = req.routeOptions.config;
    if (isPublicRoute(config)) return;
    if (config?.authInRoute) {
      checkSessionHeaders(sessionHeaders(req));
      return;
    }
    authorise(req, await authenticate(app.deps, sessionHeaders(req)));
  });
}

/** The authenticated context of a route that is not public. */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('requireAuth on a public route');
  return req.auth;
}
