// The server as a process: PGlite in a data folder survives SIGTERM; the built client is served with SPA fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/create-db';
import { browsableUrl } from '../../server/env';
import { sessionHeaders } from './helpers';
import { postJson, type ServerProcess, startServerProcess } from './process';

const dir = mkdtempSync(join(tmpdir(), 'serambi-main-'));
const dataDir = join(dir, 'data');
const distDir = join(dir, 'dist');
mkdirSync(join(distDir, 'assets'), { recursive: true });
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Serambi</title><div id="root"></div>');
writeFileSync(
  join(distDir, 'assets', 'index-abc123.js'),
  `console.log(${JSON.stringify('x'.repeat(4000))});`,
);

let running: ServerProcess | undefined;
afterAll(async () => {
  await running?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('server/main.ts with PGlite in DATA_DIR', () => {
  it('names an address a browser can open for a wildcard bind', () => {
    expect(browsableUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(browsableUrl('::', 8080)).toBe('http://localhost:8080');
    expect(browsableUrl('192.168.1.5', 8080)).toBe('http://192.168.1.5:8080');
    expect(browsableUrl('::1', 8080)).toBe('http://[::1]:8080');
  });

  it('keeps what was written before SIGTERM and serves the client', async () => {
    // bound to every interface: the address printed to open is localhost, not 0.0.0.0
    running = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: distDir, HOST: '0.0.0.0' });
    const port = new URL(running.url).port;
    expect(running.url).toBe(`http://0.0.0.0:${port}`);
    expect(running.output()).toContain(`open http://localhost:${port}`);
    const url = `http://localhost:${port}`;
    expect(running.output()).toContain('demo business loaded');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const signIn = await postJson(`${url}/cashier/pos/auth/sign-in`, {
      email: 'kasir@serambi.id',
      password: 'demo1234',
    });
    expect(signIn.status).toBe(200);
    const tokens = signIn.body.data as { client_key: string; login_token: string };
    const spare = (
      await postJson(`${url}/cashier/pos/auth/sign-in`, { email: 'demo@serambi.id', password: 'demo1234' })
    ).body.data as { client_key: string; login_token: string };
    const out = await postJson(
      `${url}/cashier/pos/auth/sign-out`,
      { configs: {}, deletedTrxs: [], pendingTrxs: [{ local_trx_id: 'before-sigterm', trx_status_id: 2 }] },
      sessionHeaders(tokens),
    );
    expect(out.status).toBe(200);

    // the client: hashed assets cached long, routes fall back to index.html, API paths never do
    const asset = await fetch(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    const route = await fetch(`${url}/trx-history/abc`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    const api = await fetch(`${url}/cashier/unknown`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { status: string }).status).toBe('error');

    expect(await running.stop('SIGTERM')).toBe(0);
    expect(running.output()).toContain('SIGTERM: closing');

    // a restart on the same folder: no second demo load, the live session still works
    running = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: distDir });
    expect(running.output()).not.toContain('demo business loaded');
    const config = await fetch(`${running.url}/cashier/config?outlet_id=1`, {
      headers: sessionHeaders(spare),
    });
    expect(config.status).toBe(200);
    expect(await running.stop('SIGINT')).toBe(0);
    running = undefined;

    const database = await createDb({ dataDir });
    try {
      const rows = await database.withConnection((c) =>
        c.query<{ local_trx_id: string }>('SELECT local_trx_id FROM sign_out_trxs'),
      );
      expect(rows.map((r) => r.local_trx_id)).toEqual(['before-sigterm']);
    } finally {
      await database.close();
    }
  }, 240_000);
});
