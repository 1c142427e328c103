// Issue 22 items 1 and 3 as the newcomer walked them, on the real server, and a walk of every demo outlet and
// role from sign-in to sign-out. Ruling 25: at Menteng (shifts enforced, consumption required) the
// consumption comes first — ending a shift asks for it, and its stock-out opens without a shift whenever
// it is what stands between the user and sign-out (the sign-out's link, the menu entry, the URL, the
// outlet chooser's Sign Out); pending work is finished in the cashier before the shift ends. Ruling 27:
// taps on Walk In, Reservasi and Home Service leave nothing behind that blocks the sign-out.
// The walk follows whatever block a sign-out raises, by its link only: flags combine, and a chain of
// blocks must end at a sign-out, each link opening a screen that works from there.
import { describe, expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import { Pos, storedTrx } from './pages/pos';
import { CONSUMPTION, KEMANG, MENTENG, SHIFT_ACTIVE, signOutWalker } from './pages/sign-out-walk';

const e2e = e2eFixture();
const {
  bothSizes,
  signIn,
  fresh,
  landedOn,
  trySignOut,
  readSignOutAnswer,
  follow,
  confirmSignOut,
  startShift,
  endShift,
  leaveToList,
  consume,
  walkOut,
} = signOutWalker(e2e);

describe('ruling 25: one way out of Menteng (issue 22 item 1)', { timeout: 600_000 }, () => {
  it("the newcomer's walk: ending the shift asks for the consumption first, with its link; then end and sign out", async () => {
    const { context, page } = await fresh();
    await signIn(page, 'demo@serambi.id', MENTENG);
    await page.waitForURL('**/shift-management', { timeout: 30_000 });
    await startShift(page);
    await page.getByTestId('shift-consumption-first').waitFor();
    await page.getByTestId('shift-end').click();
    await page.getByText(CONSUMPTION).first().waitFor();
    // the shift is not ended: nothing was asked, the end is still offered
    expect(await page.getByText('Apakah Anda yakin ingin mengakhiri shift?').count()).toBe(0);
    await page.getByTestId('shift-end').waitFor();
    await bothSizes(page, 'shift-end-asks-consumption');
    await follow(page, 'Buka Inventory - Stok Keluar');
    await consume(page);
    await page.goto(`${e2e.server.url}/shift-management`);
    await page.getByTestId('shift-end').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('shift-consumption-first').count()).toBe(0);
    await endShift(page);
    const answer = await trySignOut(page);
    expect(answer).toEqual({ confirm: true });
    await confirmSignOut(page);
    await context.close();
  });

  it("no shift and the consumption due: the sign-out's link, the menu entry, the URL and the chooser's Sign Out open the stock-out", async () => {
    const { context, page } = await fresh();
    const base = e2e.server.url;
    await signIn(page, 'demo@serambi.id', MENTENG);
    await page.waitForURL('**/shift-management', { timeout: 30_000 });
    // the sign-out's link (it bounced to Shift Management)
    const answer = await trySignOut(page);
    expect(answer).toEqual({ message: CONSUMPTION, link: 'Buka Inventory - Stok Keluar' });
    await page.waitForTimeout(300);
    await bothSizes(page, 'blocked-consumption');
    await follow(page, 'Buka Inventory - Stok Keluar');
    await bothSizes(page, 'stock-out-without-shift');
    // the menu entry
    await page.goto(`${base}/shift-management`);
    await page.getByTestId('shift-start').waitFor({ timeout: 30_000 });
    await page.locator('[data-menu="inventory"]').first().click();
    await page.locator('[data-menu="inventory-stock-out"]').first().click();
    await landedOn(page, '/inventory/stock-out');
    // the URL
    await page.goto(`${base}/inventory/stock-out`);
    await landedOn(page, '/inventory/stock-out');
    // Pilih Outlet → Sign Out
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-choose-outlet').click();
    await page.waitForURL('**/choose-outlet');
    await page.getByTestId('choose-outlet-sign-out').click();
    const fromChooser = await readSignOutAnswer(page);
    expect(fromChooser).toEqual({ message: CONSUMPTION, link: 'Buka Inventory - Stok Keluar' });
    await follow(page, 'Buka Inventory - Stok Keluar');
    // the consumption done, nothing else stands in the way (no shift here, none to end)
    await consume(page);
    expect(await trySignOut(page)).toEqual({ confirm: true });
    await confirmSignOut(page);
    await context.close();
  });
});

