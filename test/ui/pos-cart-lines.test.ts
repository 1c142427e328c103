import { describe, expect, it } from 'vitest';
import {
  type PosTransaction,
  posTransactionSchema,
  priceTransaction,
  type TrxDetailInput,
} from '../../src/domain';
import {
  cartRows,
  packageLineText,
  receivableLines,
  summaryRows,
} from '../../src/ui/features/pos/cart/lines';

const worker = (id: number, firstname: string, lastname = '') => ({
  business_commission_worker_id: id,
  firstname,
  lastname,
});

const line = (id: string, extra: Partial<TrxDetailInput> = {}): TrxDetailInput => ({
  local_trx_detail_id: id,
  pos_item_id: 1,
  pos_item_variant_id: 11,
  qty: 2,
  itemMeta: {
    pos_item_id: 1,
    item_name: 'Potong Rambut',
    pos_item_variants: [{ pos_item_variant_id: 11, variant_name: 'Pendek', variant_price: 50000 }],
  },
  ...extra,
});

const trxOf = (details: TrxDetailInput[], extra: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({
    local_trx_id: 'aaaa-bbbb-ccc123',
    trx_local_start_time: '2026-01-01 10:00:00',
    details,
    ...extra,
  });

const wording = { multiCommission: false, showSecretNotes: true };

describe('cart rows', () => {
  it('shows name, xqty, the line total and the sub-lines in order', () => {
    const trx = trxOf([
      line('l1', {
        pos_item_pos_item_modifiers: [
          {
            modifier_name: 'Vitamin',
            pos_item_modifier_options: [{ option_name: 'Serum', option_price: 10000 }],
          },
        ],
        custom_discount_type: 'percentage',
        custom_discount_value: 10,
        notes: 'pelan',
        secret_notes: 'VIP',
        commission_worker: worker(1, 'Sari', 'Dewi'),
        item_sellers: [{ ...worker(2, 'Budi'), percentage: 100 }],
        service_area: { pos_area_id: 3, area_name: 'Kursi 1' },
      }),
    ]);
    const totals = priceTransaction(trx, {});
    const [row] = cartRows(trx, totals, wording);
    expect(row).toMatchObject({ name: 'Potong Rambut', qtyText: 'x2', subtotalText: '108,000' });
    expect(row.subLines).toEqual([
      'Pendek @ (50,000)',
      'Vitamin: Serum @ (10,000)',
      'C. Disc 10% (-12,000)',
      'Notes: pelan',
      'S. Notes: VIP',
      'Handled by Sari Dewi',
      'Sold by Budi',
      'Service Area: Kursi 1',
    ]);
  });

  it("hides 'S. Notes' unless secret_notes = 1 and words defined discounts by name or 'Discount'", () => {
    const trx = trxOf([
      line('l1', {
        secret_notes: 'VIP',
        pos_item_discounts: [
          {
            pos_item_discount_id: 1,
            discount_type: 'req-item',
            deduction_type: 'percentage',
            deduction_value: 10,
          },
        ],
      }),
    ]);
    const [row] = cartRows(trx, priceTransaction(trx, {}), { ...wording, showSecretNotes: false });
    expect(row.subLines).toEqual(['Pendek @ (50,000)', 'Discount (-10,000)']);
  });

  it("multi-commission shows ' - P%' per worker; several sellers show their shares", () => {
    const trx = trxOf([
      line('l1', {
        commission_workers: [
          { commission_worker: worker(1, 'Sari'), percentage: 50 },
          { commission_worker: worker(2, 'Rina'), percentage: 50 },
        ],
        item_sellers: [
          { ...worker(3, 'Budi'), percentage: 50 },
          { ...worker(4, 'Tono'), percentage: 50 },
        ],
      }),
    ]);
    const [row] = cartRows(trx, priceTransaction(trx, {}), { ...wording, multiCommission: true });
    expect(row.subLines).toContain('Handled by Sari - 50%, Rina - 50%');
    expect(row.subLines).toContain('Sold by Budi - 50%, Tono - 50%');
  });
});

describe('package lines', () => {
  it("'--- x{qty} {name} ({variant}) (By worker - P%) (Service Area - area)'; the variant only with several", () => {
    const detail = {
      item_name: 'Lulur',
      qty: 1,
      pos_item_package_detail_variants: [
        { variant_name: '60 menit', is_chosen: 0 },
        { variant_name: '90 menit', is_chosen: 1 },
      ],
      commission_workers: [{ commission_worker: worker(1, 'Sari'), percentage: 100 }],
      service_area: { pos_area_id: 1, area_name: 'Room A' },
    };
    expect(packageLineText(detail, { multiCommission: true })).toBe(
      '--- x1 Lulur (90 menit) (By Sari - 100%) (Service Area - Room A)',
    );
    expect(
      packageLineText(
        {
          item_name: 'Pijat',
          qty: 2,
          pos_item_package_detail_variants: [{ variant_name: 'Only', is_chosen: true }],
          business_commission_worker: worker(2, 'Rina'),
        },
        { multiCommission: false },
      ),
    ).toBe('--- x2 Pijat (By Rina)');
  });
});

describe('summary', () => {
  it("lists Subtotal, the removable promo discount, tax and TOTAL from the domain's totals", () => {
    const trx = trxOf([line('l1')], {
      discounts: [
        {
          pos_item_discount_id: 5,
          discount_name: 'Promo Akhir Tahun',
          discount_type: 'basic',
          deduction_type: 'percentage',
          deduction_value: 10,
        },
      ],
    });
    const config = { tax: { tax_percent: 11, is_included_in_price: 0 } };
    const rows = summaryRows(trx, priceTransaction(trx, config), config);
    expect(rows).toEqual([
      { kind: 'amount', label: 'Subtotal', value: '100,000' },
      { kind: 'discount', label: 'Promo Akhir Tahun', value: '-10,000', removable: 'global' },
      { kind: 'amount', label: 'Tax (11%)', value: '9,900' },
      { kind: 'amount', label: 'TOTAL', value: '99,900', strong: true },
    ]);
  });

  it('a member discount is removable as member', () => {
    const trx = trxOf([line('l1')], {
      customer: { user_code: 'U1', user_name: 'Ani', discount_level: { reward_value: 5 } },
    });
    const rows = summaryRows(trx, priceTransaction(trx, {}), {});
    expect(rows[1]).toEqual({
      kind: 'discount',
      label: 'Member Discount - 5%',
      value: '-5,000',
      removable: 'member',
    });
  });

  it('a receivable payment shows the paid transaction', () => {
    expect(
      receivableLines({
        account_receivable: {
          local_trx_id: 'x-abcdef',
          trx_id: 'TRX-9',
          trx_time: '2026-01-01 10:00',
          drv_balance: 5,
        },
      }),
    ).toEqual(['Transaksi ABCDEF', 'TRX-9', '2026-01-01 10:00']);
  });
});
