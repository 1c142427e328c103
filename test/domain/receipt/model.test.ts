import { describe, expect, it } from 'vitest';
import { buildReceipt, receiptConfig, receiptMode } from '../../../src/domain/receipt';
import { printConfig, receiptLine, sale } from './fixtures';

const labels = (rows: { label: string; value: string }[]) => rows.map((r) => `${r.label}=${r.value}`);
const legit = receiptMode('print');

describe('DETAILED template', () => {
  const r = buildReceipt(sale(), printConfig(), { mode: legit });

  it('splits a sale into SERVICES and ITEMS (RETAIL) with gross prices and section totals', () => {
    expect(r.sections.map((s) => s.title)).toEqual(['SERVICES', 'ITEMS (RETAIL)']);
    expect(r.sections[0].items.map((i) => [i.name, i.qty, i.amount])).toEqual([
      ['Haircut', 'x1', '150,000'],
      ['Manicure', 'x1', '80,000'],
    ]);
    expect(r.sections[1].items.map((i) => [i.name, i.qty, i.amount])).toEqual([
      ['Shampoo 250ml', 'x2', '120,000'],
    ]);
    expect(r.sections.map((s) => s.total && `${s.total.label}=${s.total.value}`)).toEqual([
      'Total Service=230,000',
      'Total Retail=120,000',
    ]);
  });

  it('prints totals in the specification order: Subtotal (gross), Discount (item + global), Tax, TOTAL', () => {
    expect(labels(r.totals)).toEqual([
      'Subtotal=350,000',
      'Discount=-48,500',
      // ruling 28: its parts, the item promotion and the transaction discount by name
      'Promo Pagi=-15,000',
      'Promo Akhir Pekan=-33,500',
      'Tax (10%)=30,150',
      'TOTAL=331,650',
    ]);
    expect(labels(r.payments)).toEqual(['Cash=400,000']);
    expect(r.change).toEqual({ label: 'Change', value: '68,350' });
  });

  it('does not split transactions that are not sales', () => {
    const coupon = buildReceipt(sale({ trx_type: 'COUPON_SALES', discounts: [] }), printConfig(), {
      mode: legit,
    });
    expect(coupon.sections.map((s) => s.title)).toEqual([null]);
  });
});

describe('SIMPLE template', () => {
  const cfg = printConfig({ receipt_template: 'SIMPLE' });

  it('prints lines after item discounts, Subtotal and the global discount by name', () => {
    const r = buildReceipt(sale(), cfg, { mode: legit });
    expect(r.sections).toHaveLength(1);
    expect(r.sections[0].items.map((i) => i.amount)).toEqual(['135,000', '80,000', '120,000']);
    expect(labels(r.totals)).toEqual([
      'Subtotal=335,000',
      'Promo Akhir Pekan=-33,500',
      'Tax (10%)=30,150',
      'TOTAL=331,650',
    ]);
  });

  it('types the member, coupon and redeem discount lines', () => {
    const member = sale({
      discounts: [],
      customer: { user_code: 'U1', user_name: 'Siti', discount_level: { reward_value: 5 } },
    });
    expect(buildReceipt(member, cfg, { mode: legit }).totals[1].label).toBe('Member Discount - 5%');
    const coupon = sale({
      discounts: [],
      coupon: { coupon_item: { pos_link_type: 'discount', discount_percentage: 20 } },
    });
    expect(buildReceipt(coupon, cfg, { mode: legit }).totals[1].label).toBe('Coupon 20% off');
    const redeem = sale({
      discounts: [],
      redeem: { redeem_type: 'qr', redeem_item: { pos_link_type: 'discount', discount_percentage: 15 } },
    });
    expect(buildReceipt(redeem, cfg, { mode: legit }).totals[1].label).toBe('Redeem 15% off');
  });

  it('prints the item discount, workers with shares and sellers under the lines', () => {
    const r = buildReceipt(sale(), cfg, { mode: legit });
    expect(r.sections[0].items[0].sub).toEqual([
      'Regular @ (150,000)',
      'Promo Pagi (-15,000)',
      'Handled by Ani Wijaya',
    ]);
    expect(r.sections[0].items[1].sub).toContain('Handled by Ani Wijaya - 50%, Budi Santoso - 50%');
    expect(r.sections[0].items[1].sub).toContain('Sold by Budi Santoso');
  });
});

