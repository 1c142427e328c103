// Starts the real server (embedded PGlite in a fresh data folder, demo business loaded) on a free port and
// Debian's Chromium through playwright-core. Browser tests run against the built client in dist/.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { serverArgs } from '../server/process';

export const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'e2e');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, proc: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** Today in WIB (the demo's dates are relative to it). */
export const wibDay = (): string => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * A fresh data folder: a copy of the run's seeded template (global-setup.ts) when there is one from today
 * (WIB), else empty (the server then migrates and seeds it).
 */
function freshDataDir(fromTemplate: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'serambi-e2e-'));
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (fromTemplate && template && existsSync(template) && process.env.E2E_TEMPLATE_DAY === wibDay()) {
    cpSync(template, dir, { recursive: true });
  }
  return dir;
}

/**
 * Starts the server (`tsx server/main.ts`, or the run's bundle of it); pass `dataDir` to restart on an existing folder. A new folder starts as a
 * copy of the run's seeded template unless `fromTemplate` is false.
 */
export async function startServer(
  options: { dataDir?: string; port?: number; env?: Record<string, string>; fromTemplate?: boolean } = {},
): Promise<RunningServer> {
  // DIST_DIR (also read by the server) lets a run use its own build instead of dist/
  const distDir = process.env.DIST_DIR || join(process.cwd(), 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`${distDir} is missing: run \`npx vite build\` before the browser tests`);
  }
  const dataDir = options.dataDir ?? freshDataDir(options.fromTemplate !== false);
  const port = options.port ?? (await freePort());
  let log = '';
  // the run's bundle of the server when global-setup.ts made one (the same code, loaded without tsx's transform)
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    log += d.toString();
  });
  proc.stderr?.on('data', (d) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // A busy machine may need longer to load the demo into a fresh database (E2E_SERVER_TIMEOUT_MS).
    await waitForHealth(url, proc, Number(process.env.E2E_SERVER_TIMEOUT_MS) || 60_000);
  } catch (error) {
    proc.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    url,
    port,
    dataDir,
    process: proc,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
    ],
  });
}

/** A till-sized context (1366×768) unless another viewport is asked for. */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1366, height: 768 },
): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** A w×h PNG of two colours (a generated image file to upload), written to the temp folder as `{stem}-{pid}.png`. */
export function pngFile(w: number, h: number, stem: string): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      raw.set(x < w / 2 ? [200, 60, 90] : [40, 120, 200], y * (w * 3 + 1) + 1 + x * 3);
  const file = join(tmpdir(), `${stem}-${process.pid}.png`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}
