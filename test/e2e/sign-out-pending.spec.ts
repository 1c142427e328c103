// Ruling 25's pending-work rule at Menteng on a server of its own (the walks in sign-out-walk.spec.ts leave
// server-side shifts behind, ruling 26): 'Buka Sistem Kasir' comes before the shift's end and opens the
// cashier, where the pending sale is finished; then only the shift's end stands before the sign-out.
import { describe, expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import { overrideConfig, PASSWORD, Pos } from './pages/pos';
import { MENTENG, OPEN_TRX, SHIFT_ACTIVE, signOutWalker } from './pages/sign-out-walk';

const e2e = e2eFixture();
const { signIn, fresh, trySignOut, follow, startShift, consume, walkOut } = signOutWalker(e2e);

describe('ruling 25: pending work at Menteng (issue 22 item 1)', { timeout: 600_000 }, () => {
  it("pending work at Menteng: 'Buka Sistem Kasir' comes before the shift's end and opens the cashier", async () => {
    const { context, page } = await fresh();
    const base = e2e.server.url;
    // a sale without the customer and area a clinic sale asks for (shift.spec.ts does the same): not this
    // rule's concern
    await overrideConfig(page, { is_user_id_required: [1, 0], is_service_area_scheme: [1, 0] });
    await signIn(page, 'demo@serambi.id', MENTENG);
    await page.waitForURL('**/shift-management', { timeout: 30_000 });
    await startShift(page);
    await page.goto(`${base}/inventory/stock-out`);
    await consume(page);
    const pos = new Pos(page, base);
    await pos.open();
    const id = await pos.startSale();
    await pos.confirmItem(await pos.openItem('Obat Jerawat Topikal'));
    await pos.backToLists();
    await pos.card(id).waitFor();
    await page.goto(`${base}/shift-management`);
    await page.getByTestId('shift-end').waitFor({ timeout: 30_000 });
    expect(await trySignOut(page)).toEqual({ message: OPEN_TRX, link: 'Buka Sistem Kasir' });
    await follow(page, 'Buka Sistem Kasir');
    await pos.card(id).waitFor();
    // the pending sale deleted (Menteng asks a password and a reason)
    await pos.card(id).getByRole('button', { name: 'Hapus', exact: true }).click();
    const auth = page.getByRole('dialog').filter({ hasText: 'Alasan Penghapusan' });
    await auth.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await auth.getByLabel('Alasan Penghapusan').fill('Pelanggan batal');
    await auth.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByText('Transaksi telah berhasil dihapus.').first().waitFor({ timeout: 30_000 });
    await page.goto(`${base}/shift-management`);
    await page.getByTestId('shift-end').waitFor({ timeout: 30_000 });
    expect(await walkOut(page)).toEqual([SHIFT_ACTIVE]);
    await context.close();
  });
});
