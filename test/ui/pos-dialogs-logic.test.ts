import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http';
import type { Area, AreaCategory, PosItemDiscount } from '../../src/domain';
import { verifyAuthorization } from '../../src/ui/features/pos/dialogs/authorization';
import {
  canOpenGlobalDiscount,
  discountTypeOptions,
  initialForm,
  promoOptions,
  switchType,
  toCommandInput,
} from '../../src/ui/features/pos/dialogs/global-discount-form';
import { serviceAreaGroups, toServiceArea } from '../../src/ui/features/pos/dialogs/service-areas';
import { createDialogsStore } from '../../src/ui/features/pos/dialogs/store';
import {
  fromDocumentDate,
  toDocumentDate,
  trxMetaSections,
} from '../../src/ui/features/pos/dialogs/trx-meta';

const areas: Area[] = [
  { pos_area_id: 1, area_name: 'Kamar 1', pos_areaCategory_id: 10 },
  { pos_area_id: 2, area_name: 'Kamar 2', pos_areaCategory_id: 10 },
  { pos_area_id: 3, area_name: 'Kursi A', pos_areaCategory_id: 20 },
  { pos_area_id: 4, area_name: 'Teras', pos_areaCategory_id: null },
  { pos_area_id: 5, area_name: 'Gudang', pos_areaCategory_id: 99 },
];
const categories: AreaCategory[] = [
  { pos_areaCategory_id: 20, areaCategory_name: 'Salon' },
  { pos_areaCategory_id: 10, areaCategory_name: 'Spa' },
];

describe('service areas', () => {
  it("groups by category in the configuration's order, 'Lainnya' last, marks '(OCCUPIED)'", () => {
    expect(serviceAreaGroups(areas, categories, new Set([2]))).toEqual([
      { group: 'Salon', items: [{ value: '3', label: 'Kursi A', occupied: false }] },
      {
        group: 'Spa',
        items: [
          { value: '1', label: 'Kamar 1', occupied: false },
          { value: '2', label: 'Kamar 2 (OCCUPIED)', occupied: true },
        ],
      },
      {
        group: 'Lainnya',
        items: [
          { value: '4', label: 'Teras', occupied: false },
          { value: '5', label: 'Gudang', occupied: false },
        ],
      },
    ]);
  });
  it('stores the chosen area with its category name (Lainnya for none)', () => {
    expect(toServiceArea('3', areas, categories)).toMatchObject({
      pos_area_id: 3,
      areaCategory_name: 'Salon',
    });
    expect(toServiceArea(4, areas, categories)).toMatchObject({
      pos_areaCategory_id: 0,
      areaCategory_name: 'Lainnya',
    });
    expect(toServiceArea(null, areas, categories)).toBeNull();
  });
});

const basic = (id: number, extra: Partial<PosItemDiscount> = {}): PosItemDiscount => ({
  pos_item_discount_id: id,
  discount_name: `Promo ${id}`,
  discount_type: 'basic',
  deduction_type: 'percentage',
  deduction_value: 10,
  max_deduction_value: null,
  availability_type: 'all_day',
  ...extra,
});

