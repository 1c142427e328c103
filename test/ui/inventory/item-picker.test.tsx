// @vitest-environment jsdom
// The shared 'Tambah Barang' picker (002 §2.3): the empty-name search at open, SKU by Enter with the
// spec's messages, and the picked item's current stock at the location, reloaded when it changes.
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchItemRow } from '../../../src/api/contract/inventory';
import type { InventoryApi } from '../../../src/api/inventory';
import { posConfigSchema } from '../../../src/domain';
import { INVENTORY_MESSAGES as M } from '../../../src/domain/texts/inventory';
import { ItemPicker, type PickedItem } from '../../../src/ui/features/inventory/ItemPicker';
import { act, cleanup, fireEvent, render, screen } from '../../fixtures/render';

afterEach(cleanup);

const SHAMPOO: SearchItemRow = {
  pos_item_variant_id: 1072,
  item_name: 'Shampoo - 250 ml',
  variant_name: '250 ml',
  sku: 'SHP-250',
  unit_name: 'Botol',
  inv_unit_id: 3,
};

function fakeApi() {
  const stock: Record<number, number> = { 31: 12, 32: 4 };
  const searchItems = vi.fn(async (q: { item_name?: string; sku?: string }) =>
    q.sku !== undefined ? (q.sku === 'SHP-250' ? [SHAMPOO] : []) : [SHAMPOO],
  );
  const currentStock = vi.fn(async (q: { pos_item_variant_id: number; inv_sloc_id: number }) => ({
    qty: stock[q.inv_sloc_id] ?? 0,
    drv_bad_qty: 1,
    variant_cogs: 15000,
  }));
  return { api: { searchItems, currentStock } as unknown as InventoryApi, searchItems, currentStock };
}

const config = posConfigSchema.parse({
  business_id: 1,
  business_user_id: 1,
  cashier_name: 'Demo',
  brand_name: 'B',
  pos_item_search_by_sku: 1,
});

const flush = () => act(async () => {});

describe('ItemPicker', () => {
  it('searches with an empty name at open and refuses an empty or unknown SKU with the screen’s text', async () => {
    const { api, searchItems } = fakeApi();
    const onPick = vi.fn();
    render(
      <ItemPicker
        api={api}
        config={config}
        invSlocId={31}
        notFoundText={M.itemNotFoundStockOut}
        onPick={onPick}
      />,
    );
    await flush();
    expect(searchItems).toHaveBeenCalledWith({ item_name: '' });
    const sku = screen.getByLabelText('SKU');
    fireEvent.keyDown(sku, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(M.skuRequired);
    fireEvent.change(sku, { target: { value: 'NOPE' } });
    fireEvent.keyDown(sku, { key: 'Enter' });
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(M.itemNotFoundStockOut);
    expect(onPick).not.toHaveBeenCalledWith(expect.objectContaining({ row: expect.anything() }));
  });

  it('picks by SKU with the stock at the location, and reloads it when the location changes', async () => {
    const { api, currentStock } = fakeApi();
    const picks: (PickedItem | null)[] = [];
    const view = (sloc: number) => (
      <ItemPicker
        api={api}
        config={config}
        invSlocId={sloc}
        notFoundText={M.itemNotFound}
        onPick={(p) => picks.push(p)}
      />
    );
    const { rerender } = render(view(31));
    await flush();
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'SHP-250' } });
    fireEvent.keyDown(screen.getByLabelText('SKU'), { key: 'Enter' });
    await flush();
    await flush();
    expect(picks.at(-1)).toEqual({ row: SHAMPOO, stock: { qty: 12, drv_bad_qty: 1, variant_cogs: 15000 } });
    rerender(<MantineProvider theme={{ respectReducedMotion: true }}>{view(32)}</MantineProvider>);
    await flush();
    await flush();
    expect(currentStock).toHaveBeenLastCalledWith({ pos_item_variant_id: 1072, inv_sloc_id: 32 });
    expect(picks.at(-1)?.stock.qty).toBe(4);
  });

  it('a SKU answer arriving after the name search brought the same item in shows it once, without an error', async () => {
    // the CI failure: Mantine's Select threw on a repeated option and the screen went blank
    let answerName: (rows: SearchItemRow[]) => void = () => {};
    let answerSku: (rows: SearchItemRow[]) => void = () => {};
    const searchItems = vi.fn(
      (q: { item_name?: string; sku?: string }) =>
        new Promise<SearchItemRow[]>((resolve) => {
          if (q.sku !== undefined) answerSku = resolve;
          else answerName = resolve;
        }),
    );
    const currentStock = vi.fn(async () => ({ qty: 12, drv_bad_qty: 1, variant_cogs: 15000 }));
    const api = { searchItems, currentStock } as unknown as InventoryApi;
    const picks: (PickedItem | null)[] = [];
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', onError);
    render(
      <ItemPicker
        api={api}
        config={config}
        invSlocId={31}
        notFoundText={M.itemNotFound}
        onPick={(p) => picks.push(p)}
      />,
    );
    await flush();
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'SHP-250' } });
    fireEvent.keyDown(screen.getByLabelText('SKU'), { key: 'Enter' });
    await act(async () => answerName([SHAMPOO]));
    await act(async () => answerSku([SHAMPOO]));
    await flush();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(picks.at(-1)?.row).toEqual(SHAMPOO);
    expect(screen.getByLabelText('SKU')).toBeTruthy();
  });

  it('a failed stock load leaves no item shown in the select, and says why (issue 23 item 12)', async () => {
    const { api, currentStock } = fakeApi();
    currentStock.mockRejectedValueOnce(new Error('Koneksi terputus.'));
    const picks: (PickedItem | null)[] = [];
    render(
      <ItemPicker
        api={api}
        config={config}
        invSlocId={31}
        notFoundText={M.itemNotFound}
        onPick={(p) => picks.push(p)}
      />,
    );
    await flush();
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'SHP-250' } });
    fireEvent.keyDown(screen.getByLabelText('SKU'), { key: 'Enter' });
    await flush();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Koneksi terputus.');
    expect(picks.at(-1)).toBeNull();
    const select = screen.getByTestId('item-picker-name') as HTMLInputElement;
    expect(select.value).toBe('');
  });

  it('has no SKU input when pos_item_search_by_sku is off', async () => {
    const { api } = fakeApi();
    render(
      <ItemPicker
        api={api}
        config={{ ...config, pos_item_search_by_sku: 0 }}
        invSlocId={31}
        notFoundText={M.itemNotFound}
        onPick={() => {}}
      />,
    );
    await flush();
    expect(screen.queryByLabelText('SKU')).toBeNull();
    expect(screen.getAllByLabelText('Nama Barang').length).toBeGreaterThan(0);
  });
});
