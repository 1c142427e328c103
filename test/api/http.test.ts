import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { APP_BUILD, APP_VERSION } from '../../src/api/contract';
import {
  type ApiAuth,
  ApiError,
  CONNECTION_FAILED_MESSAGE,
  createApiClient,
  isForcedSignOutError,
  isNetworkError,
} from '../../src/api/http';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake fetch that records calls and answers with the given status and JSON body. */
function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { calls, impl };
}

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

const auth: ApiAuth = { client_key: 'ck-1', login_token: 'lt-1' };

function headersOf(call: Call): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('headers (000 §7, ruling 4)', () => {
  it('sends every session header, both build-header names, once a client_key is stored', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', data: {} }));
    const client = createApiClient({ baseUrl: 'http://api.test', getAuth: () => auth, fetchImpl: f.impl });
    await client.request({ method: 'GET', path: 'cashier/config' });
    expect(headersOf(f.calls[0])).toMatchObject({
      Authorization: 'ck-1',
      'APP-Token': 'lt-1',
      'Authorization-Type': 'business_user',
      Platform: 'web',
      'App-Version': '1.8.70',
      'Build-Number': '20251030',
      'App-Build': '20251030',
    });
  });

  it('before sign-in sends no session headers, but the version and both build headers (the session records them)', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', data: {} }));
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: f.impl });
    await client.request({ method: 'POST', path: '/cashier/pos/auth/sign-in', body: { email: 'a' } });
    const headers = headersOf(f.calls[0]);
    expect(headers.Authorization).toBeUndefined();
    expect(headers['APP-Token']).toBeUndefined();
    expect(headers['Authorization-Type']).toBeUndefined();
    expect(headers).toMatchObject({
      Platform: 'web',
      'App-Version': APP_VERSION,
      'Build-Number': APP_BUILD,
      'App-Build': APP_BUILD,
    });
    expect(headers['Content-Type']).toBe('application/json');
    expect(f.calls[0].url).toBe('/cashier/pos/auth/sign-in');
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ email: 'a' });
  });

  it('reads the stored auth at each call, not once', async () => {
    let current: ApiAuth | null = null;
    const f = fakeFetch(() => json(200, { status: 'success', data: {} }));
    const client = createApiClient({ baseUrl: '', getAuth: () => current, fetchImpl: f.impl });
    await client.request({ method: 'GET', path: 'a' });
    current = auth;
    await client.request({ method: 'GET', path: 'b' });
    expect(headersOf(f.calls[0]).Authorization).toBeUndefined();
    expect(headersOf(f.calls[1]).Authorization).toBe('ck-1');
  });
});

describe('urls and payloads', () => {
  it('joins base and path and encodes the query, skipping empty values', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', data: null }));
    const client = createApiClient({ baseUrl: 'http://api.test/', getAuth: () => auth, fetchImpl: f.impl });
    await client.request({ method: 'GET', path: 'cashier/config', query: { outlet_id: 2, x: undefined } });
    expect(f.calls[0].url).toBe('http://api.test/cashier/config?outlet_id=2');
  });

  it('sends DELETE data as query parameters and no body (ruling 7)', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', data: null }));
    const client = createApiClient({ baseUrl: '', getAuth: () => auth, fetchImpl: f.impl });
    await client.request({ method: 'DELETE', path: 'cashier/x', body: { reason: 'salah input', id: 7 } });
    expect(f.calls[0].url).toBe('/cashier/x?reason=salah+input&id=7');
    expect(f.calls[0].init.body).toBeUndefined();
    expect(f.calls[0].init.method).toBe('DELETE');
  });
});

describe('envelope', () => {
  it('returns data, and the message with requestEnvelope', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', message: 'ok!', data: { a: 1 } }));
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: f.impl });
    expect(await client.request({ method: 'GET', path: 'x' })).toEqual({ a: 1 });
    expect(await client.requestEnvelope({ method: 'GET', path: 'x' })).toEqual({
      data: { a: 1 },
      message: 'ok!',
    });
  });

  it('validates data with the schema and returns the parsed value', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', data: { n: '5', extra: true } }));
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: f.impl });
    const schema = z.object({ n: z.coerce.number() });
    expect(await client.request({ method: 'GET', path: 'x', schema })).toEqual({ n: 5 });
  });

  it('rejects data that fails the schema as an http error', async () => {
    const f = fakeFetch(() => json(200, { status: 'success', data: { n: 'abc' } }, 'OK'));
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: f.impl });
    const error = await caught(
      client.request({ method: 'GET', path: 'x', schema: z.object({ n: z.number() }) }),
    );
    expect(error.kind).toBe('http');
    expect(error.message).toBe('Error 200: Invalid response');
  });
});

