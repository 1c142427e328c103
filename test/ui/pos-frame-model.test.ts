// The cashier frame's pure wording and state: step 1 list entries and buttons, the payment area,
// the NFC key reader, the section 6 gating.
import { describe, expect, it } from 'vitest';
import {
  checkSalePayments,
  DEFAULT_SEPARATORS,
  type PaymentMethod,
  type PosConfig,
  type PosTransaction,
  posConfigSchema,
  posTransactionSchema,
  priceTransaction,
} from '../../src/domain';
import { canDiscountTransaction } from '../../src/ui/features/pos/frame/access';
import {
  completedEntry,
  entryMatches,
  newTrxButtons,
  pendingEntry,
  savedEntry,
  timeWithAge,
  type WordingContext,
} from '../../src/ui/features/pos/step1/model';
import {
  methodOfType,
  normalMethods,
  paymentAreaState,
  paymentPrefillText,
  paymentRows,
  showsDoneText,
} from '../../src/ui/features/pos/step3/model';
import { nfcKey } from '../../src/ui/features/pos/step3/NfcModal';

const NOW = '2026-11-22 10:00:00';
const ctx: WordingContext = {
  currency: 'IDR',
  separators: DEFAULT_SEPARATORS,
  qtyDecimalLength: 0,
  now: NOW,
  documentDateEditable: false,
};

const config = (patch: Record<string, unknown> = {}): PosConfig =>
  posConfigSchema.parse({
    business_id: 1,
    business_user_id: 1,
    cashier_name: 'Kasir',
    brand_name: 'Serambi',
    ...patch,
  });

const cash: PaymentMethod = { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 };
const card: PaymentMethod = {
  payment_method_name: 'Debit BCA',
  table_name: 'payment_method',
  table_id: 2,
  is_charge_to_customer: 1,
  charge_percentage: 2,
  charge_value: 1000,
  charge_label: 'Biaya Kartu',
};

const item = { pos_item_id: 5, item_name: 'Creambath', pos_item_category_id: 3, pos_item_variants: [] };
const line = (qty: number, id = 'd1') => ({
  local_trx_detail_id: id,
  itemMeta: item,
  pos_item_id: 5,
  pos_item_variant_id: 9,
  qty,
});

const trx = (patch: Record<string, unknown> = {}): PosTransaction =>
  posTransactionSchema.parse({
    local_trx_id: 'a1b2c3d4-0000-4000-8000-00000abcdef1',
    trx_type: 'NORMAL',
    trx_status_id: 2,
    trx_name: 'Walk In',
    trx_local_start_time: '2026-11-22 09:55:00',
    details: [line(2), line(1, 'd2')],
    drv_grand_total: 150000,
    ...patch,
  });

