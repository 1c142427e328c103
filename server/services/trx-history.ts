// Transaction history (002 §2.9, §7): one WIB day of the session outlet's stored sales (completed and
// void), newest first, a page at a time, optionally filtered by a keyword. The page's ids come from the
// history index alone (outlet, trx_time desc, id desc, including the search text), then only those rows
// are read: a page of 50 out of 100,000 stays within the 100 ms of issue 12 (bench/history.bench.ts).
import { sql } from 'drizzle-orm';
import type { HistoryTrx, TrxHistoryResponse } from '../../src/api/contract/history';
import { historySearchTerm, isHistoryDate } from '../../src/domain/history';
import { HISTORY_MESSAGES } from '../../src/domain/texts/history';
import { outletStampInstant } from '../../src/domain/time';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { formatLocalDateTime } from '../lib/clock';
import { invalid } from '../lib/errors';
import { MEMBERSHIP_PERIOD_SELECT, withMembershipPeriod } from './receipt-sales';
import type { AuthContext } from './sessions';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export interface TrxHistoryInput {
  start_date: string;
  end_date: string;
  num_of_rows: number;
  start_row: number;
  search_term?: string;
}

interface HistoryRow {
  pos_sales_trx_head_id: string | number;
  local_trx_id: string;
  trx_id: string;
  trx_status_id: number;
  trx: Record<string, unknown> | string;
  created_at: Date | string;
  void_reason: string | null;
  deposit_balance: string | null;
  membership_period?: Record<string, unknown> | string | null;
}

/** Far beyond any day's sales: an offset past it reads nothing and costs nothing more. */
const MAX_START_ROW = 1_000_000;
/** The count stops here (no outlet sells a million times a day). */
const MAX_COUNT = 1_000_001;

/** The day's instants [start, end) after the window check against the server's clock (WIB). */
function historyDay(input: TrxHistoryInput, now: Date): { start: Date; end: Date } {
  if (input.end_date !== input.start_date) throw invalid(HISTORY_MESSAGES.oneDay, 'end_date');
  if (!isHistoryDate(input.start_date, now)) throw invalid(HISTORY_MESSAGES.dateOutOfRange, 'start_date');
  const start = outletStampInstant(input.start_date);
  return { start, end: new Date(start.getTime() + 24 * 3600_000) };
}

export function toHistoryTrx(r: HistoryRow): HistoryTrx {
  const created = formatLocalDateTime(new Date(r.created_at));
  return {
    ...withMembershipPeriod(json<Record<string, unknown>>(r.trx), r.membership_period),
    local_trx_id: r.local_trx_id,
    pos_sales_trx_head_id: Number(r.pos_sales_trx_head_id),
    trx_id: r.trx_id,
    trx_status_id: Number(r.trx_status_id),
    created_at: created,
    sync_time: created,
    is_synced: true,
    deposit_balance: r.deposit_balance === null ? null : Number(r.deposit_balance),
    void_reason: r.void_reason,
  } as HistoryTrx;
}

/** GET cashier/pos-trx-history: {trxs, total_trx_count} of the session outlet's day. */
export async function trxHistory(
  deps: AppDeps,
  auth: AuthContext,
  input: TrxHistoryInput,
): Promise<TrxHistoryResponse> {
  const { start, end } = historyDay(input, deps.clock.now());
  // a session without an outlet has no history (the outlet is chosen at sign-in)
  if (auth.outlet_id === null) return { trxs: [], total_trx_count: 0 };
  if (input.start_row > MAX_START_ROW) throw invalid(HISTORY_MESSAGES.startRow, 'start_row');
  const term = historySearchTerm(input.search_term);
  const where = sql`business_outlet_id = ${auth.outlet_id}
    AND trx_time >= ${start.toISOString()}::timestamptz AND trx_time < ${end.toISOString()}::timestamptz
    ${term ? sql`AND strpos(search_text, ${term}) > 0` : sql``}`;
  const db = deps.database.db;
  const [count] = rows<{ n: string | number }>(
    // ordered and limited like the page, so the planner walks the history index (index only) instead of
    // a parallel scan of the table when the day holds most of the outlet's sales
    await db.execute(sql`SELECT count(*) AS n FROM (
      SELECT 1 FROM pos_sales_trx_heads WHERE ${where}
      ORDER BY trx_time DESC, pos_sales_trx_head_id DESC LIMIT ${MAX_COUNT}) AS day`),
  );
  const total = Number(count?.n ?? 0);
  if (total === 0 || input.start_row >= total) return { trxs: [], total_trx_count: total };
  const page = rows<HistoryRow>(
    await db.execute(sql`
      WITH page AS (
        SELECT pos_sales_trx_head_id, trx_time FROM pos_sales_trx_heads
        WHERE ${where}
        ORDER BY trx_time DESC, pos_sales_trx_head_id DESC
        LIMIT ${input.num_of_rows} OFFSET ${input.start_row})
      SELECT h.pos_sales_trx_head_id, h.local_trx_id, h.trx_id, h.trx_status_id, h.trx, h.created_at,
        h.void_reason, h.deposit_balance::text AS deposit_balance, ${MEMBERSHIP_PERIOD_SELECT}
      FROM page JOIN pos_sales_trx_heads h ON h.pos_sales_trx_head_id = page.pos_sales_trx_head_id
      WHERE h.business_id = ${auth.business_id}
      ORDER BY page.trx_time DESC, page.pos_sales_trx_head_id DESC`),
  );
  return { trxs: page.map(toHistoryTrx), total_trx_count: total };
}
