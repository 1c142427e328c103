// Shift rules (002 §5 Shift, amount inputs): the bounds hold for any input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_INPUT } from '../../src/domain/money';
import {
  cashDifference,
  expenseAmountDigits,
  validateCashAmount,
  validateExpenseDelete,
  validateExpenseInput,
  validateShiftStartInput,
} from '../../src/domain/shift-rules';
import { SHIFT_MESSAGES } from '../../src/domain/texts/shift';

describe('shift rules', () => {
  it('a cash amount is accepted exactly when it is a whole number from 0 to 999,999,999', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -2e9, max: 2e9 }), fc.double(), fc.string(), fc.constant(null)),
        (v) => {
          const ok = typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_AMOUNT_INPUT;
          expect(validateCashAmount(v)).toBe(ok ? null : SHIFT_MESSAGES.cashInvalid);
        },
      ),
    );
  });

  it('a second start is refused before the amount is read', () => {
    expect(validateShiftStartInput(true, 100)).toBe(SHIFT_MESSAGES.alreadyActive);
    expect(validateShiftStartInput(false, -1)).toBe(SHIFT_MESSAGES.cashInvalid);
    expect(validateShiftStartInput(false, 0)).toBeNull();
  });

  it('the expense amount input keeps digits only, capped at 999999999', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const out = expenseAmountDigits(raw);
        expect(out).toMatch(/^\d{0,9}$/);
        if (out !== '') expect(Number(out)).toBeLessThanOrEqual(MAX_AMOUNT_INPUT);
      }),
    );
    expect(expenseAmountDigits('Rp 5.000,-')).toBe('5000');
    expect(expenseAmountDigits('12345678901')).toBe('999999999');
  });

  it('an expense needs a name and an amount, in the spec’s words', () => {
    expect(validateExpenseInput('', 5)).toBe(SHIFT_MESSAGES.expenseNameRequired);
    expect(validateExpenseInput('Parkir', '')).toBe(SHIFT_MESSAGES.expenseAmountRequired);
    expect(validateExpenseInput('Parkir', 0)).toBe(SHIFT_MESSAGES.expenseAmountRequired);
    expect(validateExpenseInput('Parkir', 1e10)).toBe(SHIFT_MESSAGES.expenseAmountInvalid);
    expect(validateExpenseInput('x'.repeat(101), 1)).toBe(SHIFT_MESSAGES.expenseNameTooLong);
    expect(validateExpenseInput('Parkir', 5_000)).toBeNull();
  });

  it('deleting an expense without a known key fails', () => {
    expect(validateExpenseDelete(null, [{ key: 'a' }])).toBe(SHIFT_MESSAGES.expenseDeleteFailed);
    expect(validateExpenseDelete('b', [{ key: 'a' }])).toBe(SHIFT_MESSAGES.expenseDeleteFailed);
    expect(validateExpenseDelete('a', [{ key: 'a' }])).toBeNull();
  });

  it('the difference is counted minus expected', () => {
    expect(cashDifference(98_000, 100_000)).toBe(-2_000);
  });
});
