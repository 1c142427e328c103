// @vitest-environment jsdom
// The frame's screens rendered in jsdom inside a fixed <PosProvider>: what a cashier sees and what a
// tap sends (commands, machine events).
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SEPARATORS,
  type PaymentMethod,
  type PosTransaction,
  posConfigSchema,
  posTransactionSchema,
} from '../../src/domain';
import type { CashierEvent } from '../../src/machines/cashier';
import type { CashierCommands } from '../../src/projections/commands';
import { DEFAULT_DEVICE } from '../../src/ui/app/session-context';
import { type PosContextValue, PosProvider } from '../../src/ui/features/pos/context';
import { Header } from '../../src/ui/features/pos/frame/Header';
import { PaymentArea } from '../../src/ui/features/pos/step3/PaymentArea';
import { Step3 } from '../../src/ui/features/pos/step3/Step3';
import { Step4 } from '../../src/ui/features/pos/step4/Step4';
import { button, cleanup, click, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const cash: PaymentMethod = { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 };
const card: PaymentMethod = { payment_method_name: 'Debit BCA', table_name: 'payment_method', table_id: 2 };

const baseConfig = {
  business_id: 1,
  business_user_id: 7,
  cashier_name: 'Kasir',
  brand_name: 'Serambi',
  payment_method: [cash, card],
  auth_role_accesses: { SHOW_SUBMIT_TRX_BUTTON: 1, PRE_SETTLEMENT: 1, SAVE_TRANSACTION: 1 },
};

const makeTrx = (patch: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({
    local_trx_id: 'trx-0000-00abcdef',
    trx_type: 'NORMAL',
    trx_status_id: 2,
    trx_name: 'Walk In',
    trx_local_start_time: '2026-11-22 09:00:00',
    details: [
      {
        local_trx_detail_id: 'd1',
        itemMeta: {
          pos_item_id: 5,
          item_name: 'Creambath',
          pos_item_variants: [{ pos_item_variant_id: 9, variant_name: 'Std', variant_price: 150000 }],
        },
        pos_item_id: 5,
        pos_item_variant_id: 9,
        qty: 1,
      },
    ],
    drv_grand_total: 150000,
    ...patch,
  });

interface Setup {
  trx?: PosTransaction;
  config?: Record<string, unknown>;
  step?: PosContextValue['cashier']['step'];
  appointment?: boolean;
  submission?: PosContextValue['cashier']['submission'];
  confirmAnswer?: boolean;
}

function setup(s: Setup = {}) {
  const sent: CashierEvent[] = [];
  const status = { paid: 0, charges: 0, remaining: 0, change: 0, hasCash: false };
  const addPayment = vi.fn<CashierCommands['addPayment']>(async () => ({
    ok: true,
    local_payment_id: 'p1',
    status,
  }));
  const removePayment = vi.fn<CashierCommands['removePayment']>(async () => ({ ok: true, status }));
  const confirm = vi.fn(async () => s.confirmAnswer ?? true);
  const notify = vi.fn();
  const commands = { addPayment, removePayment } as Partial<CashierCommands> as CashierCommands;
  const trx = s.trx ?? makeTrx();
  const value: PosContextValue = {
    config: posConfigSchema.parse({ ...baseConfig, ...s.config }),
    device: DEFAULT_DEVICE,
    isTablet: false,
    separators: DEFAULT_SEPARATORS,
    commands,
    trx,
    local_trx_id: trx.local_trx_id,
    cashier: {
      step: s.step ?? 3,
      busy: false,
      appointment: s.appointment ?? false,
      preview: null,
      submission: s.submission ?? { status: 'idle', mode: null, message: null },
      target_trx_id: null,
      send: (event) => sent.push(event),
    },
    api: {} as PosContextValue['api'],
    notify,
    confirm,
    now: () => '2026-11-22 10:00:00',
    host: '',
  };
  return { value, sent, addPayment, removePayment, confirm, notify };
}

describe('payment area', () => {
  it('pre-fills what remains for a chosen method and adds the payment', async () => {
    const t = setup();
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={t.value.trx as PosTransaction} />
      </PosProvider>,
    );
    expect(text()).toContain('Sisa Pembayaran');
    expect(text()).toContain('IDR 150,000');
    expect(text()).toContain('Belum ada pembayaran');
    click(button('Cash'));
    expect(field('Nominal').value).toBe('150,000');
    click(button('Tambah'));
    await flush();
    expect(t.addPayment).toHaveBeenCalledWith({
      local_trx_id: 'trx-0000-00abcdef',
      payment_type: 'NORMAL',
      method: expect.objectContaining({ payment_method_name: 'Cash' }),
      amount: 150000,
      reference: null,
    });
  });

  it('pre-fills the whole rupiah it shows (ruling 22), also for a draft priced before', async () => {
    // the trial's sale: 465,150 under PPN 11 % (tax 51,166.5 before whole rupiah)
    const trial = makeTrx({
      details: [
        {
          local_trx_detail_id: 'd1',
          itemMeta: {
            pos_item_id: 5,
            item_name: 'Keratin',
            pos_item_variants: [{ pos_item_variant_id: 9, variant_name: 'Std', variant_price: 155050 }],
          },
          pos_item_id: 5,
          pos_item_variant_id: 9,
          qty: 3,
        },
      ],
      drv_tax: 51166.5,
      drv_grand_total: 516316.5,
    });
    const t = setup({ trx: trial, config: { tax: { tax_percent: 11, is_included_in_price: 0 } } });
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={trial} />
      </PosProvider>,
    );
    expect(text()).toContain('IDR 516,317');
    click(button('Cash'));
    expect(field('Nominal').value).toBe('516,317');
    click(button('Tambah'));
    await flush();
    expect(t.addPayment).toHaveBeenCalledWith(expect.objectContaining({ amount: 516317 }));
  });

  it('deletes a payment only after the confirmation', async () => {
    const paid = makeTrx({
      payments: [
        { local_payment_id: 'p9', payment_type: 'NORMAL', payment_amount: 200000, payment_method: cash },
      ],
    });
    for (const answer of [false, true]) {
      const t = setup({ trx: paid, confirmAnswer: answer });
      render(
        <PosProvider value={t.value}>
          <PaymentArea trx={paid} />
        </PosProvider>,
      );
      expect(text()).toContain('Uang Kembalian');
      expect(text()).toContain('IDR 50,000');
      const remove = document.querySelector('[aria-label="Hapus pembayaran Cash"]') as HTMLElement;
      click(remove);
      await flush();
      expect(t.confirm).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Pembayaran akan dihapus',
          message: 'Apakah Anda yakin ingin menghapus?',
        }),
      );
      expect(t.removePayment).toHaveBeenCalledTimes(answer ? 1 : 0);
      cleanup();
    }
  });

  it('says when every method is used', () => {
    const full = makeTrx({
      payments: [
        { local_payment_id: 'a', payment_type: 'NORMAL', payment_amount: 100000, payment_method: cash },
        { local_payment_id: 'b', payment_type: 'NORMAL', payment_amount: 50000, payment_method: card },
      ],
    });
    const t = setup({ trx: full });
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={full} />
      </PosProvider>,
    );
    expect(text()).toContain('Seluruh metode pembayaran telah terpakai.');
  });
});