describe('header', () => {
  it('prints every field the flags ask for, the document date and the large bottom order number', () => {
    const r = buildReceipt(sale(), printConfig(), { mode: legit });
    expect(r.header).toMatchObject({
      logo: null,
      brand: 'Serambi Salon',
      outletName: 'Kemang',
      address: 'Jl. Kemang Raya 10',
      phone: '021-7190000',
      date: '20 Nov 2026',
      time: '10:30',
    });
    expect(labels(r.header?.rows ?? [])).toEqual([
      'Customer=Siti Rahma',
      'Customer ID=6281234567890',
      'Cashier=Dewi',
      'Receipt Number=BC123F',
      'Order No=7',
    ]);
    expect(r.orderNoBottom).toBe('7');
    expect(r.footer).toBe('Terima kasih!');
    expect(r.notes).toBe('Tamu langganan');
  });

  it('hides what the flags turn off; the logo replaces the brand name; no customer prints the label', () => {
    const cfg = printConfig({
      pos_print_logo: 1,
      brand_logo: 'https://x/logo.png',
      pos_print_outlet_name: 0,
      pos_print_address: 0,
      pos_print_user_identifier: 0,
      pos_print_receipt_order_number_top: 0,
      pos_print_receipt_order_number_bottom: 0,
      pos_print_label_if_no_user_identifier: 'Pelanggan Umum',
      pos_print_date: 'TRX_TIME',
    });
    const r = buildReceipt(sale({ customer: null, document_date: null }), cfg, { mode: legit });
    expect(r.header).toMatchObject({
      logo: 'https://x/logo.png',
      brand: null,
      outletName: null,
      address: null,
    });
    expect(labels(r.header?.rows ?? [])).toEqual([
      'Customer=Pelanggan Umum',
      'Cashier=Dewi',
      'Receipt Number=BC123F',
    ]);
    expect(r.header?.time).toBe('10:45');
    expect(r.orderNoBottom).toBeNull();
  });

  it("defaults the customer to 'GUEST' and prints the area with its category", () => {
    const cfg = printConfig({
      pos_print_label_if_no_user_identifier: null,
      area_category: [{ pos_areaCategory_id: 3, areaCategory_name: 'VIP' }],
    });
    const r = buildReceipt(
      sale({
        customer: null,
        service_area: { pos_area_id: 1, area_name: 'Kursi 2', pos_areaCategory_id: 3 },
      }),
      cfg,
      { mode: legit },
    );
    expect(labels(r.header?.rows ?? [])).toContain('Customer=GUEST');
    expect(labels(r.header?.rows ?? [])).toContain('Area=Kursi 2 - VIP');
  });

  it('uses initials with pos_print_initial = 1 and no worker names with pos_print_worker = 0', () => {
    const initials = buildReceipt(sale(), printConfig({ pos_print_initial: 1 }), { mode: legit });
    expect(initials.sections[0].items[1].sub).toContain('Handled by AW - 50%, BS - 50%');
    const none = buildReceipt(sale(), printConfig({ pos_print_worker: 0, pos_print_seller: 0 }), {
      mode: legit,
    });
    expect(none.sections[0].items[1].sub.join('|')).not.toMatch(/Handled by|Sold by/);
  });
});

describe('top-up and deposit', () => {
  const topUp = sale({
    trx_type: 'TOP_UP_DEPOSIT',
    discounts: [],
    details: [receiptLine(9, { name: 'Top Up 500K', price: 500000 })],
    payments: [
      {
        local_payment_id: 'p1',
        payment_type: 'NORMAL',
        payment_amount: 500000,
        payment_charge: 5000,
        payment_method: {
          payment_method_name: 'Kartu Debit',
          table_name: 'edc',
          table_id: 2,
          charge_label: 'Biaya EDC',
        },
      },
    ],
    top_up_deposit_rewards: {
      deposit_reward_amount: 50000,
      coupon_reward_amount: 2,
      point_reward_amount: 10,
      point_reward_name: 'Poin Serambi',
    },
    deposit_balance: 1250000,
  });

  it('prints charge lines, no Change without cash, BONUS TOP UP and Saldo Deposit', () => {
    const r = buildReceipt(topUp, printConfig(), { mode: legit });
    expect(labels(r.payments)).toEqual(['Kartu Debit=500,000', 'Biaya EDC=5,000']);
    expect(r.change).toBeNull();
    expect(labels(r.bonus)).toEqual(['Bonus Deposit=50,000', 'Bonus Kupon=2', 'Bonus Poin=10 Poin Serambi']);
    expect(r.depositBalance).toEqual({ label: 'Saldo Deposit', value: '1,250,000' });
  });

  it('prints Saldo Deposit only with print_deposit_balance_on_receipt = 1 and on the legitimate receipt', () => {
    expect(
      buildReceipt(topUp, printConfig({ print_deposit_balance_on_receipt: 0 }), { mode: legit })
        .depositBalance,
    ).toBeNull();
    expect(buildReceipt(topUp, printConfig(), { mode: receiptMode('view') }).depositBalance).toBeNull();
    expect(
      buildReceipt(sale({ deposit_balance: 10 }), printConfig(), { mode: legit }).depositBalance,
    ).toBeNull();
  });
});

