// Transaction history rules (002 §2.9, §5 'Date filters', §9): the date window, the page sizes, the
// paging offsets and the card's texts. Pure: the current time is passed in.

import { addDays, formatOutletStamp, isCalendarDate } from './time-wall';
import { GUEST_LABEL, shortId } from './transaction-labels';

/** 002 §9: 40 days back, no future. */
export const HISTORY_DAYS_BACK = 40;
/** 002 §9: page size options, default 10; pagination only above 10. */
export const HISTORY_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export type HistoryPageSize = (typeof HISTORY_PAGE_SIZES)[number];
export const HISTORY_DEFAULT_PAGE_SIZE: HistoryPageSize = 10;
/** The keyword search waits this long after the last key (002 §9's search debounce). */
export const HISTORY_SEARCH_DEBOUNCE_MS = 500;

/** The outlet's day (YYYY-MM-DD, WIB) of an instant. */
export const outletDate = (now: Date | number): string => formatOutletStamp(now).slice(0, 10);

/** The dates a history query may name: [today − 40 days, today], WIB. */
export const historyDateWindow = (now: Date | number): { min: string; max: string } => {
  const today = outletDate(now);
  return { min: addDays(today, -HISTORY_DAYS_BACK), max: today };
};

/** Whether `date` (YYYY-MM-DD) is a real day inside the window (dates compare as text). */
export const isHistoryDate = (date: string, now: Date | number): boolean => {
  if (!isCalendarDate(date)) return false;
  const { min, max } = historyDateWindow(now);
  return date >= min && date <= max;
};

export const isHistoryPageSize = (n: number): n is HistoryPageSize =>
  (HISTORY_PAGE_SIZES as readonly number[]).includes(n);

/** start_row of a 1-based page: (page − 1) × size (002 §7). */
export const historyStartRow = (page: number, size: number): number =>
  Math.max(0, Math.floor(page) - 1) * size;

/** How many pages `total` rows make at `size` a page (at least 1). */
export const historyPageCount = (total: number, size: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / size));

/** 002 §9: pagination shows only when total_trx_count > 10. */
export const showsHistoryPagination = (total: number): boolean => total > HISTORY_DEFAULT_PAGE_SIZE;

/** The card's name line: the customer name, else trx_label, else 'GUEST' (002 §2.9). */
export const historyCardName = (trx: {
  customer?: { user_name?: string | null } | null;
  trx_label?: string | null;
}): string => trx.customer?.user_name?.trim() || trx.trx_label?.trim() || GUEST_LABEL;

/** 'Transaksi #' + the short id (last 6 of local_trx_id, upper case). */
export const historyCardTitle = (local_trx_id: string): string => `Transaksi #${shortId(local_trx_id)}`;

/**
 * The text the server searches a sale by (lower case): trx_id, the short id, order_no, customer name,
 * trx_label and notes, joined by a separator no search term matches across. The server computes the
 * same in SQL (migrations/0012, a generated column); tests compare the two.
 */
export const HISTORY_SEARCH_SEPARATOR = '\u001f';
export const historySearchText = (s: {
  trx_id: string;
  local_trx_id: string;
  order_no?: number | null;
  customer_name?: string | null;
  trx_label?: string | null;
  trx_notes?: string | null;
}): string =>
  [
    s.trx_id,
    s.local_trx_id.slice(-6),
    s.order_no == null ? '' : String(s.order_no),
    s.customer_name ?? '',
    s.trx_label ?? '',
    s.trx_notes ?? '',
  ]
    .join(HISTORY_SEARCH_SEPARATOR)
    .toLowerCase();

/** A search term as the server compares it: trimmed, lower case; empty means no search. */
export const historySearchTerm = (term: string | null | undefined): string =>
  (term ?? '').trim().toLowerCase();

/** Whether a sale matches a term (the server's rule: the term appears in the search text). */
export const matchesHistorySearch = (searchText: string, term: string): boolean => {
  const t = historySearchTerm(term);
  return t === '' || searchText.includes(t);
};