describe('charge preview, credit and Kode Receh', () => {
  const charged: PaymentMethod = {
    payment_method_name: 'Kartu Kredit',
    table_name: 'payment_method',
    table_id: 3,
    is_charge_to_customer: 1,
    charge_percentage: 2,
    charge_value: 1000,
    charge_label: 'Biaya Kartu',
  };
  const customer = {
    user_code: 'C-1',
    user_name: 'Ani',
    user_identifier_type: 'phone',
    user_identifier_string: '+62812',
    deposit_amount: 40000,
  };

  it('the charge of a charged method follows the amount (data-testid="charge-preview"); none for cash', async () => {
    const t = setup({ config: { payment_method: [cash, charged] } });
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={t.value.trx as PosTransaction} />
      </PosProvider>,
    );
    const preview = () => document.querySelector('[data-testid="charge-preview"]')?.textContent;
    click(button('Kartu Kredit'));
    // 150,000 × 2% + 1,000
    expect(preview()).toBe('Biaya Kartu: IDR 4,000');
    type(field('Nominal'), '100000');
    expect(preview()).toBe('Biaya Kartu: IDR 3,000');
    click(button('Cash'));
    expect(preview()).toBeUndefined();
  });

  it("'Gunakan Piutang' with a customer and pos_account_receivable = 1 adds a CREDIT payment with its reference", async () => {
    const piutang = {
      payment_method_name: 'Piutang',
      table_name: 'account_receivable',
      table_id: 1,
      payment_type: 'CREDIT',
    };
    const noCustomer = setup({ config: { pos_account_receivable: 1, payment_method: [cash, piutang] } });
    render(
      <PosProvider value={noCustomer.value}>
        <PaymentArea trx={noCustomer.value.trx as PosTransaction} />
      </PosProvider>,
    );
    expect(text()).not.toContain('Gunakan Piutang');
    cleanup();

    const trx = makeTrx({ customer });
    const t = setup({ trx, config: { pos_account_receivable: 1, payment_method: [cash, piutang] } });
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={trx} />
      </PosProvider>,
    );
    expect(text()).toContain('Gunakan Piutang');
    // Piutang is the form's method, not a method button (docs/decisions.md).
    expect(button('Piutang')).toBeUndefined();
    type(field('Nominal'), '50000');
    type(field('Referensi'), 'NOTA-7');
    click(button('Gunakan'));
    await flush();
    expect(t.addPayment).toHaveBeenCalledWith({
      local_trx_id: trx.local_trx_id,
      payment_type: 'CREDIT',
      method: expect.objectContaining({ payment_method_name: 'Piutang' }),
      amount: 50000,
      reference: 'NOTA-7',
    });
  });

  it("'Kode Receh' shows with use_wallet_security_code = 1 and a deposit form, and is kept on the sale", async () => {
    const trx = makeTrx({ customer });
    const deposit = { subscription_rules: { deposit: 1, coupon: 0, sms_redeem: 0 } };
    const without = setup({ trx, config: deposit });
    render(
      <PosProvider value={without.value}>
        <PaymentArea trx={trx} />
      </PosProvider>,
    );
    expect(text()).toContain('Gunakan Deposit');
    expect(text()).not.toContain('Kode Receh');
    cleanup();

    const t = setup({ trx, config: { ...deposit, use_wallet_security_code: 1 } });
    const setRecehCode = vi.fn<CashierCommands['setRecehCode']>(async () => ({ ok: true }));
    t.value.commands = { ...t.value.commands, setRecehCode };
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={trx} />
      </PosProvider>,
    );
    const receh = field('Kode Receh');
    expect(receh.type).toBe('password');
    type(receh, '123456');
    act(() => {
      receh.focus();
      receh.blur();
    });
    await flush();
    expect(setRecehCode).toHaveBeenCalledWith({ local_trx_id: trx.local_trx_id, receh_code: '123456' });
  });
});

