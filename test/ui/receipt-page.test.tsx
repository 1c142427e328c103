// @vitest-environment jsdom
// The receipt pages on a real store (fake-indexeddb): the cashier's receipt reads the transaction
// from this device's read model and printing it commits trx.printed, so the lines carry
// last_printed_at; an accepted post-edit is recorded as trx.workersEdited.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { AppServices } from '../../src/ui/app/services';
import { ServicesProvider } from '../../src/ui/app/services';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { ReceiptPage } from '../../src/ui/features/receipt/ReceiptPage';
import { TrxEditPage, TrxEditView } from '../../src/ui/features/receipt/TrxEditPage';
import { ANI, BUDI } from '../domain/receipt/fixtures';
import { config, harness, item, ok, startSale } from '../projections/commands/fixtures';
import { button, cleanup, click, flush, installDomShims, render } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

beforeAll(installDomShims);
afterEach(cleanup);

const waitFor = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await act(async () => new Promise((r) => setTimeout(r, 20)));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const mount = (
  h: ReturnType<typeof harness>,
  id: string,
  modifier: string,
  displayMode: 'DESKTOP' | 'TABLET',
) => {
  const userData = { ...config(), outlet_id: 1 } as unknown as Parameters<typeof sessionView>[0];
  const view = sessionView(userData, {
    device: {
      displayMode,
      printerPaperSize: '6cm',
      decimalSeparator: '.',
      thousandSeparator: ',',
    },
  });
  const services = {
    store: h.store,
    client: { request: vi.fn(), requestEnvelope: vi.fn() },
  } as unknown as AppServices;
  render(
    <Router ssrPath={`/pos/receipt/x/${modifier}`}>
      <ServicesProvider value={services}>
        <SessionContextProvider value={{ view, commands: noCommands }}>
          <ReceiptPage local_trx_id={id} modifier={modifier} />
        </SessionContextProvider>
      </ServicesProvider>
    </Router>,
  );
};
const items = () =>
  document.querySelectorAll('[data-receipt-page="receipt"] [data-testid="receipt-item"]').length;

describe('ReceiptPage on the event store', () => {
  it("TABLET 'Print Struk' prints and marks every line printed through the event log", async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([75000]), pos_item_variant_id: 1, qty: 2 }));
    const print = vi.fn();
    window.print = print;
    mount(h, id, 'print', 'TABLET');
    await waitFor(() => !!document.querySelector('[data-testid="receipt-paper"]'), 'the receipt');
    expect(document.querySelector('[data-testid="receipt-paper"]')?.getAttribute('data-paper')).toBe('6cm');
    expect(document.querySelector('[data-testid="receipt-paper"]')?.textContent).toContain('150,000');
    expect(button('Kembali')).toBeDefined();
    await act(async () => {
      button('Print Struk')?.click();
    });
    await waitFor(() => print.mock.calls.length === 1, 'window.print');
    let printed: (string | null | undefined)[] = [null];
    for (let i = 0; i < 50 && !printed.every(Boolean); i++) {
      printed = ((await h.store.getTransaction(id))?.details ?? []).map((l) => l.last_printed_at);
      await act(async () => new Promise((r) => setTimeout(r, 20)));
    }
    expect(printed).toHaveLength(1);
    expect(printed.every(Boolean)).toBe(true);
    const events = await h.store.db.events.toArray();
    expect(events.filter((e) => e.type === 'trx.printed')).toHaveLength(1);
    expect(document.querySelector('style#serambi-receipt-page')?.textContent).toMatch(
      /@page \{ size: 58mm \d+mm; margin: 0; \}/,
    );
  });

  it('DESKTOP print auto-prints once after 0.5 s even when the sale re-renders the page before then', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([75000]), pos_item_variant_id: 1, qty: 1 }));
    const print = vi.fn();
    window.print = print;
    const close = vi.fn();
    window.close = close;
    mount(h, id, 'print', 'DESKTOP');
    await waitFor(() => items() === 1, 'the receipt');
    const shownAt = Date.now();
    // A commit while the timer runs: the live read model gives the page a new sale (new callbacks).
    ok(await h.commands.addItem({ local_trx_id: id, item: item([20000]), pos_item_variant_id: 1, qty: 1 }));
    await waitFor(() => items() === 2, 'the re-render');
    expect(Date.now() - shownAt).toBeLessThan(500);
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => print.mock.calls.length > 0, 'the auto-print');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(400);
    // Printing marks the lines (another re-render): no second print follows.
    await waitFor(() => close.mock.calls.length > 0, 'the close after printing');
    await act(async () => new Promise((r) => setTimeout(r, 700)));
    expect(print).toHaveBeenCalledTimes(1);
    const events = await h.store.db.events.toArray();
    expect(events.filter((e) => e.type === 'trx.printed')).toHaveLength(1);
    expect((await h.store.getTransaction(id))?.details.every((l) => !!l.last_printed_at)).toBe(true);
  });
});

