// Issue 26 in a real browser on the real server: /appointment and /appointment/{id}. An appointment booked
// from a calendar slot opens the cashier with its 'Appointment Sales' header, is checked out, sold and paid
// (the sale completes on the server); a double booking of the worker is refused naming the other booking.
// Offline: a booking shows at once ('Belum terkirim') and is sent exactly once when the connection returns;
// one whose slot was taken on the server meanwhile is shown with both bookings, never dropped. axe and
// screenshots of the calendar and the form at 1366×768 and 800×1280.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture, expectNoSeriousAxeViolations, VIEWPORTS } from './fixture';
import { screenshot, wibDay } from './harness';
import { serverTrx, storedTokens } from './pages/pos';
import { type Doc, serverApi } from './server-api';

const e2e = e2eFixture();
const api = serverApi(() => e2e.server.url);

/** A day after today (WIB), so no slot of the test is in the past. */
const dayAhead = (n: number) =>
  new Date(Date.parse(`${wibDay()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function openCalendar(page: Page, date: string) {
  await page.goto(`${e2e.server.url}/appointment`);
  await page.getByRole('heading', { name: 'Appointment', exact: true }).waitFor({ timeout: 30_000 });
  await page.getByTestId('appointment-date').fill(date);
  await page.getByTestId('appointment-worker').first().waitFor({ timeout: 20_000 });
}

/** Clicks a slot of the calendar's first worker; answers the worker's id. */
async function clickSlot(page: Page, time: string, workerIndex = 0): Promise<string> {
  const slot = page.locator(`[data-slot$="-${time}"]`).nth(workerIndex);
  const worker = ((await slot.getAttribute('data-slot')) ?? '').split('-')[0] ?? '';
  await slot.click();
  await page
    .getByRole('button', { name: /Simpan dan Tambahkan Detail Sales|Simpan Data Appointment/ })
    .waitFor();
  return worker;
}

async function dayOnServer(page: Page, date: string): Promise<Doc[]> {
  const tokens = await storedTokens(page);
  const data = await api(`cashier/appointments?start_date=${date}&end_date=${date}`, { tokens });
  return data.customer_appointments as Doc[];
}

describe('appointments', () => {
  it('booked from a slot, sold at checkout and paid; a double booking is refused naming the other', {
    timeout: 300_000,
  }, async () => {
    const { page, pos } = await e2e.cashier();
    const date = dayAhead(1);
    await openCalendar(page, date);
    expect(await page.getByText('Belum tersedia').count()).toBe(0);
    const worker = await clickSlot(page, '10:00');
    // the form's defaults from the slot: the worker, the day, 10:00–11:00
    expect(await page.getByLabel('Waktu Mulai').inputValue()).toBe('10:00');
    expect(await page.getByLabel('Waktu Selesai').inputValue()).toBe('11:00');
    expect(await page.getByLabel('Tanggal').inputValue()).toBe(date);
    await page.getByRole('button', { name: 'Simpan dan Tambahkan Detail Sales' }).click();

    // the cashier with the appointment's header and its three buttons
    await page.waitForURL(/\/pos/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Appointment Sales' }).waitFor({ timeout: 20_000 });
    const trxId = String(
      await (await page.waitForFunction(() => sessionStorage.getItem('serambi.pos.current_trx'))).jsonValue(),
    );
    for (const name of ['Batal', 'Simpan', 'Checkout'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBeGreaterThan(0);
    await pos.addItem('Potong Rambut Wanita');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await pos.confirm('Apakah Anda yakin ingin mengubah appointment ini menjadi penjualan?');
    await page.getByRole('heading', { name: 'Sistem Kasir' }).waitFor({ timeout: 20_000 });
    await pos.toPayment();
    await pos.pay('Cash');
    await pos.submit();
    const tokens = await storedTokens(page);
    await expect
      .poll(async () => (await serverTrx(e2e.server.url, tokens, trxId))?.trx_status_id, { timeout: 30_000 })
      .toBe(3);
    await pos.dismissAndBack();

    // the same worker, an overlapping slot: refused, naming the other booking
    const list = await dayOnServer(page, date);
    expect(list.filter((a) => a.business_commission_worker_id === Number(worker))).toHaveLength(1);
    await page.goto(
      `${e2e.server.url}/appointment/new?worker_id=${worker}&appointment_date=${date}&start_time=10:30`,
    );
    await page.getByRole('button', { name: 'Simpan dan Tambahkan Detail Sales' }).click();
    const refusal = page.getByTestId('appointment-refusal');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toMatch(
      new RegExp(`sudah memiliki appointment pada ${date} pukul 10:00–11:00`),
    );
    expect(page.url()).toContain('/appointment/new');
    expect(await dayOnServer(page, date)).toHaveLength(list.length);
  });

  it('booked offline: shown at once and sent once; a slot taken meanwhile is shown with both bookings', {
    timeout: 480_000,
  }, async () => {
    const { page, context } = await e2e.cashier();
    const date = dayAhead(2);
    await openCalendar(page, date);
    await expectNoSeriousAxeViolations(page, 'appointment calendar (till)');
    await screenshot(page, 'appointment-calendar-till');

    // the form at both sizes (from a slot, online)
    await clickSlot(page, '09:00', 1);
    await expectNoSeriousAxeViolations(page, 'appointment form (till)');
    await screenshot(page, 'appointment-form-till');
    await page.setViewportSize(VIEWPORTS.tablet);
    await expectNoSeriousAxeViolations(page, 'appointment form (tablet)');
    await screenshot(page, 'appointment-form-tablet');
    await page.getByRole('button', { name: 'Kembali ke Halaman Appointment' }).last().click();
    await page.getByTestId('appointment-timeline').waitFor();
    await page.getByTestId('appointment-date').fill(date);

    // offline: two bookings on the device
    await context.setOffline(true);
    const book = async (time: string) => {
      const worker = await clickSlot(page, time);
      await page.getByRole('button', { name: 'Simpan dan Tambahkan Detail Sales' }).click();
      await page.getByRole('heading', { name: 'Appointment Sales' }).waitFor({ timeout: 20_000 });
      // 'Batal': back to the calendar
      await page.getByRole('button', { name: 'Batal', exact: true }).click();
      await page.getByTestId('appointment-timeline').waitFor({ timeout: 20_000 });
      await page.getByTestId('appointment-date').fill(date);
      return worker;
    };
    const worker = await book('14:00');
    await book('16:00');
    const cards = page.getByTestId('appointment-card');
    await expect.poll(() => cards.filter({ hasText: 'Belum terkirim' }).count(), { timeout: 20_000 }).toBe(2);
    await expectNoSeriousAxeViolations(page, 'appointment calendar offline (tablet)');
    await screenshot(page, 'appointment-calendar-tablet');

    // meanwhile another device books the worker at 16:00 on the server
    const tokens = await storedTokens(page);
    await api('cashier/appointment', {
      method: 'POST',
      tokens,
      body: {
        local_appointment_id: randomUUID(),
        user_name: 'Tamu Lain',
        pos_salesType_id: 701,
        business_commission_worker_id: Number(worker),
        appointment_date: date,
        start_time: '16:00',
        end_time: '17:00',
        tags: [],
      },
    });

    await context.setOffline(false);
    // the free one is sent once; the taken one is shown with both bookings
    const conflict = page.getByTestId('appointment-conflict');
    await conflict.waitFor({ timeout: 60_000 });
    expect(await conflict.textContent()).toContain('16:00–17:00 (Tamu Lain)');
    expect(await conflict.textContent()).toContain(`${date} 16:00–17:00 (Guest)`);
    await expect.poll(() => cards.filter({ hasText: 'Belum terkirim' }).count(), { timeout: 60_000 }).toBe(0);
    const onServer = (await dayOnServer(page, date)).filter((a) => a.start_time === '14:00');
    expect(onServer).toHaveLength(1);
    await page.setViewportSize(VIEWPORTS.till);
    await expectNoSeriousAxeViolations(page, 'appointment conflict (till)');
    await screenshot(page, 'appointment-conflict-till');
  });
});
