import type { z } from 'zod';
import { storableJsonReplacer, storableText } from '../domain/text';
import { APP_BUILD, APP_VERSION, AUTHORIZATION_TYPE, HEADERS } from './contract/paths';

/** 003 §9: the two time-outs the specification defines. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const SHORT_TIMEOUT_MS = 10_000;

/** 003 §8: a call that got no response is treated as status 0 with this message. */
export const CONNECTION_FAILED_MESSAGE = 'Connection failed, please try again';
export const SESSION_EXPIRED_MESSAGE = 'Sesi telah berakhir, silakan sign in kembali.';

export type ApiErrorKind = 'network' | 'timeout' | 'forcedSignOut' | 'http';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly statusText: string;
  /** The field a 400 names (server convention), when it names one. */
  readonly field?: string;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    statusText: string;
    message: string;
    field?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText;
    this.field = init.field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** No response at all (offline, refused, time-out): the caller may retry. */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

export function isForcedSignOutError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'forcedSignOut';
}

/** The text to show for any failure: the catalogue's message for an ApiError. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return CONNECTION_FAILED_MESSAGE;
}

/** The stored session tokens; null before sign-in. */
export interface ApiAuth {
  client_key: string;
  login_token: string;
}

export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<T> {
  method: HttpMethod;
  /** Path without host, e.g. 'cashier/config' or '/cashier/config'. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs?: number;
  /** Validates the envelope's `data`; without it the data is returned as is. */
  schema?: z.ZodType<T>;
  /** Extra request headers (If-None-Match of a revalidation). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  message?: string;
}

/** The answer to a conditional GET: the data, or notModified (304: the copy the caller holds is current). */
export type ConditionalResponse<T> =
  | { notModified: false; data: T; header: (name: string) => string | null }
  | { notModified: true; header: (name: string) => string | null };

export interface ApiClientOptions {
  /** '' means the page's own origin. */
  baseUrl: string;
  getAuth: () => ApiAuth | null | undefined;
  fetchImpl?: typeof fetch;
  defaultTimeoutMs?: number;
  /** Called once per 303 answer, before the error is thrown (the session machine listens). */
  onForcedSignOut?: (error: ApiError) => void;
}

export interface ApiClient {
  request<T = unknown>(req: ApiRequest<T>): Promise<T>;
  /** Like request, but also returns the envelope's message. */
  requestEnvelope<T = unknown>(req: ApiRequest<T>): Promise<ApiResponse<T>>;
  /** A GET with If-None-Match: a 304 answers notModified instead of failing. */
  requestConditional<T = unknown>(req: ApiRequest<T>, etag: string | null): Promise<ConditionalResponse<T>>;
}

/**
 * The §7 headers. Platform, version and build go on every call, the sign-in included, so the server
 * records them on the session it opens (ruling 4: both build header names); the session's own headers
 * only when a client_key is stored.
 */
export function sessionHeaders(auth: ApiAuth | null | undefined): Record<string, string> {
  const app = {
    [HEADERS.platform]: 'web',
    [HEADERS.appVersion]: APP_VERSION,
    [HEADERS.buildNumber]: APP_BUILD,
    [HEADERS.appBuild]: APP_BUILD,
  };
  if (!auth?.client_key) return app;
  return {
    [HEADERS.clientKey]: auth.client_key,
    [HEADERS.loginToken]: auth.login_token,
    [HEADERS.authorizationType]: AUTHORIZATION_TYPE,
    ...app,
  };
}

function toQueryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, storableText(typeof value === 'object' ? JSON.stringify(value) : String(value)));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, unknown>): string {
  const base = baseUrl.replace(/\/+$/, '');
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  return `${base}${cleanPath}${query ? toQueryString(query) : ''}`;
}

interface ErrorBody {
  status?: unknown;
  message?: unknown;
  error?: { message?: unknown; field?: unknown } | unknown;
}

