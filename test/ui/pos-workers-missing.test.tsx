// @vitest-environment jsdom
// Issue 10 item 4: Selesai refuses with 'Ada barang / service yang belum memiliki pekerja: Creambath'. Step 3
// lists the named line with 'Pilih Pekerja'; the item dialog opens on its worker fields only, 'Simpan' sets
// them (setLineWorkers) and the payment already taken stays; Selesai then goes through.
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PosConfig, PosTransaction } from '../../src/domain';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import { ItemDialogs } from '../../src/ui/features/pos/item-modal/ItemDialogs';
import type { PosPorts } from '../../src/ui/features/pos/item-modal/ports';
import { createItemModalStore } from '../../src/ui/features/pos/item-modal/store';
import { WorkersMissingList } from '../../src/ui/features/pos/step3/WorkersMissing';
import { CASH, config, type Harness, harness, item, ok, startSale } from '../projections/commands/fixtures';
import { installDomShims } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const ANI = { business_commission_worker_id: 1, firstname: 'Ani', lastname: 'Wijaya' };
const BUDI = { business_commission_worker_id: 2, firstname: 'Budi', lastname: 'Santoso' };

async function refusedSale() {
  const creambath = item([120000], { item_name: 'Creambath' });
  const h = harness(
    config({
      is_pos_commission_scheme: 1,
      is_pos_multicommission_scheme: 1,
      pos_item_requiring_worker: 1,
      commission_worker: [ANI, BUDI],
      pos_items: [creambath],
    } as never),
  );
  const id = await startSale(h);
  ok(await h.commands.addItem({ local_trx_id: id, item: creambath, pos_item_variant_id: 1, qty: 1 }));
  const amount = (await h.store.getTransaction(id))?.drv_grand_total ?? 0;
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount }));
  const refused = await h.commands.submit({ local_trx_id: id });
  expect(refused).toMatchObject({ ok: false, message: `${SALE_MESSAGES.workersMissing}: Creambath` });
  return { h, id, trx: (await h.store.getTransaction(id)) as PosTransaction };
}

/** Step 3's list and the item dialog on one transaction, re-read after every command. */
function Screen({ h, initial, cfg }: { h: Harness; initial: PosTransaction; cfg: PosConfig }) {
  const [trx, setTrx] = useState(initial);
  const [store] = useState(createItemModalStore);
  const reload = async () => setTrx((await h.store.getTransaction(initial.local_trx_id)) as PosTransaction);
  const ports: PosPorts = {
    config: cfg,
    isTablet: true,
    separators: { decimalSeparator: '.', thousandSeparator: ',' },
    trx,
    commands: {
      ...h.commands,
      setLineWorkers: async (input: Parameters<Harness['commands']['setLineWorkers']>[0]) => {
        const r = await h.commands.setLineWorkers(input);
        await reload();
        return r;
      },
    } as unknown as PosPorts['commands'],
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
    authorize: vi.fn(async () => null),
    host: 'http://h',
    now: () => '2026-11-22 10:00:00',
  };
  return (
    <>
      <WorkersMissingList trx={trx} config={cfg} onOpen={store.open} />
      <ItemDialogs ports={ports} store={store} />
    </>
  );
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe("Selesai's missing workers at step 3", () => {
  it("'Pilih Pekerja' opens the line's worker fields only; 'Simpan' sets them and keeps the payment", async () => {
    const { h, id, trx } = await refusedSale();
    render(
      <MantineProvider>
        <Screen h={h} initial={trx} cfg={h.getConfig()} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('workers-missing').textContent).toContain('Creambath');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pilih Pekerja: Creambath' })));
    await settle();
    const worker = await screen.findByRole('combobox', { name: 'Worker' }, { timeout: 8000 });
    // workers only: no qty, no notes
    expect(screen.queryByRole('textbox', { name: 'Catatan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'minus' })).toBeNull();
    fireEvent.click(worker);
    fireEvent.click(await screen.findByRole('option', { name: /Ani Wijaya/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Simpan' })));

    await waitFor(() => expect(screen.queryByTestId('workers-missing')).toBeNull());
    const after = await h.store.getTransaction(id);
    expect(after?.payments).toHaveLength(1);
    expect(after?.payments).toEqual(trx.payments);
    expect(after?.drv_grand_total).toBe(trx.drv_grand_total);
    expect(after?.details[0].commission_workers).toEqual([
      { commission_worker: expect.objectContaining({ business_commission_worker_id: 1 }), percentage: 100 },
    ]);
    ok(await h.commands.submit({ local_trx_id: id }));
  });
});
