// Looks at the shell: screenshots at 1366×768 (till) and 1280×800 (10-inch tablet) into test-artifacts/.
// Not a test. Run: npx tsx test/ui/screenshots.ts   (starts and stops its own Vite dev server)
// With BASE_URL=http://host:port it shoots the real app there instead (SCENARIOS=real).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { SCENARIOS } from './preview/scenarios';

const OUT = 'test-artifacts/ui';
const VIEWPORTS = [
  { name: 'till', width: 1366, height: 768 },
  { name: 'tablet', width: 1280, height: 800 },
];

async function startVite(port: number): Promise<ChildProcess> {
  const child = spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('vite did not start')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Local:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`vite exited ${code}`)));
  });
  return child;
}

async function shootPreview(
  page: Page,
  base: string,
  scenario: string,
  file: string,
  act?: (p: Page) => Promise<void>,
) {
  await page.goto(`${base}/test/ui/preview/index.html?scenario=${scenario}`);
  await page.waitForSelector('#root h2', { timeout: 30_000 });
  await page.waitForTimeout(400);
  if (act) await act(page);
  await page.screenshot({ path: `${OUT}/${file}.png` });
  console.log(`${OUT}/${file}.png`);
  // The AppShell is fixed-position, so fullPage shots come out blank: grow the viewport instead.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize();
  if (viewport && height > viewport.height + 20) {
    await page.setViewportSize({ width: viewport.width, height });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${OUT}/${file}-full.png` });
    await page.setViewportSize(viewport);
    console.log(`${OUT}/${file}-full.png`);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const port = 5199;
  const vite = await startVite(port);
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const vp of VIEWPORTS) {
      const page = await browser.newPage({ viewport: { width: vp.width, height: vp.height } });
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      const only = process.env.ONLY?.split(',');
      for (const name of Object.keys(SCENARIOS)) {
        if (name === 'purgatory' || (only && !only.includes(name))) continue;
        await shootPreview(page, base, name, `${vp.name}-${name}`);
      }
      if (!only || only.includes('forgot')) {
        await shootPreview(page, base, 'sign-in', `${vp.name}-forgot-password`, async (p) => {
          await p.getByText('Lupa password?').click();
          await p.waitForTimeout(200);
        });
      }
      if (!only || only.includes('switch')) {
        await shootPreview(page, base, 'home-kemang', `${vp.name}-switch-account`, async (p) => {
          await p.getByRole('button', { name: 'Ganti Akun Kasir' }).click();
          await p.waitForTimeout(400);
        });
      }
      await page.close();
    }
    const mobile = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await shootPreview(mobile, base, 'home-kemang', 'mobile-drawer', async (p) => {
      await p.getByRole('button', { name: 'Menu' }).first().click();
      await p.waitForTimeout(400);
    });
  } finally {
    await browser.close();
    vite.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
