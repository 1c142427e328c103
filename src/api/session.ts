import {
  type AppointmentListResponse,
  appointmentListResponse,
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

/** The session calls of 000 §7, typed by the shared contract. */
export function createSessionApi(client: ApiClient): SessionApi {
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
    loadConfig: (outletId) =>
      client.request({
        method: 'GET',
        path: PATHS.config,
        query: outletId == null ? undefined : { outlet_id: outletId },
        schema: configResponse,
      }),
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
