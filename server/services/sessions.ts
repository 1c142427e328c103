import { and, eq } from 'drizzle-orm';
import { AUTHORIZATION_TYPE } from '../../src/api/contract/paths';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { randomToken, sha256 } from '../lib/crypto';
import { unauthenticated } from '../lib/errors';

/** The signed-in cashier a request acts as. */
export interface AuthContext {
  session_id: number;
  business_user_id: number;
  business_id: number;
  outlet_id: number | null;
  created_at: Date;
  auth_role_accesses: Record<string, 0 | 1>;
}

export interface SessionHeaders {
  clientKey: string | undefined;
  loginToken: string | undefined;
  authorizationType: string | undefined;
}

/** A session row as AUTH_SELECT answers it. */
export interface SessionRow {
  session_id: string;
  business_user_id: number;
  outlet_id: number | null;
  created_at: Date | string;
  business_id: number;
  is_active: boolean;
  auth_role_accesses: Record<string, 0 | 1> | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The live session of $1 (client key hash) and $2 (login token hash) at $3: plain text, prepared once per
 * connection (no query builder), and embedded as is where a route reads more in the same round trip.
 */
export const AUTH_SELECT = `
  SELECT s.session_id::text AS session_id, s.business_user_id, s.outlet_id, s.created_at, u.business_id,
    u.is_active, g.auth_role_accesses
  FROM sessions s
  JOIN business_users u ON u.business_user_id = s.business_user_id
  JOIN user_groups g ON g.business_user_group_id = u.business_user_group_id
  WHERE s.client_key_hash = $1 AND s.login_token_hash = $2 AND s.revoked_at IS NULL
    AND s.expires_at > $3::timestamptz
  LIMIT 1`;

/** The headers' part of the check (no database): missing or of another type → unauthenticated. */
export function checkSessionHeaders(h: SessionHeaders): { clientKey: string; loginToken: string } {
  if (!h.clientKey || !h.loginToken) throw unauthenticated();
  if (h.authorizationType !== undefined && h.authorizationType !== AUTHORIZATION_TYPE)
    throw unauthenticated();
  return { clientKey: h.clientKey, loginToken: h.loginToken };
}

/** AUTH_SELECT's parameters $1…$3. */
export function sessionParams(deps: AppDeps, h: SessionHeaders): [string, string, string] {
  const { clientKey, loginToken } = checkSessionHeaders(h);
  return [sha256(clientKey), sha256(loginToken), deps.clock.now().toISOString()];
}

/** No row (forged, revoked, expired) or an inactive user → unauthenticated. */
export function toAuthContext(row: SessionRow | undefined): AuthContext {
  if (!row?.is_active) throw unauthenticated();
  return {
    session_id: Number(row.session_id),
    business_user_id: row.business_user_id,
    business_id: row.business_id,
    outlet_id: row.outlet_id,
    created_at: new Date(row.created_at),
    auth_role_accesses: json(row.auth_role_accesses),
  };
}

/** Missing, forged, revoked or expired → unauthenticated (HTTP 303, the client's forced sign-out). */
export async function authenticate(deps: AppDeps, h: SessionHeaders): Promise<AuthContext> {
  const [row] = await deps.database.query<SessionRow>(AUTH_SELECT, sessionParams(deps, h), 'auth_session');
  return toAuthContext(row);
}

export interface NewSession {
  session_id: number;
  client_key: string;
  login_token: string;
  created_at: Date;
}

export async function createSession(
  deps: AppDeps,
  input: {
    business_user_id: number;
    outlet_id: number | null;
    ip: string;
    app_version?: string;
    app_build?: string;
  },
): Promise<NewSession> {
  const now = deps.clock.now();
  const client_key = randomToken();
  const login_token = randomToken();
  const [row] = await deps.database.db
    .insert(sessions)
    .values({
      client_key_hash: sha256(client_key),
      login_token_hash: sha256(login_token),
      business_user_id: input.business_user_id,
      outlet_id: input.outlet_id,
      ip: input.ip,
      app_version: input.app_version ?? null,
      app_build: input.app_build ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + deps.sessionTtlMs),
    })
    .returning({ session_id: sessions.session_id });
  return { session_id: row.session_id, client_key, login_token, created_at: now };
}

/** Sign-in confirmation: the body's login_token must be the session's own. */
export async function confirmSession(deps: AppDeps, auth: AuthContext, loginToken: string): Promise<Date> {
  const now = deps.clock.now();
  const rows = await deps.database.db
    .update(sessions)
    .set({ confirmed_at: now })
    .where(and(eq(sessions.session_id, auth.session_id), eq(sessions.login_token_hash, sha256(loginToken))))
    .returning({ confirmed_at: sessions.confirmed_at });
  if (rows.length === 0) throw unauthenticated();
  return now;
}

export async function bindSessionOutlet(deps: AppDeps, sessionId: number, outletId: number): Promise<void> {
  await deps.database.db
    .update(sessions)
    .set({ outlet_id: outletId })
    .where(eq(sessions.session_id, sessionId));
}
