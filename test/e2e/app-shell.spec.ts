// Issue 10 in a real browser: the app loaded by route works offline from its precache (a cold reload with
// the network off opens /pos and completes a sale), and sign-in, Home and the cashier's steps 1–3 have no
// critical or serious axe-core violation at the till's and the tablet's size (screenshots of each).
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { newContext, screenshot } from './harness';
import { overrideConfig, Pos, signInKemang } from './pages/pos';

const e2e = e2eFixture();
/** On /pos also the rule axe keeps off by default that 'Set Customer' broke (issue 23 item 13, WCAG 2.5.3). */
const POS_RULES = ['label-content-name-mismatch'];

describe('accessibility (axe-core) after the theme change', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`sign-in, Home and /pos steps 1–3 at ${viewport.width}x${viewport.height}`, async () => {
      const context = await newContext(e2e.browser, viewport);
      const page = await context.newPage();
      const base = e2e.server.url;
      await page.goto(`${base}/sign-in`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await expectNoSeriousAxeViolations(page, `sign-in ${size}`);
      await screenshot(page, `a11y-${size}-1-sign-in`);

      await signInKemang(page, base);
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await expectNoSeriousAxeViolations(page, `Home ${size}`);
      await screenshot(page, `a11y-${size}-2-home`);
      // The side menu: beside the page on the till, a drawer behind the burger on the tablet (below 62em).
      const nav = page.getByRole('navigation', { name: 'Menu' });
      const burger = page.getByRole('button', { name: 'Menu' });
      if (viewport.width >= 992) {
        expect(await nav.isVisible()).toBe(true);
        expect(await burger.isVisible()).toBe(false);
      } else {
        const main = await page.locator('main').boundingBox();
        expect(main?.x ?? -1).toBeLessThan(1); // the page has the whole width
        await burger.click();
        await nav.getByRole('link', { name: 'Sistem Kasir' }).waitFor();
        await expectNoSeriousAxeViolations(page, `Home menu drawer ${size}`);
        await screenshot(page, `a11y-${size}-2b-menu-drawer`);
        await burger.click();
        await page.waitForFunction(() => {
          const box = document.querySelector('nav[aria-label="Menu"]')?.getBoundingClientRect();
          return !box || box.right <= 0;
        });
      }

      const pos = new Pos(page, base);
      await pos.open();
      await expectNoSeriousAxeViolations(page, `/pos step 1 ${size}`, POS_RULES);
      await screenshot(page, `a11y-${size}-3-pos-step1`);
      await pos.startSale();
      await pos.addItem('Potong Rambut Wanita');
      await expectNoSeriousAxeViolations(page, `/pos step 2 ${size}`, POS_RULES);
      await screenshot(page, `a11y-${size}-4-pos-step2`);
      // A dialog open: its close button has a name.
      await pos.openItem('Potong Rambut Pria');
      await expectNoSeriousAxeViolations(page, `/pos item dialog ${size}`, POS_RULES);
      await page.keyboard.press('Escape');
      await pos.toPayment();
      await expectNoSeriousAxeViolations(page, `/pos step 3 ${size}`, POS_RULES);
      await screenshot(page, `a11y-${size}-5-pos-step3`);
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      await context.close();
    }, 300_000);
  }
});

describe('offline from the precache', () => {
  it('after one online visit, a cold reload with the network off opens /pos and completes a sale', async () => {
    const base = e2e.server.url;
    const context = await newContext(e2e.browser);
    const online = await context.newPage();
    // Kemang's stock check makes every sale online-only (000 §4); the same outlet without it sells offline.
    await overrideConfig(online, { check_stock_availability_on_trx: [1, 0] });
    await signInKemang(online, base);
    await new Pos(online, base).open();
    // The worker installed (its install step precached every chunk) and controls the page. Bounded: a page
    // the worker has not claimed (a CI run once waited here until the test's time-out) is reloaded, and the
    // active worker controls the reloaded page.
    const controlled = () =>
      online.evaluate(async () => {
        await Promise.race([
          navigator.serviceWorker.ready,
          new Promise((resolve) => setTimeout(resolve, 60_000)),
        ]);
        for (let i = 0; i < 150 && !navigator.serviceWorker.controller; i++)
          await new Promise((resolve) => setTimeout(resolve, 200));
        return !!navigator.serviceWorker.controller;
      });
    if (!(await controlled())) {
      await online.reload();
      expect(await controlled()).toBe(true);
    }
    const precached = await online.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(precached.some((u) => /\/assets\/PosPage-.*\.js$/.test(u))).toBe(true);
    expect(precached.some((u) => /\/assets\/HomePage-.*\.js$/.test(u))).toBe(true);
    await online.close();

    await context.setOffline(true);
    const page = await context.newPage();
    const response = await page.goto(`${base}/pos`);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(
      await page.evaluate(() =>
        fetch('/healthz').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    const pos = new Pos(page, base);
    await page.getByText('Transaksi Baru').first().waitFor({ timeout: 30_000 });
    const { message } = await pos.completeCashSale();
    expect(message).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.');
    await screenshot(page, 'offline-cold-reload-sale');
    await context.close();
  }, 300_000);
});
