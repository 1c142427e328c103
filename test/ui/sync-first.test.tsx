// @vitest-environment jsdom
// Sync before views (000 §4; 002 §2.9, §2.11, §2.13, §4): history, stock list, settlement and report
// print routes first send the device's completed sales, with the pass's progress, and open only
// when every one is on the server. The real store (fake-indexeddb), command layer, sync service and
// sync statechart; only the HTTP answer is scripted.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../src/api/http';
import type { PosTrxAnswer } from '../../src/api/pos';
import { createSyncService } from '../../src/machines/sync-service';
import { listOutbox } from '../../src/projections/selectors';
import { AppRoutes } from '../../src/ui/app/AppRoutes';
import { ReadModelsProvider } from '../../src/ui/app/read-models';
import { preloadRoutePages } from '../../src/ui/app/route-pages';
import { ROUTES } from '../../src/ui/app/route-table';
import { type AppServices, ServicesProvider } from '../../src/ui/app/services';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { SYNC_FIRST_ROUTES } from '../../src/ui/app/sync-first';
import { SyncRunner } from '../../src/ui/app/sync-runner';
import { CASH, type Harness, harness, item, ok, startSale } from '../projections/commands/fixtures';
import { demoUser } from './fixtures';
import { cleanup, flush, installDomShims, render, text } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

beforeAll(installDomShims);
// The pages and the sync statechart are lazy chunks (route-pages.tsx); loaded first, they render at once.
beforeAll(preloadRoutePages);
afterEach(cleanup);

/** A completed sale the submit could not send: it waits in the outbox. */
async function offlineSale(h: Harness): Promise<string> {
  const id = await startSale(h, 2);
  ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 120000 }));
  ok(await h.commands.submit({ local_trx_id: id }));
  return id;
}

const accepted = (local_trx_id: string): PosTrxAnswer => ({
  status: 'success',
  local_trx_id,
  pos_sales_trx_head_id: 501,
  trx_id: 'KMG-20261122-0001',
  deposit_balance: null,
  top_up_deposit_rewards: null,
  created_at: '2026-11-22 03:00:05',
  sync_time: '2026-11-22 03:00:05',
});

/** cashier/pos-trx (sync) held until the test answers it. */
function heldServer() {
  const posts: string[] = [];
  let answer: (() => void) | null = null;
  return {
    posts,
    answerNext: () => answer?.(),
    posApi: {
      sync: (trx: { local_trx_id: string }) =>
        new Promise<PosTrxAnswer>((resolve) => {
          posts.push(trx.local_trx_id);
          answer = () => resolve(accepted(trx.local_trx_id));
        }),
    },
  };
}

function open(
  h: Harness,
  path: string,
  posApi: { sync: (trx: never) => Promise<PosTrxAnswer> },
  online = true,
) {
  const sync = createSyncService({
    store: h.store,
    posApi: posApi as never,
    isOnline: () => online,
    actor: () => 7,
  });
  // the views' own calls (the settlement's) wait forever: these tests are about the pass before them;
  // the history's list (issue 12) answers an empty day
  const client = {
    request: (req: { path: string }) =>
      req.path === 'cashier/pos-trx-history'
        ? Promise.resolve({ trxs: [], total_trx_count: 0 })
        : new Promise(() => {}),
  } as unknown as AppServices['client'];
  const services = { store: h.store, sync, client } as Partial<AppServices> as AppServices;
  const { hook } = memoryLocation({ path });
  render(
    <ServicesProvider value={services}>
      <SessionContextProvider value={{ view: sessionView(demoUser()), commands: noCommands }}>
        <ReadModelsProvider value={{ transactions: [] }}>
          <SyncRunner sync={sync} enabled>
            <Router hook={hook}>
              <AppRoutes />
            </Router>
          </SyncRunner>
        </ReadModelsProvider>
      </SessionContextProvider>
    </ServicesProvider>,
  );
}

const settle = async (n = 20) => {
  for (let i = 0; i < n; i++) await flush();
};

