import { z } from 'zod';

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