describe('TrxEditView on the event store', () => {
  /** A sale on this device with one unassigned service, opened in the editor; ANI chosen and saved. */
  const editAndSave = async (
    record?: (h: ReturnType<typeof harness>) => Parameters<typeof TrxEditView>[0]['record'],
  ) => {
    const h = harness(config({ commission_worker: [ANI, BUDI] }));
    const id = await startSale(h);
    const { local_trx_detail_id } = ok(
      await h.commands.addItem({ local_trx_id: id, item: item([90000]), pos_item_variant_id: 1, qty: 1 }),
    );
    const stored = await h.store.getTransaction(id);
    const postEdit = vi.fn(async () => ({ data: {} as never, message: 'Item successfully edited!' }));
    const notify = vi.fn();
    const reload = vi.fn();
    render(
      <TrxEditView
        local_trx_id={id}
        env={{
          config: h.getConfig() as never,
          posConfig: h.getConfig(),
          paper: '8cm',
          separators: { decimalSeparator: '.', thousandSeparator: ',' },
        }}
        api={{ transaction: vi.fn(async () => stored as never), postEdit }}
        notify={notify}
        reload={reload}
        editSessionId="edit-7"
        record={record ? record(h) : h.commands.recordWorkersEdited}
      />,
    );
    await flush();
    click(document.querySelector<HTMLElement>('.rc-name[role="button"]') ?? undefined);
    await flush();
    // The worker select: open it and pick Ani.
    const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[placeholder="-"]');
    click(input ?? undefined);
    await flush();
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (o) => o.textContent?.trim() === 'Ani Wijaya',
    );
    click(option);
    click(button('Simpan'));
    await waitFor(() => reload.mock.calls.length > 0, 'the reload');
    return { h, id, local_trx_detail_id, postEdit, notify, reload };
  };

  it('records the accepted edit as trx.workersEdited with the edit session id and the new worker', async () => {
    const { h, id, local_trx_detail_id, postEdit, notify } = await editAndSave();
    expect(postEdit).toHaveBeenCalledTimes(1);
    const events = (await h.store.db.events.toArray()).filter((e) => e.type === 'trx.workersEdited');
    expect(events).toHaveLength(1);
    expect(events[0].trxId).toBe(id);
    expect(events[0].payload).toMatchObject({
      edit_session_id: 'edit-7',
      local_trx_detail_id,
      workers: {
        commission_worker: { business_commission_worker_id: ANI.business_commission_worker_id },
        business_commission_worker_id: ANI.business_commission_worker_id,
      },
    });
    // The sale on this device shows it too.
    const line = (await h.store.getTransaction(id))?.details[0];
    expect(line?.commission_worker?.business_commission_worker_id).toBe(ANI.business_commission_worker_id);
    expect(line?.edit_session_id).toBe('edit-7');
    expect(notify.mock.calls).toEqual([['success', 'Item successfully edited!']]);
  });

  it('a log write that fails after the accepted PUT still shows the success and reloads; the failure is said apart', async () => {
    const { h, postEdit, notify, reload } = await editAndSave(() => async () => {
      throw new Error('QuotaExceededError: the disk is full');
    });
    expect(postEdit).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls).toEqual([
      ['success', 'Item successfully edited!'],
      ['warning', 'QuotaExceededError: the disk is full'],
    ]);
    expect((await h.store.db.events.toArray()).some((e) => e.type === 'trx.workersEdited')).toBe(false);
  });

  it('a refused PUT shows the error, records nothing and does not reload', async () => {
    const h = harness(config({ commission_worker: [ANI, BUDI] }));
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([90000]), pos_item_variant_id: 1, qty: 1 }));
    const stored = await h.store.getTransaction(id);
    const notify = vi.fn();
    const reload = vi.fn();
    render(
      <TrxEditView
        local_trx_id={id}
        env={{
          config: h.getConfig() as never,
          posConfig: h.getConfig(),
          paper: '8cm',
          separators: { decimalSeparator: '.', thousandSeparator: ',' },
        }}
        api={{
          transaction: vi.fn(async () => stored as never),
          postEdit: vi.fn(async () => {
            throw new Error('Hanya pekerja yang dapat diubah.');
          }),
        }}
        notify={notify}
        reload={reload}
        record={h.commands.recordWorkersEdited}
      />,
    );
    await flush();
    click(document.querySelector<HTMLElement>('.rc-name[role="button"]') ?? undefined);
    await flush();
    click(button('Simpan'));
    await flush();
    expect(notify.mock.calls).toEqual([['error', 'Hanya pekerja yang dapat diubah.']]);
    expect(reload).not.toHaveBeenCalled();
    expect((await h.store.db.events.toArray()).some((e) => e.type === 'trx.workersEdited')).toBe(false);
  });
});

describe('TrxEditPage and the TRX_WORKER_EDIT flag', () => {
  const page = async (flags: Record<string, number>) => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([90000]), pos_item_variant_id: 1, qty: 1 }));
    const stored = await h.store.getTransaction(id);
    const request = vi.fn(async () => stored);
    const userData = {
      ...config({ auth_role_accesses: { CASHIER_SYSTEM: 1, ...flags } }),
      outlet_id: 1,
    } as unknown as Parameters<typeof sessionView>[0];
    const services = {
      store: h.store,
      client: { request, requestEnvelope: vi.fn() },
    } as unknown as AppServices;
    render(
      <Router ssrPath={`/trx-edit/${id}`}>
        <ServicesProvider value={services}>
          <SessionContextProvider value={{ view: sessionView(userData), commands: noCommands }}>
            <TrxEditPage local_trx_id={id} />
          </SessionContextProvider>
        </ServicesProvider>
      </Router>,
    );
    await flush();
    return { request };
  };

  it('refuses without TRX_WORKER_EDIT: the role message, the sale not even loaded', async () => {
    const { request } = await page({ TRX_WORKER_EDIT: 0 });
    expect(document.querySelector('[data-testid="trx-edit-forbidden"]')?.textContent).toBe(
      'Anda tidak memiliki akses untuk fitur ini.',
    );
    expect(document.querySelector('[data-testid="receipt-paper"]')).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('with TRX_WORKER_EDIT loads the sale and offers the item names for editing', async () => {
    const { request } = await page({ TRX_WORKER_EDIT: 1 });
    await waitFor(() => !!document.querySelector('.rc-name[role="button"]'), 'the editable receipt');
    expect(request).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-testid="trx-edit-forbidden"]')).toBeNull();
  });
});