describe('global discount dialog', () => {
  it('types follow ALLOW_PROMO and DISCOUNT_TRANSACTION', () => {
    expect(
      discountTypeOptions({ ALLOW_PROMO: true, DISCOUNT_TRANSACTION: true }, 'IDR').map((o) => o.label),
    ).toEqual(['Promo', 'Persentase (%)', 'Nominal (IDR)']);
    expect(
      discountTypeOptions({ ALLOW_PROMO: false, DISCOUNT_TRANSACTION: true }, 'IDR').map((o) => o.value),
    ).toEqual(['percentage', 'value']);
    expect(
      discountTypeOptions({ ALLOW_PROMO: true, DISCOUNT_TRANSACTION: false }, 'IDR').map((o) => o.value),
    ).toEqual(['promo']);
    expect(
      canOpenGlobalDiscount({
        ALLOW_PROMO: true,
        DISCOUNT_TRANSACTION: false,
        pos_discount_on_transaction: false,
      }),
    ).toBe(false);
    expect(
      canOpenGlobalDiscount({
        ALLOW_PROMO: false,
        DISCOUNT_TRANSACTION: true,
        pos_discount_on_transaction: true,
      }),
    ).toBe(true);
    expect(
      canOpenGlobalDiscount({
        ALLOW_PROMO: false,
        DISCOUNT_TRANSACTION: false,
        pos_discount_on_transaction: true,
      }),
    ).toBe(false);
  });
  it('opens on the allowed type of the transaction, else the first allowed', () => {
    const all = discountTypeOptions({ ALLOW_PROMO: true, DISCOUNT_TRANSACTION: true }, 'IDR');
    const noPromo = discountTypeOptions({ ALLOW_PROMO: false, DISCOUNT_TRANSACTION: true }, 'IDR');
    const states = { globalDiscountType: 'promo' as const, globalDiscountItemId: 7 };
    expect(initialForm(states, all)).toMatchObject({ type: 'promo', promoId: 7 });
    expect(initialForm(states, noPromo)).toMatchObject({ type: 'percentage', promoId: null, percent: '' });
    expect(initialForm({ globalDiscountType: 'percentage', globalDiscountPercent: 12.5 }, all)).toMatchObject(
      { percent: 12.5 },
    );
    expect(initialForm(null, [])).toMatchObject({ type: null });
  });
  it('switching type clears the other fields as §4 says', () => {
    const f = {
      type: 'value' as const,
      promoId: 3,
      percent: 5 as number | '',
      nominal: 1000,
      nominalText: '1,000',
    };
    expect(switchType(f, 'promo')).toEqual({
      type: 'promo',
      promoId: 3,
      percent: '',
      nominal: 0,
      nominalText: '',
    });
    expect(switchType(f, 'percentage')).toEqual({
      type: 'percentage',
      promoId: null,
      percent: 5,
      nominal: 0,
      nominalText: '',
    });
    expect(switchType(f, 'value')).toEqual({
      type: 'value',
      promoId: null,
      percent: '',
      nominal: 1000,
      nominalText: '1,000',
    });
  });
  it("the four messages, then the command's input", () => {
    const promos = [basic(7)];
    const empty = { promoId: null, percent: '' as const, nominal: 0, nominalText: '' };
    expect(toCommandInput({ ...empty, type: null }, promos)).toEqual({
      ok: false,
      message: 'Silakan pilih jenis diskon terlebih dahulu.',
    });
    expect(toCommandInput({ ...empty, type: 'promo' }, promos)).toEqual({
      ok: false,
      message: 'Silakan pilih promo terlebih dahulu.',
    });
    expect(toCommandInput({ ...empty, type: 'percentage' }, promos)).toEqual({
      ok: false,
      message: 'Silakan masukkan persentase diskon terlebih dahulu.',
    });
    expect(toCommandInput({ ...empty, type: 'value' }, promos)).toEqual({
      ok: false,
      message: 'Silakan masukkan nominal diskon terlebih dahulu.',
    });
    expect(toCommandInput({ ...empty, type: 'promo', promoId: 7 }, promos)).toEqual({
      ok: true,
      input: { type: 'promo', promo: promos[0] },
    });
    expect(toCommandInput({ ...empty, type: 'percentage', percent: 12.345 }, promos)).toEqual({
      ok: true,
      input: { type: 'percentage', percent: 12.34 },
    });
    expect(
      toCommandInput({ ...empty, type: 'value', nominal: 25000, nominalText: '25,000' }, promos),
    ).toEqual({
      ok: true,
      input: { type: 'value', nominal: 25000, nominalText: '25,000' },
    });
  });
  it("'Pilih Promo' lists only valid basic promos, the server's list merged by id", () => {
    const expired = basic(2, { end_date: '2026-01-01' });
    const reqItem = basic(3, { discount_type: 'req-item' });
    const got = promoOptions([basic(1), expired, reqItem], [basic(4), basic(1, { discount_name: 'Baru' })], {
      now: '2026-11-22 10:00:00',
    });
    expect(got.map((d) => [d.pos_item_discount_id, d.discount_name])).toEqual([
      [1, 'Baru'],
      [4, 'Promo 4'],
    ]);
  });
});

describe('authorization', () => {
  const api = (fail?: string) => {
    const calls: string[] = [];
    return {
      calls,
      validatePin: async (p: string) => {
        calls.push(p);
        if (fail) throw new ApiError({ kind: 'http', status: 400, statusText: 'Bad Request', message: fail });
        return { business_user_id: 9, supervisor_name: 'Supervisor', validated_at: '2026-11-22 10:00:00' };
      },
    };
  };
  it('blank fields refused without a call, with the kind’s message', async () => {
    const a = api();
    expect(await verifyAuthorization(a, { password: '', reason: 'x', kind: 'deletion' })).toEqual({
      ok: false,
      message: 'Password harus diisi!',
    });
    expect(await verifyAuthorization(a, { password: 'p', reason: ' ', kind: 'qty-reduction' })).toEqual({
      ok: false,
      message: 'Alasan pengurangan qty harus diisi!',
    });
    expect(await verifyAuthorization(a, { password: 'p', reason: '', kind: 'deletion' })).toEqual({
      ok: false,
      message: 'Alasan penghapusan harus diisi!',
    });
    expect(a.calls).toEqual([]);
  });
  it("the server's refusal is shown; a pass gives a verified authorization", async () => {
    expect(
      await verifyAuthorization(api('Password salah.'), { password: 'x', reason: 'r', kind: 'deletion' }),
    ).toEqual({
      ok: false,
      message: 'Password salah.',
    });
    const ok = api();
    expect(
      await verifyAuthorization(ok, { password: 'spv', reason: ' salah input ', kind: 'deletion' }),
    ).toEqual({
      ok: true,
      authorization: {
        password: 'spv',
        reason: 'salah input',
        verified: true,
        // who the password belongs to, for the deletion's event (issue 15)
        supervisor: {
          business_user_id: 9,
          supervisor_name: 'Supervisor',
          validated_at: '2026-11-22 10:00:00',
        },
      },
    });
    expect(ok.calls).toEqual(['spv']);
  });
});

