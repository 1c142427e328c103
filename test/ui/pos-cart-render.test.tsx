// @vitest-environment jsdom
// The cart and the item dialogs rendered in jsdom with fake commands: what a tap sends, the
// authorization retries, the spec's messages.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type PosConfig,
  type PosTransaction,
  posConfigSchema,
  posItemSchema,
  posTransactionSchema,
} from '../../src/domain';
import { CartView } from '../../src/ui/features/pos/cart/CartView';
import { ItemDialogs } from '../../src/ui/features/pos/item-modal/ItemDialogs';
import type { PosPorts } from '../../src/ui/features/pos/item-modal/ports';
import { createItemModalStore } from '../../src/ui/features/pos/item-modal/store';
import { button, cleanup, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const item = posItemSchema.parse({
  pos_item_id: 7,
  item_name: 'Creambath',
  pos_item_variants: [
    { pos_item_variant_id: 71, variant_name: 'Pendek', variant_price: 100000 },
    { pos_item_variant_id: 72, variant_name: 'Panjang', variant_price: 150000 },
  ],
});

const configOf = (extra: Record<string, unknown> = {}): PosConfig =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Kasir',
    brand_name: 'B',
    pos_items: [item],
    commission_worker: [{ business_commission_worker_id: 1, firstname: 'Sari' }],
    ...extra,
  });

const line = {
  local_trx_detail_id: 'd1',
  pos_item_id: 7,
  pos_item_variant_id: 71,
  qty: 2,
  itemMeta: item,
};

