// Shared driver for the catalogue/cart screenshots and the benches (not a test): starts the real
// server in a temp DATA_DIR (optionally seeded with a large catalogue), signs in as the demo cashier
// at Kemang, and serves the configuration to the harness page (test/ui/pos-catalogue-preview).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

function waitFor(child: ChildProcess, text: string, what: string, timeoutMs = 180_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start: ${seen.slice(-500)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve(seen);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${what} exited ${code}: ${seen.slice(-500)}`)));
  });
}

export interface Harness {
  base: string;
  dataDir: string;
  config: unknown;
  browser: Browser;
  stop(): Promise<void>;
  open(page: Page, query?: string): Promise<void>;
}

const kill = async (child: ChildProcess | null) => {
  if (!child?.pid || child.exitCode !== null) return;
  // Our own process group (spawned detached): npx, tsx and node go together.
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await new Promise((r) => setTimeout(r, 1500));
  try {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

export async function startHarness(options: {
  largeItems?: number;
  serverPort: number;
  vitePort: number;
  /** Reuse a DATA_DIR already seeded (SEEDED_DATA_DIR): skips the slow seeding. */
  dataDir?: string;
  /** 'build': the minified production bundle (benches); 'dev' (default): the Vite dev server. */
  bundle?: 'dev' | 'build';
}): Promise<Harness> {
  const reuse = !!options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'serambi-pos-cat-'));
  const env = { ...process.env, PORT: String(options.serverPort), DATA_DIR: dataDir };
  if (options.largeItems && !reuse) {
    const seeded = spawnSync(
      'npx',
      ['tsx', 'server/db/seed-large-cli.ts', '--items', String(options.largeItems), '--customers', '100'],
      {
        env,
        encoding: 'utf8',
      },
    );
    if (seeded.status !== 0) throw new Error(`seed:large failed: ${seeded.stderr}`);
    console.log(seeded.stdout.trim());
  }
  const previewDir = mkdtempSync(join(tmpdir(), 'serambi-pos-preview-build-'));
  let server: ChildProcess | null = null;
  let vite: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    server = spawn('npx', ['tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await waitFor(server, 'listening on', 'server');
    const api = `http://127.0.0.1:${options.serverPort}`;
    const signIn = await fetch(`${api}/cashier/pos/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'demo@serambi.id',
        password: 'demo1234',
        subscription_user_type_status: 'cashier',
      }),
    });
    const user = (await signIn.json()) as {
      data: {
        client_key: string;
        login_token: string;
        business_outlets: { business_outlet_id: number; outlet_name: string }[];
      };
    };
    const outlet =
      user.data.business_outlets.find((o) => o.outlet_name.includes('Kemang')) ??
      user.data.business_outlets[0];
    const headers = {
      Authorization: user.data.client_key,
      'APP-Token': user.data.login_token,
      'Authorization-Type': 'business_user',
      Platform: 'web',
    };
    const configAnswer = await fetch(`${api}/cashier/config?outlet_id=${outlet.business_outlet_id}`, {
      headers,
    });
    const config = ((await configAnswer.json()) as { data: unknown }).data;
    const viteConfig = 'test/ui/pos-catalogue-preview/vite.config.ts';
    const viteEnv = { ...process.env, PREVIEW_OUT_DIR: previewDir };
    if (options.bundle === 'build') {
      const built = spawnSync('npx', ['vite', 'build', '--config', viteConfig], {
        encoding: 'utf8',
        env: viteEnv,
      });
      if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`);
    }
    const viteArgs =
      options.bundle === 'build'
        ? ['vite', 'preview', '--config', viteConfig, '--port', String(options.vitePort), '--strictPort']
        : ['vite', '--port', String(options.vitePort), '--strictPort'];
    vite = spawn('npx', viteArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: viteEnv });
    await waitFor(vite, 'Local:', 'vite');
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const base = `http://localhost:${options.vitePort}`;
    const body = JSON.stringify(config);
    const b = browser;
    const s = server;
    const v = vite;
    return {
      base,
      dataDir,
      config,
      browser: b,
      async open(page, query = '') {
        await page.route('**/__preview/config.json', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body }),
        );
        const path = options.bundle === 'build' ? '/index.html' : '/test/ui/pos-catalogue-preview/index.html';
        await page.goto(`${base}${path}${query}`);
        await page.waitForFunction(() => window.__posPreview?.ready === true, undefined, {
          timeout: 120_000,
        });
        await page.waitForSelector('[data-testid="catalogue-grid"]');
      },
      async stop() {
        await b.close().catch(() => undefined);
        await kill(v);
        await kill(s);
        rmSync(previewDir, { recursive: true, force: true });
        if (!reuse) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await browser?.close().catch(() => undefined);
    await kill(vite);
    await kill(server);
    rmSync(previewDir, { recursive: true, force: true });
    throw e;
  }
}

declare global {
  interface Window {
    __posPreview?: { ready: boolean; local_trx_id: string; timeAddItem?: (n: number) => Promise<number[]> };
  }
}

/**
 * The real cashier page: the app built into a temp folder (DIST_DIR), the server on a DATA_DIR
 * (seeded when largeItems is set and no dataDir given), signed in through the UI as the demo cashier
 * at Kemang, a new sale opened on /pos (step 2, the catalogue on screen).
 */
export async function startRealPos(options: {
  largeItems?: number;
  serverPort: number;
  dataDir?: string;
  viewport?: { width: number; height: number };
}): Promise<{ page: Page; browser: Browser; stop(): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'serambi-pos-real-'));
  const distDir = mkdtempSync(join(tmpdir(), 'serambi-dist-catalogue-'));
  const env = { ...process.env, PORT: String(options.serverPort), DATA_DIR: dataDir, DIST_DIR: distDir };
  if (options.largeItems && !options.dataDir) {
    const seeded = spawnSync(
      'npx',
      ['tsx', 'server/db/seed-large-cli.ts', '--items', String(options.largeItems), '--customers', '100'],
      { env, encoding: 'utf8' },
    );
    if (seeded.status !== 0) throw new Error(`seed:large failed: ${seeded.stderr}`);
  }
  // PROFILE=1: readable names in CPU profiles (as the harness page's build).
  const minify = process.env.PROFILE === '1' ? ['--minify', 'false'] : [];
  const built = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', ...minify], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`);
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    server = spawn('npx', ['tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await waitFor(server, 'listening on', 'server');
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1366, height: 768 } });
    const base = `http://127.0.0.1:${options.serverPort}`;
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 120_000 });
    await page.getByText('Kemang').first().click();
    await page.waitForURL(`${base}/`, { timeout: 120_000 });
    await page.goto(`${base}/pos`);
    await page.getByTestId('new-trx-buttons').getByRole('button').first().click({ timeout: 120_000 });
    await page.getByTestId('catalogue-grid').waitFor({ timeout: 120_000 });
    const b = browser;
    const s = server;
    return {
      page,
      browser: b,
      async stop() {
        await b.close().catch(() => undefined);
        await kill(s);
        rmSync(distDir, { recursive: true, force: true });
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await browser?.close().catch(() => undefined);
    await kill(server);
    throw e;
  }
}
