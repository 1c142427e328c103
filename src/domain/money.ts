import Big from 'big.js';

/**
 * Money. Every amount is computed with big.js and rounded ONCE, when it becomes a stored or
 * shown figure (a line total, the global discount, each charge total, tax, a payment's charge):
 * half-up to whole rupiah (MONEY_DECIMALS = 0, ruling 22), so the grand total is the sum of
 * rounded figures and every printed column adds up. Intermediate values (unit discounts, discount
 * shares) keep full precision. Display floors to 0 decimals (toward zero).
 */
export const MONEY_DECIMALS = 0;
/**
 * Sales completed before ruling 22 were rounded to 2 decimals; the server still recognises their
 * figures (an offline sale made before the update syncs afterwards).
 */
export const LEGACY_MONEY_DECIMALS = 2;
/** What a cashier may type in an amount input: at most 2 decimals (000 §5 "Amount input"). */
export const AMOUNT_INPUT_DECIMALS = 2;
export const MAX_AMOUNT_INPUT = 999_999_999;

export type Amount = Big | number | string;

export const big = (value: Amount | null | undefined): Big => {
  if (value instanceof Big) return value;
  if (value === null || value === undefined || value === '') return new Big(0);
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? new Big(n) : new Big(0);
};

/** The one rounding rule: half-up to whole rupiah (ruling 22). */
export const roundMoney = (value: Amount, decimals: number = MONEY_DECIMALS): number =>
  big(value).round(decimals, Big.roundHalfUp).toNumber();

/** Rounds a cash amount to whole currency units (half-up), as the shift tally does with grand totals. */
export const roundToUnit = (value: Amount): number => big(value).round(0, Big.roundHalfUp).toNumber();

export const sumMoney = (values: readonly Amount[]): Big =>
  values.reduce<Big>((acc, v) => acc.plus(big(v)), new Big(0));

export const minBig = (a: Big, b: Big): Big => (a.lt(b) ? a : b);
export const maxBig = (a: Big, b: Big): Big => (a.gt(b) ? a : b);

export interface Separators {
  decimalSeparator: string;
  thousandSeparator: string;
}
export const DEFAULT_SEPARATORS: Separators = { decimalSeparator: '.', thousandSeparator: ',' };

const groupThousands = (digits: string, sep: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** An amount as shown: 0 decimals (floored toward zero), thousands grouped. */
export const formatMoney = (value: Amount, separators: Separators = DEFAULT_SEPARATORS): string => {
  const v = big(value).round(0, Big.roundDown);
  const negative = v.lt(0);
  const text = groupThousands(v.abs().toFixed(0), separators.thousandSeparator);
  return negative ? `-${text}` : text;
};

/** '{currency} {amount}', e.g. 'IDR 150,000'. */
export const formatCurrency = (
  value: Amount,
  currency = 'IDR',
  separators: Separators = DEFAULT_SEPARATORS,
): string => `${currency} ${formatMoney(value, separators)}`;

/** A quantity with at most qty_decimal_length decimals (half-up), trailing zeros dropped. */
export const formatQty = (
  qty: Amount,
  qtyDecimalLength = 0,
  separators: Separators = DEFAULT_SEPARATORS,
): string => {
  const fixed = big(qty)
    .round(Math.max(0, qtyDecimalLength), Big.roundHalfUp)
    .toFixed(Math.max(0, qtyDecimalLength));
  const [int, dec = ''] = fixed.split('.');
  const negative = int.startsWith('-');
  const intText = groupThousands(negative ? int.slice(1) : int, separators.thousandSeparator);
  const decText = dec.replace(/0+$/, '');
  return `${negative ? '-' : ''}${intText}${decText ? separators.decimalSeparator + decText : ''}`;
};

/** Rounds a quantity to qty_decimal_length decimals (half-up). */
export const roundQty = (qty: Amount, qtyDecimalLength = 0): number =>
  big(qty).round(Math.max(0, qtyDecimalLength), Big.roundHalfUp).toNumber();

export interface AmountInput {
  /** The value the text stands for. */
  value: number;
  /** The text to show back in the input (formatted; a trailing decimal separator is kept while typing). */
  text: string;
}

/**
 * Reads what a cashier typed in an amount input: the integer part keeps digits only and is
 * capped at 999999999 when longer than 9 digits; at most 2 decimals are kept; the text comes
 * back formatted with the configured separators.
 */
export const parseAmountInput = (raw: string, separators: Separators = DEFAULT_SEPARATORS): AmountInput => {
  const { decimalSeparator, thousandSeparator } = separators;
  const withoutGroups =
    thousandSeparator && thousandSeparator !== decimalSeparator ? raw.split(thousandSeparator).join('') : raw;
  const sepAt = withoutGroups.indexOf(decimalSeparator);
  const intRaw = sepAt >= 0 ? withoutGroups.slice(0, sepAt) : withoutGroups;
  const decRaw = sepAt >= 0 ? withoutGroups.slice(sepAt + decimalSeparator.length) : '';
  let intDigits = intRaw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (intDigits.length > 9) intDigits = String(MAX_AMOUNT_INPUT);
  const decDigits = decRaw.replace(/\D/g, '').slice(0, AMOUNT_INPUT_DECIMALS);
  const hasSep = sepAt >= 0;
  if (!intDigits && !hasSep) return { value: 0, text: '' };
  const intForValue = intDigits || '0';
  const value = Number(`${intForValue}${decDigits ? `.${decDigits}` : ''}`);
  const text = `${groupThousands(intForValue, thousandSeparator)}${hasSep ? decimalSeparator + decDigits : ''}`;
  return { value, text };
};

/** The text an amount input shows for a value (2 decimals at most, none when whole). */
export const formatAmountInput = (value: Amount, separators: Separators = DEFAULT_SEPARATORS): string => {
  const v = big(value).abs();
  // Like typing: an integer part of more than 9 digits caps at 999999999.
  const capped = v.gte(1e9) ? new Big(MAX_AMOUNT_INPUT) : v;
  const fixed = capped.round(AMOUNT_INPUT_DECIMALS, Big.roundDown).toFixed(AMOUNT_INPUT_DECIMALS);
  const [int, dec] = fixed.split('.');
  const decTrimmed = dec.replace(/0+$/, '');
  return `${groupThousands(int, separators.thousandSeparator)}${decTrimmed ? separators.decimalSeparator + decTrimmed : ''}`;
};

/** A discount percent as the dialog keeps it: 0–100, at most 2 decimals (step 0.1 in the input). */
export const clampDiscountPercent = (value: number): number => {
  if (!Number.isFinite(value) || value <= 0) return 0;
  if (value >= 100) return 100;
  return big(value).round(2, Big.roundDown).toNumber();
};