describe('step 1 list entries (000 §2)', () => {
  it('words a pending guest entry with its short id, totals and age', () => {
    const e = pendingEntry(trx({ trx_label: 'Meja 3' }), ctx);
    expect(e.title).toBe('BCDEF1 - Walk In');
    expect(e.customer).toBe('GUEST');
    expect(e.contact).toBe('No Contact Information');
    expect(e.summary).toBe('3 Produk, Total IDR 150,000');
    expect(e.time).toMatch(/^Dibuat 22 Nov 2026 09:55 \(.+\)$/);
    expect(e.label).toBe('Meja 3');
    expect(e.documentDate).toBeNull();
  });

  it('hides the label once a customer is set and shows the contact', () => {
    const e = pendingEntry(
      trx({ trx_label: 'Meja 3', customer: { user_code: 'C-1', user_name: 'Ani', user_phone: '+62812' } }),
      ctx,
    );
    expect(e.customer).toBe('Ani');
    expect(e.contact).toBe('+62812');
    expect(e.label).toBeNull();
  });

  it('shows the document date only when it is editable', () => {
    const t = trx({ document_date: '2026-11-21 08:00' });
    expect(pendingEntry(t, ctx).documentDate).toBeNull();
    expect(pendingEntry(t, { ...ctx, documentDateEditable: true }).documentDate).toBe(
      'Doc. Date 2026-11-21 08:00',
    );
  });

  it('marks a voided completed transaction and uses "No Information"', () => {
    const e = completedEntry(
      trx({ trx_status_id: 4, order_no: 12, trx_local_end_time: '2026-11-22 09:58:00' }),
      ctx,
    );
    expect(e.voidMark).toBe('[VOID]');
    expect(e.orderNo).toBe('Order #12');
    expect(e.contact).toBe('No Information');
    expect(e.time).toMatch(/^Selesai 22 Nov 2026 09:58/);
    expect(completedEntry(trx({ trx_status_id: 3 }), ctx).voidMark).toBe('');
  });

  it('says how long ago in Indonesian', () => {
    expect(timeWithAge('2026-11-22 09:00:00', NOW)).toContain('sejam yang lalu');
    expect(timeWithAge(null, NOW)).toBe('-');
  });

  it('reads saved rows leniently and searches what the entry shows', () => {
    const good = savedEntry(
      { local_trx_id: 'x', saved_at: NOW, trx: trx({ customer: { user_code: 'C-2', user_name: 'Budi' } }) },
      ctx,
    );
    expect(good.customer).toBe('Budi');
    expect(entryMatches(good, 'bud')).toBe(true);
    expect(entryMatches(good, 'ABCDEF')).toBe(false);
    expect(entryMatches(good, 'BCDEF1')).toBe(true);
    expect(entryMatches(good, 'nothing-like-it')).toBe(false);
    const odd = savedEntry(
      { local_trx_id: 'zz-999999', saved_at: NOW, trx: { local_trx_id: 'zz-999999' } },
      ctx,
    );
    expect(odd.title).toBe('999999 - -');
    expect(odd.customer).toBe('GUEST');
  });
});

describe('Transaksi Baru buttons (000 §2 step 1, §6)', () => {
  const salesTypes = [
    { pos_salesType_id: 1, pos_salesType_name: 'Dine In' },
    { pos_salesType_id: 2, pos_salesType_name: 'Take Away' },
  ];
  it('shows one button per sales type and no special kind without its flags', () => {
    const labels = newTrxButtons(config({ sales_type: salesTypes })).map((b) => b.label);
    expect(labels).toEqual(['Dine In', 'Take Away']);
  });

  it('gates each special kind by its role flag and its condition', () => {
    const all = config({
      sales_type: salesTypes,
      auth_role_accesses: {
        COUPON_SALES: 1,
        TOP_UP_DEPOSIT: 1,
        MEMBERSHIP_SALES: 1,
        ACCOUNT_RECEIVABLE_PAYMENT: 1,
      },
      subscription_rules: { coupon: 1, deposit: 1, sms_redeem: 0 },
      pos_account_receivable: 1,
      business_memberships: [{ business_membership_id: 1, membership_name: 'Gold', price: 100000 }],
    });
    expect(newTrxButtons(all).map((b) => b.label)).toEqual([
      'Dine In',
      'Take Away',
      'Kirim/Jual Kupon',
      'Top Up Deposit',
      'Jual Membership',
      'Pembayaran Piutang',
    ]);
    const noRules = config({
      sales_type: salesTypes,
      auth_role_accesses: {
        COUPON_SALES: 1,
        TOP_UP_DEPOSIT: 1,
        MEMBERSHIP_SALES: 1,
        ACCOUNT_RECEIVABLE_PAYMENT: 1,
      },
      business_memberships: [{ business_membership_id: 1, membership_name: 'Free', price: 0 }],
    });
    expect(newTrxButtons(noRules).map((b) => b.label)).toEqual(['Dine In', 'Take Away']);
  });

  it('gates Discount by DISCOUNT_TRANSACTION or ALLOW_PROMO with pos_discount_on_transaction', () => {
    expect(canDiscountTransaction(config({ auth_role_accesses: { DISCOUNT_TRANSACTION: 1 } }))).toBe(false);
    expect(
      canDiscountTransaction(
        config({ auth_role_accesses: { ALLOW_PROMO: 1 }, pos_discount_on_transaction: 1 }),
      ),
    ).toBe(true);
    expect(canDiscountTransaction(config({ pos_discount_on_transaction: 1 }))).toBe(false);
  });
});