describe('modifiers', () => {
  it("pre-settlement: 'PRE-SETTLEMENT', the print time, totals but no payments", () => {
    const r = buildReceipt(sale(), printConfig(), {
      mode: receiptMode('pre-settlement'),
      now: '2026-11-20 11:05:09',
    });
    expect(r.banner).toBe('PRE-SETTLEMENT');
    expect(r.printTime).toBe('20 Nov 2026 11:05');
    expect(r.payments).toEqual([]);
    expect(r.change).toBeNull();
    expect(r.totals.at(-1)).toMatchObject({ label: 'TOTAL', value: '331,650' });
  });

  it('order-preview: no prices, totals, header or footer; workers and sellers shown; grouped by category', () => {
    const r = buildReceipt(sale(), printConfig({ pos_print_worker: 0, pos_print_seller: 0 }), {
      mode: receiptMode('order-preview'),
    });
    expect(r.header).toBeNull();
    expect(r.footer).toBeNull();
    expect(r.totals).toEqual([]);
    expect(r.payments).toEqual([]);
    expect(r.sections.map((s) => s.title)).toEqual(['Rambut', 'Kuku', 'Produk']);
    expect(r.sections.flatMap((s) => s.items).every((i) => i.amount === null)).toBe(true);
    expect(r.sections[1].items[0].sub).toEqual([
      'Regular',
      'Handled by Ani Wijaya - 50%, Budi Santoso - 50%',
      'Sold by Budi Santoso',
    ]);
    expect(labels(r.slipHead)).toEqual(['Receipt Number=BC123F', 'Order No=7']);
  });

  it('order-preview-unprinted: only lines never printed', () => {
    const t = sale({
      details: [
        receiptLine(1, { name: 'Printed', printed: '2026-11-20 10:10:00' }),
        receiptLine(2, { name: 'Fresh' }),
      ],
    });
    const r = buildReceipt(t, printConfig(), { mode: receiptMode('order-preview-unprinted') });
    expect(r.sections.flatMap((s) => s.items.map((i) => i.name))).toEqual(['Fresh']);
    const all = buildReceipt(
      sale({ details: [receiptLine(1, { printed: '2026-11-20 10:10:00' })] }),
      printConfig(),
      { mode: receiptMode('order-preview-unprinted') },
    );
    expect(all.empty).toBe(true);
  });

  it("completed: 'THIS IS A COPY'; view: no banner; neither prints the order slips", () => {
    const copy = buildReceipt(sale(), printConfig(), { mode: receiptMode('completed') });
    expect(copy.banner).toBe('THIS IS A COPY');
    expect(copy.slips).toEqual([]);
    const view = buildReceipt(sale(), printConfig(), { mode: receiptMode('view') });
    expect(view.banner).toBeNull();
    expect(view.slips).toEqual([]);
  });

  it("an empty transaction prints 'No items yet' (empty) and a zero TOTAL", () => {
    const r = buildReceipt(sale({ details: [], discounts: [], payments: [] }), printConfig(), {
      mode: legit,
    });
    expect(r.empty).toBe(true);
    expect(r.totals.at(-1)).toMatchObject({ label: 'TOTAL', value: '0' });
  });
});

describe('stored totals', () => {
  it('a completed sale prints its stored totals even when the configuration at hand has no tax', () => {
    const r = buildReceipt(sale(), printConfig({ tax: null, receipt_template: 'SIMPLE' }), { mode: legit });
    expect(r.totals.at(-1)).toEqual({ label: 'TOTAL', value: '331,650', strong: true });
    expect(r.change?.value).toBe('68,350');
  });

  it('a pending transaction is priced with the configuration', () => {
    const r = buildReceipt(sale({ trx_status_id: 2 }), printConfig({ tax: null }), {
      mode: receiptMode('pre-settlement'),
    });
    expect(r.totals.at(-1)?.value).toBe('301,500');
  });
});

describe('configuration', () => {
  it("the sale's own cashier_configs overrides the session's", () => {
    const cfg = receiptConfig(
      printConfig(),
      sale({ cashier_configs: { cashier_name: 'Rina', receipt_template: 'SIMPLE' } }),
    );
    expect(cfg.cashier_name).toBe('Rina');
    expect(cfg.receipt_template).toBe('SIMPLE');
    expect(cfg.brand_name).toBe('Serambi Salon');
  });

  it('a 70-line receipt keeps all 70 lines', () => {
    const details = Array.from({ length: 70 }, (_, i) => receiptLine(i + 1, { price: 1000 * (i + 1) }));
    const r = buildReceipt(sale({ details, discounts: [] }), printConfig({ receipt_template: 'SIMPLE' }), {
      mode: legit,
    });
    expect(r.lineCount).toBe(70);
    expect(r.sections[0].items).toHaveLength(70);
    // Σ 1000·i for i = 1..70 = 2,485,000; tax 10%.
    expect(r.totals.map((t) => t.value)).toEqual(['2,485,000', '248,500', '2,733,500']);
  });
});
