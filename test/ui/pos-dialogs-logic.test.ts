import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http';
import type { Area, AreaCategory, PosItemDiscount } from '../../src/domain';
import { verifyAuthorization } from '../../src/ui/features/pos/dialogs/authorization';
import { readInventoryOut } from '../../src/ui/features/pos/dialogs/dialogs-api';
import {
  canOpenGlobalDiscount,
  discountTypeOptions,
  initialForm,
  promoOptions,
  switchType,
  toCommandInput,
} from '../../src/ui/features/pos/dialogs/global-discount-form';
import {
  occupiedAreaIds,
  serviceAreaGroups,
  toServiceArea,
} from '../../src/ui/features/pos/dialogs/service-areas';

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
  it('occupied: areas of other open transactions (trx, lines, package details), not own, not completed', () => {
    const ids = occupiedAreaIds(
      [
        { local_trx_id: 'me', trx_status_id: 2, service_area: { pos_area_id: 1 } },
        { local_trx_id: 'a', trx_status_id: 2, details: [{ service_area: { pos_area_id: 2 } }] },
        {
          local_trx_id: 'b',
          trx_status_id: null,
          details: [{ service_area: null, pos_item_package_details: [{ service_area: { pos_area_id: 3 } }] }],
        },
        { local_trx_id: 'c', trx_status_id: 3, service_area: { pos_area_id: 4 } },
        { local_trx_id: 'd', trx_status_id: 1, service_area: { pos_area_id: 5 } },
        { local_trx_id: 'e', trx_status_id: 2, service_area: { pos_area_id: 0 } },
      ],
      'me',
    );
    expect([...ids].sort()).toEqual([2, 3]);
  });
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
      authorization: { password: 'spv', reason: 'salah input', verified: true },
    });
    expect(ok.calls).toEqual(['spv']);
  });
});

describe('inventory-out answer', () => {
  it('reads sales, consumptions (or stock_outs) and ingredients', () => {
    expect(
      readInventoryOut({
        sales: [{ item_name: 'Shampoo', variant_name: '250ml', qty: '2', unit_name: 'btl' }],
        stock_outs: [{ item_name: 'Masker', qty: 1 }],
      }),
    ).toEqual({
      sales: [{ item_name: 'Shampoo', variant_name: '250ml', qty: 2, unit_name: 'btl' }],
      consumptions: [{ item_name: 'Masker', variant_name: null, qty: 1, unit_name: null }],
      ingredients: [],
    });
    expect(readInventoryOut(null)).toEqual({ sales: [], consumptions: [], ingredients: [] });
  });
});
