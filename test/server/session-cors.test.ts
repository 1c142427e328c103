// CORS_ORIGIN: a page served from another origin (VITE_API_BASE) may call the API; others may not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { call, signIn, startTestServer, type TestServer } from './helpers';

const TILL = 'https://till.serambi.test';

describe('CORS (CORS_ORIGIN)', () => {
  let s: TestServer;
  let sameOrigin: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { corsOrigins: [TILL] });
    sameOrigin = await startTestServer('pglite');
  });
  afterAll(async () => {
    await s?.close();
    await sameOrigin?.close();
  });

  const preflight = (app: TestServer['app'], origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/cashier/config',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers':
          'authorization,app-token,authorization-type,platform,app-version,build-number,app-build',
      },
    });

  it('answers the preflight of a listed origin before the session check, naming the session headers', async () => {
    const r = await preflight(s.app, TILL);
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(TILL);
    const allowed = String(r.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    for (const h of [
      'authorization',
      'app-token',
      'authorization-type',
      'platform',
      'app-version',
      'build-number',
      'app-build',
    ])
      expect(allowed).toContain(h);
    expect(String(r.headers['access-control-allow-methods'])).toContain('DELETE');
  });

  it('lets the page read the answers, the 303 of a lost session included', async () => {
    const t = await signIn(s.app, 'kasir@serambi.id');
    const ok = await call(s.app, t, { method: 'GET', url: '/cashier/config', headers: { origin: TILL } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(TILL);
    const lost = await s.app.inject({ method: 'GET', url: '/cashier/config', headers: { origin: TILL } });
    expect(lost.statusCode).toBe(303);
    expect(lost.headers['access-control-allow-origin']).toBe(TILL);
  });

  it('gives no CORS headers to another origin, nor to anyone without CORS_ORIGIN', async () => {
    const other = await preflight(s.app, 'https://evil.test');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const none = await preflight(sameOrigin.app, TILL);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    expect(none.statusCode).not.toBe(204);
  });

  it('reads CORS_ORIGIN as a list of origins and refuses anything else', () => {
    expect(readEnv({ CORS_ORIGIN: `${TILL}/, http://localhost:5173` }).corsOrigins).toEqual([
      TILL,
      'http://localhost:5173',
    ]);
    expect(readEnv({}).corsOrigins).toEqual([]);
    expect(() => readEnv({ CORS_ORIGIN: 'https://till.serambi.test/app' })).toThrow(/CORS_ORIGIN/);
    expect(() => readEnv({ CORS_ORIGIN: '*' })).toThrow(/CORS_ORIGIN/);
  });
});
