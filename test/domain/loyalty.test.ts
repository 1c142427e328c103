// The loyalty screens' rules (001 §2.3–2.4, §5, §9; ruling 17): examples and properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOYALTY_AMOUNT_MAX,
  loyaltyAwardIssue,
  loyaltyOutcome,
  loyaltyOutcomeText,
  loyaltyPoints,
  normalizeAmountInput,
  redeemSuccessText,
} from '../../src/domain/loyalty';
import { LOYALTY_TEXTS } from '../../src/domain/texts/loyalty';

const RULE = { reward_name: 'Poin Serambi', amount_per_point: 10_000, points_per_amount: 1 };

describe('loyalty rules', () => {
  it('points: whole steps of the earn rule; none without a rule or an amount', () => {
    expect(loyaltyPoints(255_000, RULE)).toBe(25);
    expect(loyaltyPoints(9_999, RULE)).toBe(0);
    expect(loyaltyPoints(100_000, { ...RULE, points_per_amount: 3 })).toBe(30);
    expect(loyaltyPoints(100_000, null)).toBe(0);
    expect(loyaltyPoints(-5, RULE)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LOYALTY_AMOUNT_MAX }),
        fc.integer({ min: 0, max: 1e6 }),
        (a, b) => {
          const p = loyaltyPoints(a, RULE);
          expect(Number.isInteger(p) && p >= 0).toBe(true);
          expect(loyaltyPoints(a + b, RULE)).toBeGreaterThanOrEqual(p);
        },
      ),
    );
  });

  it('amount input: digits only, 9 digits at most (capped at 999999999), 2 decimals', () => {
    expect(normalizeAmountInput('12a3.4')).toEqual({ text: '1234', value: 1234 });
    expect(normalizeAmountInput('1234567890')).toEqual({ text: '999999999', value: 999_999_999 });
    expect(normalizeAmountInput('150,456')).toEqual({ text: '150,45', value: 150.45 });
    expect(normalizeAmountInput('150.5', '.')).toEqual({ text: '150.5', value: 150.5 });
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = normalizeAmountInput(s);
        expect(r.value).toBeLessThan(LOYALTY_AMOUNT_MAX + 1);
        expect(r.value).toBeGreaterThanOrEqual(0);
        expect(normalizeAmountInput(r.text)).toEqual(r);
      }),
    );
  });

  it("the award's checks and outcome texts", () => {
    expect(loyaltyAwardIssue({ pos_trx_code: ' ', hasCustomer: true, trx_amount: 1 })).toBe(
      'Purchase No. harus diisi!',
    );
    expect(loyaltyAwardIssue({ pos_trx_code: 'A', hasCustomer: false, trx_amount: 1 })).toBe(
      'Data customer harus diisi!',
    );
    expect(loyaltyAwardIssue({ pos_trx_code: 'A', hasCustomer: true, trx_amount: 1 })).toBeNull();
    expect(loyaltyOutcomeText(loyaltyOutcome(12))).toBe('The transaction has been done online.');
    for (const empty of [null, undefined, '', 0])
      expect(loyaltyOutcomeText(loyaltyOutcome(empty))).toBe('Saving transaction to local device.');
  });

  it("the 'Redeem Success' text with its placeholders filled", () => {
    expect(
      redeemSuccessText({
        scancode: 'RDM-1',
        user_name: 'Dian',
        user_code: 'SB1',
        details: [{ item_name: 'Cuci & Blow', drv_total_point: 100, reward_name: 'Poin Serambi' }],
      }),
    ).toBe('Dian telah berhasil menukarkan Cuci & Blow (RDM-1) dengan 100 Poin Serambi');
    expect(LOYALTY_TEXTS.redeemSuccessText).toContain('{drv_total_point}');
  });
});
