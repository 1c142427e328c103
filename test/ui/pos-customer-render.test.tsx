// @vitest-environment jsdom
// The customer views rendered in jsdom: what a cashier sees and what a tap sends.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PosUser } from '../../src/api/contract';
import type { Customer } from '../../src/domain';
import { CustomerPanelView } from '../../src/ui/features/pos/customer/CustomerPanel';
import type { CustomerApi } from '../../src/ui/features/pos/customer/customer-api';
import { SetCustomerModalView } from '../../src/ui/features/pos/customer/SetCustomerModal';
import { button, cleanup, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

const NOW = '2026-11-22 10:00:00';

beforeAll(installDomShims);
afterEach(cleanup);

const found: PosUser = {
  user_code: 'C-001',
  user_name: 'Ani Wijaya',
  user_phone: '+6281234567890',
  user_identifier_type: 'phone',
  user_identifier_string: '+6281234567890',
  retrieve_time: NOW,
  account_receivables: [],
  active_coupons: [],
  deposit_amount: 0,
  is_signed_up: 1,
};

describe('CustomerPanelView', () => {
  it('shows the customer and opens Set Customer / the journal', () => {
    const onOpen = vi.fn();
    const onOpenJournal = vi.fn();
    const customer: Customer = {
      user_code: 'C-1',
      user_name: 'Budi',
      membership_name: 'Gold',
      user_birth_date: '1980-11-22',
      user_email: 'budi@x.id',
      account_receivables: [{ drv_balance: 1 }],
    };
    render(
      <CustomerPanelView
        customer={customer}
        customer_journal={1}
        now={NOW}
        onOpen={onOpen}
        onOpenJournal={onOpenJournal}
      />,
    );
    expect(text()).toContain('Budi (Gold)');
    expect(text()).toContain('$$');
    expect(text()).toContain('Selamat Ulang Tahun');
    expect(text()).toContain('budi@x.id');
    // named by its visible text (axe label-content-name-mismatch): no aria-label of its own, 'Set Customer' in view
    const panel = document.querySelector('[data-testid="customer-panel"]') as HTMLElement;
    expect(panel.getAttribute('aria-label')).toBeNull();
    expect(panel.textContent).toContain('Set Customer');
    expect(panel.textContent).toMatch(/^Budi \(Gold\)/);
    act(() => panel.click());
    expect(onOpen).toHaveBeenCalledOnce();
    act(() => button('Lihat Catatan Jurnal Pelanggan')?.click());
    expect(onOpenJournal).toHaveBeenCalledOnce();
  });
  it("without a customer: 'New Customer', 'No information', no journal link", () => {
    render(
      <CustomerPanelView
        customer={null}
        customer_journal={1}
        now={NOW}
        onOpen={() => {}}
        onOpenJournal={() => {}}
      />,
    );
    expect(text()).toContain('New Customer');
    expect(text()).toContain('No information');
    expect(text()).not.toContain('Lihat Catatan Jurnal Pelanggan');
    expect(text()).not.toContain('$$');
  });
});

describe('SetCustomerModalView', () => {
  const api = (answer: () => Promise<PosUser>): CustomerApi & { calls: unknown[] } => {
    const calls: unknown[] = [];
    return {
      calls,
      findCustomer: (id) => {
        calls.push(id);
        return answer();
      },
      searchUsers: async () => ({ users: [] }),
      customerActivity: async () => ({ customer_activities: [] }),
    };
  };
  const base = {
    opened: true,
    onClose: () => {},
    noUserEdit: false,
    tablet: false,
    now: () => NOW,
    isOnline: () => true,
    onClear: () => {},
  };

  it("phone: '+62' prefix, Check looks the customer up and sets it", async () => {
    const fake = api(async () => found);
    const onSet = vi.fn();
    const notify = vi.fn();
    render(<SetCustomerModalView {...base} customer={null} api={fake} onSet={onSet} notify={notify} />);
    expect(text()).toContain('+62');
    expect(text()).toContain('No customer chosen');
    const input = document.querySelector('input[type="tel"]') as HTMLInputElement;
    type(input, '081234567890');
    act(() => button('Check')?.click());
    await flush();
    expect(fake.calls).toEqual([{ user_identifier_type: 'phone', user_identifier_string: '+6281234567890' }]);
    expect(onSet).toHaveBeenCalledWith(expect.objectContaining({ user_code: 'C-001' }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('an invalid phone shows the message and calls nothing', async () => {
    const fake = api(async () => found);
    const notify = vi.fn();
    render(<SetCustomerModalView {...base} customer={null} api={fake} onSet={() => {}} notify={notify} />);
    type(document.querySelector('input[type="tel"]') as HTMLInputElement, '12');
    act(() => button('Check')?.click());
    await flush();
    expect(notify).toHaveBeenCalledWith('error', 'Mohon masukkan nomor handphone yang valid.');
    expect(fake.calls).toEqual([]);
  });

  it("chosen: inputs disabled, 'Change Customer' clears; pos_trx_no_user_edit disables the data fields", async () => {
    const onClear = vi.fn();
    render(
      <SetCustomerModalView
        {...base}
        noUserEdit
        customer={found}
        api={api(async () => found)}
        onSet={() => {}}
        onClear={onClear}
        notify={() => {}}
      />,
    );
    expect((document.querySelector('input[type="tel"]') as HTMLInputElement).disabled).toBe(true);
    expect(button('Check')).toBeUndefined();
    const namaInput = field('Nama');
    expect(namaInput.value).toBe('Ani Wijaya');
    expect(namaInput.disabled).toBe(true);
    act(() => button('Change Customer')?.click());
    await flush();
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('a new customer reads (New Customer) and its name is saved on blur', async () => {
    const onSet = vi.fn();
    const fresh: Customer = {
      user_code: null,
      user_identifier_type: 'email',
      user_identifier_string: 'b@x.id',
    };
    render(
      <SetCustomerModalView
        {...base}
        customer={fresh}
        api={api(async () => found)}
        onSet={onSet}
        notify={() => {}}
      />,
    );
    expect(text()).toContain('(New Customer)');
    const namaInput = field('Nama');
    type(namaInput, 'Bunga');
    act(() => {
      namaInput.focus();
      namaInput.blur();
    });
    expect(onSet).toHaveBeenCalledWith(expect.objectContaining({ user_code: null, user_name: 'Bunga' }));
  });
});
