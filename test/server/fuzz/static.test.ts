// Source maps are not public (issue 11 item 8): the built client's *.map answer 404 unless the server
// runs in development; the rest of the client is served as before.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../server/http/reply';
import { clientPlugin } from '../../../server/static';

describe('the built client and its source maps', () => {
  let dist: string;
  const apps: FastifyInstance[] = [];
  const serve = async (sourceMaps?: boolean) => {
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(clientPlugin(dist, sourceMaps === undefined ? {} : { sourceMaps }));
    apps.push(app);
    return app;
  };
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'serambi-maps-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 404 for a source map by default (production), and serves the scripts', async () => {
    const app = await serve();
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/pos' })).body).toContain('root');
  });

  it('serves source maps in development', async () => {
    const app = await serve(true);
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.ts');
  });

  it('the production build writes no sourceMappingURL into the scripts (vite sourcemap "hidden")', async () => {
    const { default: config } = await import('../../../vite.config');
    const build = (typeof config === 'function' ? null : config)?.build;
    expect(
      build?.sourcemap === 'hidden' || build?.sourcemap === false || build?.sourcemap === undefined,
    ).toBe(true);
  });
});