describe('sync before history, stock list, settlement and report views', () => {
  it('the history opens only after its pass, showing the progress meanwhile', async () => {
    const h = harness();
    const id = await offlineSale(h);
    const server = heldServer();
    open(h, '/trx-history', server.posApi);
    await settle();
    expect(server.posts).toEqual([id]);
    expect(document.querySelector('[data-testid="sync-first-loading"]')).not.toBeNull();
    expect(text()).toContain('Syncing 1 of 1 transaction(s)..');
    expect(text()).not.toContain('Belum tersedia');

    await act(async () => server.answerNext());
    await settle();
    expect(text()).toContain('Riwayat Transaksi');
    expect(text()).toContain('Belum ada transaksi');
    expect(await listOutbox(h.store.db)).toEqual([]);
    expect(await h.store.db.transactions.get(id)).toMatchObject({
      is_synced: true,
      pos_sales_trx_head_id: 501,
    });
  });

  it("settlement (a new tab's own route) says 'Synchronizing Transactions..'; a report print page 'Synchronizing transactions..'", async () => {
    for (const [path, loading, opened] of [
      [
        '/settlement/today',
        'Synchronizing Transactions..',
        'Transactions Synchronized, loading settlement data..',
      ],
      ['/report/product-consumption/print', 'Synchronizing transactions..', 'Konsumsi Produk'],
    ]) {
      const h = harness();
      await offlineSale(h);
      const server = heldServer();
      open(h, path, server.posApi);
      await settle();
      expect(server.posts).toHaveLength(1);
      expect(text()).toContain(loading);
      await act(async () => server.answerNext());
      await settle();
      expect(text()).not.toContain(loading);
      expect(text()).toContain(opened);
      cleanup();
    }
  });

  it('offline the view stays closed with "Tidak ada koneksi internet! Silakan cek dan coba kembali"', async () => {
    const h = harness();
    const id = await offlineSale(h);
    const server = heldServer();
    open(h, '/inventory/stock', server.posApi, false);
    await settle();
    expect(server.posts).toEqual([]);
    expect(document.querySelector('[data-testid="sync-first-error"]')?.textContent).toBe(
      'Tidak ada koneksi internet! Silakan cek dan coba kembali',
    );
    expect(text()).not.toContain('Belum tersedia');
    expect((await listOutbox(h.store.db)).map((t) => t.local_trx_id)).toEqual([id]);
  });

  it("a refused sale: history says 'Gagal melakukan proses sinkronisasi…', a report print page 'Sync gagal'", async () => {
    const refusing = {
      sync: async () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          statusText: 'Bad Request',
          message: 'Total transaksi tidak sesuai (drv_grand_total).',
        });
      },
    };
    for (const [path, message] of [
      [
        '/trx-history/abc',
        'Gagal melakukan proses sinkronisasi, silakan mencoba kembali dengan refresh halaman ini.',
      ],
      ['/report/treatment-reminder/print', 'Sync gagal'],
    ]) {
      const h = harness();
      await offlineSale(h);
      open(h, path, refusing);
      await settle();
      expect(document.querySelector('[data-testid="sync-first-error"]')?.textContent).toBe(message);
      expect(text()).not.toContain('Belum tersedia');
      cleanup();
    }
  });

  it('nothing to send: the view opens after an empty pass; routes outside the list never sync', async () => {
    const h = harness();
    const server = heldServer();
    open(h, '/inventory/history', server.posApi);
    await settle();
    expect(server.posts).toEqual([]);
    expect(document.querySelector('[data-testid="stock-list-page"]')).not.toBeNull();
    cleanup();

    await offlineSale(h);
    open(h, '/report/treatment-reminder', server.posApi);
    await settle();
    // The report form syncs on its Submit (002 §2.13), not when it opens.
    expect(server.posts).toEqual([]);
    expect(document.querySelector('[data-testid="reminder-report-form"]')).not.toBeNull();
  });

  it('every route it names is in the route table, history, stock list, settlement and report print pages', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of Object.keys(SYNC_FIRST_ROUTES)) expect(paths).toContain(path);
    expect(Object.keys(SYNC_FIRST_ROUTES).sort()).toEqual(
      [
        '/trx-history/:local_trx_id',
        '/trx-history',
        '/inventory/stock',
        '/inventory/history',
        '/settlement/:settlement_type',
        '/report/worker-commission/print',
        '/report/pos-all-trx/print',
        '/report/product-consumption/print',
        '/report/coupon/print',
        '/report/custom/omzet-recap/print',
        '/report/customer-birthday/print',
        '/report/treatment-reminder/print',
      ].sort(),
    );
  });
});
