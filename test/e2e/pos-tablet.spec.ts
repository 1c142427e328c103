// The cashier on a portrait 10-inch tablet (800×1280): every action button shows its whole label
// (GUIDE §5: a screen a cashier cannot use on a 10-inch tablet is not done).
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import { screenshot } from './harness';
import { Pos, signInKemang } from './pages/pos';

const e2e = e2eFixture();

/** The buttons under `area` whose label is cut (its text wider or taller than the button shows). */
async function clippedLabels(area: Locator): Promise<string[]> {
  return area.evaluate((root) =>
    [...root.querySelectorAll('button')].flatMap((button) => {
      const label = button.querySelector('.mantine-Button-label') ?? button;
      const box = button.getBoundingClientRect();
      const text = label.getBoundingClientRect();
      const cut =
        label.scrollWidth > label.clientWidth + 1 ||
        text.width > box.width + 1 ||
        text.height > box.height + 1;
      return cut ? [button.textContent ?? ''] : [];
    }),
  );
}

async function expectWhole(page: Page, testId: string): Promise<void> {
  const area = page.getByTestId(testId);
  await area.waitFor();
  expect(await area.getByRole('button').count()).toBeGreaterThan(2);
  expect(await clippedLabels(area)).toEqual([]);
}

it('shows every step 1–3 action label whole at 800×1280', async () => {
  const context = await e2e.browser.newContext({
    viewport: { width: 800, height: 1280 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    hasTouch: true,
  });
  const page = await context.newPage();
  await signInKemang(page, e2e.server.url);
  const pos = new Pos(page, e2e.server.url);
  await pos.open();
  await expectWhole(page, 'new-trx-buttons');
  await pos.startSale();
  await pos.addItem('Potong Rambut Wanita');
  await expectWhole(page, 'step2-actions');
  await screenshot(page, 'pos-tablet-portrait-step2');
  await pos.toPayment();
  await expectWhole(page, 'step3-actions');
  await screenshot(page, 'pos-tablet-portrait-step3');
  await context.close();
});