describe('payment area (000 §2, §4, §5)', () => {
  const payment = (method: PaymentMethod, amount: number, type = 'NORMAL', charge = 0) => ({
    local_payment_id: `p-${method.table_id}-${type}`,
    payment_type: type,
    payment_amount: amount,
    payment_charge: charge,
    payment_method: method,
  });

  it('shows what remains and every unused method', () => {
    const s = paymentAreaState(trx(), config({ payment_method: [cash, card] }));
    expect(s.headline).toEqual({ label: 'Sisa Pembayaran', amount: 150000 });
    expect(s.methods.map((m) => m.payment_method_name)).toEqual(['Cash', 'Debit BCA']);
  });

  it('shows the change after a cash overpayment and drops used methods', () => {
    const s = paymentAreaState(
      trx({ payments: [payment(cash, 200000)] }),
      config({ payment_method: [cash, card] }),
    );
    expect(s.headline).toEqual({ label: 'Uang Kembalian', amount: 50000 });
    expect(s.methods.map((m) => m.payment_method_name)).toEqual(['Debit BCA']);
  });

  it('keeps the deposit and credit methods out of the method buttons', () => {
    const deposit = {
      ...cash,
      payment_method_name: 'Deposit',
      table_name: 'business_wallet',
      payment_type: 'DEPOSIT',
    };
    const piutang = {
      ...cash,
      payment_method_name: 'Piutang',
      table_name: 'account_receivable',
      payment_type: 'CREDIT',
    };
    const methods = [cash, deposit, card, piutang];
    expect(normalMethods(methods).map((m) => m.payment_method_name)).toEqual(['Cash', 'Debit BCA']);
    expect(methodOfType(methods, 'DEPOSIT')?.payment_method_name).toBe('Deposit');
    expect(methodOfType(methods, 'CREDIT')?.payment_method_name).toBe('Piutang');
    expect(methodOfType([cash], 'DEPOSIT')).toBeNull();
    const s = paymentAreaState(trx(), config({ payment_method: methods }));
    expect(s.methods.map((m) => m.payment_method_name)).toEqual(['Cash', 'Debit BCA']);
  });

  it('has no method left when all are used', () => {
    const s = paymentAreaState(
      trx({ payments: [payment(cash, 100000), payment(card, 50000)] }),
      config({ payment_method: [cash, card] }),
    );
    expect(s.methods).toEqual([]);
  });

  it('offers the deposit only with the rule, a customer and something left; hides it once used', () => {
    const rules = {
      subscription_rules: { deposit: 1, coupon: 0, sms_redeem: 0 },
      use_wallet_security_code: 1,
    };
    const customer = { user_code: 'C-1', user_name: 'Ani', deposit_amount: 50000 };
    expect(paymentAreaState(trx(), config(rules)).showDeposit).toBe(false);
    const open = paymentAreaState(trx({ customer }), config(rules));
    expect(open.showDeposit).toBe(true);
    expect(open.showReceh).toBe(true);
    const used = paymentAreaState(
      trx({ customer, payments: [payment(cash, 20000, 'DEPOSIT')] }),
      config(rules),
    );
    expect(used.showDeposit).toBe(false);
    expect(used.showReceh).toBe(true);
    const restricted = paymentAreaState(
      trx({ customer }),
      config({ ...rules, businessWallet_restrictedPosItemCategories: [3] }),
    );
    expect(restricted.showDeposit).toBe(false);
  });

  it('offers the credit only with pos_account_receivable and a customer', () => {
    const customer = { user_code: 'C-1', user_name: 'Ani' };
    expect(paymentAreaState(trx({ customer }), config()).showCredit).toBe(false);
    expect(paymentAreaState(trx({ customer }), config({ pos_account_receivable: 1 })).showCredit).toBe(true);
    expect(
      paymentAreaState(
        trx({ customer, payments: [payment(cash, 1000, 'CREDIT')] }),
        config({ pos_account_receivable: 1 }),
      ).showCredit,
    ).toBe(false);
  });

  it('words each payment with its charge and reference', () => {
    const rows = paymentRows(
      trx({ payments: [{ ...payment(card, 50000, 'NORMAL', 2000), payment_ref: 'REF-1' }] }),
      'IDR',
      DEFAULT_SEPARATORS,
    );
    expect(rows).toEqual([
      {
        id: 'p-2-NORMAL',
        name: 'Debit BCA',
        amount: 'IDR 50,000',
        charge: '+ Biaya Kartu IDR 2,000',
        ref: 'Ref: REF-1',
      },
    ]);
  });

  it('shows the done text unless a payment method requires the amount', () => {
    expect(showsDoneText(trx({ payments: [payment(cash, 150000)] }))).toBe(true);
    expect(
      showsDoneText(trx({ payments: [payment({ ...card, is_payment_amount_required: 1 }, 150000)] })),
    ).toBe(false);
  });
});

