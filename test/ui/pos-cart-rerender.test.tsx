// @vitest-environment jsdom
// What a cart change re-renders (tap-to-cart speed, bench/tap-to-cart.bench.ts): the catalogue
// not at all, an open item modal not while it keeps its form, and a submit still uses the page's
// latest commands and transaction; a slow command shows the spinner, a second tap is ignored.
import { act, type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type PosConfig,
  type PosTransaction,
  posConfigSchema,
  posItemSchema,
  posTransactionSchema,
} from '../../src/domain';
import { lightConfirm } from '../../src/ui/components/light-dialog';
import { CatalogueView } from '../../src/ui/features/pos/catalogue/CatalogueView';
import { ItemDialogs } from '../../src/ui/features/pos/item-modal/ItemDialogs';
import type { PosPorts } from '../../src/ui/features/pos/item-modal/ports';
import { createItemModalStore } from '../../src/ui/features/pos/item-modal/store';
import { button, cleanup, field, flush, installDomShims, render, type } from './pos-dialogs-dom';

// Counting wrappers: the grid renders exactly when the catalogue does, the view when the modal does.
const counts = vi.hoisted(() => ({ grid: 0, modal: 0 }));
vi.mock('../../src/ui/features/pos/catalogue/TileGrid', async (load) => {
  const real = await load<typeof import('../../src/ui/features/pos/catalogue/TileGrid')>();
  return {
    ...real,
    TileGrid: (p: Parameters<typeof real.TileGrid>[0]) => {
      counts.grid++;
      return <real.TileGrid {...p} />;
    },
  };
});
vi.mock('../../src/ui/features/pos/item-modal/ItemModalView', async (load) => {
  const real = await load<typeof import('../../src/ui/features/pos/item-modal/ItemModalView')>();
  return {
    ...real,
    ItemModalView: (p: Parameters<typeof real.ItemModalView>[0]) => {
      counts.modal++;
      return real.ItemModalView(p);
    },
  };
});

beforeAll(installDomShims);
afterEach(cleanup);

