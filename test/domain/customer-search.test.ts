import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isIndonesianPhone,
  isNik,
  needsPurchaseNo,
  SEARCH_TYPES,
  validateMemberActivation,
  validatePanelSearch,
} from '../../src/domain/customer-search';
import {
  CUSTOMER_PANEL_TEXTS,
  CUSTOMER_SEARCH_OWN,
  MEMBER_ACTIVATION_TEXTS,
} from '../../src/domain/texts/customer-search';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';

describe('the customer search panel rules (001 §2.2, §5)', () => {
  it('each screen offers exactly the types 001 §2.2 lists', () => {
    expect(SEARCH_TYPES.loyalty).toEqual(['phone', 'qr', 'email', 'reference']);
    expect(SEARCH_TYPES.memberActivation).toEqual(['phone', 'qr', 'email']);
    for (const s of [SEARCH_TYPES.memberInfo, SEARCH_TYPES.journal, SEARCH_TYPES.registration])
      expect(s).toEqual(['phone', 'qr', 'email', 'reference', 'search', 'nik']);
  });

  it('the empty and format messages follow the area', () => {
    expect(validatePanelSearch('cashier', 'phone', '')).toBe(SALE_MESSAGES.customerRequired);
    expect(validatePanelSearch('member', 'phone', ' ')).toBe(CUSTOMER_PANEL_TEXTS.userContactRequired);
    expect(validatePanelSearch('journal', 'email', '')).toBe(CUSTOMER_PANEL_TEXTS.customerContactRequired);
    expect(validatePanelSearch('member', 'phone', '12ab')).toBe(CUSTOMER_PANEL_TEXTS.invalidPhone);
    expect(validatePanelSearch('cashier', 'phone', '12ab')).toBe(SALE_MESSAGES.invalidPhone);
    expect(validatePanelSearch('member', 'email', 'a@b')).toBe(CUSTOMER_PANEL_TEXTS.invalidEmail);
    expect(validatePanelSearch('member', 'phone', '+15551234567')).toBe(
      CUSTOMER_SEARCH_OWN.phoneNotIndonesian,
    );
    expect(validatePanelSearch('member', 'nik', '1234')).toBe(CUSTOMER_SEARCH_OWN.nikInvalid);
    expect(validatePanelSearch('member', 'nik', '3171010101900001')).toBeNull();
    expect(validatePanelSearch('member', 'search', '')).toBe(SALE_MESSAGES.keywordRequired);
    expect(validatePanelSearch('member', 'phone', '+6281234567890')).toBeNull();
  });

  it('property: every +62 mobile number written as +62…, 62…, 0… or after the prefix is Indonesian', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^8\d{8,11}$/), (national) => {
        for (const v of [`+62${national}`, `62${national}`, `0${national}`, national])
          expect(isIndonesianPhone(v), v).toBe(true);
        expect(isIndonesianPhone(`+1${national}`)).toBe(false);
      }),
    );
  });

  it('property: a NIK is exactly 16 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        expect(isNik(s)).toBe(/^\d{16}$/.test(s.trim()));
      }),
    );
  });
});

describe('member activation (001 §5)', () => {
  const platinum = { price: 1_500_000, is_automatic_activation: 0 };
  const gold = { price: 500_000, is_automatic_activation: 1 };
  const silver = { price: 0, is_automatic_activation: 0 };
  it('Purchase No. only when the price is above 0 and not automatic', () => {
    expect(needsPurchaseNo(platinum)).toBe(true);
    expect(needsPurchaseNo(gold)).toBe(false);
    expect(needsPurchaseNo(silver)).toBe(false);
    expect(needsPurchaseNo(null)).toBe(false);
  });
  it('checks the customer, then the membership, then the Purchase No.', () => {
    expect(validateMemberActivation({ customer: null, membership: null, pos_trx_code: '' })).toBe(
      MEMBER_ACTIVATION_TEXTS.customerRequired,
    );
    expect(validateMemberActivation({ customer: {}, membership: null, pos_trx_code: '' })).toBe(
      MEMBER_ACTIVATION_TEXTS.membershipType,
    );
    expect(validateMemberActivation({ customer: {}, membership: platinum, pos_trx_code: ' ' })).toBe(
      MEMBER_ACTIVATION_TEXTS.purchaseNoRequired,
    );
    expect(validateMemberActivation({ customer: {}, membership: platinum, pos_trx_code: 'P1' })).toBeNull();
    expect(validateMemberActivation({ customer: {}, membership: gold, pos_trx_code: '' })).toBeNull();
  });
});
