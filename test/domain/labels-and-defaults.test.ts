import { describe, expect, it } from 'vitest';
import {
  defaultCouponStartDate,
  defaultSalesType,
  GUEST_LABEL,
  isBirthdayToday,
  isEmailAddress,
  messagingPhone,
  nameInitials,
  needsCouponStartDate,
  nextOrderNo,
  normalizeBirthDate,
  shortId,
} from '../../src/domain';

describe('Transaction labels, messaging phone, sale defaults, name initials, customer fields (spec 000 §4, 003 §9, ruling 9)', () => {
  it('short id: last 6 characters of local_trx_id, upper-cased', () => {
    expect(shortId('5f0c2a8e-1b2c-4d5e-9f00-a1b2c3d4e5f6')).toBe('D4E5F6');
  });

  it("guest label 'GUEST' when a transaction has no customer (003 business constants)", () => {
    expect(GUEST_LABEL).toBe('GUEST');
  });

  it('order_no = one more than the largest local order_no, starting at 1', () => {
    expect(nextOrderNo([])).toBe(1);
    expect(nextOrderNo([{ order_no: 3 }, { order_no: null }, { order_no: 7 }])).toBe(8);
  });

  it.each([
    ['081234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
  ])('messaging phone (ruling 9): %s → %s', (input, out) => {
    expect(messagingPhone(input)).toBe(out);
  });

  it('coupon start date defaults to today', () => {
    expect(defaultCouponStartDate({ coupon_id: 1 }, null, '2026-03-02 10:00:00')).toBe('2026-03-02');
  });

  it('coupon start date: the customer’s active same coupon expired_date + 1 day', () => {
    const customer = {
      active_coupons: [
        { coupon_id: 1, expired_date: '2026-03-31' },
        { coupon_id: 1, expired_date: '2026-04-30 23:59:59' },
        { coupon_id: 2, expired_date: '2026-12-31' },
      ],
    };
    expect(defaultCouponStartDate({ coupon_id: 1 }, customer, '2026-03-02 10:00:00')).toBe('2026-05-01');
    expect(needsCouponStartDate([{ coupon_start_date_type: 'MANUAL_INPUT' }])).toBe(true);
    expect(needsCouponStartDate([{ coupon_start_date_type: null }])).toBe(false);
  });

  it('default sales type: the transaction’s, else the first; auto-picked when only one exists', () => {
    const types = [
      { pos_salesType_id: 1, pos_salesType_name: 'Walk-in' },
      { pos_salesType_id: 2, pos_salesType_name: 'Online' },
    ];
    expect(defaultSalesType(types, 2).salesType?.pos_salesType_id).toBe(2);
    expect(defaultSalesType(types, null)).toEqual({ salesType: types[0], autoPick: false });
    expect(defaultSalesType([types[1]]).autoPick).toBe(true);
    expect(defaultSalesType([]).salesType).toBeNull();
  });

  it('tile initials: one word, two words, more words', () => {
    expect(nameInitials('facial')).toBe('F');
    expect(nameInitials('Hair Cut')).toBe('HC');
    expect(nameInitials('Body Spa Deluxe Package')).toBe('BP');
  });

  it('birthday when month and day equal today', () => {
    expect(isBirthdayToday('1990-03-02', '2026-03-02 08:00:00')).toBe(true);
    expect(isBirthdayToday('1990-03-03', '2026-03-02 08:00:00')).toBe(false);
  });
});

describe('Customer Data values (000 §5)', () => {
  it('a birth date is a real calendar day from 1930-01-01 to today', () => {
    expect(normalizeBirthDate('1990-05-17', '2026-11-22')).toBe('1990-05-17');
    expect(normalizeBirthDate('1990-02-30', '2026-11-22')).toBeNull();
    expect(normalizeBirthDate('1990-13-01', '2026-11-22')).toBeNull();
    expect(normalizeBirthDate('17-05-1990', '2026-11-22')).toBeNull();
  });

  it('an e-mail address has a name, an @ and a dotted domain', () => {
    expect(isEmailAddress('ani@contoh.id')).toBe(true);
    expect(isEmailAddress('ani@contoh')).toBe(false);
    expect(isEmailAddress('ani contoh@x.id')).toBe(false);
  });
});
