// @vitest-environment jsdom
// Step 1 on the real store (fake-indexeddb) and command layer: the live lists, their search and
// empty states, the gated actions, and the machine events a tap sends.
import 'fake-indexeddb/auto';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEPARATORS, type PosConfig } from '../../src/domain';
import type { CashierEvent } from '../../src/machines/cashier';
import { type AppServices, ServicesProvider } from '../../src/ui/app/services';
import { DEFAULT_DEVICE } from '../../src/ui/app/session-context';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { Step1 } from '../../src/ui/features/pos/step1/Step1';
import { CASH, config, type Harness, harness, item, ok, startSale } from '../projections/commands/fixtures';
import { button, cleanup, click, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

async function completedSale(h: Harness) {
  const id = await startSale(h, 2);
  ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 2 }));
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 300000 }));
  ok(await h.commands.submit({ local_trx_id: id }));
  return id;
}

/** A pending sale with a line: an empty one is nobody's work and is not listed (ruling 27). */
async function pendingSale(h: Harness, salesType = 1) {
  const id = await startSale(h, salesType);
  ok(await h.commands.addItem({ local_trx_id: id, item: item([50000]), pos_item_variant_id: 1, qty: 1 }));
  return id;
}

async function mount(h: Harness, cfg: PosConfig) {
  const sent: CashierEvent[] = [];
  const value: PosContextValue = {
    config: cfg,
    device: DEFAULT_DEVICE,
    isTablet: false,
    separators: DEFAULT_SEPARATORS,
    commands: h.commands,
    trx: null,
    local_trx_id: null,
    cashier: {
      step: 1,
      busy: false,
      appointment: false,
      preview: null,
      submission: { status: 'idle', mode: null, message: null },
      target_trx_id: null,
      send: (event) => sent.push(event),
    },
    api: {} as PosContextValue['api'],
    notify: () => {},
    confirm: async () => true,
    now: () => new Date('2026-11-22T03:05:00+07:00'),
    host: '',
  };
  const services = { store: h.store } as Partial<AppServices> as AppServices;
  render(
    <ModalsProvider>
      <ServicesProvider value={services}>
        <PosProvider value={value}>
          <Step1 />
        </PosProvider>
      </ServicesProvider>
    </ModalsProvider>,
  );
  // useLiveQuery reads IndexedDB asynchronously, each list on its own: wait (by time, not by a count of
  // flushes, which a busy machine outruns) until the lists show sales and the text has settled.
  const start = Date.now();
  let last = '';
  let settled = 0;
  while (Date.now() - start < 5000) {
    await flush();
    const now = text();
    settled = now === last ? settled + 1 : 0;
    last = now;
    if (settled >= 5 && (now.includes('Produk') || Date.now() - start > 1000)) break;
  }
  return sent;
}

const searchBoxes = () =>
  [...document.querySelectorAll('input[placeholder="Cari transaksi.."]')] as HTMLInputElement[];

