import { and, eq, gt, isNull } from 'drizzle-orm';
import { AUTHORIZATION_TYPE } from '../../src/api/contract/paths';
import { businessUsers, sessions, userGroups } from '../db/schema';
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

/** Missing, forged, revoked or expired → unauthenticated (HTTP 303, the client's forced sign-out). */
export async function authenticate(deps: AppDeps, h: SessionHeaders): Promise<AuthContext> {
  if (!h.clientKey || !h.loginToken) throw unauthenticated();
  if (h.authorizationType !== undefined && h.authorizationType !== AUTHORIZATION_TYPE)
    throw unauthenticated();
  const now = deps.clock.now();
  const rows = await deps.database.db
    .select({
      session_id: sessions.session_id,
      business_user_id: sessions.business_user_id,
      outlet_id: sessions.outlet_id,
      created_at: sessions.created_at,
      business_id: businessUsers.business_id,
      is_active: businessUsers.is_active,
      auth_role_accesses: userGroups.auth_role_accesses,
    })
    .from(sessions)
    .innerJoin(businessUsers, eq(businessUsers.business_user_id, sessions.business_user_id))
    .innerJoin(userGroups, eq(userGroups.business_user_group_id, businessUsers.business_user_group_id))
    .where(
      and(
        eq(sessions.client_key_hash, sha256(h.clientKey)),
        eq(sessions.login_token_hash, sha256(h.loginToken)),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row?.is_active) throw unauthenticated();
  return {
    session_id: row.session_id,
    business_user_id: row.business_user_id,
    business_id: row.business_id,
    outlet_id: row.outlet_id,
    created_at: row.created_at,
    auth_role_accesses: row.auth_role_accesses,
  };
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
