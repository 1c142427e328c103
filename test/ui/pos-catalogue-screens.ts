// Looks at the catalogue, the item dialogs and the cart (not a test): screenshots at 1366×768 and
// 1280×800 into test-artifacts/pos-catalogue/. Run: npx tsx test/ui/pos-catalogue-screens.ts
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startHarness } from './pos-catalogue-harness';

const OUT = 'test-artifacts/pos-catalogue';
const VIEWPORTS = [
  { name: 'till', width: 1366, height: 768, query: '' },
  { name: 'tablet', width: 1280, height: 800, query: '?tablet=1' },
];

async function shot(page: Page, file: string) {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${OUT}/${file}.png` });
  console.log(`${OUT}/${file}.png`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const h = await startHarness({ serverPort: 4731, vitePort: 5231 });
  try {
    for (const vp of VIEWPORTS) {
      const page = await h.browser.newPage({ viewport: { width: vp.width, height: vp.height } });
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      await h.open(page, vp.query);
      await shot(page, `${vp.name}-1-catalogue`);
      await page.getByTestId('catalogue-tile').first().click();
      await page.getByTestId('item-modal').waitFor();
      await shot(page, `${vp.name}-2-item-modal`);
      // add with the first variant chosen when the item has several
      const chips = page.locator('[data-testid="item-modal"] .ld-chip');
      if ((await chips.count()) > 0) await chips.first().click();
      await page.getByTestId('item-modal-submit').click();
      const confirmYes = page.getByRole('button', { name: 'Ya' });
      if (await confirmYes.isVisible().catch(() => false)) await confirmYes.click();
      await page.getByTestId('cart-row').first().waitFor({ timeout: 10_000 });
      await shot(page, `${vp.name}-3-cart`);
      await page.getByTestId('catalogue-search').fill('paket');
      await shot(page, `${vp.name}-4-search-paket`);
      const pkg = page.getByTestId('catalogue-tile').first();
      if (await pkg.isVisible().catch(() => false)) {
        await pkg.click();
        await page.getByTestId('item-modal').waitFor();
        await shot(page, `${vp.name}-5-package-modal`);
        await page.keyboard.press('Escape');
      }
      const custom = page.getByRole('button', { name: '+ Tambahkan Produk Custom' });
      if (await custom.isVisible().catch(() => false)) {
        await custom.click();
        await page.getByTestId('custom-item-modal').waitFor();
        await shot(page, `${vp.name}-6-custom-modal`);
        await page.keyboard.press('Escape');
      }
      await page.close();
    }
    const coupon = await h.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await h.open(coupon, '?kind=COUPON_SALES');
    await shot(coupon, 'till-7-coupon-catalogue');
  } finally {
    await h.stop();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
