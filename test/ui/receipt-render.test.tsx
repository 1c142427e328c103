// @vitest-environment jsdom
// The receipt pages rendered in jsdom: what a cashier and a customer see, the buttons per display
// mode, auto-print then close, the public page's texts, the digital receipt inputs and post-edit.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import type { ReceiptApi } from '../../src/api/receipt';
import { posConfigSchema } from '../../src/domain';
import { receiptMode } from '../../src/domain/receipt';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { DigitalReceiptFormView } from '../../src/ui/features/receipt/DigitalReceiptForm';
import { PublicReceiptPage } from '../../src/ui/features/receipt/PublicReceiptPage';
import { ReceiptScreen } from '../../src/ui/features/receipt/ReceiptScreen';
import { TrxEditView } from '../../src/ui/features/receipt/TrxEditPage';
import { ANI, BUDI, printConfig, receiptLine, sale } from '../domain/receipt/fixtures';
import { button, cleanup, click, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

beforeAll(installDomShims);

/** The printed paper's text (without its stylesheet). */
const paper = (): string => {
  const el = document.querySelector('[data-testid="receipt-paper"]')?.cloneNode(true) as
    | HTMLElement
    | undefined;
  for (const s of el?.querySelectorAll('style') ?? []) s.remove();
  return el?.textContent ?? '';
};
/** Each text found after the previous one. */
const inOrder = (t: string, parts: string[]): boolean => {
  let at = 0;
  for (const p of parts) {
    const i = t.indexOf(p, at);
    if (i < 0) return false;
    at = i + p.length;
  }
  return true;
};
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const screen = (
  modifier: string,
  displayMode: 'DESKTOP' | 'TABLET',
  extra: Partial<Parameters<typeof ReceiptScreen>[0]> = {},
) => {
  const print = vi.fn(async () => {});
  const onPrinted = vi.fn(async () => {});
  const onClose = vi.fn();
  const onBack = vi.fn();
  render(
    <ReceiptScreen
      trx={sale()}
      config={printConfig()}
      mode={receiptMode(modifier, displayMode)}
      paper="8cm"
      isTablet={displayMode === 'TABLET'}
      now={() => '2026-11-20 11:05:00'}
      print={print}
      onPrinted={onPrinted}
      onClose={onClose}
      onBack={onBack}
      {...extra}
    />,
  );
  return { print, onPrinted, onClose, onBack };
};

describe('ReceiptScreen', () => {
  it('prints the detailed receipt: header, sections, totals in order, payment, Change, footer, order slips', () => {
    screen('print', 'TABLET');
    const t = text();
    for (const s of [
      'Serambi Salon',
      'Kemang',
      'Customer',
      'Siti Rahma',
      'Receipt Number',
      'BC123F',
      'Terima kasih!',
    ])
      expect(t).toContain(s);
    const order = [
      'SERVICES',
      'Total Service',
      'ITEMS (RETAIL)',
      'Total Retail',
      'Subtotal',
      'Discount',
      'Tax (10%)',
      'TOTAL',
      'Cash',
      'Change',
    ];
    expect(inOrder(paper(), order)).toBe(true);
    expect(inOrder(paper(), ['TOTAL', 'Subtotal'])).toBe(false);
    expect(document.querySelectorAll('[data-receipt-page="order-detail"]')).toHaveLength(1);
    expect(document.querySelector('[data-testid="receipt-order-no-bottom"]')?.textContent).toBe('7');
  });

  it("TABLET legitimate receipt: 'Print Struk' and 'Kembali'; DESKTOP view: 'Print' and 'Tutup'", () => {
    const tablet = screen('print', 'TABLET');
    expect(button('Print Struk')).toBeDefined();
    expect(button('Tutup')).toBeUndefined();
    click(button('Kembali'));
    expect(tablet.onBack).toHaveBeenCalled();
    cleanup();
    const desktop = screen('view', 'DESKTOP');
    expect(button('Print')).toBeDefined();
    expect(button('Kembali')).toBeUndefined();
    click(button('Tutup'));
    expect(desktop.onClose).toHaveBeenCalled();
  });

  it('DESKTOP print auto-prints after 0.5 s, marks the lines printed, then closes', async () => {
    vi.useFakeTimers();
    const s = screen('print', 'DESKTOP');
    expect(s.print).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(s.print).toHaveBeenCalledTimes(1);
    expect(s.onPrinted).toHaveBeenCalledTimes(1);
    expect(s.onClose).toHaveBeenCalledTimes(1);
  });

  it('view and TABLET never auto-print; the Print button prints; a copy does not mark lines', async () => {
    vi.useFakeTimers();
    const s = screen('completed', 'DESKTOP');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(s.print).not.toHaveBeenCalled();
    expect(text()).toContain('THIS IS A COPY');
    await act(async () => {
      button('Print')?.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(s.print).toHaveBeenCalledTimes(1);
    expect(s.onPrinted).not.toHaveBeenCalled();
  });

  it("pre-settlement: 'PRE-SETTLEMENT', its print time, no payments", () => {
    screen('pre-settlement', 'TABLET');
    expect(paper()).toContain('PRE-SETTLEMENT');
    expect(paper()).toContain('20 Nov 2026 11:05');
    expect(paper()).toContain('TOTAL');
    expect(paper()).not.toContain('Change');
    expect(paper()).not.toContain('400,000');
  });

  it("order-preview-unprinted shows only unprinted lines, and 'No items yet' when all are printed", () => {
    screen('order-preview-unprinted', 'TABLET', {
      trx: sale({
        details: [
          receiptLine(1, { name: 'Old', printed: '2026-11-20 10:00:00' }),
          receiptLine(2, { name: 'New' }),
        ],
      }),
    });
    expect(paper()).toContain('New');
    expect(paper()).not.toContain('Old');
    expect(paper()).not.toContain('TOTAL');
    cleanup();
    screen('order-preview-unprinted', 'TABLET', {
      trx: sale({ details: [receiptLine(1, { printed: '2026-11-20 10:00:00' })] }),
    });
    expect(text()).toContain('No items yet');
  });
});

const withSession = (node: React.ReactNode) => (
  <SessionContextProvider value={{ view: sessionView(null), commands: noCommands }}>
    {node}
  </SessionContextProvider>
);
const fakeApi = (over: Partial<ReceiptApi>): ReceiptApi => ({
  publicReceipt: vi.fn(async () => {
    throw new Error('not set');
  }),
  transaction: vi.fn(async () => {
    throw new Error('not set');
  }),
  sendReceipt: vi.fn(async () => {
    throw new Error('not set');
  }),
  postEdit: vi.fn(async () => {
    throw new Error('not set');
  }),
  ...over,
});

describe('PublicReceiptPage', () => {
  it("shows 'Loading receipt, please wait..' then the receipt with the sale's own cashier_configs", async () => {
    type Answer = Awaited<ReturnType<ReceiptApi['publicReceipt']>>;
    let resolve: (v: Answer) => void = () => {};
    const api = fakeApi({ publicReceipt: vi.fn(() => new Promise<Answer>((r) => (resolve = r))) });
    render(withSession(<PublicReceiptPage receipt_token="tok" api={api} />));
    expect(text()).toContain('Loading receipt, please wait..');
    const t = sale({
      cashier_configs: printConfig({ brand_name: 'Klinik Menteng', receipt_template: 'SIMPLE' }),
    });
    await act(async () => resolve({ ...t, trx_id: 'T-1', cashier_configs: t.cashier_configs ?? {} }));
    expect(text()).toContain('Klinik Menteng');
    expect(text()).not.toContain('SERVICES');
    expect(button('Print')).toBeDefined();
    expect(button('Tutup')).toBeUndefined();
  });

  it("shows 'Failed to load receipt, please try again.' when nothing was retrieved", async () => {
    const api = fakeApi({
      publicReceipt: vi.fn(async () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          statusText: 'Bad',
          message: 'Struk tidak ditemukan.',
        });
      }),
    });
    render(withSession(<PublicReceiptPage receipt_token="nope" api={api} />));
    await flush();
    expect(text()).toContain('Failed to load receipt, please try again.');
  });
});

