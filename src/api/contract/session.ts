import { z } from 'zod';
import { API_MESSAGES } from '../../domain/texts/server';
import { RESET_PASSWORD_MESSAGES, RESET_PASSWORD_MIN_LENGTH } from '../../domain/texts/session';
import { userData } from './user-data';

/** A required text field: absent, null, non-string or blank all answer the spec's message. */
/** A body that is not a JSON object (an array, a string …). */
const NOT_AN_OBJECT = { error: API_MESSAGES.invalidInput };

const requiredText = (message: string, max = 254) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: API_MESSAGES.invalidInput });

/** Longer passwords are refused before any hashing (argon2 of a megabyte is a denial of service). */
export const MAX_PASSWORD_LENGTH = 1024;
/** local_trx_id (a uuid on the device) and the session's tokens: bounded like every string. */
const MAX_ID_LENGTH = 100;
const MAX_TOKEN_LENGTH = 200;

/** 000 §6: sign-in (and its forgot-password) use subscription_user_type_status "cashier", nothing else. */
export const SUBSCRIPTION_USER_TYPE_STATUS = 'cashier';
const subscriptionUserTypeStatus = z
  .literal(SUBSCRIPTION_USER_TYPE_STATUS, { error: 'subscription_user_type_status harus "cashier"' })
  .optional()
  .default(SUBSCRIPTION_USER_TYPE_STATUS);

/** POST cashier/pos/auth/sign-in (000 §7). */
export const signInRequest = z.object(
  {
    email: requiredText(API_MESSAGES.emailRequired),
    password: z
      .string({ error: API_MESSAGES.passwordRequired })
      .min(1, { error: API_MESSAGES.passwordRequired })
      .max(MAX_PASSWORD_LENGTH, { error: API_MESSAGES.invalidInput }),
    subscription_user_type_status: subscriptionUserTypeStatus,
  },
  NOT_AN_OBJECT,
);
export type SignInRequest = z.input<typeof signInRequest>;
/** The whole user data, with the session's tokens. */
export const signInResponse = userData.extend({ client_key: z.string(), login_token: z.string() });
export type SignInResponse = z.infer<typeof signInResponse>;

/** POST cashier/pos/auth/sign-in-confirmation. */
export const signInConfirmationRequest = z.object(
  {
    login_token: requiredText('login_token harus diisi!', MAX_TOKEN_LENGTH),
  },
  NOT_AN_OBJECT,
);
export type SignInConfirmationRequest = z.input<typeof signInConfirmationRequest>;
export const signInConfirmationResponse = z.object({ confirmed_at: z.string() });
export type SignInConfirmationResponse = z.infer<typeof signInConfirmationResponse>;

/** GET cashier/config (?outlet_id=N). */
export const configQuery = z.object({
  outlet_id: z.coerce
    .number({ error: API_MESSAGES.outletNotAllowed })
    .int({ error: API_MESSAGES.outletNotAllowed })
    .positive({ error: API_MESSAGES.outletNotAllowed })
    .optional(),
});
export type ConfigQuery = z.input<typeof configQuery>;
export const configResponse = userData;
export type ConfigResponse = z.infer<typeof configResponse>;

/** A transaction as the device holds it: only local_trx_id is needed to store it (idempotency key). */
export const receivedTrx = z.looseObject({
  local_trx_id: z
    .string({ error: 'local_trx_id harus diisi!' })
    .min(1, { error: 'local_trx_id harus diisi!' })
    .max(MAX_ID_LENGTH, { error: API_MESSAGES.invalidInput }),
});
export type ReceivedTrx = z.infer<typeof receivedTrx>;

/** POST cashier/pos/auth/sign-out (?settlement=0 when switching cashier). */
export const signOutQuery = z.object({
  settlement: z.enum(['0', '1'], { error: 'settlement harus 0 atau 1' }).optional(),
});
export type SignOutQuery = z.input<typeof signOutQuery>;
export const signOutRequest = z.object(
  {
    configs: z.unknown().optional(),
    deletedTrxs: z.array(receivedTrx, { error: 'deletedTrxs harus berupa daftar' }).optional().default([]),
    pendingTrxs: z.array(receivedTrx, { error: 'pendingTrxs harus berupa daftar' }).optional().default([]),
  },
  NOT_AN_OBJECT,
);
export type SignOutRequest = z.input<typeof signOutRequest>;
export const signOutResponse = z.object({
  settlement: z.union([z.literal(0), z.literal(1)]),
  deleted_trx_count: z.number(),
  pending_trx_count: z.number(),
});
export type SignOutResponse = z.infer<typeof signOutResponse>;

/** POST cashier/auth/forgot-password: the same answer whether the e-mail exists or not. */
export const forgotPasswordRequest = z.object(
  {
    email: requiredText(API_MESSAGES.emailRequired),
    subscription_user_type_status: subscriptionUserTypeStatus,
  },
  NOT_AN_OBJECT,
);
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const FORGOT_PASSWORD_MESSAGE =
  'Jika email terdaftar, tautan untuk mengatur ulang password telah dikirim ke email Anda.';
export const forgotPasswordResponse = z.object({ email: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

/**
 * POST cashier/auth/reset-password (a server-side addition outside the spec, docs/api.md): the link the
 * forgot-password e-mail sends carries reset_token; the spec has no text for it (docs/decisions.md).
 */
export const resetPasswordRequest = z.object(
  {
    reset_token: requiredText(RESET_PASSWORD_MESSAGES.tokenInvalid, MAX_TOKEN_LENGTH),
    password: z
      .string({ error: API_MESSAGES.passwordRequired })
      .min(1, { error: API_MESSAGES.passwordRequired })
      .max(MAX_PASSWORD_LENGTH, { error: API_MESSAGES.invalidInput })
      .min(RESET_PASSWORD_MIN_LENGTH, { error: RESET_PASSWORD_MESSAGES.passwordTooShort }),
  },
  NOT_AN_OBJECT,
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export const resetPasswordResponse = z.object({ email: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;