describe('transaction fields of the right panel', () => {
  const tags = [
    { pos_tag_id: 1, pos_tag_name: 'VIP', usage_scope: 'TRANSACTION' },
    { pos_tag_id: 2, pos_tag_name: 'Alergi', usage_scope: 'ITEM' },
    { pos_tag_id: 3, pos_tag_name: 'Promo', usage_scope: 'all' },
  ];
  it('document date, service area (sales, scheme on, type transaction) and transaction tags', () => {
    const config = {
      is_document_date_editable: 1,
      is_service_area_scheme: 1,
      service_area_type: 'transaction',
      tags,
    };
    expect(trxMetaSections(config, { trx_type: 'NORMAL' })).toEqual({
      documentDate: true,
      serviceArea: true,
      tags: [tags[0], tags[2]],
    });
    expect(trxMetaSections(config, { trx_type: 'COUPON_SALES' }).serviceArea).toBe(false);
    expect(
      trxMetaSections({ ...config, service_area_type: 'item' }, { trx_type: 'NORMAL' }).serviceArea,
    ).toBe(false);
    expect(trxMetaSections({ tags: [tags[1]] }, null)).toEqual({
      documentDate: false,
      serviceArea: false,
      tags: [],
    });
  });
  it('document date as YYYY-MM-DD HH:mm', () => {
    expect(toDocumentDate('2026-11-22 09:05:00')).toBe('2026-11-22 09:05');
    expect(toDocumentDate('2026-11-22T09:05')).toBe('2026-11-22 09:05');
    expect(toDocumentDate(null)).toBeNull();
    expect(fromDocumentDate('2026-11-22 09:05')).toBe('2026-11-22 09:05:00');
  });
});

describe('dialogs store', () => {
  const auth = { password: 'spv', reason: 'salah', verified: true as const };
  it('authorize opens the modal with its title and resolves with what the modal settles', async () => {
    const store = createDialogsStore();
    const pending = store.authorize({ kind: 'deletion', title: 'Otorisasi Hapus Transaksi' });
    expect(store.get().authorization).toMatchObject({ kind: 'deletion', title: 'Otorisasi Hapus Transaksi' });
    store.settleAuthorization(auth);
    await expect(pending).resolves.toEqual(auth);
    expect(store.get().authorization).toBeNull();
  });
  it('default titles by kind; a second request cancels the first (null)', async () => {
    const store = createDialogsStore();
    const first = store.authorize({ kind: 'qty-reduction' });
    expect(store.get().authorization?.title).toBe('Otorisasi Pengubahan Qty Item');
    const second = store.authorize({ kind: 'deletion' });
    await expect(first).resolves.toBeNull();
    expect(store.get().authorization?.title).toBe('Otorisasi Hapus Item');
    store.settleAuthorization(null);
    await expect(second).resolves.toBeNull();
  });
  it('opens and closes each dialog and tells subscribers', () => {
    const store = createDialogsStore();
    let calls = 0;
    const stop = store.subscribe(() => {
      calls++;
    });
    store.openNotes();
    store.openStockOut('abc');
    expect(store.get()).toMatchObject({ notes: true, stockOut: 'abc', setCustomer: false });
    store.close('stockOut');
    store.close('notes');
    expect(store.get()).toMatchObject({ notes: false, stockOut: null });
    stop();
    store.openJournal();
    expect(calls).toBe(4);
  });
});

describe('Set Customer auto-open (is_user_id_required = 1)', () => {
  it('opens once per transaction', () => {
    const store = createDialogsStore();
    expect(store.autoOpenSetCustomer('a')).toBe(true);
    expect(store.get().setCustomer).toBe(true);
    store.close('setCustomer');
    expect(store.autoOpenSetCustomer('a')).toBe(false);
    expect(store.get().setCustomer).toBe(false);
    expect(store.autoOpenSetCustomer('b')).toBe(true);
  });
});
