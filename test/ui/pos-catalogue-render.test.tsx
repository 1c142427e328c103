// @vitest-environment jsdom
// The catalogue rendered in jsdom: SKU search messages and the qty-1 add, the keyword filter,
// the custom product button, 'Produk Custom' sending its fields.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PosConfig, posConfigSchema, posTransactionSchema } from '../../src/domain';
import { CatalogueView } from '../../src/ui/features/pos/catalogue/CatalogueView';
import { ItemDialogs } from '../../src/ui/features/pos/item-modal/ItemDialogs';
import type { PosPorts } from '../../src/ui/features/pos/item-modal/ports';
import { createItemModalStore } from '../../src/ui/features/pos/item-modal/store';
import { button, cleanup, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const configOf = (extra: Record<string, unknown> = {}): PosConfig =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Kasir',
    brand_name: 'B',
    pos_item_search_by_sku: 1,
    is_custom_item: 1,
    pos_items: [
      {
        pos_item_id: 1,
        item_name: 'Shampoo Botol',
        pos_item_variants: [{ pos_item_variant_id: 11, variant_price: 30000, sku: 'SH-01' }],
      },
      {
        pos_item_id: 2,
        item_name: 'Lulur Bali',
        pos_item_variants: [{ pos_item_variant_id: 21, variant_price: 90000 }],
      },
    ],
    ...extra,
  });

const trx = posTransactionSchema.parse({ local_trx_id: 't1', trx_local_start_time: '2026-11-22 10:00:00' });

function portsOf(config: PosConfig) {
  const commands = {
    addItem: vi.fn(async () => ({ ok: true as const, local_trx_detail_id: 'd', merged: false })),
    editLine: vi.fn(),
    removeLine: vi.fn(),
    addCustomItem: vi.fn(async () => ({ ok: true as const, local_trx_detail_id: 'c' })),
    removeGlobalDiscount: vi.fn(),
    removeMemberDiscount: vi.fn(),
  };
  const ports: PosPorts = {
    config,
    isTablet: true,
    separators: { decimalSeparator: '.', thousandSeparator: ',' },
    trx,
    commands: commands as unknown as PosPorts['commands'],
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
    authorize: vi.fn(async () => null),
    host: 'http://h',
    now: () => '2026-11-22 10:00:00',
  };
  return { ports, commands };
}

const enter = (input: HTMLInputElement) =>
  act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
const sku = () => document.querySelector('input[aria-label="SKU produk"]') as HTMLInputElement;

describe('catalogue', () => {
  it("SKU: empty 'SKU produk harus diisi'; unknown 'Produk tidak ditemukan' and cleared; found adds qty 1", async () => {
    const { ports, commands } = portsOf(configOf());
    render(<CatalogueView ports={ports} onPick={vi.fn()} onCustom={vi.fn()} />);
    await enter(sku());
    expect(ports.notify).toHaveBeenLastCalledWith('error', 'SKU produk harus diisi');
    type(sku(), 'NOPE');
    await enter(sku());
    expect(ports.notify).toHaveBeenLastCalledWith('error', 'Produk tidak ditemukan');
    expect(sku().value).toBe('');
    type(sku(), 'sh-01');
    await enter(sku());
    await flush();
    expect(commands.addItem).toHaveBeenCalledWith(
      expect.objectContaining({ local_trx_id: 't1', qty: 1, pos_item_variant_id: 11 }),
    );
  });

  it('no SKU input without pos_item_search_by_sku; no custom button without is_custom_item', () => {
    const { ports } = portsOf(configOf({ pos_item_search_by_sku: 0, is_custom_item: 0 }));
    render(<CatalogueView ports={ports} onPick={vi.fn()} onCustom={vi.fn()} />);
    expect(sku()).toBeNull();
    expect(button('+ Tambahkan Produk Custom')).toBeUndefined();
  });

  it("'+ Tambahkan Produk Custom' and 'Produk Custom' send qty, name, price and notes", async () => {
    const { ports, commands } = portsOf(configOf());
    const store = createItemModalStore();
    render(
      <>
        <CatalogueView ports={ports} onPick={store.open} onCustom={() => store.openCustom(null)} />
        <ItemDialogs ports={ports} store={store} />
      </>,
    );
    act(() => button('+ Tambahkan Produk Custom')?.click());
    expect(text()).toContain('Produk Custom');
    type(field('Qty'), '2');
    type(field('Nama Produk'), 'Potong Poni');
    type(field('Harga'), '25000');
    type(field('Notes'), 'cepat');
    await act(async () => button('Tambahkan')?.click());
    await flush();
    expect(commands.addCustomItem).toHaveBeenCalledWith(
      expect.objectContaining({
        local_trx_id: 't1',
        qty: 2,
        item_name: 'Potong Poni',
        price: 25000,
        notes: 'cepat',
      }),
    );
  });
});
