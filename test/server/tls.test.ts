// HTTPS by the server itself (issue 23 item 10): with TLS_CERT_FILE and TLS_KEY_FILE the server answers over
// TLS with that certificate (a self-signed one made here with openssl) and says so; plain http on that port
// gets no answer; half a configuration or an unreadable file stops the start with the variable named.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv, readTlsFiles } from '../../server/env';
import { type ServerProcess, startServerProcess } from './process';

const dir = mkdtempSync(join(tmpdir(), 'serambi-tls-'));
const certFile = join(dir, 'cert.pem');
const keyFile = join(dir, 'key.pem');
const distDir = join(dir, 'dist');
mkdirSync(distDir);
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Serambi</title><div id="root"></div>');

let running: ServerProcess | undefined;
afterAll(async () => {
  await running?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** GET over TLS trusting only `ca`; resolves with the status and body. */
function httpsGet(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('TLS by the server', () => {
  it('reads both files or neither, and names the one it cannot read', () => {
    expect(readEnv({}).tls).toBeUndefined();
    expect(readEnv({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' }).tls).toEqual({
      certFile: 'c.pem',
      keyFile: 'k.pem',
    });
    expect(() => readEnv({ TLS_CERT_FILE: 'c.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => readEnv({ TLS_KEY_FILE: 'k.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() =>
      readTlsFiles({ certFile: join(dir, 'missing.pem'), keyFile }, (p) => readFileSync(p)),
    ).toThrow(/^TLS_CERT_FILE .*missing\.pem cannot be read/);
  });

  it('answers over HTTPS with the configured certificate', { timeout: 120_000 }, async () => {
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=till.serambi.test',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    const ca = readFileSync(certFile);
    running = await startServerProcess({
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: distDir,
      SEED_DEMO: '0',
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
    });
    const port = new URL(running.url).port;
    expect(running.url).toBe(`https://127.0.0.1:${port}`);
    expect(running.output()).toContain(`open https://127.0.0.1:${port}`);
    expect(running.output()).not.toContain('plain http');
    expect((await httpsGet(`https://127.0.0.1:${port}/healthz`, ca)).status).toBe(200);
    const page = await httpsGet(`https://localhost:${port}/pos`, ca);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    // a certificate the client does not trust is refused: the answer above came from this certificate
    await expect(httpsGet(`https://127.0.0.1:${port}/healthz`, Buffer.from(''))).rejects.toThrow();
    // plain http on the TLS port gets no page
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(await running.stop('SIGTERM')).toBe(0);
  });
});
