import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { ServiceError, type ServiceErrorKind } from '../lib/errors';

/** The success envelope (conventions). */
export function ok<T>(data: T, message?: string) {
  return message === undefined
    ? { status: 'success' as const, data }
    : { status: 'success' as const, message, data };
}

/** The success envelope around data already serialised (the user data is assembled as JSON text). */
export function okJson(reply: FastifyReply, dataJson: string, message?: string) {
  const msg = message === undefined ? '' : `"message":${JSON.stringify(message)},`;
  return reply.type('application/json; charset=utf-8').send(`{"status":"success",${msg}"data":${dataJson}}`);
}

const STATUS: Record<ServiceErrorKind, number> = {
  invalid: 400,
  unauthenticated: 303,
  forbidden: 403,
  rate_limited: 429,
  not_found: 404,
};

const errorBody = (message: string, field?: string) => ({
  status: 'error' as const,
  error: field ? { message, field } : { message },
});

/**
 * What a log keeps of an error: its kind, codes, the failed statement without its parameters, the stack's
 * frames — never the documents (a query error's message lists every parameter: a whole sale, a customer's
 * phone and e-mail, a reset link). Ids travel in the request's own log line (method, path, request id).
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = err as {
    name?: string;
    code?: unknown;
    message?: string;
    stack?: string;
    cause?: unknown;
    query?: unknown;
  };
  const cause = e.cause as
    | { name?: string; code?: unknown; routine?: unknown; constraint?: unknown }
    | undefined;
  const firstLine = (e.message ?? '').split('\n')[0];
  return {
    type: e.name ?? typeof err,
    code: e.code ?? cause?.code,
    // a Drizzle error's message is "Failed query: <sql>\nparams: <values>": the statement only
    message: typeof e.query === 'string' ? `Failed query: ${e.query}` : firstLine.slice(0, 300),
    cause: cause
      ? { type: cause.name, code: cause.code, routine: cause.routine, constraint: cause.constraint }
      : undefined,
    stack: (e.stack ?? '')
      .split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .join('\n'),
  };
}

/** The request's log line: method, path without the query (a keyword search carries a customer's name), id. */
export const requestLogSerializer = (req: { method?: string; url?: string; id?: unknown }) => ({
  method: req.method,
  url: (req.url ?? '').split('?')[0],
  id: req.id,
});

/**
 * Fastify's own refusals before routing (a path that is not valid percent-encoding: FST_ERR_BAD_URL, a bad
 * Content-Type header …) in the same envelope: 400 "Data tidak valid.".
 */
export function frameworkErrors(err: FastifyError, _req: unknown, reply: FastifyReply) {
  const status =
    err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.status(status).send(errorBody(API_MESSAGES.invalidInput));
}

/** One place maps every failure to the envelope; nothing a client sends yields a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ServiceError | ZodError | Error, req, reply) => {
    if (err instanceof ServiceError) {
      return reply.status(STATUS[err.kind]).send(errorBody(err.message, err.field));
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      return reply
        .status(400)
        .send(errorBody(issue?.message ?? API_MESSAGES.invalidInput, issue?.path.join('.')));
    }
    const status = (err as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // malformed JSON, wrong content type, body too large …
      return reply.status(status).send(errorBody(API_MESSAGES.invalidInput));
    }
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.status(500).send(errorBody(API_MESSAGES.serverError));
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send(errorBody(API_MESSAGES.notFound)));
}
