// @vitest-environment jsdom
// The wired customer pieces inside <PosProvider>: the panel opens Set Customer by itself once when
// is_user_id_required = 1, and a found customer goes through commands.setCustomer.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PosUser } from '../../src/api/contract';
import { type PosConfig, type PosTransaction, posConfigSchema, posTransactionSchema } from '../../src/domain';
import type { CashierCommands } from '../../src/projections/commands';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { CustomerPanel, SetCustomerModal } from '../../src/ui/features/pos/customer';
import { useDialogs } from '../../src/ui/features/pos/dialogs';
import { button, cleanup, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
});

const NOW = '2026-11-22 10:00:00';
const config = (flags: Record<string, unknown>): PosConfig =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Dewi',
    brand_name: 'Serambi',
    ...flags,
  });
const trxOf = (id: string): PosTransaction =>
  posTransactionSchema.parse({ local_trx_id: id, trx_local_start_time: NOW, trx_status_id: 2 });

const found: PosUser = {
  user_code: 'C-001',
  user_name: 'Ani Wijaya',
  user_identifier_type: 'email',
  user_identifier_string: 'ani@example.com',
  retrieve_time: NOW,
  account_receivables: [],
  active_coupons: [],
  deposit_amount: 0,
  is_signed_up: 1,
};

function value(
  trx: PosTransaction,
  flags: Record<string, unknown>,
  setCustomer: CashierCommands['setCustomer'],
) {
  const commands = { setCustomer, clearCustomer: vi.fn(async () => ({ ok: true as const })) };
  return {
    config: config(flags),
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
        findCustomer: async () => found,
        searchUsers: async () => ({ users: [] }),
        customerActivity: async () => ({ customer_activities: [] }),
      },
    },
    notify: vi.fn(),
    confirm: async () => true,
    now: () => NOW,
    host: '',
  } as unknown as PosContextValue;
}

/** Past the modal's closing transition. */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 400)));

function Closer() {
  const { close } = useDialogs();
  return (
    <button type="button" onClick={() => close('setCustomer')}>
      close-set-customer
    </button>
  );
}

describe('CustomerPanel + SetCustomerModal in the page', () => {
  it('is_user_id_required = 1: Set Customer opens by itself once; a lookup sets the customer through the command', async () => {
    const setCustomer = vi.fn(async () => ({ ok: true as const }));
    const trx = trxOf('auto-1');
    const page = (
      <PosProvider value={value(trx, { is_user_id_required: 1 }, setCustomer)}>
        <CustomerPanel />
        <SetCustomerModal />
        <Closer />
      </PosProvider>
    );
    render(page);
    await flush();
    expect(text()).toContain('Customer Data');
    act(() => button('close-set-customer')?.click());
    await settle();
    expect(text()).not.toContain('Customer Data');
    // Re-rendered (back from step 3): not again for the same transaction.
    cleanup();
    render(page);
    await settle();
    expect(text()).not.toContain('Customer Data');
    // A tap on the panel opens it; Email + Check sets the customer.
    act(() => (document.querySelector('[data-testid="customer-panel"]') as HTMLElement).click());
    await flush();
    act(() => (document.querySelector('input[value="email"]') as HTMLInputElement).click());
    type(document.querySelector('input[type="email"]') as HTMLInputElement, 'ani@example.com');
    act(() => button('Check')?.click());
    await flush();
    expect(setCustomer).toHaveBeenCalledWith({
      local_trx_id: 'auto-1',
      customer: expect.objectContaining({ user_code: 'C-001', user_identifier_type: 'email' }),
    });
    act(() => button('close-set-customer')?.click());
  });

  it('is_user_id_required = 0: nothing opens by itself', async () => {
    render(
      <PosProvider value={value(trxOf('manual-1'), { is_user_id_required: 0 }, vi.fn())}>
        <CustomerPanel />
        <SetCustomerModal />
      </PosProvider>,
    );
    await flush();
    expect(text()).toContain('New Customer');
    expect(text()).not.toContain('Customer Data');
  });
});