function bodyErrorMessage(body: unknown): { message?: string; field?: string } {
  if (!body || typeof body !== 'object') return {};
  const b = body as ErrorBody;
  const err = b.error;
  if (err && typeof err === 'object') {
    const e = err as { message?: unknown; field?: unknown };
    return {
      message: typeof e.message === 'string' && e.message ? e.message : undefined,
      field: typeof e.field === 'string' ? e.field : undefined,
    };
  }
  if (typeof err === 'string' && err) return { message: err };
  return {};
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function httpError(status: number, statusText: string, body: unknown): ApiError {
  const { message, field } = bodyErrorMessage(body);
  return new ApiError({
    kind: 'http',
    status,
    statusText,
    message: message ?? `Error ${status}: ${statusText}`,
    field,
  });
}

/** A 304 inside requestEnvelope (only when the caller asked for a conditional GET). */
class NotModified {
  constructor(readonly header: (name: string) => string | null) {}
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function requestEnvelope<T>(
    req: ApiRequest<T>,
    allowNotModified = false,
  ): Promise<ApiResponse<T> & { header: (name: string) => string | null }> {
    const isDelete = req.method === 'DELETE';
    // Ruling 7: DELETE carries its data as query parameters.
    const bodyAsQuery =
      isDelete && req.body && typeof req.body === 'object'
        ? (req.body as Record<string, unknown>)
        : undefined;
    const query = bodyAsQuery ? { ...bodyAsQuery, ...req.query } : req.query;
    const url = buildUrl(options.baseUrl, req.path, query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...sessionHeaders(options.getAuth()),
      ...req.headers,
    };
    let body: string | undefined;
    if (!isDelete && req.body !== undefined && req.method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      // lone surrogates and NUL become U+FFFD: a stored sale's text can always be stored by the server
      body = JSON.stringify(req.body, storableJsonReplacer);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, req.timeoutMs ?? defaultTimeoutMs);

    let response: Response;
    let payload: unknown;
    try {
      response = await fetchImpl(url, { method: req.method, headers, body, signal: controller.signal });
      payload = await readJson(response);
    } catch {
      throw new ApiError({
        kind: timedOut ? 'timeout' : 'network',
        status: 0,
        statusText: timedOut ? 'timeout' : '',
        message: CONNECTION_FAILED_MESSAGE,
      });
    } finally {
      clearTimeout(timer);
    }

    if (response.status === 303) {
      const error = new ApiError({
        kind: 'forcedSignOut',
        status: 303,
        statusText: response.statusText,
        message: bodyErrorMessage(payload).message ?? SESSION_EXPIRED_MESSAGE,
      });
      options.onForcedSignOut?.(error);
      throw error;
    }
    const header = (name: string) => response.headers?.get(name) ?? null;
    if (allowNotModified && response.status === 304) throw new NotModified(header);
    if (!response.ok) throw httpError(response.status, response.statusText, payload);

    const envelope = payload as { status?: unknown; message?: unknown; data?: unknown } | undefined;
    if (!envelope || typeof envelope !== 'object') {
      throw httpError(response.status, 'Invalid response', undefined);
    }
    if (envelope.status === 'error') throw httpError(response.status, response.statusText, envelope);
    const message = typeof envelope.message === 'string' ? envelope.message : undefined;
    if (!req.schema) return { data: envelope.data as T, message, header };
    const parsed = req.schema.safeParse(envelope.data);
    if (!parsed.success) throw httpError(response.status, 'Invalid response', undefined);
    return { data: parsed.data, message, header };
  }

  return {
    requestEnvelope: async (req) => {
      const { data, message } = await requestEnvelope(req);
      return { data, message };
    },
    async requestConditional<T>(req: ApiRequest<T>, etag: string | null): Promise<ConditionalResponse<T>> {
      const conditional = etag ? { ...req, headers: { ...req.headers, 'If-None-Match': etag } } : req;
      try {
        const r = await requestEnvelope(conditional, etag !== null);
        return { notModified: false, data: r.data, header: r.header };
      } catch (e) {
        if (e instanceof NotModified) return { notModified: true, header: e.header };
        throw e;
      }
    },
    async request<T>(req: ApiRequest<T>): Promise<T> {
      return (await requestEnvelope(req)).data;
    },
  };
}

/** The API base: VITE_API_BASE when set, else the page's own origin (''). */
export function defaultBaseUrl(): string {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return env?.VITE_API_BASE ?? '';
}
