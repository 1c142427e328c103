// @vitest-environment jsdom
// Issue 23 item 17: the audit page writes its figures with the one money formatter and the device's separators
// (it wrote 'Rp 1.234.567' whatever the device said, the rest of the app '1,234,567').
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditApi } from '../../src/api/audit';
import type { AuditEvent, AuditTrxSummary } from '../../src/api/contract/audit';
import type { AppServices } from '../../src/ui/app/services';
import { ServicesProvider } from '../../src/ui/app/services';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { AuditPage } from '../../src/ui/features/audit/AuditPage';
import { replay } from '../../src/ui/features/audit/replay';
import { cleanup, installDomShims, render } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

beforeAll(installDomShims);
afterEach(cleanup);

const COMMA = { decimalSeparator: '.', thousandSeparator: ',' };
const DOT = { decimalSeparator: ',', thousandSeparator: '.' };

const event = (type: string, payload: unknown): AuditEvent => ({
  id: type,
  type,
  v: 1,
  at: '2026-11-20T03:00:00.000Z',
  actor: 5,
  trxId: 'trx-1',
  payload,
  device_id: 'dev',
  chain_n: 1,
  flags: [],
  uploaded_by: 5,
  upload_outlet_id: 1,
  outlet_id: 1,
});

describe("the audit page's figures", () => {
  const events = [
    event('trx.paymentAdded', { payment: { payment_type: 'CASH', payment_amount: 1234567 } }),
    event('trx.submitted', { order_no: 7, totals: { drv_grand_total: 1234567.9 } }),
  ];

  it("the replay's amounts follow the device's separators", () => {
    expect(replay(events, String, COMMA).map((s) => s.detail)).toEqual([
      'CASH Rp 1,234,567',
      'No. 7 · Rp 1,234,567',
    ]);
    expect(replay(events, String, DOT).map((s) => s.detail)).toEqual([
      'CASH Rp 1.234.567',
      'No. 7 · Rp 1.234.567',
    ]);
    expect(replay(events).map((s) => s.detail)).toEqual(['CASH Rp 1,234,567', 'No. 7 · Rp 1,234,567']);
  });

  it("the day's list writes the totals with the device's separators", async () => {
    const trx: AuditTrxSummary = {
      local_trx_id: 'trx-1',
      trx_id: null,
      log_pending: false,
      order_no: 7,
      first_at: '2026-11-20T03:00:00.000Z',
      last_at: '2026-11-20T03:05:00.000Z',
      cashier_ids: [5],
      device_ids: ['dev'],
      events: 2,
      deleted_lines: 0,
      payments_removed: 0,
      voided: false,
      void_reason: null,
      max_discount_percent: 0,
      submitted: true,
      deleted_before_submit: false,
      reprints: 0,
      worker_edits: 0,
      drv_grand_total: 1234567,
      flagged: false,
    };
    const api = {
      upload: vi.fn(),
      day: vi.fn(async () => ({
        trxs: [trx],
        devices: [],
        cashiers: [{ business_user_id: 5, name: 'Kasir' }],
        outlets: [{ business_outlet_id: 1, outlet_name: 'Kemang' }],
      })),
      trx: vi.fn(),
    } as unknown as AuditApi;
    const shown = async (separators: typeof COMMA) => {
      const view = sessionView({ outlet_id: 1, business_outlets: [] } as never, {
        device: { displayMode: 'DESKTOP', printerPaperSize: '8cm', ...separators },
      });
      render(
        <ServicesProvider value={{ client: {} } as unknown as AppServices}>
          <SessionContextProvider value={{ view, commands: noCommands }}>
            <AuditPage api={api} />
          </SessionContextProvider>
        </ServicesProvider>,
      );
      for (let i = 0; i < 100 && !document.body.textContent?.includes('Rp 1'); i++)
        await act(async () => new Promise((r) => setTimeout(r, 20)));
      const text = document.body.textContent ?? '';
      cleanup();
      return text;
    };
    expect(await shown(COMMA)).toContain('Rp 1,234,567');
    expect(await shown(DOT)).toContain('Rp 1.234.567');
  });
});
