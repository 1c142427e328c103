// @vitest-environment jsdom
// The cashier dialogs rendered in jsdom: what a cashier sees, what Apply / Save / Otorisasi send.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import type { PosItemDiscount } from '../../src/domain';
import { AuthorizationModalView } from '../../src/ui/features/pos/dialogs/AuthorizationModal';
import { GlobalDiscountDialogView } from '../../src/ui/features/pos/dialogs/GlobalDiscountDialog';
import { discountTypeOptions } from '../../src/ui/features/pos/dialogs/global-discount-form';
import { NotesDialogView } from '../../src/ui/features/pos/dialogs/NotesDialog';
import { StockOutModalView } from '../../src/ui/features/pos/dialogs/StockOutModal';
import { TrxMetaPanelView } from '../../src/ui/features/pos/dialogs/TrxMetaPanelView';
import { button, cleanup, click, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const SEP = { decimalSeparator: '.', thousandSeparator: ',' };
const promo: PosItemDiscount = {
  pos_item_discount_id: 7,
  discount_name: 'Promo Akhir Pekan',
  discount_type: 'basic',
  deduction_type: 'percentage',
  deduction_value: 10,
  max_deduction_value: 50000,
};
const all = discountTypeOptions({ ALLOW_PROMO: true, DISCOUNT_TRANSACTION: true }, 'IDR');

describe('GlobalDiscountDialogView', () => {
  const view = (props: Partial<Parameters<typeof GlobalDiscountDialogView>[0]> = {}) => {
    const onApply = vi.fn(async () => null);
    const notify = vi.fn();
    const onClose = vi.fn();
    render(
      <GlobalDiscountDialogView
        opened
        onClose={onClose}
        types={all}
        promos={[promo]}
        states={null}
        currency="IDR"
        separators={SEP}
        onApply={onApply}
        notify={notify}
        {...props}
      />,
    );
    return { onApply, notify, onClose };
  };

  it("lists the types, 'Pilih Promo' with the promo's label; Apply without a choice says so", async () => {
    const { onApply, notify } = view();
    expect(text()).toContain('Persentase (%)');
    expect(text()).toContain('Nominal (IDR)');
    expect(text()).toContain('Pilih Promo');
    expect(text()).toContain('Disc 10%, Max. 50,000 IDR.');
    click(button('Apply'));
    await flush();
    expect(notify).toHaveBeenCalledWith('error', 'Silakan pilih promo terlebih dahulu.');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('a member discount outranks the promo: the dialog says so, and Apply says it instead of success (issue 10)', async () => {
    const { onApply, notify, onClose } = view({ outranked: { source: 'member', percent: 10 } });
    expect(text()).toContain(
      'Member Discount 10% berlaku untuk transaksi ini dan didahulukan: diskon yang dipilih di sini disimpan, tetapi tidak dipakai.',
    );
    click(
      [...document.querySelectorAll('[role="radio"]')].find((r) =>
        r.textContent?.includes('Promo Akhir Pekan'),
      ) as HTMLElement,
    );
    click(button('Apply'));
    await flush();
    expect(onApply).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith(
      'warning',
      'Diskon disimpan, tetapi tidak dipakai: Member Discount 10% didahulukan.',
    );
    expect(notify).not.toHaveBeenCalledWith('success', 'Discount successfully applied!');
    expect(onClose).toHaveBeenCalled();
  });

  it("'No valid promo.' when none is valid", () => {
    view({ promos: [] });
    expect(text()).toContain('No valid promo.');
  });

  it("a chosen promo is applied: 'Discount successfully applied!' and the dialog closes", async () => {
    const { onApply, notify, onClose } = view();
    click(
      [...document.querySelectorAll('[role="radio"]')].find((r) =>
        r.textContent?.includes('Promo Akhir Pekan'),
      ) as HTMLElement,
    );
    click(button('Apply'));
    await flush();
    expect(onApply).toHaveBeenCalledWith({ type: 'promo', promo });
    expect(notify).toHaveBeenCalledWith('success', 'Discount successfully applied!');
    expect(onClose).toHaveBeenCalled();
  });

  it('nominal: typed amount formatted, applied as value; a command refusal is shown and keeps it open', async () => {
    const onApply = vi.fn(async () => 'Transaksi tidak ditemukan');
    const { notify, onClose } = view({ states: { globalDiscountType: 'value' }, onApply });
    const input = field('Nominal (IDR)');
    type(input, '25000');
    expect(input.value).toBe('25,000');
    click(button('Apply'));
    await flush();
    expect(onApply).toHaveBeenCalledWith({ type: 'value', nominal: 25000, nominalText: '25,000' });
    expect(notify).toHaveBeenCalledWith('error', 'Transaksi tidak ditemukan');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('percentage empty: the percentage message', async () => {
    const { notify } = view({
      types: discountTypeOptions({ ALLOW_PROMO: false, DISCOUNT_TRANSACTION: true }, 'IDR'),
    });
    expect(text()).not.toContain('Pilih Promo');
    click(button('Apply'));
    await flush();
    expect(notify).toHaveBeenCalledWith('error', 'Silakan masukkan persentase diskon terlebih dahulu.');
  });
});

describe('AuthorizationModalView', () => {
  const view = (
    validatePin: (p: string) => Promise<unknown>,
    kind: 'deletion' | 'qty-reduction' = 'deletion',
  ) => {
    const onAuthorized = vi.fn();
    render(
      <AuthorizationModalView
        opened
        title={kind === 'deletion' ? 'Otorisasi Hapus Item' : 'Otorisasi Pengubahan Qty Item'}
        kind={kind}
        api={{
          validatePin: async (p) => {
            await validatePin(p);
            return { business_user_id: 2, supervisor_name: 'Spv', validated_at: '2026-11-22 10:00:00' };
          },
        }}
        onAuthorized={onAuthorized}
        onCancel={() => {}}
      />,
    );
    return { onAuthorized };
  };

  it('masked password; blank fields give the messages; the server refusal is shown', async () => {
    const { onAuthorized } = view(async () => {
      throw new ApiError({
        kind: 'http',
        status: 400,
        statusText: 'Bad Request',
        message: 'Password salah.',
      });
    });
    expect(text()).toContain('Otorisasi Hapus Item');
    expect(field('Password').type).toBe('password');
    click(button('Otorisasi'));
    await flush();
    expect(text()).toContain('Password harus diisi!');
    type(field('Password'), 'salah');
    click(button('Otorisasi'));
    await flush();
    expect(text()).toContain('Alasan penghapusan harus diisi!');
    type(field('Alasan Penghapusan'), 'Salah input');
    click(button('Otorisasi'));
    await flush();
    expect(text()).toContain('Password salah.');
    expect(onAuthorized).not.toHaveBeenCalled();
  });

  it('qty reduction: its reason label and message; a verified password authorizes', async () => {
    const seen: string[] = [];
    const { onAuthorized } = view(async (p) => {
      seen.push(p);
    }, 'qty-reduction');
    type(field('Password'), 'spv123');
    click(button('Otorisasi'));
    await flush();
    expect(text()).toContain('Alasan pengurangan qty harus diisi!');
    type(field('Alasan Pengurangan Qty'), 'Pelanggan batal satu');
    click(button('Otorisasi'));
    await flush();
    expect(seen).toEqual(['spv123']);
    // the supervisor the password belongs to is kept with the authorization (issue 15: the auditor's replay)
    expect(onAuthorized).toHaveBeenCalledWith({
      password: 'spv123',
      reason: 'Pelanggan batal satu',
      verified: true,
      supervisor: { business_user_id: 2, supervisor_name: 'Spv', validated_at: '2026-11-22 10:00:00' },
    });
  });
});

describe('NotesDialogView and StockOutModalView', () => {
  it("saves the notes: 'Transaction notes successfully saved!'", async () => {
    const onSave = vi.fn(async () => null);
    const notify = vi.fn();
    render(<NotesDialogView opened onClose={() => {}} notes="lama" onSave={onSave} notify={notify} />);
    const area = document.querySelector('textarea') as HTMLTextAreaElement;
    expect(area.value).toBe('lama');
    type(area, 'Minta handuk tambahan');
    click(button('Save'));
    await flush();
    expect(onSave).toHaveBeenCalledWith('Minta handuk tambahan');
    expect(notify).toHaveBeenCalledWith('success', 'Transaction notes successfully saved!');
  });

  it("'Stok Barang Keluar': Sales, Consumptions, Ingredients; the answer is kept; the link", async () => {
    const data = {
      sales: [{ item_name: 'Shampoo', variant_name: '250ml', qty: 2, unit_name: 'btl' }],
      consumptions: [],
      ingredients: [{ item_name: 'Minyak Zaitun', variant_name: null, qty: 1.5, unit_name: 'ml' }],
    };
    const onLoaded = vi.fn();
    const onCreate = vi.fn();
    render(
      <StockOutModalView
        localTrxId="trx-1"
        onClose={() => {}}
        api={{ inventoryOut: async () => data }}
        qtyDecimalLength={1}
        onLoaded={onLoaded}
        onCreateStockOut={onCreate}
      />,
    );
    await flush();
    for (const t of [
      'Stok Barang Keluar',
      'Sales',
      'Consumptions',
      'Ingredients',
      'Shampoo',
      '250ml',
      'Minyak Zaitun',
      '1.5',
    ])
      expect(text()).toContain(t);
    expect(onLoaded).toHaveBeenCalledWith('trx-1', data);
    click(button('+ Inventory - Stok Keluar'));
    expect(onCreate).toHaveBeenCalledWith('trx-1');
  });
});

describe('TrxMetaPanelView', () => {
  it('label saved on blur; sections follow the flags', () => {
    const onLabel = vi.fn();
    render(
      <TrxMetaPanelView
        sections={{ documentDate: false, serviceArea: false, tags: [] }}
        trx={{ trx_label: null }}
        onLabel={onLabel}
        onDocumentDate={() => {}}
        onTags={() => {}}
      />,
    );
    expect(text()).toContain('Label Transaksi');
    expect(text()).not.toContain('Tags');
    expect(text()).not.toContain('Doc. Date');
    const input = field('Label Transaksi');
    type(input, 'Meja 4');
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(onLabel).toHaveBeenCalledWith('Meja 4');
  });
  it('document date and tags when enabled', () => {
    render(
      <TrxMetaPanelView
        sections={{
          documentDate: true,
          serviceArea: true,
          tags: [{ pos_tag_id: 1, pos_tag_name: 'VIP', usage_scope: 'ALL' }],
        }}
        trx={{ trx_label: 'x', document_date: '2026-11-22 09:05', tags: [1] }}
        onLabel={() => {}}
        onDocumentDate={() => {}}
        onTags={() => {}}
        serviceArea={<div>AREA-SLOT</div>}
      />,
    );
    expect(text()).toContain('Doc. Date');
    expect(text()).toContain('2026-11-22 09:05');
    expect(text()).toContain('Tags');
    expect(text()).toContain('AREA-SLOT');
  });
});
