// @vitest-environment jsdom
// Steps 5–7 (000 §2): the cashier's print previews show the receipt in their mode, 'Cetak' really
// prints it (the paper alone on the printed page, the @page of the device's paper) and marks the
// details printed only once printing is done; a print that fails marks nothing.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SEPARATORS, posConfigSchema } from '../../src/domain';
import type { CashierEvent, PreviewKind } from '../../src/machines/cashier';
import type { CashierCommands } from '../../src/projections/commands';
import { DEFAULT_DEVICE } from '../../src/ui/app/session-context';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { Preview } from '../../src/ui/features/pos/frame/Preview';
import { ANI, printConfig, receiptLine, sale } from '../domain/receipt/fixtures';
import { button, cleanup, click, flush, installDomShims, render } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The paper on screen, without its stylesheet. */
const paperText = (root: ParentNode = document): string => {
  const el = root.querySelector('[data-testid="receipt-paper"]')?.cloneNode(true) as HTMLElement | undefined;
  for (const s of el?.querySelectorAll('style') ?? []) s.remove();
  return el?.textContent ?? '';
};

/** A pending sale: 'Old' printed at 10:00, 'New' (with a worker) never printed. */
const pending = () =>
  sale({
    trx_status_id: 2,
    payments: [],
    details: [
      receiptLine(1, { name: 'Old Haircut', printed: '2026-11-20 10:00:00' }),
      receiptLine(2, { name: 'New Facial', price: 120000, extra: { commission_worker: ANI } }),
    ],
  });

function mount(kind: PreviewKind, paper: '8cm' | '6cm' = '8cm') {
  const sent: CashierEvent[] = [];
  const notify = vi.fn();
  const trx = pending();
  const value: PosContextValue = {
    config: posConfigSchema.parse({ ...printConfig(), business_id: 1, business_user_id: 7 }),
    device: { ...DEFAULT_DEVICE, printerPaperSize: paper },
    isTablet: false,
    separators: DEFAULT_SEPARATORS,
    commands: {} as CashierCommands,
    trx,
    local_trx_id: trx.local_trx_id,
    cashier: {
      step: 7,
      busy: false,
      appointment: false,
      preview: kind,
      submission: { status: 'idle', mode: null, message: null },
      target_trx_id: null,
      send: (event) => sent.push(event),
    },
    api: {} as PosContextValue['api'],
    notify,
    confirm: vi.fn(async () => true),
    now: () => '2026-11-20 11:05:00',
    host: '',
  };
  render(
    <PosProvider value={value}>
      <Preview />
    </PosProvider>,
  );
  return { sent, notify };
}

describe('print previews (steps 5–7)', () => {
  it('show the receipt in their mode: the unprinted order list has only unprinted lines, with workers, no prices', () => {
    mount('order-preview-unprinted');
    const t = paperText();
    expect(t).toContain('New Facial');
    expect(t).toContain('Handled by Ani Wijaya');
    expect(t).not.toContain('Old Haircut');
    expect(t).not.toContain('120,000');
    expect(t).not.toContain('TOTAL');
  });

  it("pre-settlement: the bill headed 'PRE-SETTLEMENT' with its print time and totals", () => {
    mount('pre-settlement');
    const t = paperText();
    expect(t).toContain('PRE-SETTLEMENT');
    expect(t).toContain('20 Nov 2026 11:05');
    expect(t).toContain('TOTAL');
  });

  it("'Cetak' prints the paper alone on a 6 cm page, then marks the details printed", async () => {
    const { sent, notify } = mount('order-preview', '6cm');
    const seen: { printed: string; marked: number; printing: boolean; onItsOwn: boolean; rule: string }[] =
      [];
    const print = vi.fn(() => {
      const host = document.querySelector('.rc-print-host');
      seen.push({
        printed: host ? paperText(host) : '',
        marked: sent.length,
        printing: document.documentElement.classList.contains('rc-printing'),
        // a child of <body> beside the app: print media shows only it (receipt.css)
        onItsOwn: host?.parentElement === document.body,
        rule: document.getElementById('serambi-receipt-page')?.textContent ?? '',
      });
    });
    window.print = print;
    click(button('Cetak'));
    await flush();
    expect(print).toHaveBeenCalledTimes(1);
    expect(seen[0].printed).toContain('New Facial');
    expect(seen[0].printed).toContain('Old Haircut');
    expect(seen[0].marked).toBe(0);
    expect(seen[0].printing).toBe(true);
    expect(seen[0].onItsOwn).toBe(true);
    expect(document.querySelector('[data-testid="receipt-paper"] style')?.textContent).toContain(
      'html.rc-printing body > :not(.rc-print-host) { display: none !important; }',
    );
    expect(seen[0].rule).toMatch(/^@page \{ size: 58mm \d+mm; margin: 0; \}$/);
    expect(sent).toEqual([{ type: 'preview.printed' }]);
    expect(notify).not.toHaveBeenCalled();
    // the copy is gone once printed
    expect(document.querySelector('.rc-print-host')).toBeNull();
    expect(document.documentElement.classList.contains('rc-printing')).toBe(false);
  });

  it('a print that fails marks nothing and says why; Kembali returns to step 3', async () => {
    const { sent, notify } = mount('order-preview-unprinted');
    window.print = vi.fn(() => {
      throw new Error('Printer tidak tersedia');
    });
    click(button('Cetak'));
    await flush();
    expect(sent).toEqual([]);
    expect(notify).toHaveBeenCalledWith('error', 'Printer tidak tersedia');
    expect(document.querySelector('.rc-print-host')).toBeNull();
    click(button('Kembali'));
    expect(sent).toEqual([{ type: 'preview.close' }]);
  });
});
