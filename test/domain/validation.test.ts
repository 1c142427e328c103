import { describe, expect, it } from 'vitest';
import {
  acceptNfcInput,
  canIncrementQty,
  decrementQty,
  prefillPaymentAmount,
  validateAuthorization,
  validateContinueToPayment,
  validateCouponCategoryQty,
  validateCouponLookup,
  validateCouponUse,
  validateCreditPayment,
  validateCustomDiscount,
  validateCustomerSearch,
  validateCustomPrice,
  validateDepositPayment,
  validateExpense,
  validateGlobalDiscount,
  validateItemModal,
  validateLineRemoval,
  validateNormalPayment,
  validateReceiptEmail,
  validateReceiptPhone,
  validateRedeemLookup,
  validateRedeemUse,
  validateShiftStart,
  validateSkuSearch,
  validateSubmit,
} from '../../src/domain';
import { line, trx } from './fixtures';

describe('Validation: global discount (spec 000 §5)', () => {
  it.each([
    [{ type: '' as const }, 'Silakan pilih jenis diskon terlebih dahulu.'],
    [{ type: 'promo' as const }, 'Silakan pilih promo terlebih dahulu.'],
    [{ type: 'percentage' as const, percent: '' }, 'Silakan masukkan persentase diskon terlebih dahulu.'],
    [{ type: 'percentage' as const, percent: 120 }, 'Silakan masukkan persentase diskon terlebih dahulu.'],
    [{ type: 'value' as const, nominal: '' }, 'Silakan masukkan nominal diskon terlebih dahulu.'],
    [{ type: 'percentage' as const, percent: 12.5 }, null],
    [{ type: 'promo' as const, promoId: 3 }, null],
  ])('%o → %s', (input, message) => {
    expect(validateGlobalDiscount(input)).toBe(message);
  });
});

describe('Validation: item modal (spec 000 §5)', () => {
  const base = { qty: 1, variantMissing: false, isCouponTransaction: false, price: 100000 };

  it.each(['', 0, -1, 'abc'])('qty %o: Qty produk minimal 1 buah.', (qty) => {
    expect(validateItemModal({ ...base, qty })).toBe('Qty produk minimal 1 buah.');
  });

  it('minus never goes below 1', () => {
    expect(decrementQty(1)).toBe(1);
    expect(decrementQty(3)).toBe(2);
  });

  it('normal transaction: variant required', () => {
    expect(validateItemModal({ ...base, variantMissing: true })).toBe(
      'Silakan pilih varian produk terlebih dahulu.',
    );
  });

  it('custom discount: a number, not above max_custom_discount, nominal not above the price', () => {
    const d = { price: 100000, maxCustomDiscount: 20 };
    expect(validateCustomDiscount({ ...d, type: 'percentage', value: 'x' })).toBe(
      'Diskon harus berupa angka.',
    );
    expect(validateCustomDiscount({ ...d, type: 'percentage', value: 25 })).toBe(
      'Diskon maksimal 20% untuk item ini.',
    );
    expect(validateCustomDiscount({ ...d, type: 'nominal', value: 150000 })).toBe(
      'Nominal diskon tidak boleh melebihi harga barang.',
    );
    expect(validateCustomDiscount({ ...d, type: 'nominal', value: 30000 })).toBe(
      'Diskon maksimal 20% untuk item ini.',
    );
    expect(validateCustomDiscount({ ...d, type: 'nominal', value: 20000 })).toBeNull();
  });

  it('coupon transaction: the coupon texts', () => {
    const d = { price: 50000, maxCustomDiscount: 10, isCouponTransaction: true };
    expect(validateCustomDiscount({ ...d, type: 'percentage', value: 11 })).toBe(
      'Diskon maksimal 10% untuk kupon ini.',
    );
    expect(validateCustomDiscount({ ...d, type: 'nominal', value: 60000 })).toBe(
      'Nominal diskon tidak boleh melebihi harga kupon.',
    );
  });

  it('max qty from the redeem or coupon item_max_qty', () => {
    expect(validateItemModal({ ...base, qty: 3, itemMaxQty: 2 })).toBe('Qty produk tidak dapat melebihi 2');
  });

  it('max qty also on the plus button: it stops at item_max_qty', () => {
    expect(canIncrementQty(1, 2)).toBe(true);
    expect(canIncrementQty(2, 2)).toBe(false);
    // no item_max_qty (null or 0): the plus button never stops
    expect(canIncrementQty(50, null)).toBe(true);
    expect(canIncrementQty(50, 0)).toBe(true);
  });

  it('defined discount below req_item_min_qty', () => {
    expect(validateItemModal({ ...base, qty: 1, chosenPromo: { req_item_min_qty: 2 } })).toBe(
      'Qty produk minimal 2 untuk menggunakan diskon ini.',
    );
  });

  it('coupon category max qty', () => {
    const link = {
      pos_link_type: 'item_category' as const,
      pos_item_category_id: 4,
      item_category_max_qty: 3,
    };
    expect(validateCouponCategoryQty(link, 4, 4)).toBe(
      'Jumlah barang yang memiliki potongan kategori kupon sudah melebihi jumlah yang diperbolehkan.',
    );
    expect(validateCouponCategoryQty(link, 4, 3)).toBeNull();
    expect(validateCouponCategoryQty(link, 5, 9)).toBeNull();
  });

  it('custom price: not zero, not below the original without CUSTOM_PRICE_LESS_THAN_ORIGINAL', () => {
    const p = { originalPrice: 150000, allowLessThanOriginal: false, currency: 'IDR' };
    expect(validateCustomPrice({ ...p, price: 0 })).toBe('Harga tidak boleh nol');
    expect(validateCustomPrice({ ...p, price: 100000 })).toBe(
      'Harga tidak boleh lebih rendah dari harga asli (IDR 150,000)',
    );
    expect(validateCustomPrice({ ...p, price: 100000, allowLessThanOriginal: true })).toBeNull();
  });

  it('SKU search', () => {
    expect(validateSkuSearch(' ', false)).toBe('SKU produk harus diisi');
    expect(validateSkuSearch('ABC', false)).toBe('Produk tidak ditemukan');
    expect(validateSkuSearch('ABC', true)).toBeNull();
  });
});

