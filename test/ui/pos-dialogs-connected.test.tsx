// @vitest-environment jsdom
// The wired dialogs inside <PosProvider>: role flags gate the discount types, a discount-list
// failure is only logged, Apply / the stock-out answer / an authorization go where they should.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import { type PosTransaction, posConfigSchema, posTransactionSchema } from '../../src/domain';
import type { Authorization } from '../../src/projections/commands';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { PosDialogs, useDialogs } from '../../src/ui/features/pos/dialogs';
import { button, cleanup, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const NOW = '2026-11-22 10:00:00';
const trx: PosTransaction = posTransactionSchema.parse({
  local_trx_id: 'trx-9',
  trx_local_start_time: NOW,
  trx_status_id: 2,
});

function setup(
  flags: Record<string, 0 | 1>,
  api: { listDiscounts?: () => Promise<unknown>; validatePin?: () => Promise<unknown> } = {},
) {
  const commands = {
    applyGlobalDiscount: vi.fn(async () => ({ ok: true as const })),
    recordStockOut: vi.fn(async () => ({ ok: true as const })),
    setNotes: vi.fn(async () => ({ ok: true as const })),
  };
  const value = {
    config: posConfigSchema.parse({
      business_id: 1,
      business_user_id: 1,
      cashier_name: 'Dewi',
      brand_name: 'Serambi',
      auth_role_accesses: flags,
      pos_item_discounts: [
        {
          pos_item_discount_id: 705,
          discount_name: 'Promo Tanggal Cantik',
          discount_type: 'basic',
          deduction_type: 'percentage',
          deduction_value: 12,
          availability_type: 'all_day',
        },
      ],
    }),
    device: {
      displayMode: 'DESKTOP',
      printerPaperSize: '8cm',
      decimalSeparator: '.',
      thousandSeparator: ',',
    },
    isTablet: false,
    separators: { decimalSeparator: '.', thousandSeparator: ',' },
    commands,
    trx,
    local_trx_id: trx.local_trx_id,
    api: {
      customer: {
        listDiscounts: api.listDiscounts ?? (async () => ({ pos_item_discounts: [] })),
        validatePin:
          api.validatePin ??
          (async () => ({ business_user_id: 4, supervisor_name: 'Bayu', validated_at: NOW })),
        findCustomer: async () => {
          throw new Error('unused');
        },
        searchUsers: async () => ({ users: [] }),
        customerActivity: async () => ({ customer_activities: [] }),
      },
      pos: {
        inventoryOut: async () => ({
          sales: [{ item_name: 'Shampoo', variant_name: null, qty: 1, unit_name: 'btl' }],
          consumptions: [],
          ingredients: [],
        }),
      },
    },
    notify: vi.fn(),
    confirm: async () => true,
    now: () => NOW,
    host: '',
  } as unknown as PosContextValue;
  let dialogs: ReturnType<typeof useDialogs> | null = null;
  render(
    <PosProvider value={value}>
      <Grab
        onRender={(d) => {
          dialogs = d;
        }}
      />
      <PosDialogs />
    </PosProvider>,
  );
  const open = (fn: (d: ReturnType<typeof useDialogs>) => void) =>
    act(() => {
      if (dialogs) fn(dialogs);
    });
  // The page store outlives a render: start each test with every dialog closed.
  open((d) => {
    for (const name of ['setCustomer', 'journal', 'notes', 'globalDiscount', 'stockOut'] as const)
      d.close(name);
    d.settleAuthorization(null);
  });
  return { commands, notify: value.notify, open, dialogs: () => dialogs };
}

/** Hands the page's dialogs store to the test. */
function Grab({ onRender }: { onRender: (d: ReturnType<typeof useDialogs>) => void }) {
  onRender(useDialogs());
  return null;
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 400)));

describe('PosDialogs in the page', () => {
  it('ALLOW_PROMO only: Promo alone; a failed discount list is only logged; Apply goes to the command', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { commands, open, notify } = setup(
      { ALLOW_PROMO: 1, DISCOUNT_TRANSACTION: 0 },
      {
        listDiscounts: async () => {
          throw new ApiError({
            kind: 'network',
            status: 0,
            statusText: '',
            message: 'Connection failed, please try again',
          });
        },
      },
    );
    open((d) => d.openGlobalDiscount());
    await flush();
    expect(text()).toContain('Apply Global Discount');
    expect(text()).toContain('Promo Tanggal Cantik');
    expect(text()).not.toContain('Persentase (%)');
    expect(log).toHaveBeenCalledWith('Fail to load discounts: Connection failed, please try again');
    act(() =>
      (
        [...document.querySelectorAll('[role="radio"]')].find((r) =>
          r.textContent?.includes('Promo Tanggal Cantik'),
        ) as HTMLElement
      ).click(),
    );
    act(() => button('Apply')?.click());
    await flush();
    expect(commands.applyGlobalDiscount).toHaveBeenCalledWith(
      expect.objectContaining({
        local_trx_id: 'trx-9',
        type: 'promo',
        promo: expect.objectContaining({ pos_item_discount_id: 705 }),
      }),
    );
    expect(notify).toHaveBeenCalledWith('success', 'Discount successfully applied!');
    log.mockRestore();
    await settle();
  });

  it('DISCOUNT_TRANSACTION only: percentage and nominal, no promo list', async () => {
    const { open } = setup({ ALLOW_PROMO: 0, DISCOUNT_TRANSACTION: 1 });
    open((d) => d.openGlobalDiscount());
    await flush();
    expect(text()).toContain('Persentase (%)');
    expect(text()).toContain('Nominal (IDR)');
    expect(text()).not.toContain('Pilih Promo');
    await settle();
  });

  it('the stock-out answer is kept on the transaction', async () => {
    const { open, commands } = setup({});
    open((d) => d.openStockOut('trx-9'));
    await flush();
    expect(text()).toContain('Shampoo');
    expect(commands.recordStockOut).toHaveBeenCalledWith(
      expect.objectContaining({
        local_trx_id: 'trx-9',
        sales: [expect.objectContaining({ item_name: 'Shampoo' })],
      }),
    );
    await settle();
  });

  it('authorize() resolves with the verified authorization, or null when cancelled', async () => {
    const { open } = setup({});
    let result: Authorization | null | undefined;
    open((d) => {
      void d.authorize({ kind: 'deletion', title: 'Otorisasi Hapus Transaksi' }).then((r) => {
        result = r;
      });
    });
    await flush();
    expect(text()).toContain('Otorisasi Hapus Transaksi');
    const inputs = document.querySelectorAll('input[type="password"]');
    type(inputs[inputs.length - 1] as HTMLInputElement, 'spv123');
    type(document.querySelector('textarea') as HTMLTextAreaElement, 'Salah transaksi');
    act(() => button('Otorisasi')?.click());
    await flush();
    expect(result).toEqual({
      password: 'spv123',
      reason: 'Salah transaksi',
      verified: true,
      // who allowed it, from cashier/pos/pin-validation's answer (issue 15)
      supervisor: { business_user_id: 4, supervisor_name: 'Bayu', validated_at: '2026-11-22 10:00:00' },
    });
    await settle();
    let cancelled: Authorization | null | undefined;
    open((d) => {
      void d.authorize({ kind: 'qty-reduction' }).then((r) => {
        cancelled = r;
      });
    });
    await flush();
    expect(text()).toContain('Otorisasi Pengubahan Qty Item');
    act(() => button('Batal')?.click());
    await flush();
    expect(cancelled).toBeNull();
    await settle();
  });
});