describe('ruling 27: empty sales block no sign-out (issue 22 item 3)', { timeout: 600_000 }, () => {
  it('taps on Walk In, Reservasi and Home Service leave nothing listed and nothing blocking at Menteng', async () => {
    const { context, page } = await fresh();
    const base = e2e.server.url;
    await signIn(page, 'demo@serambi.id', MENTENG);
    await page.waitForURL('**/shift-management', { timeout: 30_000 });
    await startShift(page);
    await page.goto(`${base}/inventory/stock-out`);
    await consume(page);
    const pos = new Pos(page, base);
    await pos.open();
    const tap = async (name: string) => {
      await page.getByTestId('new-trx-buttons').getByRole('button', { name, exact: true }).click();
      await page.getByTestId('continue').waitFor({ timeout: 20_000 });
      const handle = await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'));
      return String(await handle.jsonValue());
    };
    // back to the list: discarded
    const walkIn = await tap('Walk In');
    await leaveToList(page);
    const reservasi = await tap('Reservasi');
    await leaveToList(page);
    for (const id of [walkIn, reservasi]) expect(await storedTrx(page, id)).toBeNull();
    // left by a reload of another page: kept on the device, but neither listed nor blocking
    await tap('Home Service');
    await pos.open();
    await page.getByText('Transaksi Tertunda').first().waitFor();
    expect(await page.getByTestId('trx-card').count()).toBe(0);
    expect(await page.getByText(/0 Produk, Total/).count()).toBe(0);
    await bothSizes(page, 'pending-list-after-taps');
    await page.goto(`${base}/`);
    await page.getByTestId('header-title').waitFor({ timeout: 30_000 });
    await page.goto(`${base}/shift-management`);
    await page.getByTestId('shift-end').waitFor({ timeout: 30_000 });
    // only the shift's end remains (the spec's block for an active enforced shift)
    expect(await walkOut(page)).toEqual([SHIFT_ACTIVE]);
    await context.close();
  });
});

describe('every demo outlet and role, from sign-in to sign-out, following only the blocks', {
  timeout: 900_000,
}, () => {
  const WALKS: [string, string, string[]][] = [
    ['demo@serambi.id', KEMANG, []],
    ['kasir@serambi.id', KEMANG, []],
    ['spv@serambi.id', KEMANG, []],
    // Menteng: the guard asks for a shift first; sign-out then asks for the consumption, then the shift's end
    ['demo@serambi.id', MENTENG, [CONSUMPTION, SHIFT_ACTIVE]],
    ['dokter@serambi.id', MENTENG, [CONSUMPTION, SHIFT_ACTIVE]],
    ['spv@serambi.id', MENTENG, [CONSUMPTION, SHIFT_ACTIVE]],
  ];
  it.each(WALKS)('%s at %s', async (email, outlet, blocks) => {
    const { context, page } = await fresh();
    const base = e2e.server.url;
    await signIn(page, email, outlet);
    if (outlet === MENTENG) {
      await page.waitForURL('**/shift-management', { timeout: 30_000 });
      await startShift(page);
    }
    // the cashier opens, a transaction started and left behind is nobody's work
    const pos = new Pos(page, base);
    await pos.open();
    await page.getByTestId('new-trx-buttons').getByRole('button').first().click();
    await page.getByTestId('continue').waitFor({ timeout: 20_000 });
    await leaveToList(page);
    await page.goto(`${base}/`);
    await page.getByTestId('header-title').waitFor({ timeout: 30_000 });
    expect(await walkOut(page)).toEqual(blocks);
    await context.close();
  });
});