describe('Validation: authorization and line removal (spec 000 §5)', () => {
  it('authorization modals', () => {
    expect(validateAuthorization({ password: '', reason: 'x', kind: 'deletion' })).toBe(
      'Password harus diisi!',
    );
    expect(validateAuthorization({ password: 'p', reason: '', kind: 'qty-reduction' })).toBe(
      'Alasan pengurangan qty harus diisi!',
    );
    expect(validateAuthorization({ password: 'p', reason: '', kind: 'deletion' })).toBe(
      'Alasan penghapusan harus diisi!',
    );
  });

  it('lines of an applied coupon or redeem', () => {
    expect(validateLineRemoval({ coupon: { pos_item_id: 1 } }, { coupon: {} })).toBe(
      'Barang ini dapat dihapus dengan menghapus kupon yang sedang digunakan.',
    );
    expect(validateLineRemoval({ redeem: { pos_item_id: 1 } }, { redeem: {} })).toBe(
      'Barang ini dapat dihapus dengan menghapus redeem yang sedang digunakan.',
    );
    expect(validateLineRemoval({}, { coupon: {} })).toBeNull();
  });
});

describe('Validation: continue to payment (spec 000 §5)', () => {
  const ctx = { currency: 'IDR', maxWalletBalance: 1000000 };
  const customer = { user_code: 'U1' };
  const amountLine = (price: number) => line({ price });

  it('sales', () => {
    expect(validateContinueToPayment(trx(), ctx)).toBe('Pilih minimal satu produk untuk melanjutkan.');
  });
  it('coupon sales', () => {
    expect(validateContinueToPayment(trx({ trx_type: 'COUPON_SALES' }), ctx)).toBe(
      'Customer harus dipilih untuk pembelian kupon.',
    );
    expect(validateContinueToPayment(trx({ trx_type: 'COUPON_SALES', customer }), ctx)).toBe(
      'Pilih minimal satu kupon untuk melanjutkan.',
    );
  });
  it('top-up', () => {
    expect(validateContinueToPayment(trx({ trx_type: 'TOP_UP_DEPOSIT' }), ctx)).toBe(
      'Customer harus dipilih untuk melakukan top up.',
    );
    expect(
      validateContinueToPayment(trx({ trx_type: 'TOP_UP_DEPOSIT', customer, details: [amountLine(0)] }), ctx),
    ).toBe('Nominal top up harus diisi.');
    expect(
      validateContinueToPayment(
        trx({ trx_type: 'TOP_UP_DEPOSIT', customer, details: [amountLine(2000000)] }),
        ctx,
      ),
    ).toBe('Total top up tidak boleh melebihi IDR 1,000,000!');
    expect(
      validateContinueToPayment(
        trx({ trx_type: 'TOP_UP_DEPOSIT', customer, details: [amountLine(500000)] }),
        ctx,
      ),
    ).toBeNull();
  });
  it('receivable payment', () => {
    const t = (o: object) => trx({ trx_type: 'ACCOUNT_RECEIVABLE', ...o });
    expect(validateContinueToPayment(t({}), ctx)).toBe(
      'Customer harus dipilih untuk melakukan pembayaran piutang.',
    );
    expect(validateContinueToPayment(t({ customer }), ctx)).toBe(
      'Transaksi harus dipilih untuk melakukan pembayaran piutang.',
    );
    const ar = { drv_balance: 100000 };
    expect(
      validateContinueToPayment(t({ customer, account_receivable: ar, details: [amountLine(0)] }), ctx),
    ).toBe('Nominal pembayaran piutang harus diisi.');
    expect(
      validateContinueToPayment(t({ customer, account_receivable: ar, details: [amountLine(100001)] }), ctx),
    ).toBe('Nominal pembayaran piutang tidak boleh melebihi sisa piutang transaksi terpilih.');
  });
  it('membership sale', () => {
    expect(validateContinueToPayment(trx({ trx_type: 'MEMBERSHIP_SALES' }), ctx)).toBe(
      'Customer harus ditentukan untuk melakukan aktivasi membership.',
    );
    expect(validateContinueToPayment(trx({ trx_type: 'MEMBERSHIP_SALES', customer }), ctx)).toBe(
      'Membership harus dipilih.',
    );
  });
});

