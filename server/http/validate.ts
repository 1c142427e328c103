import type { z } from 'zod';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { invalid } from '../lib/errors';

/** Parses input with a contract schema; the first issue becomes a 400 naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  throw invalid(issue?.message ?? API_MESSAGES.invalidInput, field);
}

/**
 * As parseInput, but an issue zod words itself (no message in the contract) reads 'Data tidak valid.':
 * the routes whose contracts name only their own refusals.
 */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {}, { error: () => API_MESSAGES.invalidInput });
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  throw invalid(issue?.message ?? API_MESSAGES.invalidInput, field);
}
