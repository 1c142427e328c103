// Display formatting for the shell: amounts through the domain's one money formatter (0 decimals, floored,
// grouped with the device's separators: 003 §9) and Indonesian dates.
import { DEFAULT_SEPARATORS, formatMoney, type Separators } from '../../domain/money';
import { formatOutletTime } from '../../domain/time-format';

/** 'Rp 1,234,567' (IDR; another currency by its code): formatMoney with the device's separators. */
export function formatRupiah(
  value: unknown,
  currency = 'IDR',
  separators: Separators = DEFAULT_SEPARATORS,
): string {
  const n = Number(value ?? 0);
  return `${currency === 'IDR' ? 'Rp' : currency} ${formatMoney(Number.isFinite(n) ? n : 0, separators)}`;
}

/** "D MMM YYYY, HH:mm" in WIB, Indonesian month names; '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  return formatOutletTime(value, 'd MMM yyyy, HH:mm') ?? value;
}
