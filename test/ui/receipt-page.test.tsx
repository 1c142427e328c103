// @vitest-environment jsdom
// The cashier's receipt page on a real store (fake-indexeddb): it reads the transaction from this
// device's read model and printing it commits trx.printed, so the lines carry last_printed_at.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { AppServices } from '../../src/ui/app/services';
import { ServicesProvider } from '../../src/ui/app/services';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { ReceiptPage } from '../../src/ui/features/receipt/ReceiptPage';
import { config, harness, item, ok, startSale } from '../projections/commands/fixtures';
import { button, cleanup, installDomShims, render } from './pos-dialogs-dom';
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