describe('deposit', () => {
  it('uses min(balance, remaining) and refreshes the balance with its messages', async () => {
    const customer = {
      user_code: 'C-1',
      user_name: 'Ani',
      user_identifier_type: 'phone',
      user_identifier_string: '+62812',
      deposit_amount: 40000,
    };
    const trx = makeTrx({ customer });
    const t = setup({ trx, config: { subscription_rules: { deposit: 1, coupon: 0, sms_redeem: 0 } } });
    const customerBalance = vi.fn(async () => ({ deposit_amount: 90000 }));
    t.value.api = { customer: { customerBalance } } as unknown as PosContextValue['api'];
    render(
      <PosProvider value={t.value}>
        <PaymentArea trx={trx} />
      </PosProvider>,
    );
    expect(text()).toContain('Gunakan Deposit');
    expect(text()).toContain('IDR 40,000');
    const amount = document.querySelector('[aria-label="Nominal Deposit"]') as HTMLInputElement;
    expect(amount.value).toBe('40,000');
    click(button('Refresh Saldo'));
    await flush();
    expect(customerBalance).toHaveBeenCalledWith({
      user_identifier_type: 'phone',
      user_identifier_string: '+62812',
    });
    expect(t.notify.mock.calls.map((c) => c[1])).toEqual([
      'Memuat ulang saldo..',
      'Saldo berhasil dimuat ulang',
    ]);
    expect(amount.value).toBe('90,000');
    click(button('Gunakan'));
    await flush();
    expect(t.addPayment).toHaveBeenCalledWith(
      expect.objectContaining({ payment_type: 'DEPOSIT', amount: 90000, local_trx_id: trx.local_trx_id }),
    );
  });
});

