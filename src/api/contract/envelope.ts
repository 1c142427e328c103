import { z } from 'zod';

/** The spec's fixed messages for the statuses every call may answer (conventions, 003 §8). */
export const MESSAGES = {
  sessionExpired: 'Sesi telah berakhir, silakan sign in kembali.',
  forbidden: 'Anda tidak memiliki akses untuk fitur ini.',
  rateLimited: 'Terlalu banyak percobaan sign in, silakan coba lagi dalam beberapa menit.',
  emailRequired: 'Email harus diisi!',
  passwordRequired: 'Password harus diisi!',
  wrongCredentials: 'Email atau password salah.',
  outletNotAllowed: 'Outlet tidak ditemukan.',
  invalidInput: 'Data tidak valid.',
  notFound: 'Data tidak ditemukan.',
  serverError: 'Terjadi kesalahan pada server, silakan coba lagi.',
} as const;

/** HTTP 200: `{ status: 'success', message?, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string().optional(), data });
}

/** HTTP 400 / 403 / 303 / 429: `{ status: 'error', error: { message, field? } }`. */
export const errorEnvelope = z.object({
  status: z.literal('error'),
  error: z.object({ message: z.string(), field: z.string().optional() }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type SuccessEnvelope<T> = { status: 'success'; message?: string; data: T };