describe('Validation: payments (spec 000 §5)', () => {
  const cash = { payment_method_name: 'Cash' };
  const transfer = { payment_method_name: 'Transfer', is_reference_required: 1, reference_min_length: 6 };
  it('normal', () => {
    expect(validateNormalPayment({ method: null, amount: 1, remaining: 1 })).toBe(
      'Metode pembayaran harus dipilih!',
    );
    expect(validateNormalPayment({ method: cash, amount: 0, remaining: 1 })).toBe(
      'Nominal pembayaran tidak boleh nol atau kosong!',
    );
    expect(validateNormalPayment({ method: cash, amount: 200, remaining: 100 })).toBeNull();
    expect(
      validateNormalPayment({ method: transfer, amount: 200, remaining: 100, reference: '123456' }),
    ).toBe('Nominal pembayaran tidak boleh melebihi sisa pembayaran, kecuali pembayaran cash.');
    expect(validateNormalPayment({ method: transfer, amount: 100, remaining: 100, reference: '12345' })).toBe(
      'Kode referensi pembayaran harus diisi!',
    );
    expect(
      validateNormalPayment({ method: transfer, amount: 100, remaining: 100, reference: '123456' }),
    ).toBeNull();
  });
  it('choosing a method pre-fills the remaining amount', () => {
    expect(prefillPaymentAmount(75000.5)).toBe(75000.5);
    // paid over with cash: nothing remains to pre-fill
    expect(prefillPaymentAmount(-10000)).toBe(0);
  });
  it('deposit', () => {
    expect(validateDepositPayment('', 100)).toBe('Nominal deposit tidak boleh nol atau kosong!');
    expect(validateDepositPayment(101, 100)).toBe('Nominal deposit tidak boleh melebihi jumlah total harga');
  });
  it('credit', () => {
    expect(validateCreditPayment(0)).toBe('Nominal piutang tidak boleh nol atau kosong!!');
    expect(validateCreditPayment(10)).toBeNull();
  });
});

