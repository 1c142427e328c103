// The reports' shared rules (002 §2.13–2.14, §5, §9): the request period, the sales report's types and titles,
// floored amounts and 2-decimal quantities, the totals of the server's currency columns, and the CSV download
// with formula injection neutralised. Pure (time comes in as an argument).
import Papa from 'papaparse';
import { DEFAULT_SEPARATORS, formatMoney, type Separators } from './money';
import { isCalendarDate } from './time-wall';

/** 002 §9: sales report types. */
export const SALES_REPORT_TYPES = ['by-transaction', 'by-transaction-detail', 'by-product'] as const;
export type SalesReportType = (typeof SALES_REPORT_TYPES)[number];
/** 002 §9: item nature, '' for both. */
export const ITEM_NATURES = ['', 'SERVICE', 'RETAIL'] as const;
export type ItemNature = (typeof ITEM_NATURES)[number];
/** Our bound on a report's period (docs/decisions.md): a year and a day. */
export const REPORT_MAX_DAYS = 366;

export const isSalesReportType = (v: unknown): v is SalesReportType =>
  typeof v === 'string' && (SALES_REPORT_TYPES as readonly string[]).includes(v);
export const isItemNature = (v: unknown): v is ItemNature =>
  typeof v === 'string' && (ITEM_NATURES as readonly string[]).includes(v);

export type PeriodProblem = 'start_date' | 'end_date' | 'order' | 'span';

/** A report's dates (YYYY-MM-DD, WIB days, both included) → the instants [start, end). */
export function reportPeriod(
  start_date: string,
  end_date: string,
): { ok: true; start: Date; end: Date } | { ok: false; problem: PeriodProblem } {
  if (!isCalendarDate(start_date)) return { ok: false, problem: 'start_date' };
  if (!isCalendarDate(end_date)) return { ok: false, problem: 'end_date' };
  // 00:00 WIB is 17:00 UTC the day before
  const start = Date.parse(`${start_date}T00:00:00+07:00`);
  const end = Date.parse(`${end_date}T00:00:00+07:00`) + 24 * 3600_000;
  if (end <= start) return { ok: false, problem: 'order' };
  if (end - start > REPORT_MAX_DAYS * 24 * 3600_000) return { ok: false, problem: 'span' };
  return { ok: true, start: new Date(start), end: new Date(end) };
}

/** 002 §1, §9: report amounts are floored to whole units, shown with 0 decimals. */
export const floorAmount = (value: unknown): number => {
  const n = Number(value ?? 0);
  // a sum of numeric(18,2) figures can land a hair under a whole number in floating point
  return Number.isFinite(n) ? Math.floor(n + 1e-9) : 0;
};
export const formatReportAmount = (value: unknown, separators: Separators = DEFAULT_SEPARATORS): string =>
  formatMoney(floorAmount(value), separators);

/** 002 §9: report quantities with 2 decimals, in the device's separators. */
export function formatReportQty(value: unknown, separators: Separators = DEFAULT_SEPARATORS): string {
  const n = Number(value ?? 0);
  const fixed = (Number.isFinite(n) ? Math.round(n * 100) / 100 : 0).toFixed(2);
  const [int, dec] = fixed.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, separators.thousandSeparator);
  return `${n < 0 ? '-' : ''}${grouped}${separators.decimalSeparator}${dec}`;
}

/** 002 §3: a column definition of the daily and detail sales reports. */
export interface ReportColDef {
  key: string;
  title: string;
  type: 'text' | 'datetime' | 'qty' | 'currency';
}

/** 002 §2.14: columns of type 'currency' get a totals row (floored amounts summed); qty columns too. */
export function columnTotals(
  colDef: readonly ReportColDef[],
  rows: readonly Record<string, unknown>[],
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const c of colDef) {
    if (c.type === 'currency') totals[c.key] = rows.reduce((s, r) => s + floorAmount(r[c.key]), 0);
    else if (c.type === 'qty')
      totals[c.key] = Math.round(rows.reduce((s, r) => s + Number(r[c.key] ?? 0) * 100, 0)) / 100;
  }
  return totals;
}

/** 002 §2.14's titles ('X' is the product type; '(SERVICE & RETAIL)' when none is set). */
export function salesReportTitle(type: SalesReportType, nature: ItemNature): string {
  const suffix = nature === '' ? ' (SERVICE & RETAIL)' : '';
  if (type === 'by-transaction') return `Laporan Penjualan - Harian${suffix}`;
  if (type === 'by-transaction-detail') return 'Laporan Penjualan - Detail';
  return `Laporan Penjualan - Berdasarkan ${nature || 'Service / Retail'}${suffix}`;
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab / carriage return) as a formula: such text is
 * prefixed with ' so it shows as typed (OWASP CSV injection). Numbers stay numbers.
 */
export function neutraliseCsvCell(value: unknown): string | number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A report as CSV (papaparse): the header row, then each row's cells neutralised; CRLF, quoted where needed. */
export function reportCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(
    {
      fields: headers.map((h) => String(neutraliseCsvCell(h))),
      data: rows.map((r) => r.map(neutraliseCsvCell)),
    },
    { newline: '\r\n', quotes: false, escapeFormulae: false },
  );
}