describe('NFC reader keys (003 §9)', () => {
  const typeAll = (keys: string[]) => {
    let buffer = '';
    const codes: (string | null)[] = [];
    for (const k of keys) {
      const r = nfcKey(buffer, k);
      buffer = r.buffer;
      if (r.ended) codes.push(r.code);
    }
    return codes;
  };
  it('yields the code typed before Enter', () => {
    expect(typeAll([...'0412ABCD99', 'Enter'])).toEqual(['0412ABCD99']);
  });
  it('ignores a code shorter than 10 characters and starts over', () => {
    expect(typeAll([...'12345', 'Enter', ...'ABCDEFGHIJK', 'Enter'])).toEqual([null, 'ABCDEFGHIJK']);
  });
  it('ignores modifier keys and honours Backspace', () => {
    expect(typeAll(['Shift', ...'ABCDEFGHIJX', 'Backspace', 'K', 'Enter'])).toEqual(['ABCDEFGHIJK']);
  });
});

describe('whole rupiah in the payment area (ruling 22)', () => {
  // the trial's sale: 465,150 under PPN 11 %; a draft priced before stored 516,316.5
  const keratin = {
    pos_item_id: 7,
    item_name: 'Keratin',
    pos_item_category_id: 3,
    pos_item_variants: [{ pos_item_variant_id: 70, variant_price: 155050 }],
  };
  const draft = (payments: unknown[] = []) =>
    trx({
      details: [
        { local_trx_detail_id: 'k1', itemMeta: keratin, pos_item_id: 7, pos_item_variant_id: 70, qty: 3 },
      ],
      drv_grand_total: 516316.5,
      payments,
    });
  const ppn = config({ payment_method: [cash, card], tax: { tax_percent: 11, is_included_in_price: 0 } });
  const grandTotal = (t: PosTransaction) => priceTransaction(t, ppn).drv_grand_total;

  it('shows and pre-fills the whole grand total the sale is checked with', () => {
    const t = draft();
    const s = paymentAreaState(t, ppn, grandTotal(t));
    expect(s.headline).toEqual({ label: 'Sisa Pembayaran', amount: 516317 });
    expect(paymentPrefillText(s.remaining, DEFAULT_SEPARATORS)).toBe('516,317');
  });

  it('paying what was pre-filled leaves nothing and passes the check Selesai runs', () => {
    const paid = draft([
      {
        local_payment_id: 'p1',
        payment_type: 'NORMAL',
        payment_amount: 516317,
        payment_charge: 0,
        payment_method: cash,
      },
    ]);
    const s = paymentAreaState(paid, ppn, grandTotal(paid));
    expect(s.remaining).toBe(0);
    expect(s.headline).toEqual({ label: 'Sisa Pembayaran', amount: 0 });
    expect(checkSalePayments(paid, grandTotal(paid))).toBeNull();
  });
});
