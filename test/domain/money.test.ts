import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
  formatCurrency,
  formatMoney,
  formatQty,
  parseAmountInput,
  roundMoney,
} from '../../src/domain';

const dotComma = { decimalSeparator: ',', thousandSeparator: '.' };

describe('Money and amount input (spec 000 §5, 003 §9)', () => {
  it('the rounding rule: half-up to whole rupiah (ruling 22); 2 decimals only for figures from before', () => {
    expect(roundMoney(51166.5)).toBe(51167);
    expect(roundMoney(2.49)).toBe(2);
    expect(roundMoney(-1.5)).toBe(-2);
    expect(roundMoney(1.005, 2)).toBe(1.01);
    expect(roundMoney(2.675, 2)).toBe(2.68);
  });

  it('amounts are shown with 0 decimals, floored, with the configured separators', () => {
    expect(formatMoney(1234567.89)).toBe('1,234,567');
    expect(formatMoney(1234567.89, dotComma)).toBe('1.234.567');
    expect(formatCurrency(150000)).toBe('IDR 150,000');
    expect(formatMoney(0)).toBe('0');
  });

  it('quantities use qty_decimal_length', () => {
    expect(formatQty(2, 0)).toBe('2');
    expect(formatQty(1.256, 2)).toBe('1.26');
    expect(formatQty(1.5, 2, dotComma)).toBe('1,5');
  });

  it.each([
    ['12a34', 1234, '1,234'],
    ['1,234.567', 1234.56, '1,234.56'],
    ['12345678901', 999999999, '999,999,999'],
    ['007', 7, '7'],
    ['12.', 12, '12.'],
    ['', 0, ''],
  ])('amount input: integer digits only, 9-digit cap, 2 decimals: %s', (raw, value, text) => {
    expect(parseAmountInput(raw)).toEqual({ value, text });
  });

  it('amount input with "," as decimal separator', () => {
    expect(parseAmountInput('1.234,5', dotComma)).toEqual({ value: 1234.5, text: '1.234,5' });
    expect(formatAmountInput(1234.5, dotComma)).toBe('1.234,5');
  });
});

describe('pinned property counterexamples', () => {
  it('999999999.01 formats and parses back (9-digit integer part is not capped)', () => {
    expect(parseAmountInput(formatAmountInput(999999999.01)).value).toBe(999999999.01);
  });
});