describe('step 1 lists', () => {
  it('shows the empty states and one button per sales type', async () => {
    const h = harness();
    const sent = await mount(h, config());
    expect(text()).toContain('Transaksi Baru');
    expect(text().match(/Belum ada transaksi/g)).toHaveLength(2);
    click(button('Take Away'));
    expect(sent).toEqual([{ type: 'trx.new', trx_type: 'NORMAL', pos_salesType_id: 2 }]);
  });

  it('lists pending and completed sales, opens, deletes and voids them by the machine', async () => {
    const h = harness();
    const pending = await startSale(h, 1);
    ok(
      await h.commands.addItem({
        local_trx_id: pending,
        item: item([50000]),
        pos_item_variant_id: 1,
        qty: 1,
      }),
    );
    h.tick(60_000);
    const done = await completedSale(h);
    const sent = await mount(
      h,
      config({ is_void_allowed: 1, auth_role_accesses: { SAVE_TRANSACTION: 1, POS_SHOW_STOCK_OUT: 1 } }),
    );
    const shortPending = pending.slice(-6).toUpperCase();
    const shortDone = done.slice(-6).toUpperCase();
    expect(text()).toContain(`${shortPending} - Dine In`);
    expect(text()).toContain('GUEST');
    expect(text()).toContain('No Contact Information');
    expect(text()).toContain('Order #1');
    expect(text()).toContain(`${shortDone} - Take Away`);
    expect(text()).toContain('2 Produk, Total IDR');

    click(document.querySelector(`[aria-label="Buka ${shortPending} - Dine In"]`) as HTMLElement);
    click(button('Hapus'));
    click(button('Void'));
    expect(sent).toEqual([
      { type: 'trx.open', local_trx_id: pending },
      { type: 'trx.delete', local_trx_id: pending },
      // the confirmation names the sale (issue 22 item 8)
      {
        type: 'trx.void',
        local_trx_id: done,
        trx_status_id: 3,
        summary: `Transaksi #${done.slice(-6).toUpperCase()} - Total IDR 222,000`,
      },
    ]);
    expect(button('Simpan')).toBeDefined();
    expect(button('Stok Keluar')).toBeDefined();
    expect(button('Lihat Transaksi')).toBeDefined();
  });

  it('filters each list and says when nothing matches', async () => {
    const h = harness();
    await pendingSale(h, 1);
    await completedSale(h);
    await mount(h, config());
    const [pendingSearch, completedSearch] = searchBoxes();
    type(pendingSearch, 'take away');
    for (let i = 0; i < 10; i++) await flush();
    expect(text()).toContain('Transaksi tidak ditemukan');
    type(completedSearch, 'zzz');
    for (let i = 0; i < 10; i++) await flush();
    expect(text().match(/Transaksi tidak ditemukan/g)).toHaveLength(2);
    type(pendingSearch, 'dine');
    for (let i = 0; i < 10; i++) await flush();
    expect(text().match(/Transaksi tidak ditemukan/g)).toHaveLength(1);
  });

  it('the completed search also matches the summary text and the time as shown (000 §2)', async () => {
    const h = harness();
    const twoItems = await completedSale(h);
    h.tick(2 * 24 * 3600_000);
    const later = await startSale(h, 2);
    ok(
      await h.commands.addItem({ local_trx_id: later, item: item([50000]), pos_item_variant_id: 1, qty: 1 }),
    );
    ok(
      await h.commands.addPayment({
        local_trx_id: later,
        payment_type: 'NORMAL',
        method: CASH,
        amount: 60000,
      }),
    );
    ok(await h.commands.submit({ local_trx_id: later }));
    await mount(h, config());
    const a = twoItems.slice(-6).toUpperCase();
    const b = later.slice(-6).toUpperCase();
    const completedSearch = searchBoxes()[1];
    const shows = async (keyword: string) => {
      type(completedSearch, keyword);
      for (let i = 0; i < 10; i++) await flush();
      return [a, b].filter((id) => text().includes(`${id} - Take Away`));
    };
    // Neither is a stored field: the summary '{qty} Produk, Total …' and the displayed date.
    expect(await shows('2 Produk')).toEqual([a]);
    expect(await shows('total idr 55,500')).toEqual([b]);
    expect(await shows('24 Nov 2026')).toEqual([b]);
    expect(await shows('22 Nov 2026 03:00')).toEqual([a]);
    // The stored time still matches.
    expect(await shows('2026-11-24')).toEqual([b]);
    expect(await shows('Dibuat')).toEqual([]);
  });

  it("'Kirim/Jual Kupon' starts a coupon sale (issue 14)", async () => {
    const h = harness();
    const sent = await mount(
      h,
      config({
        auth_role_accesses: { COUPON_SALES: 1 },
        subscription_rules: { deposit: 0, coupon: 1, sms_redeem: 0 },
      }),
    );
    click(button('Kirim/Jual Kupon'));
    for (let i = 0; i < 5; i++) await flush();
    expect(sent).toEqual([{ type: 'trx.new', trx_type: 'COUPON_SALES' }]);
    expect(document.querySelector('[role="dialog"]')?.textContent ?? '').not.toContain('Belum tersedia');
  });

  it('hides Simpan, Stok Keluar and Void without their permissions', async () => {
    const h = harness();
    await pendingSale(h, 1);
    await completedSale(h);
    await mount(h, config({ auth_role_accesses: {} }));
    expect(button('Hapus')).toBeDefined();
    expect(button('Simpan')).toBeUndefined();
    expect(button('Stok Keluar')).toBeUndefined();
    expect(button('Void')).toBeUndefined();
  });
});