const item = posItemSchema.parse({
  pos_item_id: 7,
  item_name: 'Creambath',
  pos_item_variants: [{ pos_item_variant_id: 71, variant_name: 'Pendek', variant_price: 100000 }],
});
const config: PosConfig = posConfigSchema.parse({
  business_id: 1,
  business_user_id: 1,
  cashier_name: 'Kasir',
  brand_name: 'B',
  pos_items: [item],
});
const trxOf = (extra: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({ local_trx_id: 't1', trx_local_start_time: '2026-11-22 10:00:00', ...extra });
const line = { local_trx_detail_id: 'd1', pos_item_id: 7, pos_item_variant_id: 71, qty: 1, itemMeta: item };
const SEPARATORS = { decimalSeparator: '.', thousandSeparator: ',' };

function portsOf(
  trx: PosTransaction,
  addItem = vi.fn(async () => ({ ok: true, local_trx_detail_id: 'd2' })),
) {
  const commands = { addItem, editLine: vi.fn(), removeLine: vi.fn(), addCustomItem: vi.fn() };
  const ports: PosPorts = {
    config,
    isTablet: true,
    separators: SEPARATORS,
    trx,
    commands: commands as unknown as PosPorts['commands'],
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
    authorize: vi.fn(async () => null),
    host: 'http://h',
    now: () => '2026-11-22 10:00:00',
  };
  return { ports, addItem };
}

let setPorts: (p: PosPorts) => void = () => undefined;
function Host({ first, view }: { first: PosPorts; view: (ports: PosPorts) => ReactNode }) {
  const [ports, set] = useState(first);
  setPorts = set;
  return <>{view(ports)}</>;
}

/** Renders `view(ports)` and hands back a setter standing for the page's next read model. */
function renderWithPorts(first: PosPorts, view: (ports: PosPorts) => ReactNode) {
  render(<Host first={first} view={view} />);
  return (next: PosPorts) => act(() => setPorts(next));
}

describe('catalogue on a cart change', () => {
  it('a new read model of the same transaction does not re-render it; another kind does', () => {
    const onPick = vi.fn();
    const onCustom = vi.fn();
    const { ports } = portsOf(trxOf());
    const next = renderWithPorts(ports, (p) => (
      <CatalogueView ports={p} onPick={onPick} onCustom={onCustom} />
    ));
    const mounted = counts.grid;
    expect(mounted).toBeGreaterThan(0);
    next({ ...ports, trx: trxOf({ details: [line] }) });
    next({ ...ports, trx: trxOf({ details: [line, { ...line, local_trx_detail_id: 'd2' }] }) });
    expect(counts.grid).toBe(mounted);
    next({ ...ports, trx: trxOf({ trx_type: 'COUPON_SALES' }) });
    expect(counts.grid).toBeGreaterThan(mounted);
  });
});

describe('open item modal on a cart change', () => {
  it("keeps the cashier's input, is not re-rendered, and 'Tambahkan' uses the latest commands", async () => {
    const store = createItemModalStore();
    const first = portsOf(trxOf());
    const next = renderWithPorts(first.ports, (p) => <ItemDialogs ports={p} store={store} />);
    act(() => store.open({ item }));
    await flush();
    type(field('Catatan'), 'tanpa pewangi');
    const before = counts.modal;
    const latest = portsOf(trxOf({ details: [line] }));
    next(latest.ports);
    expect(counts.modal).toBe(before);
    expect(field('Catatan').value).toBe('tanpa pewangi');
    await act(async () => button('Tambahkan')?.click());
    await flush();
    expect(first.addItem).not.toHaveBeenCalled();
    expect(latest.addItem).toHaveBeenCalledWith(
      expect.objectContaining({
        local_trx_id: 't1',
        qty: 1,
        pos_item_variant_id: 71,
        notes: 'tanpa pewangi',
      }),
    );
    expect(store.get()).toBeNull();
  });
});

describe("'Tambahkan' while the command runs", () => {
  it('a second tap is ignored; a slow command shows the spinner (the button alone) until it answers', async () => {
    let answer: (v: { ok: true; local_trx_detail_id: string }) => void = () => undefined;
    const addItem = vi.fn(() => new Promise<{ ok: true; local_trx_detail_id: string }>((r) => (answer = r)));
    const { ports } = portsOf(trxOf(), addItem as never);
    const store = createItemModalStore();
    render(<ItemDialogs ports={ports} store={store} />);
    act(() => store.open({ item }));
    const submit = () => document.querySelector('[data-testid="item-modal-submit"]');
    // The spinner's delay on a fake clock: no real sleep raced against it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => button('Tambahkan')?.click());
      await act(async () => button('Tambahkan')?.click());
      expect(addItem).toHaveBeenCalledTimes(1);
      expect(submit()?.hasAttribute('data-loading')).toBe(false);
      const rendered = counts.modal;
      await act(async () => vi.advanceTimersByTime(300));
      expect(submit()?.hasAttribute('data-loading')).toBe(true);
      expect(submit()?.hasAttribute('disabled')).toBe(true);
      // The spinner is the button's own: the form is not rendered again while the command runs.
      expect(counts.modal).toBe(rendered);
    } finally {
      vi.useRealTimers();
    }
    await act(async () => answer({ ok: true, local_trx_detail_id: 'd2' }));
    await flush();
    expect(store.get()).toBeNull();
  });
});

describe("the qty field's delayed select (DESKTOP)", () => {
  it('does not pull focus out of the missing-worker question a quick Tambahkan asked', async () => {
    const { ports, addItem } = portsOf(trxOf());
    const desktop: PosPorts = {
      ...ports,
      isTablet: false,
      config: { ...config, is_pos_commission_scheme: 1 } as PosConfig,
      confirm: lightConfirm,
    };
    const store = createItemModalStore();
    const select = vi.spyOn(HTMLInputElement.prototype, 'select');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      render(<ItemDialogs ports={desktop} store={store} />);
      act(() => store.open({ item }));
      await act(async () => button('Tambahkan')?.click());
      const question = [...document.querySelectorAll('[role="dialog"]')].at(-1);
      expect(question?.textContent).toContain('Ya');
      expect(question?.contains(document.activeElement)).toBe(true);
      await act(async () => vi.advanceTimersByTime(300));
      expect(select).not.toHaveBeenCalled();
      expect(question?.contains(document.activeElement)).toBe(true);
    } finally {
      vi.useRealTimers();
      select.mockRestore();
    }
    await act(async () => button('Ya')?.click());
    await flush();
    expect(addItem).toHaveBeenCalledTimes(1);
  });

  it('selects the qty field 300 ms after the modal opens while focus is still on the dialog', async () => {
    const { ports } = portsOf(trxOf());
    const store = createItemModalStore();
    const select = vi.spyOn(HTMLInputElement.prototype, 'select');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      render(<ItemDialogs ports={{ ...ports, isTablet: false }} store={store} />);
      act(() => store.open({ item }));
      await act(async () => vi.advanceTimersByTime(300));
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      select.mockRestore();
    }
  });
});
