// Issue 15 in a real browser: a sale made offline with a line deleted, synced, voided (reason, password) and
// signed out (the sign-out uploads the device's log); signed in again, the owner (AUDIT_LOG) replays it step by
// step on /audit — the void with its reason and who allowed it — and the 'Void' filter finds it. Then
// a forged copy of one of its events reaches the server: the page flags that device's chain. axe at both sizes.
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot } from './harness';
import { freshCashier, PASSWORD, signInKemang, storedTokens } from './pages/pos';
import { serverApi } from './server-api';

const e2e = e2eFixture();
const api = serverApi(() => e2e.server.url);

describe('the auditor replays a synced offline sale', () => {
  it('deleted line, void, sign-out upload, replay, and a forged event flags the chain', async () => {
    const { context, page, pos } = await freshCashier(e2e.browser, e2e.server.url);
    await context.setOffline(true);
    const id = await pos.startSale();
    await pos.addItem('Potong Rambut Wanita');
    await pos.addItem('Potong Rambut Pria');
    await page.locator('[aria-label="Hapus item"]').first().click();
    await page.getByText('Apakah Anda yakin ingin menghapus?').waitFor();
    await page.getByRole('button', { name: 'Ya', exact: true }).click();
    await expect.poll(() => page.locator('[aria-label="Hapus item"]').count()).toBe(1);
    await pos.toPayment();
    await pos.pay('Cash');
    expect(await pos.submit()).toBe('Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.');
    await pos.dismissAndBack();
    await context.setOffline(false);
    // 000 §4 Void: confirm, the cashier's password and a reason; it syncs the offline sale first
    await pos.card(id).getByRole('button', { name: 'Void', exact: true }).click();
    await pos.confirm('Apakah Anda yakin ingin void transaksi ini?');
    const voiding = page.getByRole('dialog').filter({ hasText: 'Alasan Pembatalan' });
    await voiding.waitFor();
    await voiding.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await voiding.getByLabel('Alasan Pembatalan').fill('Pelanggan batal');
    await voiding.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByText('Transaksi berhasil divoid').first().waitFor({ timeout: 30_000 });
    await pos.signOut();

    await signInKemang(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/audit`);
    const row = page.getByTestId('audit-trxs').getByRole('button', { name: new RegExp(id.slice(-6)) });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const replay = page.getByTestId('audit-replay');
    await replay.waitFor();
    const steps = await replay.getByTestId('audit-step').allTextContents();
    const labels = steps.join('\n');
    expect(labels).toContain('Transaksi dimulai');
    expect(labels).toContain('Item dihapus');
    expect(labels).toContain('Transaksi disubmit');
    expect(labels).toContain('Diterima server');
    const voidStep = steps.find((s) => s.includes('Transaksi di-void'));
    expect(voidStep).toContain('Alasan: Pelanggan batal');
    expect(voidStep).toMatch(/Disetujui: \S/);
    // the spec's status name and the step's words, the codes on hover (issue 22 item 4)
    expect(voidStep).toContain('Void');
    expect(
      await replay
        .getByTestId('audit-step')
        .filter({ hasText: 'Transaksi di-void' })
        .locator('[data-code="trx.voided"]')
        .getAttribute('title'),
    ).toBe('trx.voided');
    expect(await replay.locator('[title="trx_status_id 4"]').count()).toBeGreaterThan(0);
    // the 'Void' filter keeps it
    await page.getByRole('checkbox', { name: 'Void' }).check();
    await row.waitFor();
    expect(await page.getByTestId('audit-trxs').textContent()).toContain('Ya: Pelanggan batal');
    await page.getByRole('checkbox', { name: 'Void' }).uncheck();
    expect(await replay.getByTestId('chain-flag').count()).toBe(0);
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await screenshot(page, `audit-replay-${name}`);
      await expectNoSeriousAxeViolations(page, `/audit ${name}`);
    }

    // A forged event for the sale (its hash not its content's) reaches the server: flagged, not refused.
    const tokens = await storedTokens(page);
    const forged = await api('cashier/audit/events', {
      method: 'POST',
      tokens,
      body: {
        events: [
          {
            id: `forged-${id}`,
            type: 'trx.voided',
            v: 1,
            at: new Date().toISOString(),
            actor: 1,
            trxId: id,
            payload: { reason: 'palsu' },
            chain: { device: 'forged-device', n: 1, prev: '0'.repeat(64), hash: '1'.repeat(64) },
          },
        ],
      },
    });
    expect(forged).toMatchObject({ stored: 1, flagged: 1 });
    await page.reload();
    const again = page.getByTestId('audit-trxs').getByRole('button', { name: new RegExp(id.slice(-6)) });
    await again.waitFor({ timeout: 30_000 });
    await again.click();
    await page.getByTestId('audit-replay').getByTestId('chain-flag').first().waitFor();
    expect(await page.getByTestId('audit-replay').getByTestId('chain-flag').first().textContent()).toContain(
      'altered',
    );
    await screenshot(page, 'audit-replay-flagged');
    await context.close();
  });
});
