import type { FastifyInstance } from 'fastify';
import { checkInput } from '../../src/api/contract/input';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { invalid } from '../lib/errors';

/**
 * Every route's path parameters, query and body are checked against the contract's INPUT_LIMITS before
 * the route reads them: a NUL, a string over the limit or a body nested too deep answers 400 naming the
 * field (the parameter's name or the body's path); lone surrogates are replaced by U+FFFD (docs/decisions.md).
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    // a route's declared long fields (a photo's data URL) are set aside and left to the route's contract
    const longFields = req.routeOptions.config?.longBodyFields ?? [];
    const setAside = new Map<string, unknown>();
    const body = req.body as Record<string, unknown> | null | undefined;
    if (longFields.length > 0 && body && typeof body === 'object' && !Array.isArray(body)) {
      for (const f of longFields) {
        if (typeof body[f] === 'string' || Array.isArray(body[f])) {
          setAside.set(f, body[f]);
          delete body[f];
        }
      }
    }
    for (const part of ['params', 'query', 'body'] as const) {
      const current = req[part];
      if (current === undefined || current === null) continue;
      const { value, problem } = checkInput(current);
      if (problem) throw invalid(API_MESSAGES.invalidInput, problem.field || undefined);
      if (value !== current) (req as unknown as Record<string, unknown>)[part] = value;
    }
    if (setAside.size > 0) Object.assign(req.body as Record<string, unknown>, Object.fromEntries(setAside));
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields (strings or arrays) exempt from INPUT_LIMITS (their contract bounds them). */
    longBodyFields?: string[];
  }
}
