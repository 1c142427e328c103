// @vitest-environment jsdom
// 'Daftar Stok' (002 §2.2, §8): the list loads with the 10-second time-out; a time-out shows the spec's
// text, any other error the server's message; the rows come as the server answers them.
import { afterEach, describe, expect, it } from 'vitest';
import { encodeStockList } from '../../../src/api/contract/stock-list-wire';
import { ApiError } from '../../../src/api/http';
import { type AppServices, ServicesProvider } from '../../../src/ui/app/services';
import { SessionContextProvider } from '../../../src/ui/app/session-context';
import { StockListPage } from '../../../src/ui/features/inventory/StockListPage';
import { demoUser } from '../fixtures';
import { cleanup, flush, render, text } from '../pos-dialogs-dom';
import { noCommands, sessionView } from '../shell-render';

afterEach(cleanup);

function open(answer: () => Promise<unknown>) {
  const calls: { path: string; timeoutMs?: number }[] = [];
  const client = {
    request: (req: { path: string; timeoutMs?: number }) => {
      calls.push(req);
      return answer();
    },
  } as unknown as AppServices['client'];
  render(
    <ServicesProvider value={{ client } as Partial<AppServices> as AppServices}>
      <SessionContextProvider value={{ view: sessionView(demoUser()), commands: noCommands }}>
        <StockListPage />
      </SessionContextProvider>
    </ServicesProvider>,
  );
  return calls;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};

describe('StockListPage', () => {
  it('loads cashier/inventory/outlet-stock with the 10-second time-out; a time-out shows the spec text', async () => {
    const calls = open(() =>
      Promise.reject(new ApiError({ kind: 'timeout', status: 0, statusText: 'timeout', message: 'x' })),
    );
    await settle();
    expect(calls).toMatchObject([{ path: 'cashier/inventory/outlet-stock', timeoutMs: 10_000 }]);
    expect(text()).toContain('Telah terjadi kegagalan koneksi, silakan coba lagi.');
  });

  it('any other error shows the server message', async () => {
    open(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 403,
          statusText: 'Forbidden',
          message: 'Anda tidak memiliki akses.',
        }),
      ),
    );
    await settle();
    expect(document.querySelector('[data-testid="stock-list-error"]')?.textContent).toBe(
      'Anda tidak memiliki akses.',
    );
  });

  it('shows the columns of reading A and the rows', async () => {
    // the server's tuple wire format (src/api/contract/stock-list-wire.ts)
    open(() =>
      Promise.resolve(
        encodeStockList([
          {
            pos_item_variant_id: 11,
            item_type: 'RETAIL',
            category_name: 'Rambut',
            sku: 'SKU-11',
            item_name: 'Shampoo',
            variant_name: '250 ml',
            qty: 1500,
            drv_bad_qty: 2,
            unit_name: 'Botol',
          },
        ]),
      ),
    );
    await settle();
    const heads = [...document.querySelectorAll('th')].map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(heads).toEqual([
      'Tipe Barang',
      'Kategori',
      'SKU',
      'Nama Barang',
      'Varian',
      'Qty Baik',
      'Qty Rusak',
      'Unit',
    ]);
    expect(document.querySelector('table')?.getAttribute('aria-rowcount')).toBe('3');
  });
});
