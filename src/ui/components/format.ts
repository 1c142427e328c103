// Display formatting for the shell: amounts with 0 decimals (003 §9) and Indonesian dates.
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { parseServerTime } from '../features/home/summary';

export function formatAmount(value: number, thousandSeparator = ','): string {
  const floored = Math.floor(value);
  const sign = floored < 0 ? '-' : '';
  const digits = String(Math.abs(floored));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, thousandSeparator);
}

export function formatMoney(value: number, currency = 'IDR', thousandSeparator = ','): string {
  return `${currency === 'IDR' ? 'Rp' : currency} ${formatAmount(value, thousandSeparator)}`;
}

/** "D MMM YYYY, HH:mm" in the Indonesian locale; '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const at = parseServerTime(value);
  if (Number.isNaN(at)) return value;
  return dayjs(at).locale('id').format('D MMM YYYY, HH:mm');
}
