// 'Daftar Piutang' (002 §2.12): every column has a search filter and is sortable. Pure: the rows, the
// filters and the sort in, the rows shown out (the screen highlights each filter's match in its cell).
import { formatCurrency, type Separators } from './money';

export const RECEIVABLE_COLUMNS = [
  'user_name',
  'trx_id',
  'trx_time',
  'drv_balance',
  'outlet_name',
  'payment_method_reference',
] as const;
export type ReceivableColumn = (typeof RECEIVABLE_COLUMNS)[number];

/** What the list reads of a row (002 §3 "Account receivable row"). */
export type ReceivableListRow = {
  [K in ReceivableColumn]: K extends 'drv_balance' ? number : string | null | undefined;
};

export type ReceivableFilters = Partial<Record<ReceivableColumn, string>>;
export interface ReceivableSort {
  column: ReceivableColumn;
  direction: 'asc' | 'desc';
}

/** The cell's text as shown: the amount as currency with the device's separators, the rest as stored. */
export function receivableCellText(
  row: ReceivableListRow,
  column: ReceivableColumn,
  currency: string,
  separators: Separators,
): string {
  if (column === 'drv_balance') return formatCurrency(row.drv_balance, currency, separators);
  return row[column] ?? '';
}

const normal = (s: string) => s.toLocaleLowerCase('id-ID').trim();

/**
 * Whether a cell matches its filter: case-insensitive on the text shown; the amount also by its digits
 * (typing 40000 finds 'IDR 40.000').
 */
export function receivableCellMatches(
  row: ReceivableListRow,
  column: ReceivableColumn,
  filter: string,
  currency: string,
  separators: Separators,
): boolean {
  const f = normal(filter);
  if (f === '') return true;
  if (normal(receivableCellText(row, column, currency, separators)).includes(f)) return true;
  if (column !== 'drv_balance') return false;
  const digits = f.replace(/\D/g, '');
  return digits !== '' && /^[\d\s.,]+$/.test(f) && String(Math.floor(row.drv_balance)).includes(digits);
}

/** Compares two rows by a column: amounts as numbers, the rest as text (ids and 'YYYY-MM-DD HH:mm:ss' stamps in order). */
function compare(a: ReceivableListRow, b: ReceivableListRow, column: ReceivableColumn): number {
  if (column === 'drv_balance') return a.drv_balance - b.drv_balance;
  return (a[column] ?? '').localeCompare(b[column] ?? '', 'id-ID', { numeric: true, sensitivity: 'base' });
}

/** The rows every filter matches, in the sort's order (stable: equal rows keep the server's order). */
export function visibleReceivables<R extends ReceivableListRow>(
  rows: readonly R[],
  filters: ReceivableFilters,
  sort: ReceivableSort | null,
  currency: string,
  separators: Separators,
): R[] {
  const active = RECEIVABLE_COLUMNS.filter((c) => normal(filters[c] ?? '') !== '');
  const shown = rows.filter((row) =>
    active.every((c) => receivableCellMatches(row, c, filters[c] ?? '', currency, separators)),
  );
  if (!sort) return shown;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return shown
    .map((row, i) => ({ row, i }))
    .sort((x, y) => sign * compare(x.row, y.row, sort.column) || x.i - y.i)
    .map((x) => x.row);
}

/** A header click: a new column sorts ascending, the same column toggles. */
export function nextReceivableSort(current: ReceivableSort | null, column: ReceivableColumn): ReceivableSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}
