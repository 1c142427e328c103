import {
  type AppointmentListResponse,
  appointmentListResponse,
  CONFIG_CACHE_HEADERS,
  type ConfigResponse,
  configResponse,
  type ForgotPasswordResponse,
  forgotPasswordResponse,
  PATHS,
  type ResetPasswordResponse,
  resetPasswordResponse,
  type SignInConfirmationResponse,
  type SignInResponse,
  type SignOutResponse,
  SUBSCRIPTION_USER_TYPE_STATUS,
  signInConfirmationResponse,
  signInResponse,
  signOutResponse,
} from './contract';
import type { ApiClient } from './http';

export { SUBSCRIPTION_USER_TYPE_STATUS };

export interface SignInCredentials {
  email: string;
  password: string;
}

/** A transaction as sent in sign-out's deletedTrxs / pendingTrxs: keyed by local_trx_id. */
export interface SignOutTrx {
  local_trx_id: string;
  [field: string]: unknown;
}

export interface SignOutPayload {
  /** false for the cashier switch: `?settlement=0`, configs only. */
  settlement: boolean;
  configs?: unknown;
  deletedTrxs?: SignOutTrx[];
  pendingTrxs?: SignOutTrx[];
}

export interface SessionApi {
  signIn(credentials: SignInCredentials): Promise<SignInResponse>;
  confirmSignIn(login_token: string): Promise<SignInConfirmationResponse>;
  /** Without an outlet id the server uses the session's outlet. */
  loadConfig(outletId?: number | null): Promise<ConfigResponse>;
  signOut(payload: SignOutPayload): Promise<SignOutResponse>;
  /** Answers the server's message to show. */
  forgotPassword(email: string): Promise<{ message?: string; data: ForgotPasswordResponse }>;
  /** The forgot-password e-mail's link (outside the spec); answers the server's message to show. */
  resetPassword(input: {
    reset_token: string;
    password: string;
  }): Promise<{ message?: string; data: ResetPasswordResponse }>;
  loadAppointments(): Promise<AppointmentListResponse>;
}

/**
 * The configuration with the answer's own time (the Config-Retrieve-Time header): a copy kept after a 304, or
 * one the browser's HTTP cache revalidated on its own, is current as of this answer.
 */
function stamped(data: ConfigResponse, retrieveTime: string | null): ConfigResponse {
  if (!retrieveTime || data.retrieve_time === retrieveTime) return data;
  const configs = data.configs as Record<string, unknown> | undefined;
  return {
    ...data,
    retrieve_time: retrieveTime,
    ...(configs && 'retrieve_time' in configs
      ? { configs: { ...configs, retrieve_time: retrieveTime } }
      : {}),
  };
}

/** The session calls of 000 §7, typed by the shared contract. */
export function createSessionApi(client: ApiClient): SessionApi {
  // GET cashier/config revalidates (issue 28): the last answer and its ETag are kept; the server answers
  // 304 while the user, outlet, settings and catalogue generation are the same (docs/architecture.md)
  let kept: { etag: string; data: ConfigResponse } | null = null;
  return {
    signIn: ({ email, password }) =>
      client.request({
        method: 'POST',
        path: PATHS.signIn,
        body: { email, password, subscription_user_type_status: SUBSCRIPTION_USER_TYPE_STATUS },
        schema: signInResponse,
      }),
    confirmSignIn: (login_token) =>
      client.request({
        method: 'POST',
        path: PATHS.signInConfirmation,
        body: { login_token },
        schema: signInConfirmationResponse,
      }),
    loadConfig: async (outletId) => {
      const held = kept;
      const r = await client.requestConditional(
        {
          method: 'GET',
          path: PATHS.config,
          query: outletId == null ? undefined : { outlet_id: outletId },
          schema: configResponse,
        },
        held?.etag ?? null,
      );
      const retrieveTime = r.header(CONFIG_CACHE_HEADERS.retrieveTime);
      if (r.notModified && held) return stamped(held.data, retrieveTime);
      if (r.notModified) throw new Error('304 without a held configuration');
      const etag = r.header(CONFIG_CACHE_HEADERS.etag);
      kept = etag ? { etag, data: r.data } : null;
      return stamped(r.data, retrieveTime);
    },
    signOut: ({ settlement, configs, deletedTrxs, pendingTrxs }) =>
      client.request({
        method: 'POST',
        path: PATHS.signOut,
        query: settlement ? undefined : { settlement: 0 },
        // The cashier switch sends configs only (000 §7).
        body: settlement
          ? { configs, deletedTrxs: deletedTrxs ?? [], pendingTrxs: pendingTrxs ?? [] }
          : { configs },
        schema: signOutResponse,
      }),
    forgotPassword: (email) =>
      client.requestEnvelope({
        method: 'POST',
        path: PATHS.forgotPassword,
        body: { email, subscription_user_type_status: SUBSCRIPTION_USER_TYPE_STATUS },
        schema: forgotPasswordResponse,
      }),
    resetPassword: ({ reset_token, password }) =>
      client.requestEnvelope({
        method: 'POST',
        path: PATHS.resetPassword,
        body: { reset_token, password },
        schema: resetPasswordResponse,
      }),
    loadAppointments: () =>
      client.request({ method: 'GET', path: PATHS.appointment, schema: appointmentListResponse }),
  };
}