describe('DigitalReceiptFormView', () => {
  const form = (
    config: Record<string, number>,
    displayMode: 'DESKTOP' | 'TABLET',
    send?: ReceiptApi['sendReceipt'],
    customer = sale().customer,
  ) => {
    const notify = vi.fn();
    const navigate = vi.fn();
    const open = vi.fn(() => navigate);
    const api = {
      sendReceipt:
        send ??
        vi.fn(async () => ({
          data: {
            receipt_type: 'text' as const,
            message: 'Struk Anda: https://s/r/t',
            receipt_token: 't',
            receipt_url: 'https://s/r/t',
            outbox_id: null,
          },
        })),
    };
    render(
      <DigitalReceiptFormView
        local_trx_id="trx-1"
        config={config}
        displayMode={displayMode}
        customer={customer}
        api={api}
        notify={notify}
        open={open}
      />,
    );
    return { notify, open, navigate, api };
  };

  it('is hidden without pos_print_digital_invoice = 1', () => {
    form({ pos_print_digital_invoice: 0, is_sms_receipt: 1 }, 'DESKTOP');
    expect(document.querySelector('[data-testid="digital-receipt"]')).toBeNull();
  });

  it('shows SMS only with is_sms_receipt and WA Web only in DESKTOP; fields pre-filled from the customer', () => {
    form({ pos_print_digital_invoice: 1, is_sms_receipt: 1 }, 'DESKTOP');
    expect(['SMS', 'WA Web', 'WA App', 'e-Mail'].map((l) => !!button(l))).toEqual([true, true, true, true]);
    expect(field('Nomor HP').value).toBe('081234567890');
    expect(field('Email').value).toBe('siti@example.com');
    cleanup();
    form({ pos_print_digital_invoice: 1, is_sms_receipt: 0 }, 'TABLET');
    expect(['SMS', 'WA Web', 'WA App', 'e-Mail'].map((l) => !!button(l))).toEqual([false, false, true, true]);
  });

  it("a customer found by phone ('+62…' identifier) pre-fills digits the form accepts, and SMS / WA App send them", async () => {
    const send = vi.fn(async (body: { receipt_type: string }) => ({
      data: {
        receipt_type: body.receipt_type as 'phone',
        message: 'Struk Anda',
        receipt_token: 't',
        receipt_url: 'u',
        outbox_id: null,
      },
    }));
    const f = form({ pos_print_digital_invoice: 1, is_sms_receipt: 1 }, 'DESKTOP', send, {
      user_code: 'U9',
      user_name: 'Rina',
      user_identifier_type: 'phone',
      user_identifier_string: '+6281299990001',
      user_phone: '+6281299990001',
    } as ReturnType<typeof sale>['customer']);
    expect(field('Nomor HP').value).toBe('081299990001');
    click(button('SMS'));
    await flush();
    expect(f.notify).not.toHaveBeenCalledWith('error', expect.anything());
    expect(send).toHaveBeenLastCalledWith({
      local_trx_id: 'trx-1',
      receipt_type: 'phone',
      phone: '081299990001',
    });
    click(button('WA App'));
    await flush();
    expect(f.navigate).toHaveBeenLastCalledWith(
      `whatsapp://send?phone=6281299990001&text=${encodeURIComponent('Struk Anda')}`,
    );
  });

  it('validates with the specification messages before sending', async () => {
    const f = form({ pos_print_digital_invoice: 1, is_sms_receipt: 1 }, 'DESKTOP');
    type(field('Nomor HP'), '');
    click(button('SMS'));
    expect(f.notify).toHaveBeenLastCalledWith('error', 'Phone number is required');
    type(field('Nomor HP'), '0812-333');
    click(button('WA App'));
    expect(f.notify).toHaveBeenLastCalledWith('error', 'Phone number can only contain numbers');
    type(field('Email'), ' ');
    click(button('e-Mail'));
    expect(f.notify).toHaveBeenLastCalledWith('error', 'Email is required');
    expect(f.api.sendReceipt).not.toHaveBeenCalled();
  });

  it("WA Web asks the server for the message ('text') and opens the link with the 0→62 number", async () => {
    const f = form({ pos_print_digital_invoice: 1 }, 'DESKTOP');
    type(field('Nomor HP'), '081234567890');
    click(button('WA Web'));
    await flush();
    expect(f.api.sendReceipt).toHaveBeenCalledWith({
      local_trx_id: 'trx-1',
      receipt_type: 'text',
      phone: '081234567890',
    });
    expect(f.open).toHaveBeenCalledWith('_blank');
    expect(f.navigate).toHaveBeenCalledWith(
      `https://web.whatsapp.com/send?phone=6281234567890&text=${encodeURIComponent('Struk Anda: https://s/r/t')}`,
    );
  });

  it('WA App opens the app link with a 62 number kept as it is; a failed request closes what was opened', async () => {
    const f = form({ pos_print_digital_invoice: 1 }, 'TABLET');
    type(field('Nomor HP'), '+6281234567890'.slice(1));
    click(button('WA App'));
    await flush();
    expect(f.open).toHaveBeenCalledWith('_self');
    expect(f.navigate).toHaveBeenCalledWith(
      `whatsapp://send?phone=6281234567890&text=${encodeURIComponent('Struk Anda: https://s/r/t')}`,
    );
    cleanup();
    const failing = form(
      { pos_print_digital_invoice: 1 },
      'DESKTOP',
      vi.fn(async () => {
        throw new ApiError({
          kind: 'network',
          status: 0,
          statusText: '',
          message: 'Connection failed, please try again',
        });
      }),
    );
    click(button('WA Web'));
    await flush();
    expect(failing.navigate).toHaveBeenCalledWith(null);
    expect(failing.notify).toHaveBeenLastCalledWith('error', 'Connection failed, please try again');
  });

  it("SMS and e-mail show the server's success texts", async () => {
    const send = vi.fn(async (body: { receipt_type: string }) => ({
      data: {
        receipt_type: body.receipt_type as 'phone',
        message: 'm',
        receipt_token: 't',
        receipt_url: 'u',
        outbox_id: 1,
      },
      message: body.receipt_type === 'phone' ? 'SMS Berhasil dikirimkan' : 'Email Berhasil dikirimkan',
    }));
    const f = form({ pos_print_digital_invoice: 1, is_sms_receipt: 1 }, 'DESKTOP', send);
    click(button('SMS'));
    await flush();
    expect(f.notify).toHaveBeenLastCalledWith('success', 'SMS Berhasil dikirimkan');
    click(button('e-Mail'));
    await flush();
    expect(send).toHaveBeenLastCalledWith({
      local_trx_id: 'trx-1',
      receipt_type: 'email',
      email: 'siti@example.com',
    });
    expect(f.notify).toHaveBeenLastCalledWith('success', 'Email Berhasil dikirimkan');
  });
});

