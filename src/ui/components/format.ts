// Display formatting for the shell: amounts with 0 decimals (003 §9) and Indonesian dates.
import { formatOutletTime } from '../../domain/time-format';

export function formatAmount(value: number, thousandSeparator = ','): string {
  const floored = Math.floor(value);
  const sign = floored < 0 ? '-' : '';
  const digits = String(Math.abs(floored));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, thousandSeparator);
}

export function formatMoney(value: number, currency = 'IDR', thousandSeparator = ','): string {
  return `${currency === 'IDR' ? 'Rp' : currency} ${formatAmount(value, thousandSeparator)}`;
}

/** "D MMM YYYY, HH:mm" in WIB, Indonesian month names; '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  return formatOutletTime(value, 'd MMM yyyy, HH:mm') ?? value;
}