describe('step 3 actions', () => {
  it('submits straight away without an NFC need, and gates Pre-Settlement / Selesai', async () => {
    const t = setup();
    render(
      <PosProvider value={t.value}>
        <Step3 />
      </PosProvider>,
    );
    expect(text()).toContain('Notes:');
    click(button('Selesai'));
    click(button('Pre-Settlement'));
    click(button('Kembali'));
    expect(t.sent).toEqual([
      { type: 'submit' },
      { type: 'preview.open', kind: 'pre-settlement' },
      { type: 'step.back' },
    ]);
    cleanup();
    const gated = setup({ config: { auth_role_accesses: {} } });
    render(
      <PosProvider value={gated.value}>
        <Step3 />
      </PosProvider>,
    );
    expect(button('Selesai')).toBeUndefined();
    expect(button('Pre-Settlement')).toBeUndefined();
    expect(button('Order List')).toBeDefined();
  });

  it('opens the NFC modal for a deposit with wallet_use_nfc and submits the scanned code', async () => {
    const trx = makeTrx({
      customer: { user_code: 'C-1', user_name: 'Ani' },
      payments: [
        {
          local_payment_id: 'd',
          payment_type: 'DEPOSIT',
          payment_amount: 150000,
          payment_method: { payment_method_name: 'Deposit', table_name: 'deposit', table_id: 0 },
        },
      ],
    });
    const t = setup({ trx, config: { wallet_use_nfc: 1 } });
    render(
      <PosProvider value={t.value}>
        <Step3 />
      </PosProvider>,
    );
    click(button('Selesai'));
    await flush();
    expect(text()).toContain('Scan kartu sekarang..');
    const press = (key: string) =>
      act(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key }));
      });
    for (const k of '12345') press(k);
    press('Enter');
    expect(t.sent).toEqual([]);
    for (const k of '0412ABCD99') press(k);
    press('Enter');
    expect(t.sent).toEqual([{ type: 'submit', nfc_code: '0412ABCD99' }]);
  });
});

describe('step 4', () => {
  it('shows the change, the done text and the submission dialog; goes back to the lists', () => {
    const trx = makeTrx({
      trx_status_id: 3,
      payments: [
        { local_payment_id: 'p', payment_type: 'NORMAL', payment_amount: 200000, payment_method: cash },
      ],
    });
    const t = setup({
      trx,
      step: 4,
      submission: {
        status: 'succeeded',
        mode: 'offline',
        message: 'Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.',
      },
    });
    render(
      <PosProvider value={t.value}>
        <Step4 />
      </PosProvider>,
    );
    expect(text()).toContain('Uang Kembalian');
    expect(text()).toContain('IDR 50,000');
    expect(text()).toContain('Transaksi berhasil dilakukan!');
    expect(text()).toContain('Transaksi Sukses! Transaksi telah berhasil dilakukan secara offline.');
    click(button('OK'));
    click(button('Kembali ke Daftar Transaksi'));
    expect(t.sent).toEqual([{ type: 'submission.dismiss' }, { type: 'done' }]);
  });
});

describe('header', () => {
  it('titles an appointment "Appointment Sales" without Simpan / Hapus', () => {
    const t = setup({ step: 2, appointment: true });
    render(
      <PosProvider value={t.value}>
        <Header />
      </PosProvider>,
    );
    expect(text()).toContain('Appointment Sales');
    expect(button('Simpan')).toBeUndefined();
    expect(button('Hapus')).toBeUndefined();
  });

  it('archives and deletes the current transaction; Simpan needs SAVE_TRANSACTION', () => {
    const t = setup({ step: 3 });
    render(
      <PosProvider value={t.value}>
        <Header />
      </PosProvider>,
    );
    expect(text()).toContain('Sistem Kasir');
    expect(text()).toContain('ABCDEF - Walk In');
    click(button('Simpan'));
    click(button('Hapus'));
    expect(t.sent).toEqual([{ type: 'trx.archive' }, { type: 'trx.delete' }]);
    cleanup();
    const gated = setup({ step: 2, config: { auth_role_accesses: {} } });
    render(
      <PosProvider value={gated.value}>
        <Header />
      </PosProvider>,
    );
    expect(button('Simpan')).toBeUndefined();
    expect(button('Hapus')).toBeDefined();
  });
});