describe('error catalogue (003 §8)', () => {
  it('no response: status 0, "Connection failed, please try again", kind network', async () => {
    const f = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: f.impl });
    const error = await caught(client.request({ method: 'GET', path: 'x' }));
    expect(error).toMatchObject({ kind: 'network', status: 0, message: CONNECTION_FAILED_MESSAGE });
    expect(CONNECTION_FAILED_MESSAGE).toBe('Connection failed, please try again');
    expect(isNetworkError(error)).toBe(true);
  });

  it('303: forced sign-out, reported to the hook once', async () => {
    const onForcedSignOut = vi.fn();
    const f = fakeFetch(() =>
      json(303, { status: 'error', error: { message: 'Sesi telah berakhir, silakan sign in kembali.' } }),
    );
    const client = createApiClient({ baseUrl: '', getAuth: () => auth, fetchImpl: f.impl, onForcedSignOut });
    const error = await caught(client.request({ method: 'GET', path: 'cashier/config' }));
    expect(error.kind).toBe('forcedSignOut');
    expect(error.status).toBe(303);
    expect(isForcedSignOutError(error)).toBe(true);
    expect(onForcedSignOut).toHaveBeenCalledTimes(1);
    expect(onForcedSignOut).toHaveBeenCalledWith(error);
  });

  it('400: the body error.message and field', async () => {
    const f = fakeFetch(() =>
      json(400, { status: 'error', error: { message: 'Email harus diisi!', field: 'email' } }, 'Bad Request'),
    );
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: f.impl });
    const error = await caught(client.request({ method: 'POST', path: 'x', body: {} }));
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'Email harus diisi!', field: 'email' });
  });

  it('other statuses with error.message: that message', async () => {
    const f = fakeFetch(() =>
      json(
        403,
        { status: 'error', error: { message: 'Anda tidak memiliki akses untuk fitur ini.' } },
        'Forbidden',
      ),
    );
    const client = createApiClient({ baseUrl: '', getAuth: () => auth, fetchImpl: f.impl });
    const error = await caught(client.request({ method: 'GET', path: 'x' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      message: 'Anda tidak memiliki akses untuk fitur ini.',
    });
  });

  it('other statuses without a message: "Error {status}: {statusText}"', async () => {
    const f = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const client = createApiClient({ baseUrl: '', getAuth: () => auth, fetchImpl: f.impl });
    const error = await caught(client.request({ method: 'GET', path: 'x' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      statusText: 'Bad Gateway',
      message: 'Error 502: Bad Gateway',
    });
  });

  it('an error envelope with status 200 is still an error', async () => {
    const f = fakeFetch(() =>
      json(200, { status: 'error', error: { message: 'Outlet tidak ditemukan.' } }, 'OK'),
    );
    const client = createApiClient({ baseUrl: '', getAuth: () => auth, fetchImpl: f.impl });
    const error = await caught(client.request({ method: 'GET', path: 'x' }));
    expect(error.message).toBe('Outlet tidak ditemukan.');
  });
});

describe('time-outs', () => {
  /** A fetch that never answers until aborted, like a dead network. */
  const hangingFetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as typeof fetch;

  it('aborts after the default 30000 ms with status 0', async () => {
    vi.useFakeTimers();
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: hangingFetch });
    const pending = caught(client.request({ method: 'GET', path: 'x' }));
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: CONNECTION_FAILED_MESSAGE });
  });

  it('honours a per-call time-out', async () => {
    vi.useFakeTimers();
    const client = createApiClient({ baseUrl: '', getAuth: () => null, fetchImpl: hangingFetch });
    const pending = caught(client.request({ method: 'GET', path: 'x', timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await pending).kind).toBe('timeout');
  });
});
