// @vitest-environment jsdom
// Issue 10, trial defect 4: choosing a worker in the item dialog is no trap. A worker chosen in the
// list counts on 'Tambahkan' without '+', and the '%' field holds a real 100 (not a grey placeholder).

import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PosConfig, posConfigSchema, posTransactionSchema } from '../../src/domain';
import { ItemDialogs } from '../../src/ui/features/pos/item-modal/ItemDialogs';
import type { PosPorts } from '../../src/ui/features/pos/item-modal/ports';
import { createItemModalStore } from '../../src/ui/features/pos/item-modal/store';
import { installDomShims } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const ANI = { business_commission_worker_id: 1, firstname: 'Ani', lastname: 'Wijaya' };
const BUDI = { business_commission_worker_id: 2, firstname: 'Budi', lastname: 'Santoso' };
const CREAMBATH = {
  pos_item_id: 5,
  item_name: 'Creambath',
  pos_item_variants: [{ pos_item_variant_id: 51, variant_price: 120000 }],
};

const configOf = (extra: Record<string, unknown> = {}): PosConfig =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Kasir',
    brand_name: 'B',
    is_pos_commission_scheme: 1,
    is_pos_multicommission_scheme: 1,
    pos_item_requiring_worker: 1,
    commission_worker: [ANI, BUDI],
    pos_items: [CREAMBATH],
    ...extra,
  });

const trx = posTransactionSchema.parse({
  local_trx_id: 't1',
  trx_type: 'NORMAL',
  trx_local_start_time: '2026-11-22 10:00:00',
});

function open(config: PosConfig) {
  const addItem = vi.fn(async () => ({ ok: true as const, local_trx_detail_id: 'd', merged: false }));
  const ports: PosPorts = {
    config,
    isTablet: true,
    separators: { decimalSeparator: '.', thousandSeparator: ',' },
    trx,
    commands: { addItem, editLine: vi.fn() } as unknown as PosPorts['commands'],
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
    authorize: vi.fn(async () => null),
    host: 'http://h',
    now: () => '2026-11-22 10:00:00',
  };
  const store = createItemModalStore();
  render(
    <MantineProvider>
      <ItemDialogs ports={ports} store={store} />
    </MantineProvider>,
  );
  act(() => store.open({ item: config.pos_items[0] }));
  return { ports, addItem };
}

/** The lower fields (workers among them) render one deferred render after the dialog. */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function chooseWorker(name: string) {
  await settle();
  const input = await screen.findByRole('combobox', { name: 'Worker' }, { timeout: 8000 });
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

const percent = () => screen.getByRole('textbox', { name: 'Persentase' }) as HTMLInputElement;
const tambahkan = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tambahkan' })));

describe('item dialog workers (multi-commission)', () => {
  it("the '%' field holds the first worker's share, 100, as a value", async () => {
    open(configOf());
    await settle();
    await screen.findByRole('combobox', { name: 'Worker' }, { timeout: 8000 });
    expect(percent().value).toBe('100');
  });

  it("a worker chosen in the list but not added with '+' counts on 'Tambahkan'", async () => {
    const { ports, addItem } = open(configOf());
    await chooseWorker('Ani Wijaya');
    await tambahkan();
    await waitFor(() => expect(addItem).toHaveBeenCalled());
    expect(ports.confirm).not.toHaveBeenCalled();
    expect(addItem).toHaveBeenCalledWith(
      expect.objectContaining({
        commission_workers: [
          {
            commission_worker: expect.objectContaining({ business_commission_worker_id: 1 }),
            percentage: 100,
          },
        ],
      }),
    );
  });

  it("'+' adds the chosen worker at the '%' shown, and the next '%' follows what remains (auto-split)", async () => {
    const { addItem } = open(configOf({ is_pos_auto_split_multicommission: 1 }));
    await chooseWorker('Ani Wijaya');
    act(() => fireEvent.change(percent(), { target: { value: '60' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: '+' })));
    expect(screen.getByText(/Ani Wijaya - 60%/)).toBeTruthy();
    expect(percent().value).toBe('40');
    await tambahkan();
    await waitFor(() => expect(addItem).toHaveBeenCalled());
    expect(addItem).toHaveBeenCalledWith(
      expect.objectContaining({
        commission_workers: [
          {
            commission_worker: expect.objectContaining({ business_commission_worker_id: 1 }),
            percentage: 60,
          },
        ],
      }),
    );
  });

  it('with no worker chosen, Tambahkan still asks (the spec prompt)', async () => {
    const { ports } = open(configOf());
    await settle();
    await screen.findByRole('combobox', { name: 'Worker' }, { timeout: 8000 });
    await tambahkan();
    await waitFor(() =>
      expect(ports.confirm).toHaveBeenCalledWith({
        title: 'Anda belum memilih pekerja, apakah Anda yakin ingin melanjutkan?',
      }),
    );
  });
});
