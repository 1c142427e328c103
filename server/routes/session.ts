import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/api/contract/paths';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequest,
  resetPasswordRequest,
  signInConfirmationRequest,
  signInRequest,
  signOutQuery,
  signOutRequest,
} from '../../src/api/contract/session';
import { RESET_PASSWORD_MESSAGES } from '../../src/domain/texts/session';
import { requireAuth } from '../http/auth';
import { ok, okJson } from '../http/reply';
import { parseInput } from '../http/validate';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { confirmSession, createSession } from '../services/sessions';
import { verifyCredentials } from '../services/sign-in';
import { signOut } from '../services/sign-out';
import { userDataJson, userOutlets } from '../services/user-data';

const headerValue = (req: FastifyRequest, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? undefined;
};

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.post('/cashier/pos/auth/sign-in', { config: { auth: false } }, async (req, reply) => {
    const body = parseInput(signInRequest, req.body);
    const { business_user_id } = await verifyCredentials(deps, { ...body, ip: req.ip });
    const outlets = await userOutlets(deps, business_user_id);
    // One outlet: bound at once; several: the cashier chooses (GET cashier/config?outlet_id=N).
    const outlet_id = outlets.length === 1 ? outlets[0].business_outlet_id : null;
    const session = await createSession(deps, {
      business_user_id,
      outlet_id,
      ip: req.ip,
      app_version: headerValue(req, HEADERS.appVersion),
      app_build: headerValue(req, HEADERS.buildNumber) ?? headerValue(req, HEADERS.appBuild),
    });
    const data = await userDataJson(
      deps,
      { business_user_id, outlet_id, signed_in_at: session.created_at },
      { client_key: session.client_key, login_token: session.login_token },
    );
    return okJson(reply, data);
  });

  app.post('/cashier/pos/auth/sign-in-confirmation', { config: { auth: true } }, async (req) => {
    const body = parseInput(signInConfirmationRequest, req.body);
    const confirmedAt = await confirmSession(deps, requireAuth(req), body.login_token);
    return ok({ confirmed_at: confirmedAt.toISOString() });
  });

  app.post('/cashier/pos/auth/sign-out', { config: { auth: true } }, async (req) => {
    const query = parseInput(signOutQuery, req.query);
    const body = parseInput(signOutRequest, req.body);
    const result = await signOut(deps, requireAuth(req), {
      settlement: query.settlement === '0' ? 0 : 1,
      configs: body.configs,
      deletedTrxs: body.deletedTrxs,
      pendingTrxs: body.pendingTrxs,
    });
    return ok(result);
  });

  app.post('/cashier/auth/forgot-password', { config: { auth: false } }, async (req) => {
    const body = parseInput(forgotPasswordRequest, req.body);
    await requestPasswordReset(deps, { ...body, ip: req.ip });
    return ok({ email: body.email }, FORGOT_PASSWORD_MESSAGE);
  });

  // Outside the spec: the forgot-password e-mail's link (docs/api.md).
  app.post('/cashier/auth/reset-password', { config: { auth: false } }, async (req) => {
    const body = parseInput(resetPasswordRequest, req.body);
    return ok(await resetPassword(deps, body), RESET_PASSWORD_MESSAGES.succeeded);
  });
}
