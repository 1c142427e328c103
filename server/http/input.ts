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
    for (const part of ['params', 'query', 'body'] as const) {
      const current = req[part];
      if (current === undefined || current === null) continue;
      const { value, problem } = checkInput(current);
      if (problem) throw invalid(API_MESSAGES.invalidInput, problem.field || undefined);
      if (value !== current) (req as unknown as Record<string, unknown>)[part] = value;
    }
  });
}