describe('Validation: submit (spec 000 §5)', () => {
  const ctx = { remaining: 0, is_user_id_required: 0, use_wallet_security_code: 0 };
  const depositPayment = {
    local_payment_id: 'p',
    payment_type: 'DEPOSIT' as const,
    payment_amount: 100,
    payment_charge: 0,
    payment_method: { payment_method_name: 'Deposit', table_name: 'wallet', table_id: 0 },
  };
  it('remaining must be paid off', () => {
    expect(validateSubmit(trx(), { ...ctx, remaining: 1 })).toBe(
      'Pembayaran harus dilunasi terlebih dahulu!',
    );
  });
  it('SMS redeem code', () => {
    const t = trx({
      redeem: { redeem_type: 'sms', redeem_code: '', redeem_item: { pos_link_type: 'discount' } },
    });
    expect(validateSubmit(t, ctx)).toBe('Kode redeem harus diisi!');
    expect(validateSubmit(t, { ...ctx, smsRedeemCode: '1234' })).toBeNull();
  });
  it('Kode Receh for a deposit payment', () => {
    expect(validateSubmit(trx({ payments: [depositPayment] }), { ...ctx, use_wallet_security_code: 1 })).toBe(
      'Kode Receh harus diisi!',
    );
    expect(
      validateSubmit(trx({ payments: [depositPayment], receh_code: '1234' }), {
        ...ctx,
        use_wallet_security_code: 1,
      }),
    ).toBeNull();
  });
  it('items requiring stock out', () => {
    const l = line({ price: 1 });
    const t = trx({ details: [{ ...l, itemMeta: { ...l.itemMeta, is_stock_out_required: 1 } }] });
    expect(validateSubmit(t, ctx)).toBe('Ada item yang belum dikeluarkan stoknya.');
    expect(validateSubmit({ ...t, consumptions: [{ qty: 1 }] }, ctx)).toBeNull();
  });
  it('customer required (is_user_id_required = 1)', () => {
    const req = { ...ctx, is_user_id_required: 1 };
    expect(validateSubmit(trx(), req)).toBe('Data customer harus diisi!');
    expect(
      validateSubmit(
        trx({ customer: { user_code: null, user_identifier_type: 'qr', user_identifier_string: 'x' } }),
        req,
      ),
    ).toBe('Data customer baru harus berupa No. HP atau email!');
    expect(
      validateSubmit(
        trx({ customer: { user_code: null, user_identifier_type: 'phone', user_identifier_string: '' } }),
        req,
      ),
    ).toBe('No. HP atau email customer harus diisi!');
    expect(validateSubmit(trx({ customer: { user_code: 'A', is_signed_up: 1 } }), req)).toBeNull();
  });
  it('the commission check result is reported last', () => {
    const workerCheck = 'Ada barang / service yang belum memiliki pekerja';
    expect(validateSubmit(trx(), { ...ctx, workerCheck })).toBe(workerCheck);
    // an earlier check failing too wins over the commission check
    expect(validateSubmit(trx(), { ...ctx, remaining: 5000, workerCheck })).toBe(
      'Pembayaran harus dilunasi terlebih dahulu!',
    );
    expect(validateSubmit(trx(), { ...ctx, is_user_id_required: 1, workerCheck })).toBe(
      'Data customer harus diisi!',
    );
  });
  it('NFC input shorter than 10 characters is ignored', () => {
    expect(acceptNfcInput('123456789')).toBeNull();
    expect(acceptNfcInput('1234567890')).toBe('1234567890');
  });
});