describe('TrxEditView', () => {
  it('titles the page, gives the hint, and PUTs a worker edit with the new edit session id, then reloads', async () => {
    const stored = sale();
    const postEdit = vi.fn(async () => ({ data: {} as never, message: 'Item successfully edited!' }));
    const api = fakeApi({ transaction: vi.fn(async () => stored as never), postEdit });
    const notify = vi.fn();
    const reload = vi.fn();
    const posConfig = posConfigSchema.parse({
      business_id: 1,
      business_user_id: 9,
      cashier_name: 'Dewi',
      brand_name: 'Serambi Salon',
      is_pos_commission_scheme: 1,
      commission_worker: [ANI, BUDI],
    });
    render(
      <TrxEditView
        local_trx_id={stored.local_trx_id}
        env={{
          config: printConfig(),
          posConfig,
          paper: '8cm',
          separators: { decimalSeparator: '.', thousandSeparator: ',' },
        }}
        api={api}
        notify={notify}
        reload={reload}
        editSessionId="edit-1"
      />,
    );
    await flush();
    expect(text()).toContain('Edit Transaksi #BC123F / 2026-11-20 10:45:00');
    expect(text()).toContain('Klik pada nama item untuk melakukan perubahan');
    const name = [...document.querySelectorAll('[role="button"]')].find((e) =>
      e.textContent?.startsWith('Haircut'),
    );
    click(name as HTMLElement);
    await flush();
    click(button('Simpan'));
    await flush();
    expect(postEdit).toHaveBeenCalledTimes(1);
    const body = (
      postEdit.mock.calls[0] as unknown as [{ edit_session_id: string; input_data: ReturnType<typeof sale> }]
    )[0];
    expect(body.edit_session_id).toBe('edit-1');
    const edited = body.input_data.details.find((d) => d.local_trx_detail_id === 'd-1');
    expect(edited).toMatchObject({ edit_session_id: 'edit-1', business_commission_worker_id: 1 });
    expect(
      body.input_data.details.find((d) => d.local_trx_detail_id === 'd-2')?.edit_session_id ?? null,
    ).toBeNull();
    expect(notify).toHaveBeenCalledWith('success', 'Item successfully edited!');
    expect(reload).toHaveBeenCalled();
  });
});