const trxOf = (extra: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({
    local_trx_id: 't1',
    trx_local_start_time: '2026-11-22 10:00:00',
    details: [line],
    ...extra,
  });

const AUTH = { password: 'pw', reason: 'salah input', verified: true as const };

function portsOf(config: PosConfig, trx: PosTransaction | null, confirmAnswer = true) {
  const commands = {
    addItem: vi.fn(async () => ({ ok: true as const, local_trx_detail_id: 'd2', merged: false })),
    editLine: vi.fn(),
    removeLine: vi.fn(),
    addCustomItem: vi.fn(async () => ({ ok: true as const, local_trx_detail_id: 'd3' })),
    removeGlobalDiscount: vi.fn(async () => ({ ok: true as const })),
    removeMemberDiscount: vi.fn(async () => ({ ok: true as const })),
  };
  const ports: PosPorts = {
    config,
    isTablet: true,
    separators: { decimalSeparator: '.', thousandSeparator: ',' },
    trx,
    commands: commands as unknown as PosPorts['commands'],
    notify: vi.fn(),
    confirm: vi.fn(async () => confirmAnswer),
    authorize: vi.fn(async () => AUTH),
    host: 'http://h',
    now: () => '2026-11-22 10:00:00',
  };
  return { ports, commands };
}

describe('cart', () => {
  it("shows 'Belum ada produk dipilih..' without lines", () => {
    const { ports } = portsOf(configOf(), trxOf({ details: [] }));
    render(<CartView ports={ports} onOpenItem={vi.fn()} onOpenCustom={vi.fn()} />);
    expect(text()).toContain('Belum ada produk dipilih..');
  });

  it("removal asks for 'Otorisasi Hapus Item' when the command requires it, then retries with it", async () => {
    const { ports, commands } = portsOf(configOf(), trxOf());
    commands.removeLine
      .mockResolvedValueOnce({ ok: false, message: 'x', authorizationRequired: 'deletion' })
      .mockResolvedValueOnce({ ok: true });
    render(<CartView ports={ports} onOpenItem={vi.fn()} onOpenCustom={vi.fn()} />);
    expect(text()).toContain('Creambath');
    expect(text()).toContain('x2');
    await act(async () => (document.querySelector('[aria-label="Hapus item"]') as HTMLElement).click());
    await flush();
    expect(ports.authorize).toHaveBeenCalledWith('deletion');
    expect(commands.removeLine).toHaveBeenLastCalledWith({
      local_trx_id: 't1',
      local_trx_detail_id: 'd1',
      authorization: AUTH,
    });
    expect(ports.notify).toHaveBeenCalledWith('success', 'Item successfully removed');
  });

  it('removing a line asks first; declined, nothing is removed (issue 10)', async () => {
    const { ports, commands } = portsOf(configOf(), trxOf({ details: [{ ...line, qty: 20 }] }), false);
    render(<CartView ports={ports} onOpenItem={vi.fn()} onOpenCustom={vi.fn()} />);
    await act(async () => (document.querySelector('[aria-label="Hapus item"]') as HTMLElement).click());
    await flush();
    expect(ports.confirm).toHaveBeenCalledWith({
      title: 'Apakah Anda yakin ingin menghapus?',
      message: 'Item akan dihapus: Creambath x20',
    });
    expect(commands.removeLine).not.toHaveBeenCalled();
  });

  it('with pos_cashier_delete_by_pin the authorization is the confirmation (no second question)', async () => {
    const { ports, commands } = portsOf(configOf({ pos_cashier_delete_by_pin: 1 }), trxOf());
    commands.removeLine
      .mockResolvedValueOnce({ ok: false, message: 'x', authorizationRequired: 'deletion' })
      .mockResolvedValueOnce({ ok: true });
    render(<CartView ports={ports} onOpenItem={vi.fn()} onOpenCustom={vi.fn()} />);
    await act(async () => (document.querySelector('[aria-label="Hapus item"]') as HTMLElement).click());
    await flush();
    expect(ports.confirm).not.toHaveBeenCalled();
    expect(ports.authorize).toHaveBeenCalledWith('deletion');
  });

  it('a line of the applied coupon cannot be removed here', async () => {
    const { ports, commands } = portsOf(
      configOf(),
      trxOf({
        details: [{ ...line, coupon: { pos_item_id: 7 } }],
        coupon: { coupon_code: 'K1', coupon_item: { pos_link_type: 'item', pos_item_id: 7 } },
      }),
    );
    render(<CartView ports={ports} onOpenItem={vi.fn()} onOpenCustom={vi.fn()} />);
    await act(async () => (document.querySelector('[aria-label="Hapus item"]') as HTMLElement).click());
    expect(commands.removeLine).not.toHaveBeenCalled();
    expect(ports.notify).toHaveBeenCalledWith(
      'error',
      'Barang ini dapat dihapus dengan menghapus kupon yang sedang digunakan.',
    );
  });

  it('a tap on a row opens the item modal with the catalogue item and the line', () => {
    const { ports } = portsOf(configOf(), trxOf());
    const onOpenItem = vi.fn();
    render(<CartView ports={ports} onOpenItem={onOpenItem} onOpenCustom={vi.fn()} />);
    act(() => (document.querySelector('[data-testid="cart-row"] button') as HTMLElement).click());
    expect(onOpenItem).toHaveBeenCalledWith(
      expect.objectContaining({ item, line: expect.objectContaining({ local_trx_detail_id: 'd1' }) }),
    );
  });
});

describe('item modal', () => {
  it('asks for the variant, then adds the line with qty 1 and the chosen variant', async () => {
    const { ports, commands } = portsOf(configOf(), trxOf({ details: [] }));
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item }));
    expect(text()).toContain('Pilih Varian Produk');
    await act(async () => button('Tambahkan')?.click());
    expect(ports.notify).toHaveBeenCalledWith('error', 'Silakan pilih varian produk terlebih dahulu.');
    expect(commands.addItem).not.toHaveBeenCalled();
    act(() => (document.querySelector('input[value="72"]') as HTMLElement).click());
    await act(async () => button('Tambahkan')?.click());
    await flush();
    expect(commands.addItem).toHaveBeenCalledWith(
      expect.objectContaining({ local_trx_id: 't1', qty: 1, pos_item_variant_id: 72 }),
    );
    expect(store.get()).toBeNull();
  });

  it("qty 0 is refused with 'Qty produk minimal 1 buah.'", async () => {
    const { ports, commands } = portsOf(configOf(), trxOf({ details: [] }));
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item, variantId: 71 }));
    type(field('Qty'), '0');
    await act(async () => button('Tambahkan')?.click());
    expect(ports.notify).toHaveBeenCalledWith('error', 'Qty produk minimal 1 buah.');
    expect(commands.addItem).not.toHaveBeenCalled();
  });

  it('the missing-worker question: cancelling adds nothing', async () => {
    const { ports, commands } = portsOf(
      configOf({ is_pos_commission_scheme: 1 }),
      trxOf({ details: [] }),
      false,
    );
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item, variantId: 71 }));
    await act(async () => button('Tambahkan')?.click());
    await flush();
    expect(ports.confirm).toHaveBeenCalledWith({
      title: 'Anda belum memilih pekerja, apakah Anda yakin ingin melanjutkan?',
    });
    expect(commands.addItem).not.toHaveBeenCalled();
  });

  it("changing an existing line's qty goes through 'Otorisasi Pengubahan Qty Item' when required", async () => {
    const { ports, commands } = portsOf(configOf({ pos_cashier_delete_by_pin: 1 }), trxOf());
    commands.editLine
      .mockResolvedValueOnce({ ok: false, message: 'x', authorizationRequired: 'qty-reduction' })
      .mockResolvedValueOnce({ ok: true });
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item, line: trxOf().details[0] }));
    type(field('Qty'), '1');
    await act(async () => button('Simpan')?.click());
    await flush();
    expect(ports.authorize).toHaveBeenCalledWith('qty-reduction');
    expect(commands.editLine).toHaveBeenLastCalledWith(
      expect.objectContaining({
        local_trx_detail_id: 'd1',
        authorization: AUTH,
        changes: expect.objectContaining({ qty: 1, pos_item_variant_id: 71 }),
      }),
    );
    expect(ports.notify).toHaveBeenCalledWith('success', 'Item successfully edited!');
  });

  it("lower fields: 'Catatan Tersembunyi', Tags, Seller and 'Custom Discount' behind their flags, and into the line", async () => {
    const discountable = posItemSchema.parse({ ...item, is_custom_discount: 1 });
    const flagged = configOf({
      pos_items: [discountable],
      secret_notes: 1,
      tags: [
        { pos_tag_id: 3, pos_tag_name: 'VIP', usage_scope: 'ITEM' },
        { pos_tag_id: 4, pos_tag_name: 'Rombongan', usage_scope: 'TRANSACTION' },
      ],
      is_pos_commission_seller: 1,
      is_pos_commission_seller_general_sales: 1,
      auth_role_accesses: { DISCOUNT_ITEM: 1 },
    });
    const labels = () => [...document.querySelectorAll('label')].map((l) => l.textContent?.trim());
    const lowerFields = ['Catatan Tersembunyi', 'Tags', 'Seller'];

    // Without the flags none of them shows.
    const plain = portsOf(configOf(), trxOf({ details: [] }));
    const first = createItemModalStore();
    render(<ItemDialogs ports={plain.ports} store={first} />);
    act(() => first.open({ item, variantId: 71 }));
    await flush();
    expect(text()).toContain('Catatan');
    for (const label of lowerFields) expect(labels()).not.toContain(label);
    expect(text()).not.toContain('Custom Discount');
    cleanup();

    // An existing line with a tag and a seller: the fields show them.
    const edited = {
      ...line,
      itemMeta: discountable,
      secret_notes: 'alergi',
      tags: [3],
      item_sellers: [{ business_commission_worker_id: 1, firstname: 'Sari', percentage: 100 }],
    };
    const { ports, commands } = portsOf(flagged, trxOf({ details: [edited] }));
    commands.editLine.mockResolvedValue({ ok: true });
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item: discountable, line: trxOf({ details: [edited] }).details[0] }));
    // They come one deferred render after the modal.
    await flush();
    for (const label of lowerFields) expect(labels()).toContain(label);
    expect(text()).toContain('Custom Discount');
    expect(field('Catatan Tersembunyi').value).toBe('alergi');
    expect(field('Seller').value).toBe('Sari');
    // Tags offer only ITEM / ALL tags; the chosen one is a pill.
    expect(text()).toContain('VIP');
    expect(text()).not.toContain('Rombongan');

    type(field('Catatan Tersembunyi'), 'alergi kulit');
    type(document.querySelector('input[aria-label="Custom Discount"]') as HTMLInputElement, '10');
    await act(async () => button('Simpan')?.click());
    await flush();
    expect(commands.editLine).toHaveBeenCalledWith(
      expect.objectContaining({
        local_trx_detail_id: 'd1',
        changes: expect.objectContaining({
          secret_notes: 'alergi kulit',
          tags: [3],
          custom_discount_type: 'percentage',
          custom_discount_value: 10,
          item_sellers: [expect.objectContaining({ business_commission_worker_id: 1, percentage: 100 })],
        }),
      }),
    );
  });

  it("custom price: 'Harga tidak boleh nol', below the original refused, then 'Harga telah diubah…' and restore", async () => {
    const priced = posItemSchema.parse({ ...item, is_custom_price: 1 });
    const { ports, commands } = portsOf(configOf({ pos_items: [priced] }), trxOf({ details: [] }));
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item: priced, variantId: 71 }));
    act(() => (document.querySelector('button[aria-label="Ubah Harga"]') as HTMLElement).click());
    const price = () => document.querySelector('input[aria-label="Harga"]') as HTMLInputElement;
    type(price(), '0');
    act(() => button('Ubah Harga')?.click());
    expect(ports.notify).toHaveBeenLastCalledWith('error', 'Harga tidak boleh nol');
    type(price(), '90000');
    act(() => button('Ubah Harga')?.click());
    expect(ports.notify).toHaveBeenLastCalledWith(
      'error',
      'Harga tidak boleh lebih rendah dari harga asli (IDR 100,000)',
    );
    type(price(), '120000');
    act(() => button('Ubah Harga')?.click());
    expect(text()).toContain('Harga telah diubah dari harga asli - IDR 100,000');
    await act(async () => button('Tambahkan')?.click());
    await flush();
    const sent = commands.addItem.mock.calls[0] as unknown as [
      { item: { pos_item_variants: { variant_price: number }[] } },
    ];
    expect(sent[0].item.pos_item_variants[0]).toMatchObject({
      variant_price: 120000,
      custom_price: true,
      original_price: 100000,
    });
  });
});