describe('Validation: coupon and redeem, receipt sending, customer search, shift', () => {
  it('coupon and redeem in a sale', () => {
    expect(validateCouponUse({ hasCustomer: false, mode: 'qr' })).toBe(
      'Customer harus dipilih terlebih dahulu!',
    );
    expect(validateCouponUse({ hasCustomer: true, mode: 'qr', code: '' })).toBe('Kode kupon harus diisi!');
    expect(validateRedeemUse({ customer: null, type: 'qr' })).toBe('Customer harus dipilih terlebih dahulu!');
    expect(validateRedeemUse({ customer: {}, type: 'qr', code: ' ' })).toBe('Kode redeem harus diisi!');
    expect(validateRedeemUse({ customer: { user_phone: '' }, type: 'sms' })).toBe('Nomor HP harus diisi!');
    expect(validateRedeemUse({ customer: { user_phone: '0812' }, type: 'direct' })).toBeNull();
  });
  it("coupon lookup: 'Kupon tidak valid.' when the code resolves to no usable, unexpired coupon", () => {
    const now = '2026-03-02 10:00:00';
    const detail = { pos_link_type: 'item', pos_item_id: 5 };
    expect(validateCouponLookup({ coupon_detail: detail, expired_date: '2026-03-02' }, now)).toBeNull();
    expect(validateCouponLookup({ coupon_detail: { pos_link_type: 'discount' } }, now)).toBeNull();
    expect(
      validateCouponLookup(
        { coupon_detail: { pos_link_type: 'item_category', pos_item_category_id: 2 } },
        now,
      ),
    ).toBeNull();
    expect(validateCouponLookup(null, now)).toBe('Kupon tidak valid.');
    expect(validateCouponLookup({ coupon_detail: null }, now)).toBe('Kupon tidak valid.');
    expect(validateCouponLookup({ coupon_detail: { pos_link_type: 'voucher' } }, now)).toBe(
      'Kupon tidak valid.',
    );
    expect(validateCouponLookup({ coupon_detail: { pos_link_type: 'item' } }, now)).toBe(
      'Kupon tidak valid.',
    );
    expect(validateCouponLookup({ coupon_detail: { pos_link_type: 'item_category' } }, now)).toBe(
      'Kupon tidak valid.',
    );
    expect(validateCouponLookup({ coupon_detail: detail, expired_date: '2026-03-01 23:59:59' }, now)).toBe(
      'Kupon tidak valid.',
    );
  });
  it("redeem lookup: 'Redeem tidak valid.' when the code resolves to no usable reward", () => {
    expect(validateRedeemLookup({ pos_link_type: 'item', pos_item_id: 5 })).toBeNull();
    expect(validateRedeemLookup({ pos_link_type: 'discount' })).toBeNull();
    expect(validateRedeemLookup({ pos_link_type: 'item_category', pos_item_category_id: 3 })).toBeNull();
    expect(validateRedeemLookup(undefined)).toBe('Redeem tidak valid.');
    expect(validateRedeemLookup({ pos_link_type: null })).toBe('Redeem tidak valid.');
    expect(validateRedeemLookup({ pos_link_type: 'item' })).toBe('Redeem tidak valid.');
    expect(validateRedeemLookup({ pos_link_type: 'item_category', pos_item_category_id: null })).toBe(
      'Redeem tidak valid.',
    );
  });
  it('receipt sending', () => {
    expect(validateReceiptPhone('')).toBe('Phone number is required');
    expect(validateReceiptPhone('0812-33')).toBe('Phone number can only contain numbers');
    expect(validateReceiptPhone('081233')).toBeNull();
    expect(validateReceiptEmail(' ')).toBe('Email is required');
  });
  it('customer search', () => {
    expect(validateCustomerSearch('', 'x')).toBe('Customer harus dipilih.');
    expect(validateCustomerSearch('search', '')).toBe('Kata kunci pencarian harus diisi.');
    expect(validateCustomerSearch('phone', '12345678')).toBe('Mohon masukkan nomor handphone yang valid.');
    expect(validateCustomerSearch('phone', '+6281234567')).toBeNull();
    expect(validateCustomerSearch('email', 'a@b')).toBe('Mohon masukkan alamat email yang valid.');
  });
  it('shift', () => {
    expect(validateShiftStart(true)).toBe(
      'Tidak dapat memulai shift baru karena masih ada shift yang aktif.',
    );
    expect(validateExpense('', 1)).toBe('Nama pengeluaran harus diisi');
    expect(validateExpense('Parkir', '')).toBe('Jumlah pengeluaran harus diisi');
  });
});
